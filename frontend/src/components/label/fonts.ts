import type { Measure } from "@/lib/labels";
import { printedText } from "./printedText";

/**
 * The label preview's font family: the Noto faces the PDF's label engine
 * draws with, as web fonts cut by Unicode range (fonts.css, written by
 * scripts/build/label-fonts.py), so a browser fetches only the pieces a name
 * needs. Latin, Greek, Cyrillic and Vietnamese from Noto Sans; Arabic,
 * Hebrew, Devanagari, Bengali, Gurmukhi, Tamil and Thai from their Noto
 * Sans faces; kana from Noto Sans CJK JP, Hangul from CJK KR, the Han
 * ideographs from CJK SC.
 */
export const labelFontFamily = "Lifetag Label";

/** The SVG's font-family: what no piece covers falls back to the system's sans-serif. */
export const labelFontStack = `"${labelFontFamily}", sans-serif`;

/**
 * Measures text in the label fonts as the PDF does (fitLines' Measure), by
 * the browser's canvas. Where there is no canvas to measure with (jsdom,
 * which has no OffscreenCanvas either), every text measures nothing, so
 * each line shows whole at its design size.
 */
export function browserMeasure(): Measure {
  const context =
    typeof OffscreenCanvas === "undefined"
      ? null
      : document.createElement("canvas").getContext("2d");
  if (!context) return () => ({ width: 0, top: 0, bottom: 0 });
  const px = 100; // measured at 100 px, read back per em
  return (text, bold) => {
    context.font = `${bold ? 700 : 400} ${px}px ${labelFontStack}`;
    // The PDF sets unshaped lines by the fonts' advances alone.
    context.fontKerning = "none";
    const m = context.measureText(printedText(text));
    return {
      width: m.width / px,
      top: m.actualBoundingBoxAscent / px,
      bottom: -m.actualBoundingBoxDescent / px,
    };
  };
}
