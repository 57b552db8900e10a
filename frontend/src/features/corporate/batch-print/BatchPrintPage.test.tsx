import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { useToastStore } from "@/components/ui/toast-store";
import { installPlatform, type BatchJob, type BatchProgress } from "@/lib/platform";
import { webPlatform } from "@/lib/platform/web";
import { apiCalls, mockFetch } from "@/test/fetchMock";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { useQueueStore } from "./queueStore";

const printPdf = vi.hoisted(() => vi.fn(async () => "dialog" as const));
vi.mock("@/lib/print", () => ({ printPdf, removePrintFrame: () => {} }));

const organization = {
  id: 4,
  name: "Acme",
  subscriptionTier: "starter",
  subscriptionStatus: "active",
  currentQrCodes: 3,
  maxQrCodes: 50,
  hasBillingAccount: true,
  trialEndsAt: null,
  paused: "",
};

function code(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    projectId: null,
    projectName: "",
    templateId: null,
    templateName: "Standard Emergency Form",
    labelType: "helmet",
    isActive: true,
    source: "manual",
    missingFields: 0,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    reviewedAt: "2026-11-01T10:00:00Z",
    ...extra,
  };
}

const layout = (id: string, name: string, perSheet: number, paperSize = "letter") => ({
  id,
  name,
  description: "",
  paper: paperSize === "a4" ? "A4" : "US-Letter",
  paperSize,
  rows: 10,
  cols: 3,
  labelWidth: 66.7,
  labelHeight: 25.4,
  pageWidth: 215.9,
  pageHeight: 279.4,
  topMargin: 12.7,
  leftMargin: 4,
  horizontalSpacing: 4,
  verticalSpacing: 0,
  perSheet,
});

const namedLayouts = [
  layout("avery-5160", "Avery 5160 (30 per sheet)", 30),
  layout("avery-5163", "Avery 5163 (10 per sheet)", 10),
  layout("preset-helmet-a4", "Helmet labels, A4", 10, "a4"),
];

/**
 * The server's fit answer: every named layout, then each catalogue sheet
 * asked about, holds every code but those refused.
 */
function fitAnswer(refused: Record<string, number[]>, sheets: string[] = []) {
  return {
    layouts: [
      ...namedLayouts.map((l) => ({ id: l.id, name: l.name })),
      ...sheets.map((id) => ({ id, name: id })),
    ].map((l) => ({ ...l, refusedCodeIds: refused[l.id] ?? [] })),
  };
}

const catalogueSheets: Record<string, ReturnType<typeof layout>> = {
  L7160: layout("Avery L7160", "Avery L7160", 21),
  L7163: layout("Avery L7163", "Avery L7163", 14, "a4"),
};

function signedIn(
  pdfStatus = 200,
  pdfBody: unknown = undefined,
  paperSize?: string,
  refused: Record<string, number[]> = {},
  paused = "",
) {
  return mockFetch({
    "GET /api/corporate/organization": () => ({ body: { ...organization, paperSize, paused } }),
    "GET /api/corporate/4/qr-codes": () => ({
      body: {
        success: true,
        qrCodes: [
          code(11, "Ann Worker"),
          code(12, "Bob Rigger", { isActive: false }),
          code(13, "Cat Office", { missingFields: 2 }),
        ],
      },
    }),
    "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
    "GET /api/labels/batch-layouts": () => ({ body: { layouts: namedLayouts } }),
    "POST /api/corporate/4/batch-print/fit": ({ body }) => ({
      body: fitAnswer(refused, (JSON.parse(String(body)) as { sheets?: string[] }).sheets),
    }),
    "GET /api/labels/catalogue": ({ url }) => {
      const sheet = catalogueSheets[new URL(url, "http://x").searchParams.get("q") ?? ""];
      return { body: { sheets: sheet ? [sheet] : [] } };
    },
    "POST /api/corporate/4/batch-print.pdf": () => ({ status: pdfStatus, body: pdfBody }),
    "POST /api/analytics/page-view": () => ({ status: 204 }),
  });
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => [t.title, t.description]);

