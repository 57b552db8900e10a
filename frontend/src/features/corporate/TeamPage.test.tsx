import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const manager = { edit: true, manageTeam: true, manageBilling: true };

describe("/corporate/team", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("lists the team, invites an admin, and shows the server's refusal", async () => {
    let invites = 0;
    const members = [
      {
        id: 1,
        email: "boss@acme.example",
        userType: "corporate_owner",
        role: "Organization Administrator",
        passwordSet: true,
        canResend: false,
        canRemove: false,
      },
    ];
    const fetch = mockFetch({
      "GET /api/corporate/4/team": () => ({
        body: { members, maxMembers: 3, permissions: manager },
      }),
      "GET /api/corporate/4/dashboard": () => ({ status: 404, body: {} }),
      "POST /api/corporate/4/team/invite": () =>
        ++invites === 1
          ? { status: 201, body: { message: "Invitation sent" } }
          : {
              status: 409,
              body: { message: "An organization can have at most 3 admin accounts" },
            },
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/team/4");
    expect(await screen.findByText("boss@acme.example")).toBeVisible();
    expect(screen.getByText("2 slots left")).toBeVisible();
    await user.type(screen.getByLabelText(/^Email address/), "ann@acme.example");
    await user.click(screen.getByRole("button", { name: "Invite Admin" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain("Invitation sent"),
    );
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/team/invite")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: "ann@acme.example" });
    await user.type(screen.getByLabelText(/^Email address/), "fourth@acme.example");
    await user.click(screen.getByRole("button", { name: "Invite Admin" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Team update failed",
        description: "An organization can have at most 3 admin accounts",
      }),
    );
    // The refused address is still typed: leaving the page asks first.
    await router.navigate("/corporate/qr-codes");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/corporate/team/4");
  });

  it("offers an invited admin no team buttons, as the server says", async () => {
    const members = [
      {
        id: 1,
        email: "boss@acme.example",
        userType: "corporate_owner",
        role: "Organization Administrator",
        passwordSet: true,
        canResend: false,
        canRemove: false,
      },
      {
        id: 2,
        email: "ann@acme.example",
        userType: "corporate_admin",
        role: "Admin",
        passwordSet: false,
        canResend: false,
        canRemove: false,
      },
    ];
    mockFetch({
      "GET /api/corporate/4/team": () => ({
        body: {
          members,
          maxMembers: 3,
          permissions: { edit: true, manageTeam: false, manageBilling: false },
        },
      }),
    });
    renderRoute("/corporate/team/4");
    expect(await screen.findByText("ann@acme.example")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Invite Admin" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resend" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(
      screen.getByText("Only the Organization Administrator invites and removes admins."),
    ).toBeVisible();
  });

  it("asks before removing, names the person and says what happens", async () => {
    const owner = {
      id: 1,
      email: "boss@acme.example",
      userType: "corporate_owner",
      role: "Organization Administrator",
      passwordSet: true,
      canResend: false,
      canRemove: false,
    };
    const ann = {
      id: 2,
      email: "ann@acme.example",
      userType: "corporate_admin",
      role: "Admin",
      passwordSet: true,
      canResend: false,
      canRemove: true,
    };
    const invited = { ...ann, id: -7, email: "new@acme.example", passwordSet: false };
    const fetch = mockFetch({
      "GET /api/corporate/4/team": () => ({
        body: { members: [owner, ann, invited], maxMembers: 3, permissions: manager },
      }),
      "DELETE /api/corporate/4/team/2": () => ({ body: { message: "Team member removed" } }),
    });
    const removals = () => fetch.mock.calls.filter(([, init]) => init?.method === "DELETE");
    const user = userEvent.setup();
    renderRoute("/corporate/team/4");
    const [removeAnn, removeInvited] = await screen.findAllByRole("button", { name: "Remove" });

    await user.click(removeAnn!);
    const dialog = await screen.findByRole("dialog", { name: "Remove ann@acme.example?" });
    expect(dialog).toHaveTextContent(
      "Their account is deleted: they can no longer sign in, and they will get an e-mail saying so. The QR codes they made stay in the library.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(removals()).toHaveLength(0);

    // A pending invitation: nobody signed in yet, and nobody is mailed.
    await user.click(removeInvited!);
    expect(
      await screen.findByRole("dialog", { name: "Withdraw the invitation to new@acme.example?" }),
    ).toHaveTextContent("The link they were mailed stops working. They get no e-mail about it.");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await user.click(removeAnn!);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }),
    );
    await waitFor(() => expect(removals()).toHaveLength(1));
    expect(removals()[0]![0]).toBe("/api/corporate/4/team/2");
  });
});
