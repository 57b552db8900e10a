import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useUserStore } from "@/stores/session";
import { mockFetch } from "@/test/fetchMock";
import { resetStores, signInPaid } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

describe("/privacy", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("asks a visitor to sign in rather than offering actions only an owner may take", async () => {
    renderRoute("/privacy");
    const rights = await screen.findByRole("region", { name: "Download or delete your data" });
    expect(within(rights).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/login?return=/privacy",
    );
    expect(screen.queryByRole("button", { name: "Download My Data" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Account" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Privacy policy" })).toBeVisible();
  });

  it("says what review reminders are sent, why, and how to stop them", async () => {
    renderRoute("/privacy");
    expect(
      await screen.findByRole("heading", { name: "Reminders to check your details" }),
    ).toBeVisible();
    expect(screen.getByText(/holds no medical details/)).toHaveTextContent(
      /every 12 months .* stops the reminders without signing in/,
    );
  });

  it("keeps Delete disabled until the phrase matches, and Cancel closes the panel", async () => {
    const user = userEvent.setup();
    signInPaid();
    renderRoute("/privacy");
    await user.click(await screen.findByRole("button", { name: "Delete Personal Data" }));
    const confirm = screen.getByRole("button", { name: "Delete My Data" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText("Type DELETE_MY_DATA to confirm"), "DELETE_MY_DAT");
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText("Type DELETE_MY_DATA to confirm"), "A");
    expect(confirm).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("button", { name: "Delete My Data" })).not.toBeInTheDocument();
  });

  it("deletes the account with the typed phrase and signs out", async () => {
    const user = userEvent.setup();
    signInPaid();
    const fetch = mockFetch({
      "POST /api/privacy/delete-account": () => ({ body: { message: "Account deleted" } }),
    });
    const { router } = renderRoute("/privacy");
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    await user.type(
      screen.getByLabelText("Type DELETE_MY_ACCOUNT to confirm"),
      "DELETE_MY_ACCOUNT",
    );
    await user.click(screen.getByRole("button", { name: "Delete My Account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const call = fetch.mock.calls.find(([url]) => url === "/api/privacy/delete-account");
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      email: "jane@example.com",
      confirmation: "DELETE_MY_ACCOUNT",
    });
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem("lifetag_user")).toBeNull();
  });
});
