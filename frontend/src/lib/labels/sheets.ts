// Sheet geometry for the on-screen preview, in millimetres. The preset
// sheets are pkg/labels' Presets, written into presets.json by a Go test
// (go test ./labels -run TestPreviewPresetsAreGenerated -update in pkg) that
// fails while the file is stale. The printed truth is the PDF of pkg/sheet;
// this draws the same layout to scale.
import presetsFile from "@pkg/labels/presets.json";
import type { Wire } from "@/lib/api";
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
export const paperMm: Record<PaperSize, { width: number; height: number }> = presetsFile.papers;

/** A label type with a preset sheet: the contract's LabelType. */
export type PresetType = Wire<"LabelType">;

// Typed by the contract: a label type the contract gains fails to compile
// here until presets.json (so pkg/labels' Presets) has its sheets.
const presets: Record<PresetType, Record<PaperSize, SheetLayout>> = presetsFile.presets;

function isPresetType(kind: string): kind is PresetType {
  return Object.hasOwn(presets, kind);
}

// The other way: a label type presets.json has and the contract lacks makes
// this never, so presetTypes below fails to compile until the contract has it.
type OnlyContractKinds =
  Exclude<keyof typeof presetsFile.presets, PresetType> extends never ? PresetType : never;

/** The preset label types in the order of pkg/labels' Presets. */
export const presetTypes: OnlyContractKinds[] = presetsFile.kinds.filter(isPresetType);

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

/**
 * Inches on US Letter stock, to the hundredth; millimetres on A4, to the
 * tenth (the catalogue's 89.9936 mm sheet is sold as 90 mm): how each sheet
 * is sold.
 */
function formatSize(widthMm: number, heightMm: number, paperSize: PaperSize): string {
  const trim = (n: number, digits: number) => String(Number(n.toFixed(digits)));
  if (paperSize === "letter") return `${trim(widthMm / IN, 2)} × ${trim(heightMm / IN, 2)} in`;
  return `${trim(widthMm, 1)} × ${trim(heightMm, 1)} mm`;
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
