import { platform } from "@/lib/platform";

/** Saves blob as fileName: a download on the website, the save dialog on the station. */
export function saveFile(blob: Blob, fileName: string) {
  void platform().saveFile(blob, fileName);
}

/** Today's date as YYYY-MM-DD, for file names. */
export function fileDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
