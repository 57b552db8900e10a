import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { standardFields } from "@/lib/emergency/template";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const own = { id: 4, name: "Acme", subscriptionTier: "starter", subscriptionStatus: "active" };
const standard = {
  id: 0,
  name: "Standard Emergency Form",
  description: "",
  isDefault: false,
  builtIn: true,
  fields: standardFields(),
  createdAt: null,
  updatedAt: null,
};
/**
 * The library page's own calls (an empty library with `used` of its 50
 * codes taken, no projects, the Standard form) and the test's handlers.
 */
function mockLibrary(used: number, handlers: Parameters<typeof mockFetch>[0]) {
  return mockFetch({
    "GET /api/corporate/organization": () => ({ body: own }),
    "GET /api/corporate/4/qr-codes": () => ({
      body: {
        success: true,
        quota: { used, max: 50 },
        qrCodes: [],
        total: 0,
        page: 1,
        pageSize: 25,
      },
    }),
    "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
    "GET /api/corporate/4/form-templates": () => ({ body: { templates: [standard] } }),
    ...handlers,
  });
}

const csv = "Name,Full Name,Blood Type\nAnn,Ann Rider,O+\nEve,Eve Smith,Z+\n";
const badPreview = {
  rows: [
    {
      row: 2,
      name: "Ann",
      errors: {},
      action: "new",
      externalId: "",
      changes: [],
      possibleDuplicate: "",
    },
    {
      row: 3,
      name: "Eve",
      errors: { "Blood Type": "Blood type is required" },
      action: "new",
      externalId: "",
      changes: [],
      possibleDuplicate: "",
    },
  ],
  valid: 1,
  invalid: 1,
  new: 1,
  updates: 0,
  unchanged: 0,
  imported: 0,
  quotaProblem: "",
  encoding: "UTF-8",
  encodings: [],
};
const goodPreview = {
  rows: [
    {
      row: 2,
      name: "Ann",
      errors: {},
      action: "new",
      externalId: "",
      changes: [],
      possibleDuplicate: "",
    },
  ],
  valid: 1,
  invalid: 0,
  new: 1,
  updates: 0,
  unchanged: 0,
  imported: 0,
  quotaProblem: "",
  encoding: "UTF-8",
  encodings: [],
};

