// The small layer where the website and the station's window differ; every
// shared feature reaches the cloud, the printer and the disk through it.
// web.ts: fetch with the session cookie, the browser's print dialog and
// downloads. station.ts: the station's Go services (Wails bindings, or the
// loopback bridge in --browser mode), which hold the bearer token, print at
// 100 % and save through the OS dialog.

/** What printing a PDF did: the browser's dialog or a new tab (web); a printer or a saved file (station). */
export type PrintOutcome = "dialog" | "tab" | "printer" | "saved";

export interface Platform {
  readonly kind: "web" | "station";
  /** One exchange with the cloud API; the URL is a path such as /api/admin/stats. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Prints a label sheet PDF at 100 % scale. */
  printPdf(pdf: Blob, fileName: string): Promise<PrintOutcome>;
  /** Saves a file the person asked for (a download, or the station's save dialog). */
  saveFile(blob: Blob, fileName: string): Promise<void>;
}
