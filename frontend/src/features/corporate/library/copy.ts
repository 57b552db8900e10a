// Strings of the QR code library (docs/design/admin-corporate.md §2, §5, §8).
// Server messages (validation, quota) come from the server.
import type { Wire } from "@/lib/api";
import { siteLocale } from "@/lib/copy";
export const libraryCopy = {
  title: "QR Codes",
  intro: "Every worker's emergency record in your organisation, ready to print.",
  loadFailed: "Failed to load organization QR codes",
  back: "Back to dashboard",
  create: "Create QR Code",
  import: "Import CSV",
  quota: (used: number, max: number) => `${used} of ${max} QR codes used`,
  quotaLoading: "Counting your QR codes…",
  filters: "Search and filters",
  // The name of a preview's table, which scrolls sideways on a phone.
  previewRows: "The file's rows, checked",
  search: "Search by name, project, employee number or ID",
  codeId: {
    label: (id: number) => `ID ${id}`,
    copy: "Copy ID",
    copied: "Copied",
    copyFor: (id: number, name: string) => `Copy ID ${id} of ${name}`,
    failed: "Your browser did not allow copying: select the ID and copy it.",
  },
  projectFilter: "Project",
  allProjects: "All projects",
  organization: "Organization (no project)",
  statusFilter: "Status",
  allStatuses: "All",
  // Review cycles: the organisation's period says when details are to be
  // confirmed again (docs/review-cycles.md).
  reviewFilter: "Review",
  allReviews: "All",
  reviewDue: "Due for review",
  reviewOverdue: "Overdue",
  reviewed: (age: { unit: "day" | "month" | "year"; count: number }) => {
    if (age.unit === "day" && age.count === 0) return "Reviewed today";
    const unit = age.count === 1 ? age.unit : `${age.unit}s`;
    return `Reviewed ${age.count} ${unit} ago`;
  },
  active: "Active",
  inactive: "Inactive",
  none: "No QR codes yet. Create one, or import your workers from a CSV file.",
  noMatch: "No QR codes match your search.",
  matching: (n: number) => `${n.toLocaleString(siteLocale)} ${n === 1 ? "QR code" : "QR codes"}`,
  pages: "Pages of QR codes",
  columns: {
    name: "Name",
    project: "Project",
    template: "Form",
    label: "Label",
    status: "Status",
    created: "Created",
    actions: "Actions",
  },
  missing: (n: number) => `${n} recommended ${n === 1 ? "field" : "fields"} blank`,
  sources: {
    manual: "",
    duplicate: "copy",
    import: "imported",
    api: "from your HR system (API)",
    collection: "sent by the worker",
  } satisfies Record<Wire<"LibraryCode">["source"], string>,
  /** Every label type a code is printed on, in the select's order: the contract's, each once. */
  labelTypes: { helmet: "Helmet", gear: "Gear", wallet: "Wallet" } satisfies Record<
    Wire<"LabelType">,
    string
  >,
  edit: "Edit",
  duplicate: "Duplicate",
  deactivate: "Deactivate",
  activate: "Activate",
  delete: "Delete",
  pdf: "PDF",
  png: "PNG",
  duplicated: "QR code duplicated",
  activated: "QR code activated",
  deactivated: "QR code deactivated",
  deleted: "QR code deleted",
  failed: "QR code not saved",
  downloadFailed: "Download failed",
  deleteTitle: "Delete QR code?",
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? Printed labels keep working (they hold plain text), but the record is gone from your library. This action cannot be undone.`,
  cancel: "Cancel",
  dialog: {
    createTitle: "Create QR Code",
    editTitle: "Edit QR Code",
    template: "Form template",
    name: "Name",
    nameHint: "Left blank, the code is named after the person's full name.",
    externalId: "Employee or badge number",
    externalIdHint:
      "Optional: your HR or site-access system's id for this worker (letters, digits and - _ . : @ +).",
    project: "Project",
    noProject: "No project (organization)",
    labelType: "Label type",
    save: "Save QR Code",
    saving: "Saving…",
    created: "QR code created",
    saved: "QR code saved",
    loading: "Loading…",
    templateMissing: "This form template no longer exists.",
  },
  possibleDuplicate: "Possible duplicate",
  possibleDuplicateHint: (id: number) =>
    `Looks like the same worker as QR code ${id}: give the worker's code its employee or badge number and delete the other.`,
  attachButton: "Add employee numbers",
  attachDialog: {
    title: "Add employee or badge numbers",
    intro:
      "Choose a CSV file with a Name (or QR code ID) column and an Employee or badge number column; where two workers share a name, a Date of Birth or Phone column tells them apart. Codes with numbers are updated, not added again, by the CSV import and by your HR system.",
    pick: (row: number) => `QR code for row ${row}`,
    pickPrompt: "Pick the right QR code…",
    candidate: (c: {
      id: number;
      dateOfBirth: string;
      phone: string;
      externalId: string;
      created: string;
    }) =>
      [
        `ID ${c.id}`,
        c.dateOfBirth ? `born ${c.dateOfBirth}` : "no date of birth",
        c.phone || "no phone",
        `created ${c.created}`,
        ...(c.externalId ? [`number ${c.externalId}`] : []),
      ].join(" · "),
    leftOut: (n: number) =>
      n === 0 ? "" : `${n} ${n === 1 ? "row has" : "rows have"} problems and will be left out.`,
    result: (attached: number, unresolved: number) =>
      `${attached} ${attached === 1 ? "row" : "rows"} attached, ${unresolved} not attached.`,
    notAttached: "Not attached",
    notAttachedHint: "Fix these rows in your file (or pick their QR code) and check it again.",
    file: "CSV file",
    preview: "Check rows",
    previewing: "Checking…",
    save: (n: number) => `Save ${n} ${n === 1 ? "number" : "numbers"}`,
    saving: "Saving…",
    summary: (valid: number, invalid: number) =>
      `${valid} ${valid === 1 ? "row is" : "rows are"} ready, ${invalid} ${invalid === 1 ? "has" : "have"} errors.`,
    row: "Row",
    code: "QR code",
    number: "Employee or badge number",
    now: "Now",
    problems: "Problems",
    ok: "Ready",
    none: "none",
    saved: "Employee numbers saved",
    savedCount: (n: number) =>
      `${n} QR ${n === 1 ? "code has" : "codes have"} a new employee or badge number.`,
    failed: "Employee numbers not saved",
    close: "Close",
  },
  // A row without an employee number whose name is one code's name.
  importMatch: {
    legend: (name: string, id: number, reason: string) =>
      `Already in the library as ${name} (QR code ${id}): ${reason}.`,
    update: "Update that code",
    addNew: "Add as a new worker",
    choose: "Choose whether this row updates that code or adds a new worker.",
    waiting: (n: number) =>
      `${n} ${n === 1 ? "row has" : "rows have"} the name of a QR code in the library: choose for each before importing.`,
  },
  importDialog: {
    title: "Import workers from CSV",
    intro:
      "Download the template for a form, fill in one worker per row (the first column names the code), then choose the file or paste its text. Nothing is imported until every row is valid.",
    downloadTemplate: "Download CSV template",
    numberFrom: "Employee or badge number from",
    numberFromHint:
      "A row whose number a code already has updates that code instead of adding a second one.",
    numberOwnColumn: "Its own column (Employee or badge number)",
    file: "CSV file",
    paste: "Or paste the CSV text",
    chosen: (name: string) => `${name} is chosen.`,
    preview: "Check rows",
    switchTemplate: "Switch",
    previewing: "Checking…",
    // Counts only the rows that change something: a re-import of 180 rows
    // that updates 8 says "Update 8 QR codes", not "Import 180".
    importButton: (fresh: number, updates: number) =>
      fresh > 0 && updates > 0
        ? `Import ${fresh} new, update ${updates}`
        : updates > 0
          ? `Update ${updates} QR ${updates === 1 ? "code" : "codes"}`
          : `Import ${fresh} QR ${fresh === 1 ? "code" : "codes"}`,
    refused: "This file cannot be imported:",
    encoding: "The file's encoding",
    encodingHint:
      "Guessed from how the names read. If names look wrong, choose another: the rows are checked again. Saving the sheet as CSV UTF-8 (Comma delimited) avoids the question.",
    encodingsPlausible: "Names read correctly",
    encodingsOther: "Other encodings",
    encodingName: (name: string) =>
      (
        ({
          "UTF-8": "UTF-8 (CSV UTF-8)",
          "UTF-16LE": "UTF-16 (Unicode text)",
          "UTF-16BE": "UTF-16 big-endian",
          "windows-1250": "Windows-1250 (Central European: Polish, Czech…)",
          "windows-1251": "Windows-1251 (Cyrillic)",
          "windows-1252": "Windows-1252 (Western European)",
          "windows-1253": "Windows-1253 (Greek)",
          "windows-1254": "Windows-1254 (Turkish)",
          "windows-1255": "Windows-1255 (Hebrew)",
          "windows-1256": "Windows-1256 (Arabic)",
          "windows-1257": "Windows-1257 (Baltic)",
          "windows-1258": "Windows-1258 (Vietnamese)",
          "windows-874": "Windows-874 (Thai)",
          Shift_JIS: "Shift_JIS (Japanese)",
          GBK: "GBK (Simplified Chinese)",
          GB18030: "GB18030 (Simplified Chinese)",
          Big5: "Big5 (Traditional Chinese)",
          "EUC-KR": "EUC-KR (Korean)",
        }) as Record<string, string>
      )[name] ?? name,
    medicalChange: "Medical change",
    counts: (updates: number, fresh: number, unchanged: number) =>
      `${updates} ${updates === 1 ? "update" : "updates"}, ${fresh} new` +
      (unchanged === 1
        ? "; 1 row is unchanged and will be left as it is."
        : unchanged > 1
          ? `; ${unchanged} rows are unchanged and will be left as they are.`
          : "."),
    action: { new: "New", update: "Update", unchanged: "Unchanged" } as Record<string, string>,
    change: (field: string, from: string, to: string) =>
      `${field}: ${from === "" ? "(blank)" : from} → ${to === "" ? "(blank)" : to}`,
    possibleDuplicate: "Possible duplicate",
    importing: "Importing…",
    summary: (valid: number, invalid: number) =>
      `${valid} ${valid === 1 ? "row is" : "rows are"} ready, ${invalid} ${invalid === 1 ? "has" : "have"} errors.`,
    fixFirst: "Fix the rows with errors in your file, then check it again.",
    row: "Row",
    name: "Name",
    problems: "Problems",
    ok: "Ready",
    imported: "QR codes imported",
    importedCount: (n: number, updated: number) =>
      `${n} QR ${n === 1 ? "code was" : "codes were"} added to your library` +
      (updated > 0 ? `, ${updated} updated.` : "."),
    failed: "Import failed",
    close: "Close",
  },
};
