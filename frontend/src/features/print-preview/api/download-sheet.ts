// POST /api/labels/sheet.pdf: the label engine's PDF of the signed-in
// owner's stored record, served to users with print access only. The
// visitor's time zone dates the QR text's Generated line, as on screen.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import type { LabelOptions } from "@/lib/labels";
import { visitorTimeZone } from "@/lib/timezone";

export const SHEET_PDF_PATH = "/api/labels/sheet.pdf";

export async function downloadSheet(body: { email: string; labelOptions: LabelOptions }) {
  const response = await apiRequest("POST", SHEET_PDF_PATH, {
    ...body,
    timeZone: visitorTimeZone(),
  });
  return response.blob();
}

export function useDownloadSheet() {
  return useMutation({ mutationFn: downloadSheet });
}
