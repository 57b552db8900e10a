import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { readPendingUser, writePendingUser } from "@/stores/pending";
import { useUserStore } from "@/stores/session";
import { renderRoute } from "@/test/renderRoute";

describe("purchase flow guards", () => {
  beforeEach(resetStores);

  it("sends /account-setup home with Missing Information without a pending order", async () => {
    saveRecord();
    const { router } = renderRoute("/account-setup");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(useToastStore.getState().toasts[0]?.title).toBe("Missing Information");
  });

  it("shows the summary of the saved record", async () => {
    saveRecord();
    localStorage.setItem("pendingOrderType", "print");
    renderRoute("/payment-summary");
    expect(await screen.findByText("Jane Doe")).toBeInTheDocument();
    expect(screen.getByText("Listed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay £0.99" })).toBeInTheDocument();
  });

  it("says No emergency data found without a record", async () => {
    renderRoute("/payment-summary");
    expect(await screen.findByText("No emergency data found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});

describe("back from a bank's own check page", () => {
  beforeEach(() => {
    resetStores();
    saveRecord();
    localStorage.setItem("pendingOrderType", "print");
    writePendingUser({ email: "jane@example.com", password: "secret1", isExisting: false });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const returnAddress = (status: string) =>
    `/payment-summary?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=${status}`;

  it("completes the pending sign-up when the payment succeeded", async () => {
    const fetch = mockFetch({
      "POST /api/auth/create-account-after-payment": () => ({
        body: {
          user: { id: 7, email: "jane@example.com", hasPrintAccess: true },
        },
      }),
      "POST /api/sync/emergency-data": () => ({ body: { message: "ok" } }),
      "GET /api/user/data": () => ({ body: { user: null, emergencyData: null } }),
      "GET /api/user/payment-status": () => ({ body: { hasPrintAccess: true } }),
      "POST /api/check-subscription": () => ({ body: { hasAccess: true } }),
    });
    const titles: string[] = [];
    useToastStore.subscribe((state) => titles.push(...state.toasts.map((t) => t.title)));
    const { router } = renderRoute(returnAddress("succeeded"));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.title).toBe("Payment Successful"),
    );
    expect(router.state.location.search).toBe("");
    const created = fetch.mock.calls.find(
      ([url]) => url === "/api/auth/create-account-after-payment",
    );
    expect(JSON.parse(String(created![1]!.body))).toEqual({
      email: "jane@example.com",
      password: "secret1",
    });
    expect(useUserStore.getState().user?.email).toBe("jane@example.com");
    expect(readPendingUser()).toBeNull();
    // Someone who has just made their account is welcomed, not welcomed back.
    await waitFor(() => expect(titles).toContain("Welcome to Lifetag!"), { timeout: 20_000 });
    expect(titles).not.toContain("Welcome back!");
  });

  it("says the payment failed, creates nothing and keeps the pending sign-up", async () => {
    const fetch = mockFetch({});
    const { router } = renderRoute(returnAddress("requires_payment_method"));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Payment Failed"));
    expect(router.state.location.search).toBe("");
    // Nothing but the page view's analytics.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/analytics/page-view"]);
    expect(readPendingUser()?.password).toBe("secret1");
    expect(screen.getByRole("button", { name: "Pay £0.99" })).toBeInTheDocument();
  });
});

describe("the welcome after paying", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  const returnAddress = (status: string) =>
    `/payment-summary?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=${status}`;

  it("welcomes back someone who signed in to pay", async () => {
    resetStores();
    saveRecord();
    localStorage.setItem("pendingOrderType", "print");
    writePendingUser({ email: "jane@example.com", password: "", isExisting: true });
    const titles: string[] = [];
    useToastStore.subscribe((state) => titles.push(...state.toasts.map((t) => t.title)));
    signInPaid(false);
    mockFetch({
      "GET /api/user/data": () => ({ body: { user: null, emergencyData: null } }),
      "GET /api/user/payment-status": () => ({ body: { hasPrintAccess: true } }),
      "POST /api/check-subscription": () => ({ body: { hasAccess: true } }),
    });
    renderRoute(returnAddress("succeeded"));
    await waitFor(() => expect(titles).toContain("Welcome back!"), { timeout: 20_000 });
    expect(titles).not.toContain("Welcome to Lifetag!");
  });

  it("does not pull back someone who moved on before the welcome", async () => {
    resetStores();
    saveRecord();
    localStorage.setItem("pendingOrderType", "print");
    writePendingUser({ email: "jane@example.com", password: "secret1", isExisting: false });
    const titles: string[] = [];
    useToastStore.subscribe((state) => titles.push(...state.toasts.map((t) => t.title)));
    mockFetch({
      "POST /api/auth/create-account-after-payment": () => ({
        body: { user: { id: 7, email: "jane@example.com", hasPrintAccess: true } },
      }),
      "POST /api/sync/emergency-data": () => ({ body: { message: "ok" } }),
      "GET /api/user/data": () => ({ body: { user: null, emergencyData: null } }),
      "GET /api/user/payment-status": () => ({ body: { hasPrintAccess: true } }),
      "POST /api/check-subscription": () => ({ body: { hasAccess: true } }),
    });
    const { router } = renderRoute(returnAddress("succeeded"));
    await waitFor(() => expect(titles).toContain("Payment Successful"));
    // Once the page has put away the bank's return address, the person leaves.
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await router.navigate("/referrals");
    await waitFor(() => expect(titles).toContain("Welcome to Lifetag!"), { timeout: 20_000 });
    expect(router.state.location.pathname).toBe("/referrals");
  });
});
