export { printPdf, removePrintFrame, type PrintOutcome } from "./printPdf";
