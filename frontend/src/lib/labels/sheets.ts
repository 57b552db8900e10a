// Sheet geometry for the on-screen preview, in millimetres, from the product
// presets of DESIGN.md (gLabels database entries; Avery 22806 measured). The
// printed truth is the PDF of pkg/sheet; this draws the same layout to scale.
import type { CustomDimensions, LabelType, PaperSize } from "./options";

export interface SheetLayout {
  /** Stock name shown to the customer. */
  stock: string;
  paper: { width: number; height: number };
  label: { width: number; height: number; radius: number };
  cols: number;
  rows: number;
  /** Top-left corner of the first label. */
  x0: number;
  y0: number;
  /** Distance between the left edges (dx) and top edges (dy) of neighbours. */
  dx: number;
  dy: number;
}

const IN = 25.4;
export const paperMm: Record<PaperSize, { width: number; height: number }> = {
  letter: { width: 8.5 * IN, height: 11 * IN },
  a4: { width: 210, height: 297 },
};

type PresetType = Exclude<LabelType, "custom">;

const presets: Record<PresetType, Record<PaperSize, SheetLayout>> = {
  helmet: {
    letter: {
      stock: "Avery 5163",
      paper: paperMm.letter,
      label: { width: 4 * IN, height: 2 * IN, radius: 0.125 * IN },
      cols: 2,
      rows: 5,
      x0: 0.1625 * IN,
      y0: 0.5 * IN,
      dx: 4.1875 * IN,
      dy: 2 * IN,
    },
    a4: {
      stock: "Avery L7173",
      paper: paperMm.a4,
      label: { width: 99.1, height: 57, radius: 3 },
      cols: 2,
      rows: 5,
      x0: 4.65,
      y0: 6,
      dx: 101.6,
      dy: 57,
    },
  },
  gear: {
    letter: {
      stock: "Avery 22806",
      paper: paperMm.letter,
      label: { width: 2 * IN, height: 2 * IN, radius: 0.125 * IN },
      cols: 3,
      rows: 4,
      x0: 0.625 * IN,
      y0: 0.75 * IN,
      dx: 2.625 * IN,
      dy: 2.5 * IN,
    },
    a4: {
      stock: "50 mm square labels",
      paper: paperMm.a4,
      label: { width: 50, height: 50, radius: 2 },
      cols: 3,
      rows: 5,
      x0: 25,
      y0: 13.5,
      dx: 55,
      dy: 55,
    },
  },
  wallet: {
    letter: {
      stock: "Avery 28371",
      paper: paperMm.letter,
      label: { width: 3.5 * IN, height: 2 * IN, radius: 0 },
      cols: 2,
      rows: 5,
      x0: 0.75 * IN,
      y0: 0.5 * IN,
      dx: 3.5 * IN,
      dy: 2 * IN,
    },
    a4: {
      stock: "Avery L7414",
      paper: paperMm.a4,
      label: { width: 90, height: 52, radius: 0 },
      cols: 2,
      rows: 5,
      x0: 15,
      y0: 18.5,
      dx: 90,
      dy: 52,
    },
  },
};

/**
 * A custom grid is centred on the paper with equal gaps; when it does not
 * fit, the labels are shrunk in proportion so the preview stays honest about
 * the grid while showing that the size is too large (`fits` false).
 */
function customLayout(d: CustomDimensions, paperSize: PaperSize): SheetLayout & { fits: boolean } {
  const paper = paperMm[paperSize];
  const needW = d.cols * d.width;
  const needH = d.rows * d.height;
  const fits = needW <= paper.width && needH <= paper.height;
  const scale = fits ? 1 : Math.min(paper.width / needW, paper.height / needH);
  const w = d.width * scale;
  const h = d.height * scale;
  const gapX = (paper.width - d.cols * w) / (d.cols + 1);
  const gapY = (paper.height - d.rows * h) / (d.rows + 1);
  return {
    stock: "Custom",
    paper,
    label: { width: w, height: h, radius: 2 },
    cols: d.cols,
    rows: d.rows,
    x0: gapX,
    y0: gapY,
    dx: w + gapX,
    dy: h + gapY,
    fits,
  };
}

export function sheetLayout(
  labelType: LabelType,
  paperSize: PaperSize,
  custom: CustomDimensions,
): SheetLayout & { fits: boolean } {
  if (labelType === "custom") return customLayout(custom, paperSize);
  return { ...presets[labelType][paperSize], fits: true };
}

/** The labels of a sheet in reading order; a custom count may leave cells empty. */
export function labelPositions(layout: SheetLayout, count = layout.cols * layout.rows) {
  const positions: { x: number; y: number }[] = [];
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) {
      if (positions.length >= count) return positions;
      positions.push({ x: layout.x0 + col * layout.dx, y: layout.y0 + row * layout.dy });
    }
  }
  return positions;
}

/** Inches on US Letter stock, millimetres on A4: how each sheet is sold. */
function formatSize(widthMm: number, heightMm: number, paperSize: PaperSize): string {
  const trim = (n: number) => String(Number(n.toFixed(2)));
  if (paperSize === "letter") return `${trim(widthMm / IN)} × ${trim(heightMm / IN)} in`;
  return `${trim(widthMm)} × ${trim(heightMm)} mm`;
}

/**
 * The label-choice card's line for a preset on the chosen paper, such as
 * "99.1 × 57 mm · 10 per sheet": read from the sheet that will print, so
 * the card can never say something else.
 */
export function presetSummary(labelType: PresetType, paperSize: PaperSize): string {
  const layout = presets[labelType][paperSize];
  const size = formatSize(layout.label.width, layout.label.height, paperSize);
  return `${size} · ${layout.cols * layout.rows} per sheet`;
}
