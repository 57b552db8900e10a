import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { SendUpdateLinkButton } from "./SendUpdateLinkButton";

const link = {
  id: 7,
  templateId: 0,
  templateName: "Standard Emergency Form",
  projectId: 1,
  projectName: "Bridge site",
  createdAt: "2026-11-01T10:00:00Z",
  expiresAt: "2026-12-01T10:00:00Z",
  revokedAt: null,
  submissions: 3,
  lastSubmissionAt: "2026-11-20T10:00:00Z",
  status: "active",
};
const url = "https://lifetag.test/collect/abc123";

/** The dashboard answer the page reads its plan's numbers from. */
function dashboard(currentQrCodes: number, maxQrCodes: number, paused = "") {
  return () => ({
    body: {
      organization: {
        id: 4,
        name: "Acme Scaffolding",
        subscriptionTier: "starter",
        subscriptionStatus: "active",
        currentQrCodes,
        maxQrCodes,
        hasBillingAccount: false,
        trialEndsAt: null,
        paused,
        paperSize: "a4",
      },
      projects: 1,
      teamMembers: 1,
      maxMembers: 3,
      role: "Organization Administrator",
      permissions: { edit: true, manageTeam: true, manageBilling: true },
      recentActivity: [],
    },
  });
}

describe("/corporate/collection-links", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("creates a link, shows it once with Copy and a QR code, and revokes one after confirming", async () => {
    let links: Record<string, unknown>[] = [link];
    const fetch = mockFetch({
      "GET /api/corporate/4/collection-links": () => ({ body: { links } }),
      "GET /api/corporate/4/dashboard": dashboard(28, 50),
      "GET /api/corporate/4/form-templates": () => ({
        body: {
          templates: [
            { id: 0, name: "Standard Emergency Form", builtIn: true, fields: [] },
            {
              id: 9,
              name: "Scaffolders",
              builtIn: false,
              isDefault: true,
              fields: [
                { id: "fullName", type: "text", label: "Full Name" },
                { id: "badge", type: "text", label: "Badge number" },
                { id: "dob", type: "date", label: "Date of birth" },
              ],
            },
          ],
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: [{ id: 1, name: "Bridge site" }] }),
      "POST /api/corporate/4/collection-links": () => ({
        status: 201,
        body: { link: { ...link, id: 8, url, submissions: 0 } },
      }),
      "DELETE /api/corporate/4/collection-links/7": () => {
        links = [{ ...link, status: "revoked", revokedAt: "2026-11-23T10:00:00Z" }];
        return { body: { message: "Collection link revoked" } };
      },
    });
    const user = userEvent.setup();
    // After setup, which installs a clipboard of its own.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderRoute("/corporate/collection-links/4");
    const row = (await screen.findByRole("rowheader", { name: "Standard Emergency Form" })).closest(
      "tr",
    )!;
    expect(within(row).getByText("Bridge site")).toBeVisible();
    expect(within(row).getByText("3")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Create collection link" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() =>
      expect(within(dialog).getByRole("option", { name: "Scaffolders" })).toBeTruthy(),
    );
    // The organisation's default template is chosen to begin with.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Form template/)).toHaveValue("9"));
    await user.selectOptions(within(dialog).getByLabelText(/^Project/), "1");
    await user.selectOptions(within(dialog).getByLabelText(/^Link expires/), "7");
    // Only the template's text and number fields can hold the worker's number.
    const numberField = within(dialog).getByLabelText(/^Field for the employee or badge number/);
    expect(within(numberField).queryByRole("option", { name: "Date of birth" })).toBeNull();
    // Each choice says plainly what it does when one worker sends the form twice.
    expect(numberField).toHaveAccessibleDescription(
      expect.stringContaining("gets no second QR code: they are told they already have one"),
    );
    expect(
      within(numberField).getByRole("option", { name: "None: recognise workers by name" }),
    ).toBeTruthy();
    await user.selectOptions(numberField, "badge");
    expect(numberField).toHaveAccessibleDescription(
      expect.stringContaining(
        "A number another QR code already has is refused, so that worker gets no second code",
      ),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create collection link" }));
    expect(await within(dialog).findByDisplayValue(url)).toBeVisible();
    expect(
      await within(dialog).findByRole("img", { name: "QR code of the collection link" }),
    ).toBeVisible();
    const post = fetch.mock.calls.find(
      ([u, init]) => u === "/api/corporate/4/collection-links" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      templateId: 9,
      externalIdField: "badge",
      projectId: 1,
      expiresInDays: 7,
    });
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(dialog).getByRole("button", { name: "Link copied" })).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));

    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByRole("dialog", { name: "Revoke this link?" })).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain(
        "Collection link revoked",
      ),
    );
    expect(await screen.findByText("Revoked")).toBeVisible();
  });
});

