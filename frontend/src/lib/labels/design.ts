// The printed label's design (pkg/sheet/design.json), laid out for one label
// size: the TypeScript twin of DesignFor in pkg/sheet/design.go, the same
// arithmetic in the same order, so the preview draws what the PDF prints.
// Both are held to pkg/sheet/testdata/label-designs.json.
import designFile from "@pkg/sheet/design.json";

export type Role = "heading" | "name" | "bloodType" | "ice" | "caption" | "scan";

interface LineRule {
  role: string;
  pt: number;
}

interface RoleRule {
  text: string;
  bold: boolean;
  colour: string;
  em?: number;
}

export const designRules = designFile as typeof designFile & {
  roles: Record<Role, RoleRule>;
  beside: { lines: LineRule[]; footer: LineRule };
  under: { lines: LineRule[] };
};

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DesignLine {
  role: Role;
  /** design.json's text, with {name}, {bloodType}, {phone} or {caption}. */
  text: string;
  /** Left edge, or the centre when centred; mm from the label's corner. */
  x: number;
  baseline: number;
  width: number;
  centred: boolean;
  pt: number;
  bold: boolean;
  colour: string;
}

export interface LabelDesign {
  arrangement: "beside" | "under";
  /** The code and its quiet zone; no text enters it. */
  qr: Box;
  lines: DesignLine[];
}

/** The person's details a label prints beside its code. */
export interface LabelDetails {
  name: string;
  bloodType: string;
  /** The number to call: the first emergency contact's phone. */
  ice: string;
  caption?: string;
}

export const PT_TO_MM = 25.4 / 72;

function linePt(lr: LineRule, width: number, heading: number): number {
  const role = designRules.roles[lr.role as Role];
  if (role.em !== undefined && role.em > 0) return Math.min(lr.pt, width / (role.em * PT_TO_MM));
  return Math.min(lr.pt, heading);
}

function headingPt(lines: LineRule[], width: number): number {
  const heading = lines.find((l) => l.role === "heading");
  return heading ? linePt(heading, width, Infinity) : Infinity;
}

function newLine(
  role: string,
  x: number,
  baseline: number,
  width: number,
  pt: number,
  centred: boolean,
): DesignLine {
  const r = designRules.roles[role as Role];
  return {
    role: role as Role,
    text: r.text,
    x,
    baseline,
    width,
    centred,
    pt,
    bold: r.bold,
    colour: r.colour,
  };
}

/** Lays a rectangular label of width x height mm (corner radius r) out. */
export function labelDesign(width: number, height: number, cornerRadius: number): LabelDesign {
  const rules = designRules;
  const inset = Math.max(rules.inset, 0.3 * cornerRadius);
  const innerW = width - 2 * inset;
  const innerH = height - 2 * inset;
  if (width >= rules.besideMinRatio * height) {
    const side = Math.max(0, Math.min(innerH, innerW - rules.gap - rules.minTextWidth));
    const x = inset + side + rules.gap;
    const colWidth = innerW - side - rules.gap;
    const heading = headingPt(rules.beside.lines, colWidth);
    const lines: DesignLine[] = [];
    let top = inset;
    for (const lr of rules.beside.lines) {
      const pt = linePt(lr, colWidth, heading);
      if (pt < rules.minPt) continue;
      lines.push(newLine(lr.role, x, top + rules.ascent * pt * PT_TO_MM, colWidth, pt, false));
      top += pt * rules.lineSpacing * PT_TO_MM;
    }
    const f = rules.beside.footer;
    const pt = linePt(f, colWidth, heading);
    const baseline = inset + innerH - rules.descent * pt * PT_TO_MM;
    if (pt >= rules.minPt && baseline - rules.ascent * pt * PT_TO_MM >= top) {
      lines.push(newLine(f.role, x, baseline, colWidth, pt, false));
    }
    return {
      arrangement: "beside",
      qr: { x: inset, y: inset + (innerH - side) / 2, w: side, h: side },
      lines,
    };
  }

  const heading = headingPt(rules.under.lines, innerW);
  const pts: number[] = [];
  let block = 0;
  for (const lr of rules.under.lines) {
    const pt = linePt(lr, innerW, heading);
    pts.push(pt);
    block += pt * rules.lineSpacing * PT_TO_MM;
  }
  const side = Math.max(0, Math.min(innerW, innerH - rules.gap - block));
  const lines: DesignLine[] = [];
  let top = inset + side + rules.gap;
  rules.under.lines.forEach((lr, i) => {
    const pt = pts[i]!;
    if (pt >= rules.minPt) {
      lines.push(
        newLine(lr.role, inset + innerW / 2, top + rules.ascent * pt * PT_TO_MM, innerW, pt, true),
      );
    }
    top += pt * rules.lineSpacing * PT_TO_MM;
  });
  return {
    arrangement: "under",
    qr: { x: inset + (innerW - side) / 2, y: inset, w: side, h: side },
    lines,
  };
}

/** What a line prints for these details; "" when the detail is missing. */
export function lineText(line: DesignLine, d: LabelDetails): string {
  const fill = (placeholder: string, value: string | undefined) =>
    value === undefined || value.trim() === "" ? "" : line.text.replaceAll(placeholder, value);
  switch (line.role) {
    case "name":
      return fill("{name}", d.name);
    case "bloodType":
      return fill("{bloodType}", d.bloodType);
    case "ice":
      return fill("{phone}", d.ice);
    case "caption":
      return fill("{caption}", d.caption);
    default:
      return line.text;
  }
}
