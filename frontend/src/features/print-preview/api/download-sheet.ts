// The label sheet PDF from the cloud (the label engine's output, served to
// entitled users only). The endpoint is not built yet; the path below is the
// one the cloud is asked to serve (see the lead's note in the final report).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import type { LabelOptions } from "@/lib/labels";

export const SHEET_PDF_PATH = "/api/labels/sheet.pdf";

export async function downloadSheet(body: { email: string; labelOptions: LabelOptions }) {
  const response = await apiRequest("POST", SHEET_PDF_PATH, body);
  return response.blob();
}

export function useDownloadSheet() {
  return useMutation({ mutationFn: downloadSheet });
}
