import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";

const months = (counts: number[]) =>
  counts.map((count, i) => ({ month: `2026-${String(i + 1).padStart(2, "0")}`, count }));

const report = {
  quota: { used: 50, max: 50 },
  byProject: [
    { projectId: 1, name: "Bridge site", active: 3, inactive: 1 },
    { projectId: null, name: "No project", active: 2, inactive: 0 },
  ],
  bySource: [
    { source: "manual", count: 4 },
    { source: "collection", count: 2 },
  ],
  codesCreatedByMonth: months([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]),
  labelsPrintedByMonth: months([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20]),
  incompleteRecords: 2,
  scansNote:
    "Scans are not counted: a Lifetag code holds plain text and is read offline, so nothing reports a scan.",
  generatedAt: "2026-12-01T10:00:00Z",
};

describe("/corporate/analytics", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the organisation's figures, tables and the note on scans", async () => {
    mockFetch({ "GET /api/corporate/4/analytics": () => ({ body: report }) });
    renderRoute("/corporate/analytics/4");
    expect(await screen.findByRole("heading", { name: "Analytics" })).toBeVisible();
    expect(screen.getByRole("note")).toHaveTextContent(report.scansNote);
    expect(screen.getByText("50 of 50 in your plan")).toBeVisible();
    // The quota is full: its figure is highlighted, as on the dashboard.
    expect(screen.getAllByText("50")[0]).toHaveClass("stat-full");
    expect(screen.getByText("6")).toBeVisible(); // codes created in 12 months
    expect(screen.getByText("30")).toBeVisible(); // labels printed
    const projects = screen.getByRole("table", { name: "Codes by project" });
    const row = within(projects).getByRole("rowheader", { name: "No project" }).closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "0"]);
    const sources = screen.getByRole("table", { name: "Codes by source" });
    expect(
      within(sources).getByRole("rowheader", { name: "Sent by workers (collection links)" }),
    ).toBeVisible();
    const printed = screen.getByRole("table", { name: "Labels printed per month" });
    expect(within(printed).getAllByRole("row")).toHaveLength(13);
    expect(document.title).toBe("Analytics · Lifetag");
  });

  it("downloads the report, and says so when it fails", async () => {
    let calls = 0;
    mockFetch({
      "GET /api/corporate/4/analytics": () => ({ body: report }),
      "GET /api/corporate/4/analytics/report.csv": () =>
        ++calls === 1 ? { body: "section,item,value" } : { status: 500, body: { message: "" } },
    });
    const createObjectURL = vi.fn(() => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoute("/corporate/analytics/4");
    await user.click(await screen.findByRole("button", { name: "Export Report" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toMatch(/^lifetag-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    await user.click(screen.getByRole("button", { name: "Export Report" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: "Export Failed",
        description: "Unable to export the report.",
      }),
    );
    click.mockRestore();
  });

  it("says when the figures cannot be loaded", async () => {
    mockFetch({
      "GET /api/corporate/4/analytics": () => ({
        status: 404,
        body: { message: "Organization not found" },
      }),
    });
    renderRoute("/corporate/analytics/4");
    expect(await screen.findByRole("alert")).toHaveTextContent("Organization not found");
  });
});
