// Prints a PDF as the PDF (the label engine's sheet), not the page around
// it: the labels only line up when the printer gets the engine's exact
// geometry at 100 % scale. The PDF itself asks print dialogs for no scaling
// (/PrintScaling /None); the sheet's page size is the paper's.
//
// The PDF is loaded into a hidden frame of our own and that frame's print()
// opens the browser's print dialog for it. The content security policy
// allows exactly this (frame-src blob:). Where a browser refuses to print a
// PDF frame from script (Firefox's built-in viewer runs cross-origin), the
// PDF opens in a new tab instead, whose viewer has its own Print button.

const FRAME_ID = "lifetag-print-frame";

/** Outcome of printPdf: the dialog opened, or the PDF went to a new tab. */
export type PrintOutcome = "dialog" | "tab";

export function printPdf(pdf: Blob): Promise<PrintOutcome> {
  removePrintFrame();
  const url = URL.createObjectURL(new Blob([pdf], { type: "application/pdf" }));
  const frame = document.createElement("iframe");
  frame.id = FRAME_ID;
  frame.title = "Label sheet for printing";
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  // Off-screen but laid out: some browsers do not print a frame of 0 size
  // or one that is display:none.
  frame.style.cssText = "position:fixed;left:-10000px;top:0;width:800px;height:600px;border:0";
  frame.dataset.url = url;
  return new Promise((resolve) => {
    frame.addEventListener(
      "load",
      () => {
        try {
          frame.contentWindow!.focus();
          frame.contentWindow!.print();
          resolve("dialog");
        } catch (error) {
          console.warn("Printing the PDF frame was refused; opening it instead", error);
          window.open(url, "_blank", "noopener");
          resolve("tab");
        }
      },
      { once: true },
    );
    frame.src = url;
    document.body.appendChild(frame);
  });
}

/**
 * Removes the print frame and frees its PDF. Not done straight after
 * print(): browsers print a PDF frame asynchronously, and removing it would
 * cancel the job. The next print, or leaving the page, cleans up.
 */
export function removePrintFrame() {
  const frame = document.getElementById(FRAME_ID) as HTMLIFrameElement | null;
  if (!frame) return;
  frame.remove();
  // A tab opened as the fallback keeps its own reference to the blob.
  const url = frame.dataset.url;
  if (url) setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
