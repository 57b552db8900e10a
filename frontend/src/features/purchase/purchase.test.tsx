import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { resetStores, saveRecord } from "@/test/fixtures";
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