describe("/label-batch-print", () => {
  beforeEach(() => {
    resetStores();
    useQueueStore.setState({ orgId: 4, items: [] });
    printPdf.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    installPlatform(webPlatform);
  });

  it("shows visitors without a corporate session the corporate upsell", async () => {
    mockFetch({
      "GET /api/corporate/organization": () => ({
        status: 401,
        body: { message: "Please sign in" },
      }),
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    renderRoute("/label-batch-print");
    expect(
      await screen.findByRole("heading", { name: "Corporate Feature Access Required" }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Start a free trial" })).toHaveAttribute(
      "href",
      "/corporate/register",
    );
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it("starts on the organisation's paper and shows each layout's paper", async () => {
    signedIn(200, undefined, "a4");
    renderRoute("/label-batch-print");
    const select = await screen.findByLabelText("Layout");
    await waitFor(() => expect(select).toHaveValue("preset-helmet-a4"));
    expect(screen.getByText("Your organisation prints on A4.")).toBeVisible();
    expect(
      screen.getByRole("option", { name: "Avery 5160 (30 per sheet) · US Letter" }),
    ).toBeTruthy();
    expect(screen.getByRole("option", { name: "Helmet labels, A4 · A4" })).toBeTruthy();
    expect(screen.getByText("A4", { selector: "strong" })).toBeVisible();
  });

  it("asks before printing two codes that look like one worker, prints only the one kept and deletes the other once confirmed", async () => {
    const bodies: { url: string; method: string; body: string }[] = [];
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: organization }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: {
          success: true,
          qrCodes: [
            code(21, "José Núñez", { possibleDuplicateOf: 22 }),
            code(22, "jose nunez", { possibleDuplicateOf: 21 }),
            code(23, "Ann Worker"),
          ],
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
      "GET /api/labels/batch-layouts": () => ({ body: { layouts: namedLayouts } }),
      "POST /api/corporate/4/batch-print/fit": () => ({ body: fitAnswer({}) }),
      "DELETE /api/corporate/4/qr-codes/22": ({ url }) => {
        bodies.push({ url, method: "DELETE", body: "" });
        return { body: { success: true, message: "QR code deleted" } };
      },
      "POST /api/corporate/4/batch-print.pdf": ({ url, body }) => {
        bodies.push({ url, method: "POST", body: String(body) });
        return { body: "%PDF-1.4 fake" };
      },
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    const queued = (id: number, name: string) => ({
      id: `batch_1_${id}`,
      codeId: id,
      name,
      projectName: "",
      labelType: "helmet",
    });
    useQueueStore.setState({
      orgId: 4,
      items: [queued(21, "José Núñez"), queued(22, "jose nunez"), queued(23, "Ann Worker")],
    });
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await screen.findByText("3 labels in the queue");
    await waitFor(() => expect(screen.getByLabelText("Layout")).toHaveValue("avery-5160"));
    await user.click(screen.getByRole("button", { name: "Print" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Some codes look like the same worker",
    });
    const print = () => within(dialog).getByRole("button", { name: "Print" });
    expect(print()).toBeDisabled();
    expect(bodies).toEqual([]);
    await user.click(
      within(dialog).getByRole("radio", { name: "Print only José Núñez (QR code 21)" }),
    );
    await user.click(
      within(dialog).getByRole("checkbox", {
        name: "Also delete the codes not printed from the library",
      }),
    );
    await user.click(print());
    const confirm = await screen.findByRole("dialog", { name: "Delete 1 QR code?" });
    expect(confirm).toHaveTextContent("jose nunez will be deleted from the library.");
    await user.click(within(confirm).getByRole("button", { name: "Delete and print" }));
    await waitFor(() => expect(printPdf).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ method: "DELETE" });
    expect(JSON.parse(bodies[1]!.body)).toMatchObject({ codeIds: [21, 23] });
    expect(screen.getByText("2 labels in the queue")).toBeVisible();
  });

  it("asks before printing a code overdue for review, and prints nothing when cancelled", async () => {
    const printed: string[] = [];
    mockFetch({
      "GET /api/corporate/organization": () => ({ body: organization }),
      "GET /api/corporate/4/qr-codes": () => ({
        body: {
          success: true,
          qrCodes: [code(31, "Old Details", { review: "overdue" }), code(32, "Ann Worker")],
        },
      }),
      "GET /api/corporate/projects/4": () => ({ body: { projects: [] } }),
      "GET /api/labels/batch-layouts": () => ({ body: { layouts: namedLayouts } }),
      "POST /api/corporate/4/batch-print/fit": () => ({ body: fitAnswer({}) }),
      "POST /api/corporate/4/batch-print.pdf": ({ body }) => {
        printed.push(String(body));
        return { body: "%PDF-1.4 fake" };
      },
      "POST /api/analytics/page-view": () => ({ status: 204 }),
    });
    const queued = (id: number, name: string) => ({
      id: `batch_1_${id}`,
      codeId: id,
      name,
      projectName: "",
      labelType: "helmet",
    });
    useQueueStore.setState({
      orgId: 4,
      items: [queued(31, "Old Details"), queued(32, "Ann Worker")],
    });
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await screen.findByText("2 labels in the queue");
    await waitFor(() => expect(screen.getByLabelText("Layout")).toHaveValue("avery-5160"));
    await user.click(screen.getByRole("button", { name: "Print" }));
    let dialog = await screen.findByRole("dialog", { name: "1 code is overdue for review" });
    expect(dialog).toHaveTextContent("The details of Old Details have not been confirmed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(printed).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Print" }));
    dialog = await screen.findByRole("dialog", { name: "1 code is overdue for review" });
    await user.click(within(dialog).getByRole("button", { name: "Print anyway" }));
    await waitFor(() => expect(printPdf).toHaveBeenCalled());
    expect(JSON.parse(printed[0]!)).toMatchObject({ codeIds: [31, 32] });
  });

  it("refuses to print or preview an empty queue, without asking the server", async () => {
    const fetch = signedIn();
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await screen.findByText("The queue is empty. Add QR codes from your library.");
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(toastTitles()).toEqual([["No QR Codes", "Add some QR codes before printing"]]);
    useToastStore.setState({ toasts: [] });
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(toastTitles()).toEqual([["No QR Codes", "Add some QR codes before printing"]]);
    expect(apiCalls(fetch).some(([url]) => String(url).includes("batch-print"))).toBe(false);
    expect(printPdf).not.toHaveBeenCalled();
  });

  it("adds from the library, warns per item, and prints the queue in order", async () => {
    const fetch = signedIn(200, "%PDF-1.4 fake");
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.click(await screen.findByRole("button", { name: "Add from Library" }));
    await user.click(await screen.findByRole("button", { name: "Select All" }));
    // Bob Rigger is deactivated: listed, marked, never queued.
    await user.click(screen.getByRole("button", { name: "Add 2 to Queue" }));
    expect(toastTitles()).toEqual([["QR Codes Added", "2 QR codes added to the print queue"]]);
    expect(screen.getByText("2 recommended fields are blank in this record.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Duplicate Ann Worker" }));
    expect(screen.getByText("Ann Worker (Copy)")).toBeVisible();
    expect(screen.getByText("Sheets needed: 1")).toBeVisible();
    await user.clear(screen.getByLabelText("Start at label"));
    await user.type(screen.getByLabelText("Start at label"), "29");
    expect(screen.getByText("Sheets needed: 2")).toBeVisible();

    // Queued codes are not offered again; the deactivated one still cannot be.
    await user.click(screen.getByRole("button", { name: "Add from Library" }));
    await user.click(await screen.findByRole("button", { name: "Select All" }));
    expect(screen.getByRole("button", { name: "Add 0 to Queue" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(printPdf).toHaveBeenCalledTimes(1));
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/batch-print.pdf")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      codeIds: [11, 11, 13],
      layout: { id: "avery-5160" },
      startPosition: 29,
      preview: false,
    });
  });

  it("marks a code deactivated after it was queued, and shows the server's refusal", async () => {
    const message =
      '"Bob Rigger" is deactivated, so its label is not printed: reactivate the code or remove it from the batch.';
    signedIn(400, { message });
    useQueueStore.getState().add([
      { id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" },
      { id: 12, name: "Bob Rigger", projectName: "", labelType: "helmet" },
    ]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    expect(
      await screen.findByText(
        "This code is deactivated, so the batch will not print: remove it from the queue, or reactivate it in the library.",
      ),
    ).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(toastTitles()).toEqual([["Print Failed", message]]));
    expect(printPdf).not.toHaveBeenCalled();
  });

  it("shows the server's refusal when the sheet cannot be made", async () => {
    const message =
      '"Ann Worker" holds too much text for a legible QR code on Avery 5160 (30 per sheet) labels';
    signedIn(400, { message });
    useQueueStore
      .getState()
      .add([{ id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" }]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.click(await screen.findByRole("button", { name: "Print" }));
    await waitFor(() => expect(toastTitles()).toEqual([["Print Failed", message]]));
    expect(printPdf).not.toHaveBeenCalled();
  });

  it("clears the queue with the spec's toast", async () => {
    signedIn();
    useQueueStore
      .getState()
      .add([{ id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" }]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.click(await screen.findByRole("button", { name: "Clear All" }));
    expect(toastTitles()[0]?.[0]).toBe("All QR Codes Cleared");
    expect(useQueueStore.getState().items).toEqual([]);
  });

  it("draws only the queued codes near view of 2,000, each placed in the whole list", async () => {
    signedIn();
    // jsdom lays nothing out: each row gets the height CSS gives it.
    const rowHeight = vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(72);
    onTestFinished(() => rowHeight.mockRestore());
    useQueueStore.getState().add(
      Array.from({ length: 2000 }, (_, i) => ({
        id: 11,
        name: `Worker ${i + 1}`,
        projectName: "",
        labelType: "helmet",
      })),
    );
    renderRoute("/label-batch-print");
    expect(await screen.findByText("2000 labels in the queue")).toBeVisible();
    const drawn = document.querySelectorAll("ol.batch-queue > li");
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(drawn[0]).toHaveTextContent("Worker 1");
    expect(drawn[0]).toHaveAttribute("aria-setsize", "2000");
  });

  it("prints on a sheet found in the catalogue", async () => {
    const fetch = signedIn(200, "%PDF-1.4 fake");
    useQueueStore
      .getState()
      .add([{ id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" }]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.type(await screen.findByLabelText(/^Search the sheet catalogue/), "nothing");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No sheet matches.")).toBeVisible();
    await user.clear(screen.getByLabelText(/^Search the sheet catalogue/));
    await user.type(screen.getByLabelText(/^Search the sheet catalogue/), "L7160");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.selectOptions(
      screen.getByLabelText("Layout"),
      await screen.findByRole("option", { name: /^Avery L7160/ }),
    );
    expect(screen.getByText("21 labels per sheet", { exact: false })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(printPdf).toHaveBeenCalledTimes(1));
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/batch-print.pdf")!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({ layout: { id: "Avery L7160" } });
  });

  it("on the station, prints on its printer with progress, and cancels", async () => {
    const fetch = signedIn(200, "%PDF-1.4 fake");
    // The station's platform printing on a printer: it reports a third of
    // the batch sent, then waits until cancelled, as the Go side does.
    let stop: (error: Error) => void = () => {};
    const printBatch = vi.fn(
      (_job: BatchJob, onProgress: (p: BatchProgress) => void) =>
        new Promise<"printer" | "none">((_resolve, reject) => {
          onProgress({ done: 10, total: 30 });
          stop = reject;
        }),
    );
    const cancelBatch = vi.fn(async () => stop(new Error("context canceled")));
    installPlatform({ ...webPlatform, kind: "station", printBatch, cancelBatch });
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.click(await screen.findByRole("button", { name: "Add from Library" }));
    await user.click(await screen.findByRole("button", { name: "Select All" }));
    await user.click(screen.getByRole("button", { name: "Add 2 to Queue" }));
    useToastStore.setState({ toasts: [] });

    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(await screen.findByText("Printing: 10 of 30 labels sent.")).toBeVisible();
    expect(printBatch.mock.calls[0]![0]).toEqual({
      codeIds: [11, 13],
      layout: "avery-5160",
      start: 1,
    });
    await user.click(screen.getByRole("button", { name: "Cancel Printing" }));
    await waitFor(() =>
      expect(toastTitles()).toEqual([
        ["Printing Cancelled", "The jobs not yet printed were withdrawn from the printer."],
      ]),
    );
    expect(cancelBatch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/^Printing: /)).toBeNull();
    expect(apiCalls(fetch).some(([url]) => String(url).includes("batch-print.pdf"))).toBe(false);
    expect(printPdf).not.toHaveBeenCalled();
  });

  it("marks the layouts that cannot hold the queue and starts on the first of its paper that holds it", async () => {
    // Avery 5160's one-inch labels hold no realistic worker's record.
    const fetch = signedIn(200, undefined, "letter", { "avery-5160": [11, 12] });
    useQueueStore.getState().add([
      { id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" },
      { id: 12, name: "Bob Rigger", projectName: "", labelType: "helmet" },
      { id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" },
    ]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    const select = await screen.findByLabelText("Layout");
    await waitFor(() => expect(select).toHaveValue("avery-5163"));
    expect(
      screen.getByRole("option", {
        name: "Avery 5160 (30 per sheet) · US Letter — cannot hold 2 queued codes",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("option", { name: "Avery 5163 (10 per sheet) · US Letter" }),
    ).toBeTruthy();
    expect(screen.queryByText(/^Too much text/)).toBeNull();
    // Each code asked once.
    const call = fetch.mock.calls.find(([url]) => url === "/api/corporate/4/batch-print/fit")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ codeIds: [11, 12] });

    // Chosen anyway, it names the codes and the layouts on the
    // organisation's paper that hold them all.
    await user.selectOptions(select, "avery-5160");
    expect(
      screen.getByText(
        "Too much text for a legible QR code on these labels: Ann Worker, Bob Rigger. Layouts that hold every queued code: Avery 5163 (10 per sheet).",
      ),
    ).toBeVisible();
  });

  it("marks a catalogue sheet that cannot hold the queue, and offers an A4 organisation A4 layouts", async () => {
    // Avery L7163's 38 mm labels hold neither worker's record; Avery 5163
    // (US Letter) and the A4 helmet labels hold both.
    const fetch = signedIn(200, undefined, "a4", {
      "avery-5160": [11, 12],
      "Avery L7163": [11, 12],
    });
    useQueueStore.getState().add([
      { id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" },
      { id: 12, name: "Bob Rigger", projectName: "", labelType: "helmet" },
    ]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    await user.type(await screen.findByLabelText(/^Search the sheet catalogue/), "L7163");
    await user.click(screen.getByRole("button", { name: "Search" }));
    const marked = await screen.findByRole("option", {
      name: "Avery L7163 (66.7 × 25.4 mm, 14) · A4 — cannot hold 2 queued codes",
    });
    const call = fetch.mock.calls.find(
      ([url, init]) =>
        url === "/api/corporate/4/batch-print/fit" && String(init?.body).includes("sheets"),
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      codeIds: [11, 12],
      sheets: ["Avery L7163"],
    });

    // Chosen, it names the codes and offers only the A4 layouts that hold them.
    await user.selectOptions(screen.getByLabelText("Layout"), marked);
    expect(
      await screen.findByText(
        "Too much text for a legible QR code on these labels: Ann Worker, Bob Rigger. Layouts that hold every queued code: Helmet labels, A4.",
      ),
    ).toBeVisible();
  });

  it("says when no layout holds the queue, naming the first five codes and how many more", async () => {
    const everywhere = Object.fromEntries(namedLayouts.map((l) => [l.id, [1, 2, 3, 4, 5, 6, 7]]));
    signedIn(200, undefined, "letter", everywhere);
    useQueueStore.getState().add(
      Array.from({ length: 7 }, (_, i) => ({
        id: i + 1,
        name: `Worker ${i + 1}`,
        projectName: "",
        labelType: "helmet",
      })),
    );
    renderRoute("/label-batch-print");
    expect(
      await screen.findByText(
        "Too much text for a legible QR code on these labels: Worker 1, Worker 2, Worker 3, Worker 4, Worker 5 and 2 more. No batch layout holds every queued code; shorten the longest records.",
      ),
    ).toBeVisible();
    expect(screen.getByLabelText("Layout")).toHaveValue("avery-5160");
  });

  it("says why printing is paused, and shows the station's own refusal", async () => {
    const paused =
      "Your organization has 2 QR codes but its plan allows 1. Printing, new codes and links are paused: delete 1 codes or upgrade your plan to continue. Reading, exporting, editing and deleting still work.";
    signedIn(200, "%PDF-1.4 fake", undefined, {}, paused);
    // The station refuses from its cache with the cloud's words (Go's error text).
    const printBatch = vi.fn(async () => Promise.reject(new Error(paused)));
    installPlatform({ ...webPlatform, kind: "station", printBatch });
    useQueueStore
      .getState()
      .add([{ id: 11, name: "Ann Worker", projectName: "", labelType: "helmet" }]);
    const user = userEvent.setup();
    renderRoute("/label-batch-print");
    const alert = await screen.findByRole("alert", {
      name: "Printing and new QR codes are paused",
    });
    expect(alert).toHaveTextContent(paused);
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(toastTitles()).toEqual([["Print Failed", paused]]));
    expect(printPdf).not.toHaveBeenCalled();
  });
});
