// POST /api/labels/sheet.pdf: the label engine's PDF of the signed-in
// owner's stored record, served to users with print access only. The
// visitor's time zone dates the QR text's Generated line, as on screen.
// Download saves this PDF; Print prints it (lib/print).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import type { LabelOptions } from "@/lib/labels";
import { visitorTimeZone } from "@/lib/timezone";

export const SHEET_PDF_PATH = "/api/labels/sheet.pdf";

export async function fetchSheetPdf(body: { email: string; labelOptions: LabelOptions }) {
  const response = await apiRequest("POST", SHEET_PDF_PATH, {
    ...body,
    timeZone: visitorTimeZone(),
  });
  return response.blob();
}

export function useSheetPdf() {
  return useMutation({ mutationFn: fetchSheetPdf });
}

/** Saves the sheet as lifetag-labels-YYYY-MM-DD.pdf. */
export function saveSheet(pdf: Blob) {
  const href = URL.createObjectURL(pdf);
  const a = document.createElement("a");
  a.href = href;
  a.download = `lifetag-labels-${new Date().toISOString().slice(0, 10)}.pdf`;
  a.click();
  // The browser has taken its copy once the click's download has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
