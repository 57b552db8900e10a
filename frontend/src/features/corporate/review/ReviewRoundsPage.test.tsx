import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { reminderDays } from "./api";

const round = {
  id: 9,
  createdAt: "2026-11-20T10:00:00Z",
  reminderDays: [3, 7],
  remindersSent: 0,
  workers: 3,
  mailed: 2,
  noEmail: 1,
  confirmed: 1,
  changed: 0,
  noAnswer: 2,
};

describe("/corporate/review-rounds", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("sends the chosen reminder days in order", () => {
    expect(reminderDays(new Set([14, 3]))).toEqual([3, 14]);
    expect(reminderDays(new Set())).toEqual([]);
  });

  it("starts a round with the chosen reminders, shows its progress and who has not answered", async () => {
    const fetch = mockFetch({
      "GET /api/corporate/4/review-rounds": () => ({ body: { rounds: [round] } }),
      "POST /api/corporate/4/review-rounds": () => ({ status: 201, body: round }),
      "GET /api/corporate/4/review-rounds/9": () => ({
        body: {
          round,
          workers: [
            {
              codeId: 1,
              name: "Ann",
              isActive: true,
              mailed: true,
              noEmail: false,
              answer: "confirmed",
            },
            { codeId: 2, name: "Bob", isActive: true, mailed: true, noEmail: false, answer: "" },
            { codeId: 3, name: "Cat", isActive: true, mailed: false, noEmail: true, answer: "" },
          ],
        },
      }),
      "POST /api/corporate/4/review-rounds/9/hand-out-links": () => ({
        status: 201,
        body: {
          links: [
            {
              codeId: 3,
              name: "Cat",
              url: "https://x.test/collect/abc",
              expiresAt: "2026-11-23T10:00:00Z",
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute("/corporate/review-rounds/4");
    const row = (await screen.findAllByRole("row"))[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(1, 7),
    ).toEqual(["3", "2", "1", "1", "0", "2"]);
    await user.click(screen.getByRole("checkbox", { name: "14 days after the start" }));
    await user.click(screen.getByRole("button", { name: "Start review round" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => url === "/api/corporate/4/review-rounds" && init?.method === "POST",
        ),
      ).toBe(true),
    );
    const call = fetch.mock.calls.find(
      ([url, init]) => url === "/api/corporate/4/review-rounds" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reminderDays: [3, 7, 14] });
    const waiting = await screen.findByRole("region", { name: "Not answered yet" });
    expect(
      within(waiting)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Bob", "Cat · no e-mail address"]);
    await user.click(screen.getByRole("button", { name: "Make links for workers without e-mail" }));
    expect(await screen.findByText("https://x.test/collect/abc")).toBeVisible();
  });
});
