// The noticeboard QR code of a collection link, as files an officer can
// keep, print and pin up: a PNG and an SVG of the code with the standard's
// quiet zone, and a poster PDF of it (A4 or US Letter) with a heading and the link
// written out. Made in the browser because the link's address exists only
// there: the server keeps a fingerprint of it, never the address itself.
import type { Bitmap2D } from "lean-qr";
import { individualSymbol } from "@/lib/qr/generate";
import { collectCopy } from "./copy";

/** The standard's quiet zone (ISO/IEC 18004): light modules on each side. */
const QUIET = 4;

/** The PNG's side in pixels: sharp on a printed A4 noticeboard sheet. */
const PNG_SIDE = 1200;

/** The code's squares, in modules from the top-left corner of the quiet zone. */
function darkModules(code: Bitmap2D): [number, number][] {
  const dark: [number, number][] = [];
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) dark.push([x + QUIET, y + QUIET]);
  return dark;
}

/** The link's code as a PNG, black on white, module edges on whole pixels. */
export function qrPng(url: string): Promise<Blob> {
  const code = individualSymbol(url);
  const modules = code.size + 2 * QUIET;
  const canvas = document.createElement("canvas");
  canvas.width = PNG_SIDE;
  canvas.height = PNG_SIDE;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("This browser cannot draw images."));
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, PNG_SIDE, PNG_SIDE);
  context.fillStyle = "#000000";
  const edge = (m: number) => Math.round((m * PNG_SIDE) / modules);
  for (const [x, y] of darkModules(code)) {
    context.fillRect(edge(x), edge(y), edge(x + 1) - edge(x), edge(y + 1) - edge(y));
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("No PNG"))), "image/png"),
  );
}

/** The link's code as an SVG, one unit a module, quiet zone included. */
export function qrSvg(url: string): Blob {
  const code = individualSymbol(url);
  const side = code.size + 2 * QUIET;
  const path = darkModules(code)
    .map(([x, y]) => `M${x} ${y}h1v1h-1z`)
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>\n`;
  return new Blob([svg], { type: "image/svg+xml" });
}

/** Text as a PDF string in its standard fonts (WinAnsi): ASCII, escaped. */
function pdfString(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** The poster's page in points, by the organisation's paper. */
const pages = { a4: [595.28, 841.89], letter: [612, 792] } as const;

/**
 * A poster of the link on the organisation's paper (A4 or US Letter): the
 * heading and how to use it, the code 14 cm wide with its quiet zone, and
 * the address written under it for a worker whose phone does not read
 * codes. A PDF so the station prints it as it prints labels, and the
 * website through the browser's print dialog.
 */
export function posterPdf(url: string, paper: "a4" | "letter" = "a4"): Blob {
  const copy = collectCopy.poster;
  const code = individualSymbol(url);
  const [pageW, pageH] = pages[paper];
  const side = 397; // 14 cm, quiet zone included
  const module = side / (code.size + 2 * QUIET);
  const left = (pageW - side) / 2;
  const top = 150; // from the page's top edge to the code's quiet zone
  const squares = darkModules(code)
    .map(([x, y]) => {
      const px = left + x * module;
      const py = pageH - top - (y + 1) * module;
      return `${px.toFixed(3)} ${py.toFixed(3)} ${module.toFixed(3)} ${module.toFixed(3)} re`;
    })
    .join("\n");
  // The address in Courier, whose letters are all 0.6 em wide: centred
  // exactly, at a size that fits the page's width.
  const urlPt = Math.min(11, (pageW - 2 * 48) / (0.6 * url.length));
  const urlX = (pageW - 0.6 * urlPt * url.length) / 2;
  const content = [
    "0 g",
    `BT /F1 22 Tf ${left.toFixed(2)} ${pageH - 80} Td ${pdfString(copy.heading)} Tj ET`,
    `BT /F2 12 Tf ${left.toFixed(2)} ${pageH - 106} Td ${pdfString(copy.steps)} Tj ET`,
    squares,
    "f",
    `BT /F3 ${urlPt.toFixed(2)} Tf ${urlX.toFixed(2)} ${(pageH - top - side - 24).toFixed(2)} Td ${pdfString(url)} Tj ET`,
    `BT /F2 11 Tf ${left.toFixed(2)} ${(pageH - top - side - 48).toFixed(2)} Td ${pdfString(copy.typeIt)} Tj ET`,
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Contents 4 0 R ` +
      "/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
  ];
  // Every character above is ASCII, so string lengths are byte offsets.
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([pdf], { type: "application/pdf" });
}
