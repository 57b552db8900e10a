/** Saves blob as a download named fileName, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.click();
  // The browser has taken its copy once the click's download has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Today's date as YYYY-MM-DD, for file names. */
export function fileDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
