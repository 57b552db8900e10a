import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installPlatform } from "@/lib/platform";
import { stationPlatform } from "@/lib/platform/station";
import { webPlatform } from "@/lib/platform/web";
import type { PrinterSettings } from "./api";
import { SettingsDialog } from "./SettingsDialog";

// The station's Printing service as Wails binds it (window.go.main), keeping
// its settings, and the cloud's batch layouts through Cloud.Request.
function bindPrinting(initial: Partial<PrinterSettings>) {
  let settings: PrinterSettings = {
    printers: [{ name: "Office", default: true }],
    printer: "Office",
    paper: "A4",
    papers: ["A4", "Letter"],
    copies: 1,
    calibration: { offsetX: 0, offsetY: 0 },
    canDialog: true,
    dialog: false,
    locked: [],
    calibrationLocked: false,
    lockedWhy: {},
    ...initial,
  };
  const printing = {
    Settings: vi.fn(async () => settings),
    SetPaper: vi.fn(async (paper: unknown) => (settings = { ...settings, paper: String(paper) })),
    SetCalibration: vi.fn(
      async (x: unknown, y: unknown) =>
        (settings = { ...settings, calibration: { offsetX: Number(x), offsetY: Number(y) } }),
    ),
    CalibrationSheet: vi.fn(async () => ({ jobs: ["Office-1"], labels: 10, sheets: 1 })),
  };
  const layouts = { layouts: [{ id: "avery-5163", name: "Avery 5163" }] };
  const cloud = {
    Request: vi.fn(async () => ({
      status: 200,
      statusText: "OK",
      contentType: "application/json",
      body: btoa(JSON.stringify(layouts)),
    })),
  };
  const station = {
    Info: vi.fn(async () => ({
      version: "0.1.0",
      os: "windows",
      browser: false,
      warning: "",
      logPath: "C:\\Users\\ann\\AppData\\Local\\Lifetag\\station.log",
    })),
    SupportLog: vi.fn(async () => 'level=INFO msg="station: started" version=0.1.0'),
  };
  window.go = { main: { Printing: printing, Cloud: cloud, Station: station } };
  installPlatform(stationPlatform);
  return printing;
}

function renderDialog(onOpenChange: (open: boolean) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsDialog open onOpenChange={onOpenChange} cloudUrl="https://lifetag.app" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  delete window.go;
  installPlatform(webPlatform);
});

describe("SettingsDialog", () => {
  it("disables what IT's policy locks and says why", async () => {
    const why = {
      printer: "IT has set the printer for every user of this computer; it cannot be changed here.",
      copies: "IT has set the copies for every user of this computer; it cannot be changed here.",
      calibrations:
        "IT has set the calibration of this printer for every user of this computer; it cannot be changed here.",
    };
    bindPrinting({
      locked: ["printer", "copies", "calibrations"],
      calibrationLocked: true,
      calibration: { offsetX: 1.5, offsetY: -0.5 },
      lockedWhy: why,
    });
    const onOpenChange = vi.fn();
    renderDialog(onOpenChange);
    const offset = await screen.findByLabelText("Move right (mm)");
    expect(offset).toBeDisabled();
    expect(offset).toHaveAccessibleDescription(why.calibrations);
    expect(screen.getByLabelText("Move down (mm)")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save offset" })).toBeDisabled();
    expect(screen.getByLabelText("Print labels to")).toBeDisabled();
    expect(screen.getByLabelText("Print labels to")).toHaveAccessibleDescription(why.printer);
    expect(screen.getByLabelText("Copies of each print")).toBeDisabled();
    expect(screen.getByLabelText("Copies of each print")).toHaveAccessibleDescription(why.copies);
    // Not locked: the paper and the dialog stay the user's.
    expect(screen.getByLabelText("Paper loaded")).toBeEnabled();
    expect(screen.getByLabelText("Open prints in the system print dialog")).toBeEnabled();
    // The locked offset is not a typed value left unsaved: Escape closes.
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("copies the station's log for support and says where it is kept", async () => {
    // userEvent's clipboard stands in for the system's.
    const user = userEvent.setup();
    bindPrinting({});
    renderDialog();
    expect(
      await screen.findByText(
        /It is kept in C:\\Users\\ann\\AppData\\Local\\Lifetag\\station\.log;/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Copy log for support" }));
    await vi.waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        'level=INFO msg="station: started" version=0.1.0',
      ),
    );
  });

  it("asks before a typed offset that was not saved is dropped, and closes when nothing was", async () => {
    bindPrinting({});
    const onOpenChange = vi.fn();
    renderDialog(onOpenChange);
    await screen.findByLabelText("Move right (mm)");
    // Nothing typed: Escape closes straight away.
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();

    await userEvent.clear(screen.getByLabelText("Move right (mm)"));
    await userEvent.type(screen.getByLabelText("Move right (mm)"), "1.5");
    await userEvent.keyboard("{Escape}");
    expect(await screen.findByRole("dialog", { name: "Discard your changes?" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Move right (mm)")).toHaveValue(1.5);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await userEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("keeps the paper and the printer's offset, and prints a calibration sheet", async () => {
    const printing = bindPrinting({});
    renderDialog();
    await userEvent.selectOptions(await screen.findByLabelText("Paper loaded"), "Letter");
    expect(printing.SetPaper).toHaveBeenCalledWith("Letter");

    await screen.findByRole("option", { name: "Avery 5163" });
    await userEvent.click(screen.getByRole("button", { name: "Print calibration sheet" }));
    expect(printing.CalibrationSheet).toHaveBeenCalledWith("avery-5163");

    await userEvent.clear(screen.getByLabelText("Move right (mm)"));
    await userEvent.type(screen.getByLabelText("Move right (mm)"), "1.5");
    await userEvent.clear(screen.getByLabelText("Move down (mm)"));
    await userEvent.type(screen.getByLabelText("Move down (mm)"), "-0.5");
    await userEvent.click(screen.getByRole("button", { name: "Save offset" }));
    expect(printing.SetCalibration).toHaveBeenCalledWith(1.5, -0.5);
  });

  it("offers no calibration for Save PDF, and no system dialog where there is none", async () => {
    bindPrinting({ printer: "", canDialog: false });
    renderDialog();
    expect(await screen.findByText("Choose a printer to calibrate it.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Open prints in the system print dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Print calibration sheet" })).toBeNull();
  });
});
