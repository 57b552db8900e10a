// Strings of batch label printing (docs/design/admin-corporate.md §2 /label-batch-print,
// docs/design/admin-corporate.md §4 batch print and library picker, docs/design/admin-corporate.md §5 batch print rule). The server's own
// refusals (cloud/batchprint.go) arrive as its messages.
export const batchCopy = {
  title: "Batch Label Printing",
  intro:
    "Print many QR codes of your library on one label sheet. Every label carries its code's own record, read back from the server when you print.",
  upsell: {
    title: "Corporate Feature Access Required",
    description:
      "Batch label printing is part of Lifetag for organisations. Start a free trial for your organisation, or sign in with its corporate account.",
    register: "Start a free trial",
    home: "Go Home",
    signIn: "Corporate Sign In",
  },
  back: "Back to dashboard",
  queue: {
    title: "Print queue",
    empty: "The queue is empty. Add QR codes from your library.",
    count: (n: number) => `${n} ${n === 1 ? "label" : "labels"} in the queue`,
    addFromLibrary: "Add from Library",
    clearAll: "Clear All",
    duplicate: "Duplicate",
    remove: "Remove",
    copySuffix: " (Copy)",
    noProject: "Organization",
    inactive:
      "This code is deactivated, so the batch will not print: remove it from the queue, or reactivate it in the library.",
    missing: (n: number) =>
      `${n} recommended ${n === 1 ? "field is" : "fields are"} blank in this record.`,
    gone: "This code is no longer in the library: remove it from the queue.",
  },
  // Queued codes whose details are overdue for review, asked about before
  // printing: a label is read for years, and these details may be old.
  overdue: {
    title: (n: number) => `${n} ${n === 1 ? "code is" : "codes are"} overdue for review`,
    description: (names: string) =>
      `The details of ${names} have not been confirmed within your organisation's review period, so they may be out of date. Check them with the worker (or send an update link) before printing, or print them as they are.`,
    print: "Print anyway",
    cancel: "Cancel",
  },
  // Two queued codes that look like one worker, asked about before printing.
  lookAlike: {
    title: "Some codes look like the same worker",
    description:
      "Each pair below has the same name and the same date of birth or phone. Printing both gives one worker two labels. Choose what to print for each pair.",
    pair: (a: string, b: string) => `${a} and ${b}`,
    keep: (name: string, id: number) => `Print only ${name} (QR code ${id})`,
    both: "Print both: they are two workers",
    deleteOthers: "Also delete the codes not printed from the library",
    print: "Print",
    cancel: "Cancel",
    choose: "Choose for every pair before printing.",
    confirmTitle: (n: number) => `Delete ${n} QR ${n === 1 ? "code" : "codes"}?`,
    confirmDescription: (names: string) =>
      `${names} will be deleted from the library. Labels already printed with ${names.includes(",") ? "these codes" : "this code"} will stop showing their details. This cannot be undone.`,
    confirm: "Delete and print",
    deleted: (n: number) => `${n} look-alike QR ${n === 1 ? "code" : "codes"} deleted`,
  },
  toasts: {
    added: "QR Codes Added",
    addedDetail: (n: number) => `${n} QR ${n === 1 ? "code" : "codes"} added to the print queue`,
    cleared: "All QR Codes Cleared",
    clearedDetail: "The print queue is empty.",
    empty: "No QR Codes",
    emptyDetail: "Add some QR codes before printing",
    failed: "Print Failed",
    failedDetail: "Unable to make the label sheet.",
    printed: "Sent to the Printer",
    printedDetail: (n: number) => `${n} ${n === 1 ? "label" : "labels"} sent to the printer.`,
    cancelled: "Printing Cancelled",
    cancelledDetail: "The jobs not yet printed were withdrawn from the printer.",
    previewBlocked:
      "The preview opened in this tab's downloads: allow pop-ups to see it in a window.",
  },
  picker: {
    title: "Add QR Codes from Library",
    description:
      "Choose the codes to print: they join the queue, and print, in the order listed. Codes already in the queue are not listed.",
    search: "Search by name or project",
    filter: "Project",
    order: "Order (the labels print in this order)",
    orders: {
      added: "As added to the library (oldest first)",
      name: "Name (A to Z)",
      nameDescending: "Name (Z to A)",
      newest: "Newest first",
    },
    all: "All codes",
    organization: "Organization (no project)",
    selectAll: "Select All",
    selectNone: "Select None",
    selected: (n: number) => `${n} selected`,
    add: (n: number) => `Add ${n} to Queue`,
    cancel: "Cancel",
    loading: "Loading your library…",
    loadFailed: "Failed to load organization QR codes",
    none: "No QR codes match.",
    inactive: "Inactive",
    inactiveHint:
      "Deactivated: its label is not printed. Reactivate it in the library to print it.",
  },
  layout: {
    title: "Label sheet",
    named: "Layout",
    specGroup: "Batch layouts",
    presetGroup: "Product presets",
    catalogueGroup: "From the sheet catalogue",
    search: "Search the sheet catalogue (brand, part, description or size such as 50x50)",
    searchButton: "Search",
    noMatch: "No sheet matches.",
    perSheet: (n: number) => `${n} labels per sheet`,
    size: (w: number, h: number) => `${w.toFixed(1)} × ${h.toFixed(1)} mm labels`,
    grid: (cols: number, rows: number) => `${cols} columns × ${rows} rows`,
    start: "Start at label",
    startHint: (n: number) =>
      `To finish a partly used sheet, start at any of its ${n} positions (counted left to right, top to bottom).`,
    sheets: (n: number) => `Sheets needed: ${n}`,
    // The paper shows beside every layout's name.
    papers: { a4: "A4", letter: "US Letter" } as Record<string, string>,
    withPaper: (name: string, paper: string) => `${name} · ${paper}`,
    paperLabel: "Paper",
    organisationPaper: (paper: string) => `Your organisation prints on ${paper}.`,
    // Which layouts hold every queued code: asked of the
    // server as the queue changes, so a layout that would refuse is marked
    // before any preview.
    cannotHold: (option: string, n: number) =>
      `${option} — cannot hold ${n} queued ${n === 1 ? "code" : "codes"}`,
    tooDense: (names: string, holding: string) =>
      `Too much text for a legible QR code on these labels: ${names}. Layouts that hold every queued code: ${holding}.`,
    tooDenseEverywhere: (names: string) =>
      `Too much text for a legible QR code on these labels: ${names}. No batch layout holds every queued code; shorten the longest records.`,
    andMore: (shown: string, n: number) => `${shown} and ${n} more`,
  },
  preview: "Preview",
  print: "Print",
  previewing: "Preparing preview…",
  printing: "Preparing labels…",
  progress: (done: number, total: number) => `Printing: ${done} of ${total} labels sent.`,
  cancel: "Cancel Printing",
  samplesNote:
    "Sample codes are not offered: a label with invented medical details must never reach a helmet.",
};