describe("the CSV import dialog", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("previews each row's errors, keeps Import disabled until every row is valid, then imports", async () => {
    const bodies: {
      csv?: string;
      csvFile?: string;
      commit: boolean;
      templateId: number;
      projectId: number;
    }[] = [];
    mockLibrary(0, {
      "POST /api/corporate/4/qr-codes/import": ({ body }) => {
        const b = JSON.parse(String(body)) as (typeof bodies)[number];
        bodies.push(b);
        if (b.commit) return { body: { ...goodPreview, imported: 1 } };
        return {
          body: b.csvFile !== undefined || b.csv?.includes("Eve") ? badPreview : goodPreview,
        };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    const importButton = () => within(dialog).getByRole("button", { name: /^Import \d+ QR/ });
    expect(importButton()).toBeDisabled();

    // A file is sent as its bytes, for the server to read in the encoding
    // Excel saved it in, and previewed (commit false).
    const file = new File([csv], "workers.csv", { type: "text/csv" });
    await user.upload(within(dialog).getByLabelText("CSV file"), file);
    expect(await within(dialog).findByText("workers.csv is chosen.")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    expect(await within(dialog).findByText("Blood type is required")).toBeVisible();
    expect(within(dialog).getByRole("status")).toHaveTextContent("1 row is ready, 1 has errors.");
    expect(bodies[0]).toEqual({ templateId: 0, projectId: 0, csvFile: btoa(csv), commit: false });
    expect(importButton()).toBeDisabled();

    // Fixed (Eve's row removed): the preview is asked again, and Import works.
    const fixed = "Name,Full Name,Blood Type\nAnn,Ann Rider,O+\n";
    await user.clear(within(dialog).getByLabelText("Or paste the CSV text"));
    await user.type(within(dialog).getByLabelText("Or paste the CSV text"), fixed);
    expect(importButton()).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "QR codes imported",
        description: "1 QR code was added to your library.",
      }),
    );
    // Typed text takes the chosen file's place.
    expect(bodies.at(-1)).toEqual({ templateId: 0, projectId: 0, commit: true, csv: fixed });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("asks the officer whether a row with only a code's name updates that code, and imports only once chosen", async () => {
    const row = (n: number, name: string, extra: object) => ({
      row: n,
      name,
      errors: {},
      action: "new",
      externalId: "",
      changes: [],
      possibleDuplicate: "",
      ...extra,
    });
    const byDate = {
      qrCodeId: 11,
      name: "José Núñez",
      reason: "same name and date of birth",
      choice: "update",
    };
    const nameOnly = { qrCodeId: 13, name: "Nguyễn Văn An", reason: "same name only" };
    const preview = (choice: string) => ({
      ...goodPreview,
      rows: [
        row(2, "José Núñez", {
          action: "update",
          changes: [
            { field: "Emergency Contact Phone", from: "+44 7700 900101", to: "+44 7700 900199" },
          ],
          match: byDate,
        }),
        row(3, "Nguyễn Văn An", {
          action: choice === "update" ? "update" : "new",
          match: { ...nameOnly, choice },
        }),
      ],
      valid: 2,
      new: choice === "update" ? 0 : 1,
      updates: choice === "update" ? 2 : 1,
    });
    const bodies: Record<string, unknown>[] = [];
    mockLibrary(3, {
      "POST /api/corporate/4/qr-codes/import": ({ body }) => {
        const b = JSON.parse(String(body)) as Record<string, unknown>;
        bodies.push(b);
        const chosen = (b.newWorkerRows as number[] | undefined)?.includes(3)
          ? "new"
          : b.updates
            ? "update"
            : "required";
        return {
          body: { ...preview(chosen), imported: b.commit ? (chosen === "new" ? 1 : 0) : 0 },
        };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    const importButton = () => within(dialog).getByRole("button", { name: /^(Import|Update) \d+/ });
    await user.type(
      within(dialog).getByLabelText("Or paste the CSV text"),
      "Name,Full Name{enter},José Núñez",
    );
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));

    // Where the date of birth agrees, updating is chosen for the officer.
    const jose = await within(dialog).findByRole("group", {
      name: "Already in the library as José Núñez (QR code 11): same name and date of birth.",
    });
    expect(within(jose).getByRole("radio", { name: "Update that code" })).toBeChecked();
    // Where only the name agrees, nothing is chosen and Import waits.
    const an = within(dialog).getByRole("group", {
      name: "Already in the library as Nguyễn Văn An (QR code 13): same name only.",
    });
    expect(within(an).getByRole("radio", { name: "Update that code" })).not.toBeChecked();
    expect(within(an).getByRole("radio", { name: "Add as a new worker" })).not.toBeChecked();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "1 row has the name of a QR code in the library: choose for each before importing.",
    );
    expect(importButton()).toBeDisabled();

    // Chosen: the preview is asked again with the choice, and Import sends it.
    await user.click(within(an).getByRole("radio", { name: "Update that code" }));
    expect(bodies.at(-1)).toMatchObject({ commit: false, updates: [{ row: 3, qrCodeId: 13 }] });
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ commit: true, updates: [{ row: 3, qrCodeId: 13 }] }),
    );
    expect(bodies.at(-1)).not.toHaveProperty("newWorkerRows");
  });

  it("sends a Windows-1252 file's bytes untouched and shows the names the server read", async () => {
    // "José Núñez" as Excel's plain CSV saves it on Windows: é, ú, ñ are
    // single bytes that are not UTF-8, which File.text() would have
    // turned into replacement characters.
    const header = [...new TextEncoder().encode("Name,Full Name\r\n")];
    const bytes = new Uint8Array([
      ...header,
      0x4a,
      0x6f,
      0x73,
      0xe9,
      0x20,
      0x4e,
      0xfa,
      0xf1,
      0x65,
      0x7a,
      0x0d,
      0x0a,
    ]);
    const bodies: { csv?: string; csvFile?: string }[] = [];
    mockLibrary(0, {
      "POST /api/corporate/4/qr-codes/import": ({ body }) => {
        bodies.push(JSON.parse(String(body)) as (typeof bodies)[number]);
        return { body: { ...goodPreview, rows: [{ ...goodPreview.rows[0], name: "José Núñez" }] } };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    await user.upload(within(dialog).getByLabelText("CSV file"), new File([bytes], "workers.csv"));
    await user.click(await within(dialog).findByRole("button", { name: "Check rows" }));
    const preview = await within(dialog).findByRole("table");
    expect(within(preview).getByRole("columnheader", { name: "Name" })).toBeVisible();
    expect(within(preview).getByRole("cell", { name: "José Núñez" })).toBeVisible();
    expect(bodies[0]?.csv).toBeUndefined();
    expect(Uint8Array.from(atob(bodies[0]?.csvFile ?? ""), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it("says in the preview when the rows exceed what is left of the plan, and keeps Import disabled", async () => {
    const quotaProblem =
      "These 1 rows would exceed your plan's 50 QR codes (50 used, 0 left). Remove rows or upgrade your plan before importing.";
    mockLibrary(50, {
      "POST /api/corporate/4/qr-codes/import": () => ({ body: { ...goodPreview, quotaProblem } }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    await user.type(within(dialog).getByLabelText("Or paste the CSV text"), "Name\nAnn\n");
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(quotaProblem);
    expect(within(dialog).getByRole("button", { name: /^Import \d+ QR/ })).toBeDisabled();
  });

  it("shows the server's refusal of the whole file", async () => {
    mockLibrary(0, {
      "POST /api/corporate/4/qr-codes/import": () => ({
        status: 400,
        body: {
          message: 'Unknown column "Shoe size". This form\'s columns are: "Name", "Full Name".',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(
      within(dialog).getByLabelText("Or paste the CSV text"),
      "Name,Shoe size\nAnn,9",
    );
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    // In the dialog, not a toast that vanishes: the officer fixes the
    // sheet reading it.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      'This file cannot be imported: Unknown column "Shoe size". This form\'s columns are: "Name", "Full Name".',
    );
    expect(useToastStore.getState().toasts).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Or paste the CSV text"), "{backspace}");
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("shows the guessed encoding and reads the file again in the one chosen", async () => {
    const bodies: { encoding?: string; commit: boolean }[] = [];
    const row = (name: string, errors: Record<string, string>) => ({
      row: 2,
      name,
      errors,
      action: "new",
      externalId: "",
      changes: [],
      possibleDuplicate: "",
    });
    const encodings = [
      { name: "windows-1250", plausible: true },
      { name: "ISO-8859-2", plausible: true },
      { name: "windows-1252", plausible: false },
    ];
    mockLibrary(0, {
      "POST /api/corporate/4/qr-codes/import": ({ body }) => {
        const b = JSON.parse(String(body)) as (typeof bodies)[number];
        bodies.push(b);
        if (b.encoding === "windows-1252") {
          return {
            body: {
              ...badPreview,
              rows: [row("£ukasz Wiœniewski", { "Full Name": '"£ukasz Wiœniewski" has "?" …' })],
              valid: 0,
              invalid: 1,
              new: 0,
              encoding: "windows-1252",
              encodings: [{ name: "windows-1252", plausible: false }, ...encodings.slice(0, 2)],
            },
          };
        }
        return {
          body: {
            ...goodPreview,
            rows: [row("Łukasz Wiśniewski", {})],
            encoding: "windows-1250",
            encodings,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    await user.upload(
      within(dialog).getByLabelText("CSV file"),
      new File([new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0xa3])], "polish.csv", {
        type: "text/csv",
      }),
    );
    await within(dialog).findByText("polish.csv is chosen.");
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    expect(await within(dialog).findByText("Łukasz Wiśniewski")).toBeVisible();
    const select = within(dialog).getByLabelText(/^The file's encoding/);
    expect(select).toHaveDisplayValue("Windows-1250 (Central European: Polish, Czech…)");
    expect(bodies[0]?.encoding).toBeUndefined(); // guessed by the server
    await user.selectOptions(select, "windows-1252");
    expect(await within(dialog).findByText("£ukasz Wiœniewski")).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ encoding: "windows-1252", commit: false });
    expect(within(dialog).getByLabelText(/^The file's encoding/)).toHaveDisplayValue(
      "Windows-1252 (Western European)",
    );
    expect(within(dialog).getByRole("button", { name: /^Import \d+ QR/ })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText(/^The file's encoding/), "windows-1250");
    expect(await within(dialog).findByText("Łukasz Wiśniewski")).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ encoding: "windows-1250" });
    expect(within(dialog).getByRole("button", { name: "Import 1 QR code" })).toBeEnabled();
  });

  it("counts only new and changed rows on the button, and sets a blood type change apart", async () => {
    const update = (
      row: number,
      changes: { field: string; from: string; to: string; medical: boolean }[],
    ) => ({
      row,
      name: `Worker ${row}`,
      errors: {},
      action: changes.length > 0 ? "update" : "unchanged",
      externalId: `E${row}`,
      changes,
      possibleDuplicate: "",
    });
    mockLibrary(0, {
      "POST /api/corporate/4/qr-codes/import": () => ({
        body: {
          ...goodPreview,
          rows: [
            update(2, [{ field: "Blood Type", from: "O+", to: "AB-", medical: true }]),
            update(3, [
              { field: "Emergency Contact Name", from: "Bob", to: "Rob", medical: false },
            ]),
            update(4, []),
            { ...goodPreview.rows[0], row: 5 },
          ],
          valid: 4,
          new: 1,
          updates: 2,
          unchanged: 1,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    await user.type(within(dialog).getByLabelText("Or paste the CSV text"), "Name\nAnn\n");
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    expect(
      await within(dialog).findByRole("button", { name: "Import 1 new, update 2" }),
    ).toBeEnabled();
    expect(within(dialog).getByRole("status")).toHaveTextContent(
      "1 row is unchanged and will be left as it is.",
    );
    const medical = within(dialog).getByText("Blood Type: O+ → AB-");
    expect(medical.closest("li")).toHaveTextContent("Medical change");
    expect(
      within(dialog).getByText("Emergency Contact Name: Bob → Rob").closest("li"),
    ).not.toHaveTextContent("Medical change");
  });

  // The organisation's default template is where Import
  // CSV and Create QR Code start.
  it("starts Import CSV and Create QR Code on the organisation's default template", async () => {
    const scaffolders = {
      ...standard,
      id: 9,
      name: "Scaffolders",
      isDefault: true,
      builtIn: false,
    };
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: {
          success: true,
          quota: { used: 0, max: 50 },
          qrCodes: [],
          total: 0,
          page: 1,
          pageSize: 25,
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
      "GET /api/corporate/4/form-templates": () => ({
        body: { templates: [standard, scaffolders] },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const importing = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    await waitFor(() =>
      expect(within(importing).getByLabelText(/^Form template/)).toHaveDisplayValue("Scaffolders"),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Create QR Code" }));
    const creating = await screen.findByRole("dialog", { name: "Create QR Code" });
    await waitFor(() =>
      expect(within(creating).getByLabelText(/^Form template/)).toHaveDisplayValue("Scaffolders"),
    );
  });
});
