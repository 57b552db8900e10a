import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const dashboard = {
  organization: {
    id: 4,
    name: "Acme Scaffolding",
    subscriptionTier: "professional",
    subscriptionStatus: "active",
    currentQrCodes: 200,
    maxQrCodes: 200,
    hasBillingAccount: true,
    trialEndsAt: null,
    paused: "",
    paperSize: "a4",
    reviewPeriodMonths: 12,
  },
  projects: 2,
  reviewDue: 5,
  reviewOverdue: 2,
  teamMembers: 3,
  maxMembers: 3,
  role: "Organization Administrator",
  permissions: { edit: true, manageTeam: true, manageBilling: true },
  recentActivity: [
    {
      kind: "member_invited",
      detail: "ann@acme.example",
      sentence: "ann@acme.example was invited as an admin.",
      createdAt: "2026-03-01T12:00:00Z",
    },
  ],
};

describe("/corporate/dashboard", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("denies access to anyone who is not a member, with Go Home", async () => {
    mockFetch({ "GET /api/corporate/organization": () => ({ status: 401, body: {} }) });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/dashboard");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeVisible();
    await user.click(screen.getByRole("link", { name: "Go Home" }));
    // The home route loads lazily: the navigation ends when its code is in.
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("says when printing is paused over the plan, with the numbers and the way out", async () => {
    const paused =
      "Your organization has 60 QR codes but its plan allows 50. Printing, new codes and links are paused: delete 10 codes or upgrade your plan to continue. Reading, exporting, editing and deleting still work.";
    mockFetch({
      "GET /api/corporate/4/dashboard": () => ({
        body: {
          ...dashboard,
          organization: { ...dashboard.organization, currentQrCodes: 60, maxQrCodes: 50, paused },
        },
      }),
    });
    renderRoute("/corporate/dashboard/4");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(paused)).toBeVisible();
    expect(within(alert).getByRole("link", { name: "Open the QR code library" })).toHaveAttribute(
      "href",
      "/corporate/qr-codes",
    );
    expect(screen.getByRole("button", { name: "Manage Billing" })).toBeVisible();
  });

  it("denies another organisation's dashboard (the server answers 404)", async () => {
    mockFetch({ "GET /api/corporate/5/dashboard": () => ({ status: 404, body: {} }) });
    renderRoute("/corporate/dashboard/5");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeVisible();
  });

  it("says a server failure as one, with the server's words and Try Again, not Access Denied", async () => {
    let answers = 0;
    mockFetch({
      "GET /api/corporate/4/dashboard": () =>
        ++answers === 1
          ? { status: 503, body: { error: "The database is not available. Please try again." } }
          : { body: dashboard },
    });
    renderRoute("/corporate/dashboard/4");
    expect(
      await screen.findByRole("heading", { name: "Unable to load your organisation." }),
    ).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The database is not available. Please try again.",
    );
    expect(screen.queryByRole("heading", { name: "Access Denied" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
  });

  it("shows the organisation's real figures and activity", async () => {
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: dashboard.organization }),
      "GET /api/corporate/4/dashboard": () => ({ body: dashboard }),
    });
    renderRoute("/corporate/dashboard");
    expect(await screen.findByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
    expect(screen.getByText("200 of 200 used")).toBeVisible();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "200");
    expect(screen.getByText("3 of 3 accounts")).toBeVisible();
    expect(screen.getByText("Professional")).toBeVisible();
    expect(screen.getByText("ann@acme.example was invited as an admin.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");
    const actions = within(screen.getByRole("heading", { name: "Quick actions" }).parentElement!);
    expect(actions.getByRole("link", { name: "Manage Team" })).toHaveAttribute(
      "href",
      "/corporate/team/4",
    );
    expect(actions.getByRole("button", { name: "Manage Billing" })).toBeVisible();
  });

  it("offers a trial's owner a plan, through the checkout", async () => {
    const trial = {
      ...dashboard,
      organization: {
        ...dashboard.organization,
        subscriptionStatus: "trial",
        hasBillingAccount: false,
        trialEndsAt: "2026-03-15T12:00:00Z",
        currentQrCodes: 0,
        maxQrCodes: 50,
      },
    };
    const fetch = mockFetch({
      "GET /api/corporate/4/dashboard": () => ({ body: trial }),
      "POST /api/corporate/4/subscribe": () => ({
        body: {
          sessionId: "cs_local_r2",
          registrationId: "r2",
          redirectUrl: "/corporate-test-checkout?session_id=cs_local_r2&registration_id=r2",
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/dashboard/4");
    expect(await screen.findByRole("heading", { name: "Choose a plan" })).toBeVisible();
    // The trial holds the server's allowance, not the plan's: said where the plan is.
    expect(
      screen.getByText("Professional trial: 50 QR codes until you subscribe (the plan holds 200)."),
    ).toBeVisible();
    expect(screen.getByText("0 of 50 used")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Manage Billing" })).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Subscription Plan/), "enterprise");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate-test-checkout"));
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/subscribe")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ subscriptionPlan: "enterprise" });
  });

  it("shows an admin only what the server says they may do", async () => {
    // The role's name is not what decides: only the stated permissions.
    const asAdmin = {
      ...dashboard,
      organization: { ...dashboard.organization, subscriptionStatus: "trial" },
      role: "Organization Administrator",
      permissions: { edit: true, manageTeam: false, manageBilling: false },
    };
    mockFetch({ "GET /api/corporate/4/dashboard": () => ({ body: asAdmin }) });
    renderRoute("/corporate/dashboard/4");
    expect(await screen.findByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Manage Billing" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Choose a plan" })).toBeNull();
    expect(screen.getByLabelText(/^Paper size/)).toHaveValue("a4");
  });

  it("lets a member change the organisation's paper; a reader only sees it", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/4/dashboard": () => ({ body: dashboard }),
      "PUT /api/corporate/4/paper-size": () => ({
        body: { paperSize: "letter", message: "Paper size saved" },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/dashboard/4");
    await user.selectOptions(await screen.findByLabelText(/^Paper size/), "letter");
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === "/api/corporate/4/paper-size")).toBe(true),
    );
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/paper-size")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ paperSize: "letter" });
  });

  it("counts the codes due and overdue for review, links to them, and changes the period", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/4/dashboard": () => ({ body: dashboard }),
      "PUT /api/corporate/4/review-period": () => ({
        body: { reviewPeriodMonths: 6, message: "Review period saved" },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/dashboard/4");
    expect(await screen.findByRole("link", { name: "5 due for review" })).toHaveAttribute(
      "href",
      "/corporate/qr-codes?review=due",
    );
    expect(screen.getByRole("link", { name: "2 overdue" })).toHaveAttribute(
      "href",
      "/corporate/qr-codes?review=overdue",
    );
    expect(screen.getByLabelText(/^Confirm details every/)).toHaveValue("12");
    await user.selectOptions(screen.getByLabelText(/^Confirm details every/), "6");
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === "/api/corporate/4/review-period")).toBe(true),
    );
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/review-period")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reviewPeriodMonths: 6 });
  });

  it("shows a site admin the paper without a control", async () => {
    mockFetch({
      "GET /api/corporate/4/dashboard": () => ({
        body: {
          ...dashboard,
          role: "",
          permissions: { edit: false, manageTeam: false, manageBilling: false },
        },
      }),
    });
    renderRoute("/corporate/dashboard/4");
    expect(await screen.findByText("A4 (210 × 297 mm)")).toBeVisible();
    expect(screen.queryByLabelText(/^Paper size/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Manage Billing" })).toBeNull();
  });
});
