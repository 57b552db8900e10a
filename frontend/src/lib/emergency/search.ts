// The folding of names for search, rule for rule the same as
// pkg/emergency/search.go (proven by pkg/emergency/testdata/search-fold.json):
// the cloud searches the library with it, and the batch page's picker, which
// holds the whole library, searches in the browser with this twin.

/**
 * Letters Unicode does not decompose into a base letter and a mark, spelt
 * (in lower case) the way someone typing without them would. The final
 * sigma is the sigma: toLowerCase writes it at the end of a word, Go never.
 */
const LETTERS_WITHOUT_MARKS: Readonly<Record<string, string>> = {
  ł: "l",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ŧ: "t",
  ı: "i",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  þ: "th",
  ς: "σ",
};

const NON_SPACING_MARK = /\p{Mn}/gu;

/**
 * s as a search of names compares it, so that "nunez" and "NÚÑEZ" find
 * "José Núñez": NFKD, non-spacing marks dropped, lower case, then the
 * letters without a decomposition spelt out.
 */
export function foldForSearch(s: string): string {
  let folded = "";
  for (const ch of s.normalize("NFKD").replace(NON_SPACING_MARK, "").toLowerCase()) {
    folded += LETTERS_WITHOUT_MARKS[ch] ?? ch;
  }
  return folded;
}
