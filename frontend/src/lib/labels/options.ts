// Label options (docs/design/individual.md §3) and the custom-size rules (docs/design/individual.md §5).
import { presetTypes, type PresetType } from "./sheets";

export type LabelType = PresetType | "custom";
export type PaperSize = "letter" | "a4";
export type PrintQuality = "standard" | "high";

export interface CustomDimensions {
  /** Millimetres. */
  width: number;
  height: number;
  count: number;
  cols: number;
  rows: number;
}

export interface LabelOptions {
  labelType: LabelType;
  paperSize: PaperSize;
  printQuality: PrintQuality;
  waterproof: boolean;
  customDimensions: CustomDimensions;
}

/** The choices the form offers: the presets, then a custom size. */
export const labelTypes: LabelType[] = [...presetTypes, "custom"];

/** docs/design/individual.md §5 bounds of the custom label inputs. */
export const customBounds = {
  width: { min: 70, max: 250 },
  height: { min: 50, max: 250 },
  count: { min: 1, max: 100 },
  cols: { min: 1, max: 10 },
  rows: { min: 1, max: 20 },
} as const satisfies Record<keyof CustomDimensions, { min: number; max: number }>;

export const defaultCustomDimensions: CustomDimensions = {
  width: 70,
  height: 50,
  count: 10,
  cols: 2,
  rows: 5,
};

/**
 * docs/design/decisions.md §6: paper follows the visitor's locale. Letter where Letter is the
 * norm (US, Canada, Mexico, the Philippines and a few others), A4 elsewhere,
 * including the UK and Ireland.
 */
const letterRegions = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "GT", "CR"]);

export function paperSizeForLocale(locale: string | undefined): PaperSize {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return region !== undefined && letterRegions.has(region) ? "letter" : "a4";
}

export function defaultLabelOptions(locale?: string): LabelOptions {
  return {
    labelType: "helmet",
    paperSize: paperSizeForLocale(locale),
    printQuality: "high",
    waterproof: true,
    customDimensions: { ...defaultCustomDimensions },
  };
}

/** Print quality in dots per inch (docs/design/individual.md §9). */
export const dpi: Record<PrintQuality, number> = { standard: 300, high: 600 };

/**
 * The value a custom field settles to when it loses focus (docs/design/individual.md §5): width
 * and height that are blank or below their minimum go back to the minimum;
 * the counts go back to their default when blank and are held inside their
 * bounds as whole numbers. Anything above a maximum comes down to it.
 */
export function settleCustomField(field: keyof CustomDimensions, raw: string): number {
  const bounds = customBounds[field];
  const value = Number(raw);
  const isSize = field === "width" || field === "height";
  if (raw.trim() === "" || !Number.isFinite(value)) {
    return isSize ? bounds.min : defaultCustomDimensions[field];
  }
  const settled = isSize ? value : Math.round(value);
  return Math.min(Math.max(settled, bounds.min), bounds.max);
}

export interface CustomRatings {
  /** Area of at least 2 square inches. */
  textReadable: boolean;
  /** Both sides at least 50 mm. */
  qrOptimal: boolean;
  /** Aspect ratio from 0.5 to 3. */
  layoutBalanced: boolean;
  /** Aspect ratio above 3 or below 0.3. */
  ratioExtreme: boolean;
  /** Columns x rows equals labels per sheet (a hint only). */
  gridMatchesCount: boolean;
}

const MM_PER_INCH = 25.4;

export function customRatings(d: CustomDimensions): CustomRatings {
  const areaSqIn = (d.width / MM_PER_INCH) * (d.height / MM_PER_INCH);
  const ratio = d.width / d.height;
  return {
    textReadable: areaSqIn >= 2,
    qrOptimal: d.width >= 50 && d.height >= 50,
    layoutBalanced: ratio >= 0.5 && ratio <= 3,
    ratioExtreme: ratio > 3 || ratio < 0.3,
    gridMatchesCount: d.cols * d.rows === d.count,
  };
}
