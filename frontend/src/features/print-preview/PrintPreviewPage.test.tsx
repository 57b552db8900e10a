import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/print-preview", () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

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

  it("stores the record, then downloads the PDF with the visitor's time zone", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    const fetch = mockFetch({
      "GET /api/user/data": () => ({
        body: {
          user: { id: 1, email: "jane@example.com", hasPrintAccess: true },
          emergencyData: null,
        },
      }),
      "GET /api/user/payment-status": () => ({ body: { hasPrintAccess: true } }),
      "POST /api/sync/emergency-data": () => ({ body: { message: "ok" } }),
      "POST /api/labels/sheet.pdf": () => ({ body: "%PDF" }),
    });
    const createObjectURL = vi.fn(() => "blob:pdf");
    vi.spyOn(URL, "createObjectURL").mockImplementation(createObjectURL);
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderRoute("/print-preview");
    await user.click(await screen.findByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls.indexOf("/api/sync/emergency-data")).toBeLessThan(
      urls.indexOf("/api/labels/sheet.pdf"),
    );
    const body = JSON.parse(
      String(fetch.mock.calls.find(([u]) => u === "/api/labels/sheet.pdf")![1]!.body),
    );
    expect(body).toMatchObject({
      email: "jane@example.com",
      labelOptions: { labelType: "helmet" },
    });
    expect(typeof body.timeZone).toBe("string");
  });
});
