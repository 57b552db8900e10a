import { platform } from "@/lib/platform";

export { removePrintFrame } from "./printPdf";
export type { PrintOutcome } from "@/lib/platform";

/** Prints a label sheet PDF at 100 %: the browser's dialog on the website, the station's printer there. */
export function printPdf(pdf: Blob, fileName = "lifetag-labels.pdf") {
  return platform().printPdf(pdf, fileName);
}