describe("/corporate/collection-links at the plan's limit", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("replaces a lost link: a new one with the same choices, its QR code to keep, the old one revoked", async () => {
    const old = { ...link, templateId: 9, templateName: "Scaffolders", externalIdField: "badge" };
    let links: Record<string, unknown>[] = [old];
    const fetch = mockFetch({
      "GET /api/corporate/4/collection-links": () => ({ body: { links } }),
      "GET /api/corporate/4/dashboard": dashboard(28, 50),
      "GET /api/corporate/4/form-templates": () => ({
        body: {
          templates: [
            { id: 0, name: "Standard Emergency Form", builtIn: true, fields: [] },
            {
              id: 9,
              name: "Scaffolders",
              builtIn: false,
              fields: [{ id: "badge", type: "text", label: "Badge number" }],
            },
          ],
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: [{ id: 1, name: "Bridge site" }] }),
      "POST /api/corporate/4/collection-links": () => ({
        status: 201,
        body: { link: { ...old, id: 8, url, submissions: 0 } },
      }),
      "DELETE /api/corporate/4/collection-links/7": () => {
        links = [{ ...old, status: "revoked" }];
        return { body: { message: "Collection link revoked" } };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/collection-links/4");
    await user.click(
      await screen.findByRole("button", { name: "Replace the link for Scaffolders, Bridge site" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Replace collection link" });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Project/)).toHaveValue("1"));
    expect(within(dialog).getByLabelText(/^Form template/)).toHaveValue("9");
    expect(within(dialog).getByLabelText(/^Field for the employee or badge number/)).toHaveValue(
      "badge",
    );
    await user.click(within(dialog).getByRole("button", { name: "Replace collection link" }));
    expect(await within(dialog).findByDisplayValue(url)).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Download poster (PDF)" })).toBeVisible();
    const post = fetch.mock.calls.find(
      ([u, init]) => u === "/api/corporate/4/collection-links" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      templateId: 9,
      externalIdField: "badge",
      projectId: 1,
      expiresInDays: 30,
    });
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u, init]) => u === "/api/corporate/4/collection-links/7" && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
  });

  it("says the plan is full, with its numbers and the way out, before the dialog", async () => {
    mockFetch({
      "GET /api/corporate/4/collection-links": () => ({ body: { links: [link] } }),
      "GET /api/corporate/4/dashboard": dashboard(50, 50),
    });
    renderRoute("/corporate/collection-links/4");
    const notice = await screen.findByRole("status", { name: "New collection links are paused" });
    expect(notice).toHaveTextContent("Your plan is full: 50 of 50 QR codes used.");
    // An unexpired link takes no form now, as its workers are told: it is not "Active".
    const row = screen.getByRole("row", { name: /Standard Emergency Form/ });
    expect(within(row).getByText("Paused: the plan is full")).toBeVisible();
    expect(within(row).queryByText("Active")).toBeNull();
    expect(within(row).getByRole("button", { name: "Revoke" })).toBeVisible();
    const create = screen.getByRole("button", { name: "Create collection link" });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/Your plan is full: 50 of 50 QR codes used/);
    expect(within(notice).getByRole("link", { name: "Open the QR code library" })).toHaveAttribute(
      "href",
      "/corporate/qr-codes",
    );
    expect(within(notice).getByRole("link", { name: "Upgrade your plan" })).toHaveAttribute(
      "href",
      "/corporate/dashboard/4",
    );
  });

  it("says the server's reason when the organisation is paused", async () => {
    const paused =
      "Your organization has 60 QR codes but its plan allows 50. Printing, new codes and links are paused: delete 10 codes or upgrade your plan to continue. Reading, exporting, editing and deleting still work.";
    mockFetch({
      "GET /api/corporate/4/collection-links": () => ({ body: { links: [link] } }),
      "GET /api/corporate/4/dashboard": dashboard(60, 50, paused),
    });
    renderRoute("/corporate/collection-links/4");
    expect(await screen.findByText(paused)).toBeVisible();
    const row = screen.getByRole("row", { name: /Standard Emergency Form/ });
    expect(within(row).getByText("Paused")).toBeVisible();
    expect(screen.getByRole("button", { name: "Create collection link" })).toBeDisabled();
  });
});

describe("SendUpdateLinkButton", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** On a page of the website's kind (a data router), as in the library. */
  function renderButton() {
    const router = createMemoryRouter([
      { path: "/", element: <SendUpdateLinkButton orgId={4} codeId={12} /> },
    ]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it("asks before a typed address is dropped", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole("button", { name: "Send update link" }));
    await user.type(await screen.findByLabelText(/^Worker's e-mail/), "ann@worker.example");
    await user.keyboard("{Escape}");
    await user.click(await screen.findByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Worker's e-mail/)).toHaveValue("ann@worker.example");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("creates a single-use link for one code, mailed when an address is given", async () => {
    const fetch = mockFetch({
      "POST /api/corporate/4/qr-codes/12/update-link": () => ({
        status: 201,
        body: { link: { ...link, url }, message: "Update link sent" },
      }),
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole("button", { name: "Send update link" }));
    await user.type(await screen.findByLabelText(/^Worker's e-mail/), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Worker's e-mail/));
    await user.type(screen.getByLabelText(/^Worker's e-mail/), "ann@worker.example");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    expect(await screen.findByDisplayValue(url)).toBeVisible();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      email: "ann@worker.example",
    });
  });
});
