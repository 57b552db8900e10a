import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { rewardsEarned } from "./ReferralsPage";

describe("/referrals", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("requires sign-in", async () => {
    const { router } = renderRoute("/referrals");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?return=/referrals");
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Authentication Required",
      description: "Please sign in to access this feature.",
    });
  });

  it("offers to generate a code when there is none (404)", async () => {
    signInPaid();
    mockFetch({
      "GET /api/referrals/jane%40example.com": () => ({ status: 404, body: { message: "none" } }),
    });
    renderRoute("/referrals");
    expect(
      await screen.findByRole("button", { name: "Generate My Referral Code" }),
    ).toBeInTheDocument();
  });

  it("shows the code, Active status and rewards of total x £0.20", async () => {
    signInPaid();
    mockFetch({
      "GET /api/referrals/jane%40example.com": () => ({
        body: {
          referralCode: "JANE42",
          totalReferrals: 3,
          referrals: [1, 2, 3].map((i) => ({
            referredEmail: `f${i}@x.co`,
            referralCode: "JANE42",
          })),
        },
      }),
    });
    renderRoute("/referrals");
    expect(await screen.findByText("JANE42")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("£0.60")).toBeInTheDocument();
  });

  it("computes rewards in pence-exact pounds", () => {
    expect(rewardsEarned(0)).toBe("£0.00");
    expect(rewardsEarned(7)).toBe("£1.40");
  });
});
