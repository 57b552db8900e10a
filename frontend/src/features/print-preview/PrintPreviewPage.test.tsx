import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { AUTO_PRINT_DELAY_MS } from "./PrintPreviewPage";

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

  it("prints the engine's PDF, not the page, after 1 s with ?print=true", async () => {
    const pagePrint = vi.spyOn(window, "print").mockImplementation(() => {});
    saveRecord();
    signInPaid();
    // The sheet is asked for only once the page's 1 s timer has fired: an
    // order of events, not a measured time, which a slow machine cannot upset.
    expect(AUTO_PRINT_DELAY_MS).toBe(1000);
    let delayFired = false;
    let askedAfterDelay: boolean | undefined;
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      run: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) =>
      realSetTimeout(() => {
        if (ms === AUTO_PRINT_DELAY_MS) delayFired = true;
        run(...args);
      }, ms)) as typeof setTimeout);
    const fetch = mockPaidSheet(() => {
      askedAfterDelay ??= delayFired;
      return false;
    });
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:sheet");
    renderRoute("/print-preview?print=true");
    await screen.findByRole("heading", { name: "Print preview" });
    const frame = await waitFor(() => {
      const frame = document.querySelector("iframe");
      expect(frame).not.toBeNull();
      return frame!;
    });
    expect(askedAfterDelay).toBe(true);
    expect(frame.src).toBe("blob:sheet");
    expect(sheetRequests(fetch)).toBe(1);
    expect(pagePrint).not.toHaveBeenCalled();
  });

  it("Print sends the engine's PDF to a print frame; a failure says so", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    let fail = false;
    const fetch = mockPaidSheet(() => fail);
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:sheet");
    const { unmount } = renderRoute("/print-preview");
    await user.click(await screen.findByRole("button", { name: "Print" }));
    await waitFor(() => expect(document.querySelector("iframe")?.src).toBe("blob:sheet"));
    expect(sheetRequests(fetch)).toBe(1);

    fail = true;
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Print Failed"));
    expect(useToastStore.getState().toasts[0]?.description).toBe("No print access");

    // Leaving the page removes the frame and its PDF.
    unmount();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("refuses to print when the record on screen could not be stored, and retries", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    let syncFails = true;
    const fetch = mockPaidSheet(
      () => false,
      () => syncFails,
    );
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:sheet");
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoute("/print-preview");
    await user.click(await screen.findByRole("button", { name: "Print" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Print Failed");
    expect(alert).toHaveTextContent(/Your latest details could not be saved to your account/);
    expect(sheetRequests(fetch)).toBe(0);
    expect(document.querySelector("iframe")).toBeNull();

    syncFails = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(document.querySelector("iframe")?.src).toBe("blob:sheet"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sheetRequests(fetch)).toBe(1);
  });

  it("shows the cloud's refusal of a stale record beside a retry", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    mockPaidSheet(() => "stale");
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoute("/print-preview");
    await user.click(await screen.findByRole("button", { name: "Download PDF" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Download Failed");
    expect(alert).toHaveTextContent("not the ones saved");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("stores the record, then downloads the PDF with the visitor's time zone", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    const fetch = mockPaidSheet();
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
      // The record on screen, which the cloud checks against the stored one.
      emergencyData: { personalInfo: { fullName: "Jane Doe" } },
    });
    expect(typeof body.timeZone).toBe("string");
  });
});

/**
 * The cloud of a paid, signed-in user; the sheet request fails while
 * failing() says so ("stale": the stored record differs), the sync while
 * syncFailing() does.
 */
function mockPaidSheet(failing: () => boolean | "stale" = () => false, syncFailing = () => false) {
  return mockFetch({
    "GET /api/user/data": () => ({
      body: {
        user: { id: 1, email: "jane@example.com", hasPrintAccess: true },
        emergencyData: null,
      },
    }),
    "GET /api/user/payment-status": () => ({
      body: {
        hasPrintAccess: true,
        stripeCustomerId: null,
        hasPhysicalOrder: false,
        physicalOrders: [],
      },
    }),
    "POST /api/sync/emergency-data": () =>
      syncFailing() ? { status: 503, body: { message: "down" } } : { body: { message: "ok" } },
    "POST /api/labels/sheet.pdf": () => {
      const failure = failing();
      if (failure === "stale") {
        return {
          status: 409,
          body: {
            message: "The details on your screen are not the ones saved to your account yet",
          },
        };
      }
      return failure ? { status: 403, body: { message: "No print access" } } : { body: "%PDF" };
    },
  });
}

function sheetRequests(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url]) => url === "/api/labels/sheet.pdf").length;
}
