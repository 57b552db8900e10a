import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const valid = () => ({ body: { state: "valid", message: "", newLink: "" } });

describe("/corporate-password-setup", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("explains a link without a token", async () => {
    renderRoute("/corporate-password-setup");
    expect(await screen.findByText("Invalid Setup Link")).toBeVisible();
    expect(
      screen.getByText("No setup token found. Please use the link from your registration email."),
    ).toBeVisible();
  });

  it("shows the spec's messages, then sets the password and goes to sign-in", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/setup-password": valid,
      "POST /api/corporate/setup-password": () => ({
        body: { success: true, message: "Your password has been set. Please sign in." },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate-password-setup?token=tok123");
    await user.type(await screen.findByLabelText(/^Password/), "short");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByText("Password must be at least 6 characters long")).toBeVisible();
    expect(screen.getByText("Password confirmation is required")).toBeVisible();
    await user.type(screen.getByLabelText(/^Password/), "-longer");
    await user.type(screen.getByLabelText(/^Confirm Password/), "different");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByText("Passwords don't match")).toBeVisible();
    expect(apiCalls(fetch).map(([url]) => String(url))).toEqual([
      "/api/corporate/setup-password?token=tok123",
    ]);
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), "short-longer");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate-login"));
    const [, init] = apiCalls(fetch)[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ token: "tok123", password: "short-longer" });
  });

  it("says a link used meanwhile was used and offers sign-in or a new link", async () => {
    const used =
      "This password setup link has already been used. Sign in with the password you chose, or ask for a new link.";
    mockFetch({
      "GET /api/corporate/setup-password": valid,
      "POST /api/corporate/setup-password": () => ({ status: 410, body: { message: used } }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate-password-setup?token=tok123");
    await user.type(await screen.findByLabelText(/^Password/), "long-enough");
    await user.type(screen.getByLabelText(/^Confirm Password/), "long-enough");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeVisible();
    expect(screen.getByText(used)).toBeVisible();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/corporate-login",
    );
    expect(screen.getByRole("link", { name: "Get a new link" })).toHaveAttribute(
      "href",
      "/reset-password?signin=corporate",
    );
  });

  // A used link is said as the page opens, before a password is typed.
  it("says a used link was used as soon as the page opens", async () => {
    const used =
      "This password setup link has already been used. Sign in with the password you chose, or ask for a new link.";
    const fetch = mockFetch({
      "GET /api/corporate/setup-password": () => ({
        body: { state: "used", message: used, newLink: "reset" },
      }),
    });
    renderRoute("/corporate-password-setup?token=tok123");
    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeVisible();
    expect(screen.getByText(used)).toBeVisible();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/corporate-login",
    );
    expect(screen.getByRole("link", { name: "Get a new link" })).toHaveAttribute(
      "href",
      "/reset-password?signin=corporate",
    );
    expect(apiCalls(fetch)).toHaveLength(1);
  });

  it("mails a new link for a trial's expired link, which has no account yet", async () => {
    const expired = "This password setup link has expired. Ask for a new link.";
    const fetch = mockFetch({
      "GET /api/corporate/setup-password": () => ({
        body: { state: "expired", message: expired, newLink: "mail" },
      }),
      "POST /api/corporate/resend-setup": () => ({
        body: {
          message: "If this registration is waiting for its setup link, we have sent it again.",
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate-password-setup?token=tok123");
    expect(await screen.findByText(expired)).toBeVisible();
    // No account exists: neither sign-in nor the reset page would help.
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Get a new link" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send me a new link" }));
    expect(
      await screen.findByText(
        "Check your email: we have sent you a new link. It works for 24 hours.",
      ),
    ).toBeVisible();
    const [url, init] = apiCalls(fetch)[1]!;
    expect(String(url)).toBe("/api/corporate/resend-setup");
    expect(JSON.parse(String(init!.body))).toEqual({ token: "tok123" });
  });

  it("sends a trial that has had its mails back to the trial form", async () => {
    mockFetch({
      "GET /api/corporate/setup-password": () => ({
        body: {
          state: "expired",
          message: "This password setup link has expired. Ask for a new link.",
          newLink: "trial",
        },
      }),
    });
    renderRoute("/corporate-password-setup?token=tok123");
    expect(
      await screen.findByRole("link", { name: "Start your free trial again" }),
    ).toHaveAttribute("href", "/corporate/register");
  });
});
