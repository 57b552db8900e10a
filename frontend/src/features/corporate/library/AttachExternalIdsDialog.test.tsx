import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { standardFields } from "@/lib/emergency/template";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import type { LibraryCode } from "./api";

const own = { id: 4, name: "Acme", subscriptionTier: "starter", subscriptionStatus: "active" };

function libraryCode(id: number, name: string): LibraryCode {
  return {
    id,
    name,
    externalId: null,
    projectId: null,
    projectName: "",
    templateId: null,
    templateName: "Standard Emergency Form",
    labelType: "helmet",
    isActive: true,
    source: "manual",
    missingFields: 0,
    createdAt: "2026-03-01T12:00:00Z",
    updatedAt: "2026-03-01T12:00:00Z",
    reviewedAt: "2026-03-01T12:00:00Z",
  };
}

const library = (codes: LibraryCode[]) => ({
  "GET /api/corporate/organization": () => ({ body: own }),
  "GET /api/corporate/4/qr-codes": () => ({
    body: {
      success: true,
      quota: { used: codes.length, max: 50 },
      qrCodes: codes,
      total: codes.length,
      page: 1,
      pageSize: 25,
    },
  }),
  "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
  "GET /api/corporate/4/form-templates": () => ({
    body: {
      templates: [
        {
          id: 0,
          name: "Standard Emergency Form",
          description: "",
          isDefault: false,
          builtIn: true,
          fields: standardFields(),
          createdAt: null,
          updatedAt: null,
        },
      ],
    },
  }),
});

const twinA = {
  id: 41,
  name: "Ann Twin",
  dateOfBirth: "1980-01-02",
  phone: "+44 7700 900333",
  externalId: "",
  createdAt: "2026-03-01T12:00:00Z",
};
const twinB = { ...twinA, id: 57, dateOfBirth: "1991-05-06", phone: "+44 7700 900444" };

function row(n: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    row: n,
    codeId: null,
    name,
    externalId: `E-${n}`,
    current: "",
    errors: {},
    candidates: [],
    attached: false,
    ...extra,
  };
}

describe("adding employee numbers to codes that exist", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("lets the officer pick the right code of two namesakes, saves the ready rows and lists the rest", async () => {
    const csv = "Name,Employee or badge number\nAnn Twin,E-2\nAnn Rider,E-3\nNobody,E-4\n";
    const bodies: { commit: boolean; picks?: { row: number; codeId: number }[] }[] = [];
    const twinRow = (picked: boolean) =>
      row(2, "Ann Twin", {
        codeId: picked ? twinB.id : null,
        candidates: [twinA, twinB],
        errors: picked
          ? {}
          : {
              Name: '2 QR codes are named "Ann Twin", and the row\'s date of birth or phone does not tell which: pick the right one',
            },
        attached: false,
      });
    const rest = (commit: boolean) => [
      row(3, "Ann Rider", { codeId: 12, attached: commit }),
      row(4, "Nobody", { errors: { Name: 'No QR code is named "Nobody"' } }),
    ];
    mockFetch({
      ...library([libraryCode(12, "Ann Rider")]),
      "POST /api/corporate/4/qr-codes/external-ids": ({ body }) => {
        const b = JSON.parse(String(body)) as (typeof bodies)[number];
        bodies.push(b);
        const picked = (b.picks ?? []).some((p) => p.row === 2 && p.codeId === twinB.id);
        const rows = [{ ...twinRow(picked), attached: b.commit && picked }, ...rest(b.commit)];
        const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
        return {
          body: {
            rows,
            valid: rows.length - invalid,
            invalid,
            saved: b.commit ? rows.length - invalid : 0,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Add employee numbers" }));
    const dialog = await screen.findByRole("dialog", { name: "Add employee or badge numbers" });
    await user.upload(
      within(dialog).getByLabelText("CSV file"),
      new File([csv], "numbers.csv", { type: "text/csv" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));

    // The ambiguous row offers both codes, told apart by what differs.
    const select = await within(dialog).findByRole("combobox", { name: "QR code for row 2" });
    const options = within(select)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual([
      "Pick the right QR code…",
      "ID 41 · born 1980-01-02 · +44 7700 900333 · created 1 Mar 2026",
      "ID 57 · born 1991-05-06 · +44 7700 900444 · created 1 Mar 2026",
    ]);
    // Saving is possible with rows left out, and says so.
    expect(within(dialog).getByRole("status")).toHaveTextContent(
      "1 row is ready, 2 have errors. 2 rows have problems and will be left out.",
    );
    const saveButton = () => within(dialog).getByRole("button", { name: /^Save \d+ number/ });
    expect(saveButton()).toBeEnabled();

    // The pick is checked again by the server, then saved with the file.
    await user.selectOptions(select, "57");
    await waitFor(() => expect(bodies.at(-1)?.picks).toEqual([{ row: 2, codeId: 57 }]));
    expect(bodies.at(-1)?.commit).toBe(false);
    await waitFor(() => expect(saveButton()).toHaveTextContent("Save 2 numbers"));
    expect(within(dialog).getByRole("combobox", { name: "QR code for row 2" })).toHaveValue("57");
    await user.click(saveButton());
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ commit: true, picks: [{ row: 2, codeId: 57 }] }),
    );

    // The dialog stays open on what was not attached, and why.
    const result = await screen.findByRole("dialog", { name: "Add employee or badge numbers" });
    expect(await within(result).findByText("2 rows attached, 1 not attached.")).toBeVisible();
    const left = within(result).getByRole("region", { name: "Not attached" });
    expect(within(left).getAllByRole("row")).toHaveLength(2);
    expect(within(left).getByText('No QR code is named "Nobody"')).toBeVisible();
    expect(within(left).queryByText("Ann Twin")).toBeNull();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Employee numbers saved",
      description: "2 QR codes have a new employee or badge number.",
    });
  });

  it("shows each code's id, copyable, in the library and in the code's details", async () => {
    const code = libraryCode(1234, "王秀英");
    mockFetch({
      ...library([code]),
      "GET /api/corporate/4/qr-codes/1234": () => ({
        body: {
          success: true,
          qrCode: { ...code, record: { fields: standardFields(), values: { fullName: "王秀英" } } },
        },
      }),
    });
    const user = userEvent.setup();
    // After setup, which installs a clipboard of its own.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderRoute("/corporate/qr-codes");
    expect(await screen.findByText("ID 1234")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Copy ID 1234 of 王秀英" }));
    expect(writeText).toHaveBeenCalledWith("1234");
    expect(screen.getByRole("button", { name: "Copy ID 1234 of 王秀英" })).toHaveTextContent(
      "Copied",
    );

    await user.click(screen.getByRole("button", { name: "Edit: 王秀英" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit QR Code" });
    expect(await within(dialog).findByText("ID 1234")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Copy ID 1234 of 王秀英" }));
    expect(writeText).toHaveBeenCalledTimes(2);
  });
});
