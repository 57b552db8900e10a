// The small layer where the website and the station's window differ; every
// shared feature reaches the cloud, the printer and the disk through it.
// web.ts: fetch with the session cookie, the browser's print dialog and
// downloads. station.ts: the station's Go services (Wails bindings, or the
// loopback bridge in --browser mode), which hold the bearer token, print at
// 100 % and save through the OS dialog.

/** What printing a PDF did: the browser's dialog or a new tab (web); a printer or a saved file (station). */
export type PrintOutcome = "dialog" | "tab" | "printer" | "saved";

/** A corporate batch the station prints itself (station/internal/library.Batch). */
export interface BatchJob {
  codeIds: number[];
  layout: string;
  start: number;
}

/** How far a batch print is: labels spooled of all. */
export interface BatchProgress {
  done: number;
  total: number;
}

export interface Platform {
  readonly kind: "web" | "station";
  /** One exchange with the cloud API; the URL is a path such as /api/admin/stats. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Prints a label sheet PDF at 100 % scale. */
  printPdf(pdf: Blob, fileName: string): Promise<PrintOutcome>;
  /** Saves a file the person asked for (a download, or the station's save dialog). */
  saveFile(blob: Blob, fileName: string): Promise<void>;
  /**
   * The station only: prints a corporate batch on its chosen printer in chunks (100 %, with the
   * printer's calibration), reporting progress. "none" when no printer is chosen (Save PDF or
   * the system dialog): the caller then prints the batch's PDF itself.
   */
  printBatch?(
    job: BatchJob,
    onProgress: (progress: BatchProgress) => void,
  ): Promise<"printer" | "none">;
  /** The station only: stops the batch printBatch is printing. */
  cancelBatch?(): Promise<void>;
}
