import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

function userData(reviewedAt: string | null, months: number) {
  return {
    user: {
      id: 1,
      email: "jane@example.com",
      hasPrintAccess: true,
      isAdmin: false,
      stripeCustomerId: null,
      referralCode: null,
      createdAt: "2026-03-01T12:00:00Z",
    },
    emergencyData: null,
    reviewedAt,
    reviewReminderMonths: months,
  };
}

describe("the review card", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the last confirmation on the account page, confirms in one click and saves the period", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    const fetch = mockFetch({
      "GET /api/user/data": () => ({ body: userData("2026-03-03T10:00:00Z", 12) }),
      "GET /api/user/orders": () => ({ body: { orders: [] } }),
      "POST /api/user/review": () => ({
        body: {
          message: "Thank you — your details are confirmed.",
          reviewedAt: "2027-01-05T10:00:00Z",
        },
      }),
      "PUT /api/user/review-reminders": () => ({
        body: { message: "Reminder setting saved", months: 6 },
      }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/dashboard");
    expect(await screen.findByText("Last confirmed 3 March 2026")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "My details are still right" }));
    expect(await screen.findByText("Last confirmed 5 January 2027")).toBeInTheDocument();
    expect(screen.getByText("Thank you — your details are confirmed.")).toBeInTheDocument();

    const period = screen.getByLabelText("Remind me by e-mail to check them");
    expect(period).toHaveValue("12");
    await user.selectOptions(period, "Every 6 months");
    await waitFor(() => expect(period).toHaveValue("6"));
    const put = fetch.mock.calls.find(([url]) => url === "/api/user/review-reminders");
    expect(JSON.parse(String(put![1]!.body))).toEqual({ months: 6 });
  });

  it("offers no confirmation before a record is saved to the account", async () => {
    saveRecord();
    signInPaid();
    mockFetch({
      "GET /api/user/data": () => ({ body: userData(null, 12) }),
      "GET /api/user/orders": () => ({ body: { orders: [] } }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/dashboard");
    expect(await screen.findByText(/Not confirmed yet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "My details are still right" })).toBeNull();
  });
});
