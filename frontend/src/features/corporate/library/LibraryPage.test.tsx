import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { standardFields } from "@/lib/emergency/template";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import type { LibraryCode } from "./api";

const own = { id: 4, name: "Acme", subscriptionTier: "starter", subscriptionStatus: "active" };

function libraryCode(id: number, name: string, extra: Partial<LibraryCode> = {}): LibraryCode {
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
    ...extra,
  };
}

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
const crew = {
  ...standard,
  id: 9,
  name: "Site crew",
  builtIn: false,
  fields: [
    {
      id: "fullName",
      type: "text",
      label: "Full Name",
      required: true,
      category: "personal",
      order: 1,
      standard: "fullName",
    },
    {
      id: "badge",
      type: "text",
      label: "Badge number",
      required: true,
      category: "work",
      order: 2,
    },
  ],
};

function toastTitles() {
  return useToastStore.getState().toasts.map((t) => t.title);
}

describe("/corporate/qr-codes", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Failed to load organization QR codes' when the library cannot be read (docs/design/admin-corporate.md §8)", async () => {
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/4/qr-codes": () => ({ status: 500, body: { message: "boom" } }),
    });
    renderRoute("/corporate/qr-codes");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load organization QR codes",
    );
  });

  it("asks the server for each page, search and filter, with the quota red when full", async () => {
    const asked: Record<string, string>[] = [];
    const ann = libraryCode(1, "Ann Rider", { projectId: 7, projectName: "North Site" });
    const bob = libraryCode(2, "Bob Smith", { missingFields: 2 });
    const cy = libraryCode(3, "Cy Walker", {
      isActive: false,
      projectId: 7,
      projectName: "North Site",
    });
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      // The server's answer to each query: a library of 120 codes.
      "GET /api/corporate/4/qr-codes": ({ url }) => {
        const q = Object.fromEntries(new URL(url, "http://x").searchParams);
        asked.push(q);
        const codes =
          q.status === "inactive"
            ? [cy]
            : q.search === "NORTH"
              ? [ann, cy]
              : q.project === "organization"
                ? [bob]
                : q.page === "2"
                  ? [cy]
                  : [ann];
        const total =
          q.search || q.status !== "all" || q.project === "organization" ? codes.length : 120;
        return { body: { success: true, quota: { used: 120, max: 120 }, total, qrCodes: codes } };
      },
      "GET /api/corporate/projects/4": () => ({
        body: {
          projects: [
            {
              id: 7,
              name: "North Site",
              description: "",
              status: "active",
              codeCount: 2,
              createdAt: "",
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes?project=7");
    expect(await screen.findByText("120 of 120 QR codes used")).toHaveClass("stat-full");
    // ?project=7 (a project's "View QR codes" link) filters at once, on the server.
    expect(asked[0]).toEqual({ page: "1", pageSize: "25", project: "7", status: "all" });
    expect(within(screen.getByRole("table")).getByText("Ann Rider")).toBeVisible();
    expect(screen.getByText("Page 1 of 5")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 5")).toBeVisible();
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getByText("Cy Walker")).toBeVisible(),
    );
    expect(asked.at(-1)).toMatchObject({ page: "2", project: "7" });

    // A filter starts again on page 1.
    await user.selectOptions(screen.getByLabelText("Project"), "organization");
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getByText("Bob Smith")).toBeVisible(),
    );
    expect(asked.at(-1)).toMatchObject({ page: "1", project: "organization" });
    expect(screen.getByText("2 recommended fields blank")).toBeVisible();
    expect(screen.queryByRole("navigation", { name: "Pages of QR codes" })).toBeNull();

    // The search is sent once typing pauses, not key by key.
    await user.selectOptions(screen.getByLabelText("Project"), "all");
    const before = asked.length;
    await user.type(
      screen.getByLabelText("Search by name, project, employee number or ID"),
      "NORTH",
    );
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getByText("Cy Walker")).toBeVisible(),
    );
    expect(asked.slice(before).filter((q) => q.search !== undefined)).toEqual([
      { page: "1", pageSize: "25", project: "all", status: "all", search: "NORTH" },
    ]);
    expect(screen.getByText("2 QR codes")).toBeVisible();
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3); // header + Ann + Cy

    await user.selectOptions(screen.getByLabelText("Status"), "inactive");
    await waitFor(() =>
      expect(within(screen.getByRole("table")).queryByText("Ann Rider")).toBeNull(),
    );
    expect(asked.at(-1)).toMatchObject({ search: "NORTH", status: "inactive", page: "1" });
  });

  it("duplicates, deactivates and deletes (after confirming) through the API", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: {
          success: true,
          quota: { used: 1, max: 50 },
          total: 1,
          qrCodes: [libraryCode(1, "Ann Rider")],
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
      "POST /api/corporate/4/qr-codes/1/duplicate": () => ({
        status: 409,
        body: { message: "Your plan allows 1 QR codes. Delete unused codes or upgrade your plan." },
      }),
      "PUT /api/corporate/4/qr-codes/1": () => ({
        body: { success: true, qrCode: libraryCode(1, "Ann Rider") },
      }),
      "DELETE /api/corporate/4/qr-codes/1": () => ({ body: { success: true } }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/qr-codes");
    await user.click(await screen.findByRole("button", { name: "Duplicate: Ann Rider" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "QR code not saved",
        description: "Your plan allows 1 QR codes. Delete unused codes or upgrade your plan.",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Deactivate: Ann Rider" }));
    await waitFor(() => expect(toastTitles()).toContain("QR code deactivated"));
    const put = fetch.mock.calls.find(
      ([url, init]) => url === "/api/corporate/4/qr-codes/1" && init?.method === "PUT",
    )!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ isActive: false });

    await user.click(screen.getByRole("button", { name: "Delete: Ann Rider" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete QR code?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(apiCalls(fetch).some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete: Ann Rider" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(toastTitles()).toContain("QR code deleted"));
  });

  it("opens Create QR Code with the template of ?new=1&template= and sends the record", async () => {
    const created: unknown[] = [];
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: { success: true, quota: { used: 0, max: 50 }, total: 0, qrCodes: [] },
      }),
      "GET /api/corporate/projects/4": () => ({
        body: {
          projects: [
            {
              id: 7,
              name: "North Site",
              description: "",
              status: "active",
              codeCount: 0,
              createdAt: "",
            },
          ],
        },
      }),
      "GET /api/corporate/4/form-templates": () => ({ body: { templates: [standard, crew] } }),
      "POST /api/corporate/4/qr-codes": ({ body }) => {
        created.push(JSON.parse(String(body)));
        return created.length === 1
          ? {
              status: 400,
              body: {
                message: "Badge number is required",
                errors: [{ field: "badge", message: "Badge number is required" }],
              },
            }
          : { status: 201, body: { success: true, qrCode: libraryCode(5, "Dee") } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/qr-codes?new=1&template=9");
    const dialog = await screen.findByRole("dialog", { name: "Create QR Code" });
    expect(await within(dialog).findByLabelText("Form template")).toHaveValue("9");
    // Typed work is not dropped by Escape without a question.
    await user.type(within(dialog).getByLabelText(/^Full Name/), "D");
    await user.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await user.click(within(ask).getByRole("button", { name: "Keep editing" }));
    await user.clear(within(dialog).getByLabelText(/^Full Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), "Dee");
    await user.selectOptions(within(dialog).getByLabelText("Project"), "7");
    await user.selectOptions(within(dialog).getByLabelText("Label type"), "wallet");
    // The form checks the template's rules before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: "Save QR Code" }));
    expect(await within(dialog).findByText("Full name is required")).toBeVisible();
    expect(created).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Full Name/), "Dee Walker");
    await user.type(within(dialog).getByLabelText(/^Badge number/), "B-12");
    // The organisation's own id for the worker.
    await user.type(within(dialog).getByLabelText(/^Employee or badge number/), "E-12");
    await user.click(within(dialog).getByRole("button", { name: "Save QR Code" }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      name: "Dee",
      projectId: 7,
      labelType: "wallet",
      externalId: "E-12",
      templateId: 9,
      values: { fullName: "Dee Walker", badge: "B-12" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Save QR Code" }));
    await waitFor(() => expect(toastTitles()).toContain("QR code created"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.search).toBe("");
  });
});
