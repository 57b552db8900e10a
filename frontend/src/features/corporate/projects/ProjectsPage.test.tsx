import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const own = { id: 4, name: "Acme", subscriptionTier: "starter", subscriptionStatus: "active" };
const north = {
  id: 7,
  name: "North Site",
  description: "Scaffolders",
  status: "active",
  startDate: "",
  endDate: "",
  codeCount: 3,
  createdAt: "",
};

describe("/corporate/projects/new (docs/design/admin-corporate.md §2)", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("keeps Create Project disabled while the name is blank, creates through the API, and Cancel goes to the dashboard", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "POST /api/corporate/4/projects": ({ body }) => {
        sent.push(JSON.parse(String(body)));
        return { status: 201, body: { success: true, project: { ...north, name: "North Site" } } };
      },
      "GET /api/corporate/projects/4": () => ({ body: { projects: [north] } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/projects/new");
    const create = await screen.findByRole("button", { name: "Create Project" });
    expect(screen.getByRole("heading", { name: "What is a project?" })).toBeVisible();
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/^Project Name/), "   ");
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/^Project Name/), "North Site");
    await user.type(screen.getByLabelText(/^Description/), "Scaffolders");
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/projects"));
    expect(sent).toEqual([
      { name: "   North Site", description: "Scaffolders", startDate: "", endDate: "" },
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Project created" });
    expect(await screen.findByText("North Site")).toBeVisible();

    await router.navigate("/corporate/projects/new");
    await user.click(await screen.findByRole("link", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/corporate/dashboard"));
  });
});

describe("/corporate/projects", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("sets a status, renames in a dialog, and links to the project's codes", async () => {
    const puts: unknown[] = [];
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [north] } }),
      "PUT /api/corporate/4/projects/7": ({ body }) => {
        puts.push(JSON.parse(String(body)));
        return { body: { success: true, project: north } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/corporate/projects");
    expect(await screen.findByText(/3 QR codes/)).toBeVisible();
    await user.selectOptions(screen.getByLabelText("Status: North Site"), "completed");
    await waitFor(() => expect(puts).toEqual([{ status: "completed" }]));

    await user.click(screen.getByRole("button", { name: "Rename: North Site" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename project" });
    await user.clear(within(dialog).getByLabelText(/^Project Name/));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Project name is required")).toBeVisible();
    expect(puts).toHaveLength(1);
    // A typed new name is asked for before Cancel drops it.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await user.click(within(ask).getByRole("button", { name: "Keep editing" }));
    await user.type(within(dialog).getByLabelText(/^Project Name/), "South Site");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(puts[1]).toEqual({ name: "South Site" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("link", { name: /View QR codes/ }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        "/corporate/qr-codes?project=7",
      ),
    );
  });

  it("offers Delete only for an empty project, and archiving for one with codes", async () => {
    const deleted: string[] = [];
    const empty = {
      ...north,
      id: 8,
      name: "Empty Site",
      codeCount: 0,
      startDate: "2026-05-01",
      endDate: "",
    };
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: own }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [north, empty] } }),
      "DELETE /api/corporate/4/projects/8": () => {
        deleted.push("8");
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderRoute("/corporate/projects");
    expect(await screen.findByText("From 2026-05-01")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete: North Site" })).toBeNull();
    expect(screen.getByText("Holds QR codes: archive it instead of deleting it.")).toBeVisible();
    expect(
      within(screen.getByLabelText("Status: North Site")).getByRole("option", { name: "Archived" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete: Empty Site" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete project" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual(["8"]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
