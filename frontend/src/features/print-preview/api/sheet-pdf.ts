// POST /api/labels/sheet.pdf: the label engine's PDF of the signed-in
// owner's stored record, served to users with print access only. The
// visitor's time zone dates the QR text's Generated line, as on screen.
// Download saves this PDF; Print prints it (lib/print).
import { useMutation } from "@tanstack/react-query";
import { apiRequest, type Wire } from "@/lib/api";
import { storeShownRecord } from "@/lib/auth";
import type { EmergencyData } from "@/lib/emergency";
import type { LabelOptions } from "@/lib/labels";
import { fileDate, saveFile } from "@/lib/saveFile";
import { visitorTimeZone } from "@/lib/timezone";

export const SHEET_PDF_PATH = "/api/labels/sheet.pdf";

/**
 * The PDF is made from the account's stored record, so what the screen
 * shows is stored first and sent along for the cloud to compare
 * (storeShownRecord): labels never carry older details than the screen.
 */
export async function fetchSheetPdf(request: {
  email: string;
  emergencyData: EmergencyData;
  labelOptions: LabelOptions;
}) {
  const { email, emergencyData, labelOptions } = request;
  await storeShownRecord(email, emergencyData);
  const body: Wire<"LabelSheetRequest"> = {
    email,
    labelOptions,
    timeZone: visitorTimeZone(),
    emergencyData,
  };
  const response = await apiRequest("POST", SHEET_PDF_PATH, body);
  return response.blob();
}

export function useSheetPdf() {
  return useMutation({ mutationFn: fetchSheetPdf });
}

/** Saves the sheet as lifetag-labels-YYYY-MM-DD.pdf. */
export function saveSheet(pdf: Blob) {
  saveFile(pdf, `lifetag-labels-${fileDate()}.pdf`);
}
