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
const csv = "Name,Full Name,Blood Type\nAnn,Ann Rider,O+\nEve,Eve Smith,Z+\n";
const badPreview = {
  rows: [
    { row: 2, name: "Ann", errors: {} },
    { row: 3, name: "Eve", errors: { "Blood Type": "Blood type is required" } },
  ],
  valid: 1,
  invalid: 1,
  imported: 0,
  quotaProblem: "",
};
const goodPreview = {
  rows: [{ row: 2, name: "Ann", errors: {} }],
  valid: 1,
  invalid: 0,
  imported: 0,
  quotaProblem: "",
};

describe("the CSV import dialog", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("previews each row's errors, keeps Import disabled until every row is valid, then imports", async () => {
    const bodies: { csv: string; commit: boolean; templateId: number; projectId: number }[] = [];
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
      "GET /api/corporate/4/form-templates": () => ({ body: { templates: [standard] } }),
      "POST /api/corporate/4/qr-codes/import": ({ body }) => {
        const b = JSON.parse(String(body)) as (typeof bodies)[number];
        bodies.push(b);
        if (b.commit) return { body: { ...goodPreview, imported: 1 } };
        return { body: b.csv.includes("Eve") ? badPreview : goodPreview };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import workers from CSV" });
    const importButton = () => within(dialog).getByRole("button", { name: /^Import \d+ QR/ });
    expect(importButton()).toBeDisabled();

    // A file is read as text and sent for a preview (commit false).
    const file = new File([csv], "workers.csv", { type: "text/csv" });
    await user.upload(within(dialog).getByLabelText("CSV file"), file);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Or paste the CSV text")).toHaveValue(csv),
    );
    await user.click(within(dialog).getByRole("button", { name: "Check rows" }));
    expect(await within(dialog).findByText("Blood type is required")).toBeVisible();
    expect(within(dialog).getByRole("status")).toHaveTextContent("1 row is ready, 1 has errors.");
    expect(bodies[0]).toEqual({ templateId: 0, projectId: 0, csv, commit: false });
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
    expect(bodies.at(-1)).toMatchObject({ commit: true, csv: fixed });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says in the preview when the rows exceed what is left of the plan, and keeps Import disabled", async () => {
    const quotaProblem =
      "These 1 rows would exceed your plan's 50 QR codes (50 used, 0 left). Remove rows or upgrade your plan before importing.";
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: {
          success: true,
          quota: { used: 50, max: 50 },
          qrCodes: [],
          total: 0,
          page: 1,
          pageSize: 25,
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
      "GET /api/corporate/4/form-templates": () => ({ body: { templates: [standard] } }),
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
      "GET /api/corporate/4/form-templates": () => ({ body: { templates: [standard] } }),
      "POST /api/corporate/4/qr-codes/import": () => ({
        status: 400,
        body: { message: 'Unknown column "Shoe size": use the template\'s column names' },
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
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Import failed",
        description: 'Unknown column "Shoe size": use the template\'s column names',
      }),
    );
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
