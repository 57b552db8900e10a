import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { useCorporateMemberStore } from "@/stores/corporate";
import { exportFileName } from "./AdminPage";

const stats = { totalUsers: 1234, paidUsers: 56, activeReferrers: 7, totalReferrals: 89 };
const ann = {
  id: 3,
  email: "ann@example.com",
  hasPrintAccess: true,
  isAdmin: false,
  referralCode: null,
  referralCount: 0,
  createdAt: "2026-03-01T12:00:00Z",
};
const order = {
  id: 1,
  orderId: "LT-ABC123",
  userId: 3,
  userEmail: "",
  labelType: "helmet",
  quantity: 1,
  pricePence: 999,
  status: "pending",
  trackingNumber: null,
  createdAt: "2026-03-01T12:00:00Z",
};

function admin(overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    "GET /api/admin/stats": () => ({ body: stats }),
    "GET /api/admin/users": () => ({ body: { users: [ann], total: 41, page: 1, pageSize: 20 } }),
    "GET /api/admin/physical-orders": () => ({
      body: { orders: [order], total: 1, page: 1, pageSize: 20 },
    }),
    "GET /api/corporate/organizations": () => ({ body: [] }),
    "GET /api/admin/audit-log": () => ({ body: { entries: [], total: 0, page: 1, pageSize: 20 } }),
    "GET /api/admin/jobs": () => ({ body: { jobs: [] } }),
    ...overrides,
  });
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe("/admin", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("asks a visitor to sign in, through /api/login", async () => {
    mockFetch({ "GET /api/admin/stats": () => ({ status: 401, body: { message: "x" } }) });
    renderRoute("/admin");
    expect(
      await screen.findByRole("heading", { name: "Admin Access Required" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
  });

  it("sends a signed-in non-admin to /dashboard with Access Denied", async () => {
    mockFetch({
      "GET /api/admin/stats": () => ({ status: 403, body: { message: "Admin Access Required" } }),
      "GET /api/user/orders": () => ({ body: { orders: [] } }),
    });
    const { router } = renderRoute("/admin");
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/(dashboard|login)/));
    expect(toastTitles()).toContain("Access Denied");
  });

  it("sends a corporate member to their organisation's dashboard, not to a sign-in page", async () => {
    useCorporateMemberStore
      .getState()
      .signIn({ email: "officer@acme.example", organizationId: 12 });
    mockFetch({
      "GET /api/admin/stats": () => ({ status: 403, body: { message: "Admin Access Required" } }),
    });
    const { router } = renderRoute("/admin");
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/admin"));
    expect(router.state.location.pathname).toBe("/corporate/dashboard/12");
    expect(toastTitles()).toContain("Access Denied");
  });

  it("shows the server's four cards and the tabs with their counts", async () => {
    admin();
    renderRoute("/admin");
    expect(await screen.findByText("Total Users")).toBeInTheDocument();
    expect(screen.getByText("1234")).toBeInTheDocument();
    expect(screen.getByText("Paid Users")).toBeInTheDocument();
    expect(screen.getByText("Active Referrers")).toBeInTheDocument();
    expect(screen.getByText("89")).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "User Management (41)" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Physical Orders (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Corporate Accounts (0)" })).toBeInTheDocument();
    const row = (await screen.findByText("ann@example.com")).closest("tr")!;
    expect(within(row).getByText("None")).toBeInTheDocument();
    expect(within(row).getByRole("switch")).toHaveAttribute("aria-checked", "true");
  });

  it("searches on the server once typing pauses", async () => {
    const fetch = admin();
    renderRoute("/admin");
    const box = await screen.findByLabelText("Search by email, ID or referral code");
    await userEvent.type(box, "ann");
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) =>
            String(url).includes("/api/admin/users?") && String(url).includes("search=ann"),
        ),
      ).toBe(true),
    );
    // One request for the finished word, not one per key.
    expect(
      fetch.mock.calls.filter(
        ([url]) => String(url).includes("search=a&") || String(url).endsWith("search=a"),
      ),
    ).toHaveLength(0);
  });

  it("refuses to create a user without an email, with the spec's toast", async () => {
    const fetch = admin();
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("button", { name: "Add User" }));
    expect(await screen.findByRole("heading", { name: "Create New User" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));
    expect(toastTitles()).toContain("Validation Error");
    expect(fetch.mock.calls.some(([url]) => String(url) === "/api/admin/users/create")).toBe(false);
  });

  it("shows the setup link joined to the page's origin after creating a user", async () => {
    admin({
      "POST /api/admin/users/create": () => ({
        status: 201,
        body: {
          user: { ...ann, id: 9, email: "new@example.com" },
          passwordSetupUrl: "/set-password?email=new%40example.com&token=T",
        },
      }),
    });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("button", { name: "Add User" }));
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));
    expect(
      await screen.findByRole("heading", { name: "User Created Successfully" }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Password setup link")).toHaveValue(
      `${window.location.origin}/set-password?email=new%40example.com&token=T`,
    );
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "User Created Successfully" })).toBeNull(),
    );
  });

  it("asks before a typed address is dropped from Create New User", async () => {
    admin();
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("button", { name: "Add User" }));
    await userEvent.type(await screen.findByLabelText("Email"), "new@example.com");
    await userEvent.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText("Email")).toHaveValue("new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Create New User" })).toBeNull(),
    );
    // Opened again, it starts empty and closes without a question.
    await userEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(await screen.findByLabelText("Email")).toHaveValue("");
    await userEvent.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Create New User" })).toBeNull(),
    );
  });

  it("asks before a typed new owner's address is dropped from an organisation's details", async () => {
    const acme = {
      id: 4,
      name: "Acme Scaffolding",
      organizationType: "construction",
      contactFirstName: "Jane",
      contactLastName: "Doe",
      contactEmail: "jane@acme.example",
      phone: "+44 20 7946 0000",
      address: "1 Long Street",
      city: "Leeds",
      country: "United Kingdom",
      employeeCount: "51-200",
      subscriptionTier: "starter",
      subscriptionPlan: "starter",
      subscriptionStatus: "active",
      currentQrCodes: 3,
      maxQrCodes: 50,
      hasBillingAccount: false,
      paperSize: "a4",
      trialEndsAt: null,
      createdAt: "2026-03-01T12:00:00Z",
      paused: "",
    };
    admin({ "GET /api/corporate/organizations": () => ({ body: [acme] }) });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: /Corporate Accounts/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Details" }));
    await userEvent.type(await screen.findByLabelText(/^Hand over to/), "new.owner@acme.example");
    await userEvent.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Hand over to/)).toHaveValue("new.owner@acme.example");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await userEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Acme Scaffolding" })).toBeNull(),
    );
  });

  it("shows what a trial's form gave, and says what it did not ask", async () => {
    const trial = {
      id: 9,
      name: "Nowak Builders",
      organizationType: "",
      contactFirstName: "",
      contactLastName: "",
      contactEmail: "anna@nowak.example",
      phone: "",
      address: "",
      city: "",
      country: "United Kingdom",
      employeeCount: "",
      subscriptionTier: "starter",
      subscriptionPlan: "starter",
      subscriptionStatus: "trial",
      currentQrCodes: 0,
      maxQrCodes: 10,
      hasBillingAccount: false,
      paperSize: "a4",
      trialEndsAt: "2026-03-15T12:00:00Z",
      createdAt: "2026-03-01T12:00:00Z",
      paused: "",
    };
    admin({ "GET /api/corporate/organizations": () => ({ body: [trial] }) });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: /Corporate Accounts/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Details" }));
    const details = await screen.findByRole("dialog", { name: "Nowak Builders" });
    expect(within(details).queryByText(/^,/)).toBeNull();
    expect(within(details).getByText("United Kingdom")).toBeInTheDocument();
    expect(within(details).getByText("anna@nowak.example")).toBeInTheDocument();
    // Type, employees, contact name and phone: four blanks, each said.
    expect(within(details).getAllByText("Not given")).toHaveLength(4);
    expect(within(details).getByText("Trial ends")).toBeInTheDocument();
  });

  it("asks before deleting, in the spec's words", async () => {
    const fetch = admin({ "DELETE /api/admin/users/delete": () => ({ body: { message: "ok" } }) });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("button", { name: "Delete ann@example.com" }));
    expect(
      await screen.findByText(
        "Are you sure you want to delete this user? This action cannot be undone.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toastTitles()).toContain("User Deleted"));
    const [, init] = fetch.mock.calls.find(([url]) => url === "/api/admin/users/delete")!;
    expect(JSON.parse(String(init!.body))).toEqual({ userId: 3 });
  });

  it("gives the focus back to the Delete button when its question is closed with Escape", async () => {
    admin();
    renderRoute("/admin");
    const opener = await screen.findByRole("button", { name: "Delete ann@example.com" });
    await userEvent.click(opener);
    await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Delete ann@example.com" }),
      ),
    );
  });

  it("lists orders in pounds, 'Unknown' for a missing user, and updates a status", async () => {
    const fetch = admin({
      "GET /api/admin/physical-orders/LT-ABC123/history": () => ({ body: { history: [] } }),
      "PUT /api/admin/physical-orders/LT-ABC123": () => ({
        body: { message: "Order status updated successfully" },
      }),
    });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: /Physical Orders/ }));
    const row = (await screen.findByText("LT-ABC123")).closest("tr")!;
    expect(within(row).getByText("£9.99")).toBeInTheDocument();
    expect(within(row).getByText("Unknown")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Edit LT-ABC123" }));
    expect(await screen.findByRole("heading", { name: "Update Order Status" })).toBeInTheDocument();
    // The label tells the truth: needed for Shipped, and required once chosen.
    expect(screen.getByLabelText("Tracking Number (required when Shipped)")).not.toBeRequired();
    await userEvent.selectOptions(screen.getByLabelText("Status"), "shipped");
    expect(screen.getByLabelText("Tracking Number (required)")).toBeRequired();
    await userEvent.type(screen.getByLabelText("Tracking Number (required)"), "RM1");
    await userEvent.click(screen.getByRole("button", { name: "Update Order" }));
    await waitFor(() => expect(toastTitles()).toContain("Success"));
    const [, init] = fetch.mock.calls.find(
      ([url]) => url === "/api/admin/physical-orders/LT-ABC123",
    )!;
    expect(JSON.parse(String(init!.body))).toEqual({ status: "shipped", trackingNumber: "RM1" });
  });

  it("lists waiting mail jobs and runs one again with Retry", async () => {
    const job = {
      id: 7,
      kind: "mail",
      state: "retryable",
      attempts: 3,
      maxAttempts: 32,
      lastError: "mail: send: dial tcp 127.0.0.1:25: connect: connection refused",
      createdAt: "2026-03-01T12:00:00Z",
      scheduledAt: "2026-03-01T12:05:00Z",
      attemptedAt: "2026-03-01T12:01:00Z",
      finalizedAt: null,
    };
    const fetch = admin({
      "GET /api/admin/jobs": () => ({ body: { jobs: [job] } }),
      "POST /api/admin/jobs/7/retry": () => ({ body: { ...job, state: "available" } }),
    });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: "Background Jobs (1)" }));
    const row = (await screen.findByText("mail #7")).closest("tr")!;
    expect(within(row).getByText("retryable")).toBeInTheDocument();
    expect(within(row).getByText("3 / 32")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Retry mail #7" }));
    await waitFor(() => expect(toastTitles()).toContain("The job will run again now."));
    expect(fetch.mock.calls.some(([url]) => url === "/api/admin/jobs/7/retry")).toBe(true);
  });

  it("asks before a typed tracking number is dropped", async () => {
    admin({
      "GET /api/admin/physical-orders/LT-ABC123/history": () => ({ body: { history: [] } }),
    });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: /Physical Orders/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Edit LT-ABC123" }));
    // Untouched, Escape closes it.
    await userEvent.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Update Order Status" })).toBeNull(),
    );
    await userEvent.click(screen.getByRole("button", { name: "Edit LT-ABC123" }));
    await userEvent.type(await screen.findByLabelText(/^Tracking Number/), "RM123");
    await userEvent.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Tracking Number/)).toHaveValue("RM123");
  });

  it("shows the server's message when an update is refused", async () => {
    admin({
      "GET /api/admin/physical-orders/LT-ABC123/history": () => ({ body: { history: [] } }),
      "PUT /api/admin/physical-orders/LT-ABC123": () => ({
        status: 400,
        body: { message: "A tracking number is required to mark an order as shipped" },
      }),
    });
    renderRoute("/admin");
    await userEvent.click(await screen.findByRole("tab", { name: /Physical Orders/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Edit LT-ABC123" }));
    await userEvent.selectOptions(await screen.findByLabelText("Status"), "shipped");
    await userEvent.click(screen.getByRole("button", { name: "Update Order" }));
    await waitFor(() => expect(toastTitles()).toContain("Update Failed"));
    expect(useToastStore.getState().toasts[0]?.description).toBe(
      "A tracking number is required to mark an order as shipped",
    );
  });

  it("names the export lifetag-users-YYYY-MM-DD.csv", () => {
    expect(exportFileName(new Date("2026-11-23T10:00:00Z"))).toBe("lifetag-users-2026-11-23.csv");
  });
});
