import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import { useLabelOptionsStore } from "@/stores/labelOptions";
import { paidStatus, usePaymentStatusStore } from "@/stores/session";
import { resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/qr-generated", () => {
  beforeEach(resetStores);

  it("redirects home without emergency data", async () => {
    const { router } = renderRoute("/qr-generated");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("keeps a signed-out visitor's form when they come back after 6 minutes in the same visit", async () => {
    // Saved 6 minutes ago, then print preview, account setup or the label
    // options: the visit is still in progress, so nothing is cleared.
    saveRecord(new Date(Date.now() - 6 * 60_000));
    const { router } = renderRoute("/qr-generated");
    expect(await screen.findByText("PREVIEW ONLY")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/qr-generated");
    expect(localStorage.getItem("lifetag_emergency_info")).not.toBeNull();
  });

  it("shows only the blurred sample to an unpaid visitor, and the sample text", async () => {
    const user = userEvent.setup();
    saveRecord();
    renderRoute("/qr-generated");
    expect(await screen.findByText("PREVIEW ONLY")).toBeInTheDocument();
    expect(screen.getByText("SAMPLE USER - PURCHASE TO UNLOCK")).toBeInTheDocument();
    expect(screen.queryByText("READY")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View QR Code Content" }));
    // The dialog's code loads when it is first opened.
    const text = (await screen.findByTestId("qr-text")).textContent ?? "";
    expect(text).toContain("Name: SAMPLE USER - PURCHASE TO UNLOCK");
    expect(text).not.toContain("Jane Doe");
  });

  it("still shows the sample to a paid visitor who is not signed in", async () => {
    saveRecord();
    usePaymentStatusStore.getState().setStatus(paidStatus(true));
    renderRoute("/qr-generated");
    expect(await screen.findByText("PREVIEW ONLY")).toBeInTheDocument();
    expect(screen.getByText(/sign in to see your real code/)).toBeInTheDocument();
  });

  it("shows the real code with READY to a paid, signed-in user", async () => {
    const user = userEvent.setup();
    saveRecord();
    signInPaid();
    renderRoute("/qr-generated");
    expect(await screen.findByText("READY")).toBeInTheDocument();
    expect(screen.queryByText("PREVIEW ONLY")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View QR Code Content" }));
    expect((await screen.findByTestId("qr-text")).textContent).toMatch(
      /^🚨 EMERGENCY CONTACT INFORMATION 🚨\n\nName: Jane Doe\nBlood Type: O\+\nWeight: 70.5 kg\n\nEMERGENCY CONTACTS:\n1. John Doe \(Husband\)\n {3}Phone: \+44 7700 900123\n\nMEDICAL INFORMATION:\nAllergies: Penicillin\n\nGenerated: \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
  });

  it("puts nothing over the real code or its 4-module quiet zone: READY sits under the frame", async () => {
    saveRecord();
    signInPaid();
    renderRoute("/qr-generated");
    const badge = await screen.findByText("READY");
    const image = await screen.findByRole("img", { name: /QR code/i });
    const frame = image.closest(".qr-frame") as HTMLElement;
    // The badge is outside the code's frame, so it cannot cover a finder pattern.
    expect(frame.contains(badge)).toBe(false);
    expect(frame.children).toHaveLength(1);
    // The frame is 4 modules wider than the symbol on each side: the image's
    // 1 module of margin and 3 of the frame's white.
    const imageModules = Number(frame.style.getPropertyValue("--qr-image-modules"));
    const frameModules = Number(frame.style.getPropertyValue("--qr-frame-modules"));
    expect(imageModules).toBeGreaterThan(21);
    expect(frameModules - imageModules).toBe(2 * 3);
  });

  it("states the A4 sheet's real label size and count on the label-type cards", async () => {
    saveRecord();
    useLabelOptionsStore.getState().update({ paperSize: "a4" });
    renderRoute("/qr-generated");
    const helmet = await screen.findByRole("radio", { name: /Helmet/ });
    expect(helmet.closest("label")).toHaveTextContent("99.1 × 57 mm · 10 per sheet");
    expect(screen.getByRole("radio", { name: /Gear/ }).closest("label")).toHaveTextContent(
      "50 × 50 mm · 15 per sheet",
    );
  });

  it("shows custom inputs that reset width to 70 on blur", async () => {
    const user = userEvent.setup();
    saveRecord();
    renderRoute("/qr-generated");
    await user.click(await screen.findByRole("radio", { name: /Custom/ }));
    const width = screen.getByLabelText("Width (mm)");
    await user.clear(width);
    await user.type(width, "40");
    await user.tab();
    expect(width).toHaveValue(70);
    expect(screen.getByText("QR size: optimal")).toBeInTheDocument();
  });

  describe("Save for lock screen", () => {
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it("is locked until purchase, with a reason", async () => {
      saveRecord();
      renderRoute("/qr-generated");
      const iphone = await screen.findByRole("button", { name: "Save for iPhone" });
      expect(iphone).toHaveAttribute("aria-disabled", "true");
      expect(iphone).toHaveAccessibleDescription(/complete your purchase to save/);
    });

    it("stores the record shown, then saves the cloud's picture for the chosen phone", async () => {
      const user = userEvent.setup();
      saveRecord();
      signInPaid();
      const fetch = mockFetch({
        "GET /api/user/data": () => ({ body: { user: null, emergencyData: null } }),
        "GET /api/user/payment-status": () => ({
          body: {
            hasPrintAccess: true,
            stripeCustomerId: null,
            hasPhysicalOrder: false,
            physicalOrders: [],
          },
        }),
        "POST /api/sync/emergency-data": () => ({ body: { message: "ok" } }),
        "POST /api/labels/lock-screen.png": () => ({ body: "PNG" }),
      });
      vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:png");
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      renderRoute("/qr-generated");
      await user.click(await screen.findByRole("button", { name: "Save for Android" }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const urls = fetch.mock.calls.map(([url]) => String(url));
      expect(urls.indexOf("/api/sync/emergency-data")).toBeLessThan(
        urls.indexOf("/api/labels/lock-screen.png"),
      );
      const body = JSON.parse(
        String(fetch.mock.calls.find(([u]) => u === "/api/labels/lock-screen.png")![1]!.body),
      );
      expect(body).toMatchObject({
        email: "jane@example.com",
        phone: "android",
        emergencyData: { personalInfo: { fullName: "Jane Doe" } },
      });
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toBe("lifetag-lock-screen-android.png");
    });
  });
});
