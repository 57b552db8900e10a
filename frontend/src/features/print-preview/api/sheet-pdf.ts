// POST /api/labels/sheet.pdf: the label engine's PDF of the signed-in
// owner's stored record, served to users with print access only. The
// visitor's time zone dates the QR text's Generated line, as on screen.
// Download saves this PDF; Print prints it (lib/print).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { pushEmergencyData } from "@/lib/auth";
import type { EmergencyData } from "@/lib/emergency";
import type { LabelOptions } from "@/lib/labels";
import { fileDate, saveFile } from "@/lib/saveFile";
import { visitorTimeZone } from "@/lib/timezone";

export const SHEET_PDF_PATH = "/api/labels/sheet.pdf";

/** The record on screen could not be stored, so nothing was requested. */
export class RecordNotSavedError extends Error {
  constructor(cause: unknown) {
    super("The record on screen could not be stored", { cause });
    this.name = "RecordNotSavedError";
  }
}

/**
 * The PDF is made from the account's stored record, so what the screen
 * shows is stored first. Unlike the background sync, a failure here stops
 * the print: labels must never carry older details than the screen. The
 * request also carries the record shown, and the cloud refuses (409) when
 * the stored one differs, so nothing stale prints even if another device
 * saved in between.
 */
export async function fetchSheetPdf(request: {
  email: string;
  emergencyData: EmergencyData;
  labelOptions: LabelOptions;
}) {
  const { email, emergencyData, labelOptions } = request;
  try {
    await pushEmergencyData(email, emergencyData);
  } catch (error) {
    throw new RecordNotSavedError(error);
  }
  const response = await apiRequest("POST", SHEET_PDF_PATH, {
    email,
    labelOptions,
    timeZone: visitorTimeZone(),
    emergencyData,
  });
  return response.blob();
}

export function useSheetPdf() {
  return useMutation({ mutationFn: fetchSheetPdf });
}

/** Saves the sheet as lifetag-labels-YYYY-MM-DD.pdf. */
export function saveSheet(pdf: Blob) {
  saveFile(pdf, `lifetag-labels-${fileDate()}.pdf`);
}
