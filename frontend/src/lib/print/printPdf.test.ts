import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { printPdf, removePrintFrame } from "./printPdf";

const frames = () => Array.from(document.querySelectorAll("iframe"));
const onlyFrame = () => {
  expect(frames()).toHaveLength(1);
  return frames()[0]!;
};

/** jsdom loads no PDFs: fire the frame's load as the browser would, with print() watched. */
function loadFrame(frame: HTMLIFrameElement, print: () => void) {
  vi.spyOn(frame.contentWindow!, "focus").mockImplementation(() => {});
  vi.spyOn(frame.contentWindow!, "print").mockImplementation(print);
  frame.dispatchEvent(new Event("load"));
}

describe("printPdf", () => {
  let created: Blob[];
  beforeEach(() => {
    created = [];
    let n = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      n += 1;
      return `blob:pdf-${n}`;
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  });
  afterEach(() => {
    removePrintFrame();
    vi.restoreAllMocks();
  });

  it("prints the PDF in a hidden frame of its own, not the page", async () => {
    const pagePrint = vi.spyOn(window, "print").mockImplementation(() => {});
    const framePrint = vi.fn();
    const outcome = printPdf(new Blob(["%PDF-1.6"]));
    const frame = onlyFrame();
    expect(frame.src).toBe("blob:pdf-1");
    expect(created[0]!.type).toBe("application/pdf");
    expect(await created[0]!.text()).toBe("%PDF-1.6");
    expect(frame).toHaveAttribute("aria-hidden", "true");
    expect(framePrint).not.toHaveBeenCalled();
    loadFrame(frame, framePrint);
    await expect(outcome).resolves.toBe("dialog");
    expect(framePrint).toHaveBeenCalledTimes(1);
    expect(pagePrint).not.toHaveBeenCalled();
    // Still there: removing it would cancel the browser's print job.
    expect(frames()).toHaveLength(1);
  });

  it("opens the PDF in a new tab when the browser refuses to print the frame", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const outcome = printPdf(new Blob(["%PDF"]));
    loadFrame(onlyFrame(), () => {
      throw new DOMException("Blocked a frame", "SecurityError");
    });
    await expect(outcome).resolves.toBe("tab");
    expect(open).toHaveBeenCalledWith("blob:pdf-1", "_blank", "noopener");
  });

  it("keeps one frame: a new print replaces the last, and leaving removes it", () => {
    void printPdf(new Blob(["a"]));
    void printPdf(new Blob(["b"]));
    expect(frames().map((f) => f.src)).toEqual(["blob:pdf-2"]);
    removePrintFrame();
    expect(frames()).toHaveLength(0);
  });
});
