// The website's platform: the browser's own fetch (the session is the
// HttpOnly cookie), print dialog and downloads.
import { printPdf as printPdfInFrame } from "@/lib/print/printPdf";
import type { Platform } from "./types";

export const webPlatform: Platform = {
  kind: "web",
  fetch: (url, init) => globalThis.fetch(url, init),
  printPdf: (pdf) => printPdfInFrame(pdf),
  saveFile: async (blob, fileName) => downloadFile(blob, fileName),
};

/** Saves blob as a download named fileName, as a link with `download` would. */
function downloadFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.click();
  // The browser has taken its copy once the click's download has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
