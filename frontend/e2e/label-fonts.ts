// Names in the scripts the label fonts cover, and a reader of the label
// preview's @font-face rules (src/components/label/fonts.css), shared by the
// unit test of those rules and the browser journey that prints the names.

/** A person's name in each script the labels draw (Latin with Vietnamese, Greek, Cyrillic, Arabic, Hebrew, the Indic scripts, Thai and the CJK ones). */
export const worldNames = [
  "王小明",
  "محمد علي",
  "Nguyễn Thị Hương",
  "Łukasz Wiśniewski",
  "Oleksandr Коваленко",
  "Γιώργος Παπαδόπουλος",
  "דוד כהן",
  "अनुष्का शर्मा",
  "সৌরভ গাঙ্গুলী",
  "ਹਰਪ੍ਰੀਤ ਸਿੰਘ",
  "முத்து குமார்",
  "สมชาย ใจดี",
  "김민준",
  "田中さくら",
] as const;

/** One @font-face rule: its family, weight, file and the code points it answers for. */
export type FontPiece = {
  family: string;
  weight: number;
  url: string;
  ranges: [number, number][];
};

/** The @font-face rules of a style sheet (as scripts/build/label-fonts.py writes them). */
export function fontPieces(css: string): FontPiece[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const value = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body!)?.[1] ?? "";
    return {
      family: value("font-family").replace(/"/g, ""),
      weight: Number(value("font-weight")),
      url: /url\("([^"]+)"\)/.exec(value("src"))?.[1] ?? "",
      ranges: value("unicode-range")
        .split(",")
        .map((r) => {
          const [lo, hi] = r.trim().replace("U+", "").split("-");
          return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as [number, number];
        }),
    };
  });
}

/**
 * The file a browser fetches for `ch` at `weight`: of the rules that cover
 * it, the last one (CSS Fonts: later rules of a family are tried first).
 */
export function pieceFor(pieces: FontPiece[], ch: string, weight: number): FontPiece | undefined {
  const cp = ch.codePointAt(0)!;
  return pieces.findLast(
    (p) => p.weight === weight && p.ranges.some(([lo, hi]) => lo <= cp && cp <= hi),
  );
}
