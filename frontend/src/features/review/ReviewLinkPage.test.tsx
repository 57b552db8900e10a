import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("a review reminder's links", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("confirms once as the page opens, without signing in, and offers to edit", async () => {
    const fetch = mockFetch({
      "POST /api/review-links/the-token/confirm": () => ({
        body: {
          message: "Thank you — your details are confirmed.",
          reviewedAt: "2027-03-01T12:00:00Z",
        },
      }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/review/confirm?token=the-token");
    expect(await screen.findByText("Thank you — your details are confirmed.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to edit my details" })).toHaveAttribute(
      "href",
      "/login?return=%2F",
    );
    expect(apiCalls(fetch)).toHaveLength(1);
  });

  it("shows the server's reason when a link is used, expired or altered", async () => {
    mockFetch({
      "POST /api/review-links/old/confirm": () => ({
        status: 410,
        body: { message: "This link has expired. Please sign in to confirm your details." },
      }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/review/confirm?token=old");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link has expired. Please sign in to confirm your details.",
    );
  });

  it("stops the reminders without signing in", async () => {
    const fetch = mockFetch({
      "POST /api/review-links/stop/unsubscribe": () => ({
        body: { message: "You will get no more reminders to check your details." },
      }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/review/unsubscribe?token=stop");
    expect(
      await screen.findByText("You will get no more reminders to check your details."),
    ).toBeInTheDocument();
    expect(apiCalls(fetch)).toHaveLength(1);
  });

  it("asks for the whole link when the token is missing, calling nothing", async () => {
    const fetch = mockFetch({ "POST /api/analytics/page-view": () => ({ status: 204 }) });
    renderRoute("/review/confirm");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is not complete.");
    expect(apiCalls(fetch)).toHaveLength(0);
  });
});
