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

/** Each consonant word of a name's Latin spelling starts with this. */
const LATIN_MARKER = "~";

/**
 * A word without its vowels (a e i o u, and w and y, which Arabic writes for
 * its long vowels), each doubled letter once: "muhammad" gives "mhmd".
 */
function consonants(word: string): string {
  let out = "";
  let last = "";
  for (const ch of word) {
    if (ch < "a" || ch > "z" || "aeiouwy".includes(ch)) continue;
    if (ch !== last) out += ch;
    last = ch;
  }
  return out;
}

/**
 * Whether a name's Latin spelling (the server's searchLatin, written by
 * LatinForSearch in pkg/emergency/search.go) holds every word of a search
 * typed in Latin letters: the word's letters anywhere, or its consonants at
 * the start of one of the name's consonant words. The rule of Go's
 * MatchesLatin, proven alike by pkg/emergency/testdata/latin-search.json.
 */
export function matchesLatin(latin: string, search: string): boolean {
  const words = foldForSearch(search)
    .split(/\s+/u)
    .map((w) => w.replace(/[^a-z0-9]/g, ""))
    .filter((w) => w !== "");
  if (latin === "" || words.length === 0) return false;
  return words.every((w) => {
    if (latin.includes(w)) return true;
    const c = /[0-9]/.test(w) ? "" : consonants(w);
    return c !== "" && latin.includes(LATIN_MARKER + c);
  });
}
