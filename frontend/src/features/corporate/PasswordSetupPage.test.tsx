import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

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
    expect(apiCalls(fetch)).toEqual([]);
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), "short-longer");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate-login"));
    const [, init] = apiCalls(fetch)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ token: "tok123", password: "short-longer" });
  });

  it("says a used link was used and offers sign-in or a new link", async () => {
    const used =
      "This password setup link has already been used. Sign in with the password you chose, or ask for a new link.";
    mockFetch({
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
      "/reset-password",
    );
  });
});
