package emergency

import (
	"strings"
	"unicode"

	"github.com/gosimple/unidecode"
	"golang.org/x/text/unicode/norm"
)

// lettersWithoutMarks spells, in lower case, the letters that Unicode does
// not decompose into a base letter and a mark, the way someone typing
// without them would: "lukasz" for "Łukasz", "soren" for "Søren". The
// final sigma is the sigma, because JavaScript's lower case writes it at
// the end of a word and Go's never does.
var lettersWithoutMarks = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ð': "d", 'ħ': "h", 'ŧ': "t", 'ı': "i",
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ς': "σ",
}

// FoldForSearch is s as a search of names compares it, so that a search
// typed without accents or in any case finds the name ("nunez" and "NÚÑEZ"
// find "José Núñez"): the letters taken apart from their accents (NFKD),
// the accents (non-spacing marks) dropped, lower case, and the letters that
// have no accent to drop spelt out (lettersWithoutMarks). The cloud keeps
// each library name folded and folds the search the same way; the
// TypeScript twin (frontend/src/lib/emergency/search.ts) folds in the
// browser, proven alike by testdata/search-fold.json.
func FoldForSearch(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(withoutMarks(s)) {
		if plain, ok := lettersWithoutMarks[r]; ok {
			b.WriteString(plain)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutMarks is s decomposed with its non-spacing marks (accents) dropped.
func withoutMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A name written in another script than Latin (王秀英, محمد, Дмитрий) cannot
// be typed on the Latin keyboard most officers have, so beside its fold the
// name is kept spelt in Latin letters by unidecode (pinyin-like syllables
// for Chinese, consonants for Arabic), folded the same way. What a search
// compares against that spelling is built here, so that the cloud's store
// and any other search of names (the station's, the website's picker, which
// are given this text) agree on one rule.

// latinMarker starts each consonant word of a LatinForSearch text, so that
// a search's consonants match only at the start of one of the name's words
// (and never inside the letters kept before them).
const latinMarker = "~"

// LatinForSearch is the text a search matches name by when name has
// letters of another script than Latin: its Latin spelling, folded, with
// only the letters and digits kept ("wangxiuying" for 王秀英, so "Wang
// Xiuying" and "Xiuying Wang" find it, word by word); for a name in a script
// that writes no short vowels (Arabic, Hebrew, Syriac, Thaana), also each
// word's consonants, each after latinMarker, with the whole name's
// ("mhmd ~mhmd" for محمد, which "Muhammad" and "Mohammed" find by their
// consonants). "" for a name a Latin keyboard types already: its fold is
// all a search needs.
func LatinForSearch(name string) string {
	folded := FoldForSearch(name)
	foreign, abjad := false, false
	for _, r := range folded {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			foreign = true
			abjad = abjad || unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana)
		}
	}
	if !foreign {
		return ""
	}
	words := latinWords(FoldForSearch(unidecode.Unidecode(withoutMarks(name))))
	out := strings.Join(words, "")
	if abjad {
		spellings := append(words, strings.Join(words, ""))
		// A family name after the article (العتيبي, al-Otaibi) is also
		// typed without it ("Otaibi").
		for _, w := range strings.Fields(withoutMarks(name)) {
			if rest, ok := strings.CutPrefix(w, "ال"); ok {
				spellings = append(spellings, latinWords(FoldForSearch(unidecode.Unidecode(rest)))...)
			}
		}
		seen := map[string]bool{}
		for _, w := range spellings {
			if c := consonants(w); c != "" && !seen[c] {
				seen[c] = true
				out += " " + latinMarker + c
			}
		}
	}
	return out
}

// LatinWord is one word of a search as a LatinForSearch text is searched
// for: Letters anywhere in it, or (when not empty) latinMarker+Consonants.
type LatinWord struct {
	Letters    string
	Consonants string
}

// LatinSearchWords are the words of a search (folded, spelt in Latin
// letters, letters and digits only); a name's LatinForSearch text matches
// the search when it holds every word (MatchesLatin).
func LatinSearchWords(search string) []LatinWord {
	var out []LatinWord
	for _, w := range latinWords(FoldForSearch(unidecode.Unidecode(withoutMarks(search)))) {
		word := LatinWord{Letters: w}
		if strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
			if c := consonants(w); c != "" {
				word.Consonants = latinMarker + c
			}
		}
		out = append(out, word)
	}
	return out
}

// MatchesLatin reports whether a LatinForSearch text holds every word of
// a search, the rule the store's query writes in SQL.
func MatchesLatin(latin, search string) bool {
	words := LatinSearchWords(search)
	if latin == "" || len(words) == 0 {
		return false
	}
	for _, w := range words {
		if !strings.Contains(latin, w.Letters) && (w.Consonants == "" || !strings.Contains(latin, w.Consonants)) {
			return false
		}
	}
	return true
}

// latinWords splits folded Latin text into its words of a-z and 0-9,
// dropping everything else (spaces, and the apostrophes and @ unidecode
// writes for hamza, ain and teh marbuta).
func latinWords(s string) []string {
	var words []string
	for _, f := range strings.FieldsFunc(s, unicode.IsSpace) {
		w := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, f)
		if w != "" {
			words = append(words, w)
		}
	}
	return words
}

// consonants is a word without its vowels (a, e, i, o, u, and w and y,
// which Arabic writes for its long vowels) and with each doubled letter
// once, as a name written without short vowels is spelt in Latin letters:
// "muhammad", "mohammed" and محمد's "mhmd" all give "mhmd".
func consonants(w string) string {
	var b strings.Builder
	var last rune
	for _, r := range w {
		if r < 'a' || r > 'z' || strings.ContainsRune("aeiouwy", r) {
			continue
		}
		if r != last {
			b.WriteRune(r)
		}
		last = r
	}
	return b.String()
}
