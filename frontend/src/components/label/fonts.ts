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
