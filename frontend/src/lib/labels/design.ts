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
  /** As low as text may reach: the label's inset. */
  textBottom: number;
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
      textBottom: inset + innerH,
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
    textBottom: inset + innerH,
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

// No label prints more characters of one text (pkg/sheet's maxRunes).
const MAX_CHARS = 200;

/**
 * Text as the labels print it (pkg/sheet's Printable): white space and
 * control characters collapsed to single spaces, at most MAX_CHARS
 * characters.
 */
export function printable(text: string): string {
  let out = "";
  let space = false;
  let n = 0;
  for (const ch of text) {
    if (/[\s\p{Cc}]/u.test(ch)) {
      space = out !== "";
      continue;
    }
    if (space) {
      out += " ";
      space = false;
    }
    out += ch;
    if (++n === MAX_CHARS) break;
  }
  return out;
}

/** One row of printed text; x is its left edge, or its centre when its line is centred. */
export interface Row {
  role: Role;
  text: string;
  x: number;
  baseline: number;
  pt: number;
}

/**
 * A text's advance in ems of its font at a weight, and how far its ink
 * reaches above the baseline and below it (negative), in ems; ink of zero
 * means the text keeps within its line.
 */
export type Measure = (
  text: string,
  bold: boolean,
) => { width: number; top: number; bottom: number };

// How far a line's ink may reach above and below its baseline, in ems
// (pkg/sheet's inkAbove and inkBelow).
const INK_ABOVE = 1.15;
const INK_BELOW = 0.35;

/**
 * What each of the design's lines prints for these details, as rows: the
 * twin of fitLines in pkg/sheet/fit.go, the same rules in the same order.
 * A person's own text wider than its line shrinks in half points down to
 * minPt; a name still too wide wraps onto a second row when the lines
 * below have room to move down; what still does not fit is cut short with
 * an ellipsis; a text whose ink reaches past its line keeps its size and
 * moves the lines below down, room allowing. Both are held to
 * pkg/sheet/testdata/label-fits.json.
 */
export function fitLines(design: LabelDesign, details: LabelDetails, measure: Measure): Row[] {
  const rules = designRules;
  const texts = design.lines.map((line) => printable(lineText(line, details)));
  const rows: Row[] = [];
  let room = roomBelow(design, texts);
  let shift = 0;
  design.lines.forEach((original, i) => {
    const text = texts[i]!;
    if (text === "") return;
    const l = { ...original };
    if (l.role !== "scan") l.baseline += shift;
    const m = measure(text, l.bold);
    let pt = roomyPt(l, m.top, m.bottom, room);
    while (pt > rules.minPt && m.width * pt * PT_TO_MM > l.width) {
      pt = Math.max(rules.minPt, pt - 0.5);
    }
    if (m.width * pt * PT_TO_MM > l.width && l.role === "name") {
      const wrapped = wrap(l, text, inkPt(l, m.top, m.bottom), room, measure);
      if (wrapped) {
        rows.push(...wrapped.rows);
        shift += wrapped.moved;
        room -= wrapped.moved;
        return;
      }
    }
    const shown =
      m.width * pt * PT_TO_MM > l.width
        ? ellipsize(text, l.bold, l.width / (pt * PT_TO_MM), measure)
        : text;
    const { above, below } = overhang(m.top, m.bottom, pt);
    rows.push({ role: l.role, text: shown, x: l.x, baseline: l.baseline + above, pt });
    shift += above + below;
    room -= above + below;
  });
  return rows;
}

/** How far, in mm, ink at size pt reaches past INK_ABOVE over its baseline and past INK_BELOW under it. */
function overhang(top: number, bottom: number, pt: number): { above: number; below: number } {
  return {
    above: Math.max(0, top - INK_ABOVE) * pt * PT_TO_MM,
    below: Math.max(0, -bottom - INK_BELOW) * pt * PT_TO_MM,
  };
}

