import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const key = {
  id: 3,
  name: "HR sync",
  prefix: "lt_live_AbCd",
  scope: "write",
  status: "active",
  createdAt: "2026-11-01T10:00:00Z",
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
};
const secret = "lt_live_" + "x".repeat(43);

describe("/corporate/api-keys", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("creates a key, shows its secret once with Copy, and revokes one after confirming", async () => {
    let keys: Record<string, unknown>[] = [key];
    const fetch = mockFetch({
      "GET /api/corporate/4/api-keys": () => ({ body: { keys, manage: true } }),
      "POST /api/corporate/4/api-keys": () => ({
        status: 201,
        body: { key: { ...key, id: 4, name: "Badge system", scope: "read" }, secret },
      }),
      "DELETE /api/corporate/4/api-keys/3": () => {
        keys = [{ ...key, status: "revoked", revokedAt: "2026-11-23T10:00:00Z" }];
        return { body: keys[0] };
      },
    });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderRoute("/corporate/api-keys/4");
    const row = (await screen.findByRole("rowheader", { name: "HR sync" })).closest("tr")!;
    expect(within(row).getByText("Read and write")).toBeVisible();
    expect(within(row).getByText("Not yet")).toBeVisible();
    // The site's own date style, whatever the browser's language.
    expect(within(row).getByText("1 Nov 2026")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog");
    // A name is required, said beside the field.
    await user.click(within(dialog).getByRole("button", { name: "Create API key" }));
    expect(await within(dialog).findByText("Give the key a name.")).toBeVisible();
    await user.type(within(dialog).getByLabelText(/^Name/), "Badge system");
    await user.click(within(dialog).getByRole("button", { name: "Create API key" }));
    expect(await within(dialog).findByDisplayValue(secret)).toBeVisible();
    expect(within(dialog).getByText(/you will not see it again/)).toBeVisible();
    const post = fetch.mock.calls.find(
      ([u, init]) => u === "/api/corporate/4/api-keys" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      name: "Badge system",
      scope: "read",
      expiresAt: null,
    });
    await user.click(within(dialog).getByRole("button", { name: "Copy key" }));
    expect(writeText).toHaveBeenCalledWith(secret);
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Revoke HR sync" }));
    expect(await screen.findByRole("dialog", { name: "Revoke this API key?" })).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain("API key revoked"),
    );
    expect(await screen.findByText("Revoked")).toBeVisible();
  });

  it("asks before a typed key name is dropped", async () => {
    mockFetch({ "GET /api/corporate/4/api-keys": () => ({ body: { keys: [key], manage: true } }) });
    const user = userEvent.setup();
    renderRoute("/corporate/api-keys/4");
    await user.click(await screen.findByRole("button", { name: "Create API key" }));
    await user.type(await screen.findByLabelText(/^Name/), "Badge system");
    await user.keyboard("{Escape}");
    const ask = await screen.findByRole("dialog", { name: "Discard your changes?" });
    await user.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Badge system");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lets a member read the names without the owner's actions", async () => {
    mockFetch({
      "GET /api/corporate/4/api-keys": () => ({ body: { keys: [key], manage: false } }),
    });
    renderRoute("/corporate/api-keys/4");
    expect(await screen.findByRole("rowheader", { name: "HR sync" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Create API key" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Revoke/ })).toBeNull();
    expect(screen.getByText(/Only the Organization Administrator/)).toBeVisible();
  });
});
