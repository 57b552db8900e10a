import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const events = [
  "qr_code.created",
  "qr_code.updated",
  "qr_code.deactivated",
  "qr_code.activated",
  "qr_code.deleted",
  "print_run.recorded",
];
const endpoint = {
  id: 7,
  url: "https://hr.example.com/lifetag",
  description: "HR",
  events: ["qr_code.updated"],
  includeRecord: false,
  enabled: false,
  disabledReason: "Every delivery failed for three days",
  secretRotatedUntil: null,
  createdAt: "2026-11-01T10:00:00Z",
  concurrency: 8,
  missedSince: "2026-11-17T09:00:00Z",
};
const attempt = (id: number, responseCode: number) => ({
  id,
  messageId: 5,
  webhookId: "msg_x",
  type: "qr_code.updated",
  attemptedAt: "2026-11-20T10:00:00Z",
  succeeded: false,
  responseCode,
  durationMs: 12,
  responseBody: "busy",
});
const secret = "whsec_" + "A".repeat(32);

describe("/corporate/webhooks", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("adds an endpoint with its events and shows the secret once; reads the delivery log a page at a time and resends", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/4/webhooks": () => ({ body: { endpoints: [endpoint], events } }),
      "POST /api/corporate/4/webhooks": () => ({
        status: 201,
        body: { endpoint: { ...endpoint, id: 8, enabled: true, disabledReason: "" }, secret },
      }),
      // Two pages: the newest, then (with its cursor) the older one.
      "GET /api/corporate/4/webhooks/7/deliveries": ({ url }) =>
        url.endsWith("?cursor=c%3A1")
          ? { body: { deliveries: [attempt(1, 502)], nextCursor: null } }
          : { body: { deliveries: [attempt(2, 503)], nextCursor: "c:1" } },
      "POST /api/corporate/4/webhooks/7/deliveries/5/resend": () => ({
        status: 202,
        body: { success: true },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/webhooks/4");
    const row = (await screen.findByText(endpoint.url)).closest("tr")!;
    expect(within(row).getByText("Off")).toBeVisible();
    expect(within(row).getByText("Every delivery failed for three days")).toBeVisible();
    expect(within(row).getByText(/changes since then were not sent here/)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(
      within(dialog).getByLabelText(/^Endpoint address/),
      "https://badge.example.com/hook",
    );
    await user.click(within(dialog).getByLabelText("Labels printed"));
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
    expect(await within(dialog).findByDisplayValue(secret)).toBeVisible();
    const post = fetch.mock.calls.find(
      ([u, init]) => u === "/api/corporate/4/webhooks" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      url: "https://badge.example.com/hook",
      description: "",
      events: events.filter((e) => e !== "print_run.recorded"),
      includeRecord: false,
    });
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();

    await user.click(screen.getByRole("button", { name: `Deliveries: ${endpoint.url}` }));
    const log = await screen.findByRole("dialog", { name: "Deliveries of the last 30 days" });
    expect(await within(log).findByText("503")).toBeVisible();
    expect(within(log).queryByText("502")).toBeNull();
    await user.click(within(log).getByRole("button", { name: "Load older deliveries" }));
    expect(await within(log).findByText("502")).toBeVisible();
    expect(within(log).queryByRole("button", { name: "Load older deliveries" })).toBeNull();
    await user.click(within(log).getAllByRole("button", { name: "Resend" })[0]!);
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) => u === "/api/corporate/4/webhooks/7/deliveries/5/resend"),
      ).toBe(true),
    );
  });
});
