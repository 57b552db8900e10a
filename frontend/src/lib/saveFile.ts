import { platform } from "@/lib/platform";

/** Saves blob as fileName: a download on the website, the save dialog on the station. */
export function saveFile(blob: Blob, fileName: string) {
  void platform().saveFile(blob, fileName);
}

/** Today's date as YYYY-MM-DD, for file names. */
export function fileDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The file name a response's Content-Disposition gives (RFC 6266): its
 * filename* (RFC 5987, UTF-8, so a name in any script) before its plain
 * ASCII filename; null when it names none.
 */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain?.[1] || null;
}
