import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/print-preview", () => {
  beforeEach(resetStores);
  afterEach(() => vi.restoreAllMocks());

  it("redirects home without data", async () => {
    const { router } = renderRoute("/print-preview");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("locks Download and Print for unpaid visitors, with the spec's reason", async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    saveRecord();
    renderRoute("/print-preview");
    const printButton = await screen.findByRole("button", { name: "Print" });
    expect(printButton).toHaveAttribute("aria-disabled", "true");
    expect(printButton).toHaveAccessibleDescription(
      "Please complete your purchase to print labels with your real emergency information.",
    );
    expect(screen.getByRole("button", { name: "Download PDF" })).toHaveAccessibleDescription(
      "Please complete your purchase to download labels with your real emergency information.",
    );
    await user.click(printButton);
    expect(print).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts[0]?.title).toBe(
      "Please complete your purchase to print labels with your real emergency information.",
    );
  });

  it("prints for a paid user after 1 s with ?print=true", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    saveRecord();
    signInPaid();
    const start = Date.now();
    renderRoute("/print-preview?print=true");
    await screen.findByRole("heading", { name: "Print preview" });
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 2500 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
  });
});