/**
 * The largest size for a text in line l (pkg/sheet's roomyPt): a script is
 * read at the size of its letters, so ink reaching past the line (an Arabic
 * yeh's tail, a Vietnamese stack) keeps the line's size and moves the lines
 * below down, room allowing; only where it does not does the text shrink,
 * down to the size at which its ink stays within the line.
 */
function roomyPt(l: DesignLine, top: number, bottom: number, room: number): number {
  const least = inkPt(l, top, bottom);
  for (let pt = l.pt; pt > least; pt -= 0.5) {
    const { above, below } = overhang(top, bottom, pt);
    if (above + below <= room) return pt;
  }
  return least;
}

function roomBelow(design: LabelDesign, texts: string[]): number {
  const rules = designRules;
  let floor = design.textBottom;
  let lowest = 0;
  design.lines.forEach((l, i) => {
    if (texts[i] === "") return;
    if (l.role === "scan") floor = l.baseline - rules.ascent * l.pt * PT_TO_MM;
    else lowest = Math.max(lowest, l.baseline + rules.descent * l.pt * PT_TO_MM);
  });
  return Math.max(0, floor - lowest);
}

function inkPt(l: DesignLine, top: number, bottom: number): number {
  const tall = Math.max(top / INK_ABOVE, -bottom / INK_BELOW);
  return tall > 1 ? Math.max(designRules.minPt, Math.floor((l.pt / tall) * 2) / 2) : l.pt;
}

function wrap(
  l: DesignLine,
  text: string,
  largest: number,
  room: number,
  measure: Measure,
): { rows: Row[]; moved: number } | null {
  const rules = designRules;
  const top = l.baseline - rules.ascent * l.pt * PT_TO_MM;
  for (let pt = largest; ; pt = Math.max(rules.minPt, pt - 0.5)) {
    const moved = Math.max(0, (2 * pt - l.pt) * rules.lineSpacing * PT_TO_MM);
    const ems = l.width / (pt * PT_TO_MM);
    const broken = breakRow(text, l.bold, ems, measure);
    if (broken && moved <= room) {
      let rest = broken.rest;
      const restWidth = measure(rest, l.bold).width;
      if (!(restWidth > ems && pt > rules.minPt)) {
        if (restWidth > ems) rest = ellipsize(rest, l.bold, ems, measure);
        const baseline = top + rules.ascent * pt * PT_TO_MM;
        return {
          rows: [
            { role: l.role, text: broken.first, x: l.x, baseline, pt },
            {
              role: l.role,
              text: rest,
              x: l.x,
              baseline: baseline + pt * rules.lineSpacing * PT_TO_MM,
              pt,
            },
          ],
          moved,
        };
      }
    }
    if (pt === rules.minPt) return null;
  }
}

/** Breaks text after its last space (dropped) or hyphen that leaves a first row no wider than width ems. */
function breakRow(
  text: string,
  bold: boolean,
  width: number,
  measure: Measure,
): { first: string; rest: string } | null {
  for (let i = text.length - 1; i > 0; i--) {
    const before = text[i - 1];
    if (before !== " " && before !== "-") continue;
    const first = (before === " " ? text.slice(0, i - 1) : text.slice(0, i)).trim();
    const rest = text.slice(i).trim();
    if (first === "" || rest === "") continue;
    if (measure(first, bold).width <= width) return { first, rest };
  }
  return null;
}

/** A mark, joiner or variation selector: never cut from the letter before it. */
function attaches(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (
    /\p{M}/u.test(ch) ||
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/** The longest start of text that, with an ellipsis, is no wider than width ems. */
export function ellipsize(text: string, bold: boolean, width: number, measure: Measure): string {
  if (measure(text, bold).width <= width) return text;
  const chars = Array.from(text);
  let best = "…";
  let lo = 0;
  let hi = chars.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    let n = mid;
    while (n > 0 && attaches(chars[n]!)) n--;
    const cut = chars.slice(0, n).join("").trim() + "…";
    if (n > 0 && measure(cut, bold).width <= width) {
      best = cut;
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}
