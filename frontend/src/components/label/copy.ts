// Copy of the label choices and sheet preview (docs/design/individual.md §2, §5, §9).
// What the label itself prints is in pkg/sheet/design.json.
import { designRules } from "@/lib/labels";

export const labelCopy = {
  heading: "Label options",
  typeLegend: "Label type",
  types: {
    helmet: { name: "Helmet", use: "Motorcycle, bike and climbing helmets" },
    gear: { name: "Gear", use: "Bags, cases and equipment" },
    wallet: { name: "Wallet", use: "Wallet card, the size of a business card" },
    custom: { name: "Custom", use: "Your own size, digital printing only" },
  },
  paperSize: "Paper size",
  paper: { letter: "US Letter (8.5 × 11 in)", a4: "A4 (210 × 297 mm)" },
  quality: "Print quality",
  qualities: { standard: "Standard (300 DPI)", high: "High (600 DPI)" },
  waterproof: "Waterproof labels",
  waterproofHint: "Choose waterproof vinyl sheets for helmets and outdoor gear.",
  custom: {
    legend: "Custom size",
    width: "Width (mm)",
    height: "Height (mm)",
    count: "Labels per sheet",
    cols: "Columns",
    rows: "Rows",
    gridHint: (cols: number, rows: number, count: number) =>
      `Columns × rows should equal labels per sheet (${cols} × ${rows} = ${cols * rows}, labels per sheet ${count}).`,
    minimumAdvice: "A minimum of 50×50 mm is advised for QR scanning.",
    digitalOnly: "Custom labels are digital only: print them yourself; no physical order.",
    doesNotFit:
      "These labels do not fit on one sheet at this size; the preview is shrunk to show the grid.",
    ratingsHeading: "Preview rating",
    ratings: {
      textGood: "Text readability: good",
      textPoor: "Text readability: small (under 2 sq in)",
      qrOptimal: "QR size: optimal",
      qrSmall: "QR size: small (a side under 50 mm)",
      layoutBalanced: "Layout: balanced",
      layoutUnbalanced: "Layout: unbalanced",
      ratioExtreme: "Aspect ratio: extreme",
    },
  },
  sheetTitle: (stock: string, perSheet: number) => `${stock}, ${perSheet} labels per sheet`,
  labelHeading: designRules.roles.heading.text,
};
