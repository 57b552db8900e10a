import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { redirectDelayMs } from "./PaymentSuccessPage";

describe("/corporate-payment-success", () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("says at once that payment information is missing", async () => {
    const fetch = mockFetch({});
    renderRoute("/corporate-payment-success?session_id=cs_1");
    expect(
      await screen.findByText("Missing payment information. Please try registering again."),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute(
      "href",
      "/corporate-register",
    );
    expect(apiCalls(fetch)).toEqual([]);
  });

  it("completes the registration, then goes to the dashboard after 3 s", async () => {
    const fetch = mockFetch({
      "POST /api/corporate/complete-registration": () => ({
        body: { success: true, message: "ok", organizationId: 7 },
      }),
    });
    // The clock is ours from the start; real time still drives it meanwhile.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute("/corporate-payment-success?session_id=cs_1&registration_id=r1");
    expect(await screen.findByText("Registration complete!")).toBeVisible();
    const [, init] = apiCalls(fetch)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ sessionId: "cs_1", registrationId: "r1" });
    await act(() => vi.advanceTimersByTimeAsync(redirectDelayMs - 100));
    expect(router.state.location.pathname).toBe("/corporate-payment-success");
    await act(() => vi.advanceTimersByTimeAsync(100));
    // The dashboard's screen is loaded lazily before the address changes.
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/dashboard/7"));
  });

  it("sends a new customer, who has no password yet, to the check-your-email page", async () => {
    const fetch = mockFetch({
      "POST /api/corporate/complete-registration": () => ({
        body: {
          success: true,
          message: "ok",
          organizationId: 7,
          contactEmail: "jane@acme.example",
          setupPending: true,
        },
      }),
      "POST /api/corporate/resend-setup": () => ({
        body: {
          message: "If this registration is waiting for its setup link, we have sent it again.",
        },
      }),
    });
    const { router } = renderRoute("/corporate-payment-success?session_id=cs_1&registration_id=r1");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/corporate-check-email");
    expect(screen.getByText("jane@acme.example")).toBeVisible();
    expect(screen.queryByText(/sign in to access/i)).toBeNull();
    screen.getByRole("button", { name: "Send the email again" }).click();
    expect(
      await screen.findByText(
        "If this registration is waiting for its setup link, we have sent it again.",
      ),
    ).toBeVisible();
    const [, init] = apiCalls(fetch)[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ registrationId: "r1", sessionId: "cs_1" });
  });

  it("shows the server's reason and Try Again on an error", async () => {
    mockFetch({
      "POST /api/corporate/complete-registration": () => ({
        status: 400,
        body: { message: "The payment for this registration has not been completed." },
      }),
    });
    renderRoute("/corporate-payment-success?session_id=cs_1&registration_id=r1");
    expect(
      await screen.findByText("The payment for this registration has not been completed."),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Try Again" })).toBeVisible();
  });
});
