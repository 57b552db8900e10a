import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/corporate-login", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("checks the address and the password before calling", async () => {
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderRoute("/corporate-login");
    await user.type(await screen.findByLabelText(/^Email/), "boss@acme");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeVisible();
    expect(screen.getByText("Password is required")).toBeVisible();
    expect(apiCalls(fetch)).toEqual([]);
  });

  it("finds the company by the address: single sign-on required hides the password", async () => {
    const fetch = mockFetch({
      "POST /api/auth/sso/discover": () => ({ body: { available: true, required: true } }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate-login");
    await user.type(await screen.findByLabelText(/^Email/), "ada@acme.example");
    await user.tab();
    expect(
      await screen.findByText("Your organisation signs in with its company account only."),
    ).toBeVisible();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(
      screen.getByRole("button", { name: "Continue with your company account" }),
    ).toBeVisible();
    expect(apiCalls(fetch).map(([url]) => String(url))).toEqual(["/api/auth/sso/discover"]);
    // The Organization Administrator keeps a password, in case the provider fails.
    await user.click(
      screen.getByRole("button", { name: "Organization Administrator? Use your password" }),
    );
    expect(screen.getByLabelText(/^Password/)).toBeVisible();
  });

  it("says why a company sign-in came back", async () => {
    mockFetch({});
    renderRoute("/corporate-login?sso_error=unverified");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "did not give a verified address of your organisation's domain",
    );
  });

  it("offers a forgotten password, on the reset page that leads back here", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate-login");
    await user.click(await screen.findByRole("link", { name: "Forgot your password?" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/reset-password"));
    expect(router.state.location.search).toBe("?signin=corporate");
    // A corporate account never went through a checkout.
    expect(
      await screen.findByText(
        "Enter the email you sign in with and we will send you a reset link.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/used at checkout/)).not.toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Back to sign in" })).toHaveAttribute(
      "href",
      "/corporate-login",
    );
  });

  it("comes back to the corporate sign-in from a corporate account's reset link", async () => {
    mockFetch({
      "POST /api/auth/reset-password": () => ({ body: { message: "Password changed." } }),
    });
    const user = userEvent.setup();
    // The link mailed to a corporate account carries signin=corporate.
    const { router } = renderRoute("/reset-password?token=abc&signin=corporate");
    await user.type(await screen.findByLabelText(/^New password/), "secret-22");
    await user.type(screen.getByLabelText(/^Confirm new password/), "secret-22");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate-login"));
  });

  it("signs in by cookie and goes to the organisation's dashboard", async () => {
    mockFetch({
      "POST /api/corporate/login": () => ({
        body: {
          success: true,
          organizationId: 4,
          message: "Welcome back!",
          user: {
            id: 9,
            email: "boss@acme.example",
            userType: "corporate_owner",
            organizationId: 4,
          },
        },
      }),
      "GET /api/corporate/4/dashboard": () => ({ status: 401, body: { message: "no" } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate-login");
    await user.type(await screen.findByLabelText(/^Email/), "boss@acme.example");
    await user.type(screen.getByLabelText(/^Password/), "boss-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/dashboard/4"));
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain("Welcome back!");
    expect(localStorage.getItem("sessionToken")).toBeNull();
    // The site header offers the member's dashboard and Sign Out, not Sign In.
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "href",
      "/corporate/dashboard/4",
    );
    expect(header.getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");
    expect(header.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("shows Sign In Failed with the server's words", async () => {
    const message = "This is not a corporate account. Please sign in at /login.";
    mockFetch({ "POST /api/corporate/login": () => ({ status: 403, body: { message } }) });
    const user = userEvent.setup();
    renderRoute("/corporate-login");
    await user.type(await screen.findByLabelText(/^Email/), "ann@example.com");
    await user.type(screen.getByLabelText(/^Password/), "ann-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Sign In Failed",
        description: message,
      }),
    );
  });
});
