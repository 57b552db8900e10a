package sheet

import (
	"bytes"
	"embed"
	"fmt"
	"sync"
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/bidi"
)

// The Noto fonts set every text that needs shaping: per run of text,
// the first face in fallbackOrder that has the run's characters. They ship
// with the code (fonts/, SIL Open Font License in fonts/OFL.txt) and are
// compiled into every binary that draws labels, so the cloud, the station
// (Windows too) and a fresh clone print the same without a set-up step.
// Noto Sans CJK comes in its regular weight only (its bold would add 20 MB);
// bold CJK text is emboldened by stroking its outline.
//
//go:embed fonts/*.ttf fonts/NotoSansCJK-Regular.ttc
var fontFiles embed.FS

// fallbackOrder lists the faces tried for a character, as file stems; CJK
// comes last and is chosen among its Japanese, Korean, Simplified and
// Traditional Chinese faces by the text (see cjkFace).
var fallbackOrder = []string{
	"NotoSans", // Latin (Vietnamese too), Greek, Cyrillic
	"NotoSansArabic",
	"NotoSansHebrew",
	"NotoSansDevanagari",
	"NotoSansBengali",
	"NotoSansGurmukhi",
	"NotoSansTamil",
	"NotoSansThai",
}

// replacement is drawn, from Noto Sans, for each character that no bundled
// face has (emoji, scripts not covered): the label shows that something is
// there rather than dropping it, and the website's preview draws the same.
const replacement = '\uFFFD'

// Faces of the CJK collection, by their family names.
const (
	cjkJP = "Noto Sans CJK JP"
	cjkKR = "Noto Sans CJK KR"
	cjkSC = "Noto Sans CJK SC"
	cjkTC = "Noto Sans CJK TC"
)

// typeface is one face of the fallback list in both weights, parsed the
// first time a text needs it: a sheet of Vietnamese names never reads the
// CJK collection.
type typeface struct {
	once          sync.Once
	load          func() (regular, bold *font.Face)
	regular, bold *font.Face
	// fauxBold: bold is the regular face, stroked when drawn.
	fauxBold bool
	// file and index name the font in fonts/ (index in a collection).
	file  string
	index int
}

func (t *typeface) get() *typeface {
	t.once.Do(func() { t.regular, t.bold = t.load() })
	return t
}

type fontBook struct {
	faces []*typeface // fallbackOrder, then the CJK faces
	cjk   map[string]int
}

// face is the i-th face, loaded.
func (b *fontBook) face(i int) *typeface { return b.faces[i].get() }

func mustFont(what string, f *font.Font, err error) *font.Face {
	if err != nil {
		panic("sheet: " + what + " does not parse: " + err.Error())
	}
	return font.NewFace(f)
}

func fontFile(name string) []byte {
	b, err := fontFiles.ReadFile("fonts/" + name)
	if err != nil {
		panic("sheet: " + err.Error())
	}
	return b
}

var book = sync.OnceValue(func() *fontBook {
	parse := func(name string) *font.Face {
		ld, err := ot.NewLoader(bytes.NewReader(fontFile(name)))
		if err != nil {
			panic("sheet: " + name + " does not parse: " + err.Error())
		}
		f, err := font.NewFont(ld)
		return mustFont(name, f, err)
	}
	b := &fontBook{cjk: map[string]int{}}
	for _, stem := range fallbackOrder {
		b.faces = append(b.faces, &typeface{file: stem + "-Regular.ttf", load: func() (*font.Face, *font.Face) {
			return parse(stem + "-Regular.ttf"), parse(stem + "-Bold.ttf")
		}})
	}
	lds, err := ot.NewLoaders(bytes.NewReader(fontFile("NotoSansCJK-Regular.ttc")))
	if err != nil {
		panic("sheet: the CJK collection does not parse: " + err.Error())
	}
	for i, ld := range lds {
		d, _ := font.Describe(ld, nil)
		switch d.Family {
		case cjkJP, cjkKR, cjkSC, cjkTC:
			b.cjk[d.Family] = len(b.faces)
			b.faces = append(b.faces, &typeface{fauxBold: true, file: "NotoSansCJK-Regular.ttc", index: i, load: func() (*font.Face, *font.Face) {
				f, err := font.NewFont(ld)
				face := mustFont(d.Family, f, err)
				return face, face
			}})
		}
	}
	for _, family := range []string{cjkJP, cjkKR, cjkSC, cjkTC} {
		if _, ok := b.cjk[family]; !ok {
			panic("sheet: the CJK collection lacks " + family)
		}
	}
	return b
})

// cjkFace picks the CJK face for a text: Japanese when it has kana, Korean
// when it has hangul, otherwise Simplified Chinese (Han characters alone do
// not tell Chinese from Japanese; the faces differ only in some glyphs'
// regional forms).
func (b *fontBook) cjkFace(text []rune) int {
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			return b.cjk[cjkJP]
		case unicode.Is(unicode.Hangul, r):
			return b.cjk[cjkKR]
		}
	}
	return b.cjk[cjkSC]
}

// faceFor is the first face that has r, or -1.
func (b *fontBook) faceFor(r rune, cjk int) int {
	for i := range fallbackOrder {
		if _, ok := b.face(i).regular.NominalGlyph(r); ok {
			return i
		}
	}
	if _, ok := b.face(cjk).regular.NominalGlyph(r); ok {
		return cjk
	}
	return -1
}

// glyph is one shaped glyph, positioned in ems from the line's left end
// on its baseline, y up.
type glyph struct {
	face int
	bold bool
	id   font.GID
	x, y float64
}

// shaped is a line set in the Noto fonts, in ems of its type size.
type shaped struct {
	glyphs []glyph
	width  float64
	// top and bottom are the ink's extent above and below the baseline
	// (bottom is negative below it).
	top, bottom float64
	// text is what the line shows in logical order: the input with each
	// character that no face has replaced by U+FFFD.
	text string
	// visual is text in the order it is drawn, left to right, each
	// right-to-left run reversed: PDF text extraction (pdftotext, a
	// viewer's copy) reads characters by their place on the page and
	// reverses right-to-left ones itself, so this gives back text.
	visual string
}

var shapers = sync.Pool{New: func() any { return new(shaping.HarfbuzzShaper) }}

// run is a stretch of text in one face and one direction.
type run struct {
	start, end int // rune positions, end exclusive
	face       int
	rtl        bool
	level      int
}

// attaches reports whether r belongs with the character before it, in its
// face: combining marks, joiners and variation selectors.
func attaches(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) ||
		r == 0x200C || r == 0x200D || (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF)
}

// neutral reports whether r can take the face of the text around it.
func neutral(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsDigit(r) || unicode.IsSymbol(r)
}

// shapeText sets text with per-run font fallback, bidi ordering and
// HarfBuzz shaping (go-text/typesetting). text holds no control characters
// (Printable made it).
func shapeText(text string, bold bool) shaped {
	b := book()
	runes := []rune(text)
	cjk := b.cjkFace(runes)

	// Faces: each character takes the first face that has it; marks,
	// joiners and punctuation stay with the face before them when it has
	// them, so a run is shaped whole.
	faces := make([]int, len(runes))
	for i, r := range runes {
		prev := -2
		if i > 0 {
			prev = faces[i-1]
		}
		switch {
		case prev >= 0 && attaches(r):
			faces[i] = prev
		case prev >= 0 && neutral(r) && has(b.face(prev).regular, r):
			faces[i] = prev
		default:
			faces[i] = b.faceFor(r, cjk)
		}
	}
	// Leading neutrals take the face of the first character after them.
	lead := 0
	for lead < len(runes) && neutral(runes[lead]) {
		lead++
	}
	if lead < len(runes) && faces[lead] >= 0 {
		for i := range lead {
			if has(b.face(faces[lead]).regular, runes[i]) {
				faces[i] = faces[lead]
			}
		}
	}
	shown := make([]rune, len(runes))
	for i, r := range runes {
		shown[i] = r
		if faces[i] < 0 {
			if attaches(r) || unicode.Is(unicode.Cf, r) {
				// A joiner or selector of a character shown as U+FFFD
				// adds nothing visible.
				shown[i] = 0
			} else {
				shown[i] = replacement
			}
			faces[i] = 0
		}
	}
	kept := shown[:0]
	keptFaces := faces[:0]
	for i, r := range shown {
		if r != 0 {
			kept = append(kept, r)
			keptFaces = append(keptFaces, faces[i])
		}
	}
	runes, faces = kept, keptFaces

	levels := bidiLevels(runes)
	var runs []run
	for i := range runes {
		if i == 0 || faces[i] != faces[i-1] || levels[i] != levels[i-1] {
			runs = append(runs, run{start: i, face: faces[i], rtl: levels[i]%2 == 1, level: levels[i]})
		}
		runs[len(runs)-1].end = i + 1
	}
	reorder(runs)

	out := shaped{text: string(runes)}
	sh := shapers.Get().(*shaping.HarfbuzzShaper)
	defer shapers.Put(sh)
	x := 0.0
	var visual []rune
	for _, r := range runs {
		if r.rtl {
			for i := r.end - 1; i >= r.start; i-- {
				visual = append(visual, runes[i])
			}
		} else {
			visual = append(visual, runes[r.start:r.end]...)
		}
		tf := b.face(r.face)
		f := tf.regular
		if bold {
			f = tf.bold
		}
		upem := float64(f.Upem())
		dir := di.DirectionLTR
		if r.rtl {
			dir = di.DirectionRTL
		}
		o := sh.Shape(shaping.Input{
			Text: runes, RunStart: r.start, RunEnd: r.end,
			Direction: dir, Face: f, Size: fixed.I(int(upem)),
			Script: runScript(runes[r.start:r.end]), Language: runLanguage(r.face, b),
		})
		em := func(v fixed.Int26_6) float64 { return float64(v) / 64 / upem }
		for _, g := range o.Glyphs {
			gx, gy := x+em(g.XOffset), em(g.YOffset)
			out.glyphs = append(out.glyphs, glyph{face: r.face, bold: bold, id: g.GlyphID, x: gx, y: gy})
			if g.Height != 0 || g.Width != 0 {
				out.top = max(out.top, gy+em(g.YBearing))
				out.bottom = min(out.bottom, gy+em(g.YBearing+g.Height))
			}
			x += em(g.XAdvance)
		}
	}
	out.width = x
	out.visual = string(visual)
	return out
}

func has(f *font.Face, r rune) bool {
	_, ok := f.NominalGlyph(r)
	return ok
}

// runScript is the script of a run's first character that has one.
func runScript(rs []rune) language.Script {
	for _, r := range rs {
		if s := language.LookupScript(r); s != language.Common && s != language.Inherited {
			return s
		}
	}
	return language.Latin
}

// runLanguage selects the CJK faces' regional forms.
func runLanguage(face int, b *fontBook) language.Language {
	switch face {
	case b.cjk[cjkJP]:
		return language.NewLanguage("ja")
	case b.cjk[cjkKR]:
		return language.NewLanguage("ko")
	case b.cjk[cjkTC]:
		return language.NewLanguage("zh-TW")
	case b.cjk[cjkSC]:
		return language.NewLanguage("zh-CN")
	}
	return language.NewLanguage("en")
}

// bidiLevels gives each character its embedding level by the Unicode bidi
// algorithm (golang.org/x/text/unicode/bidi), with the paragraph's
// direction taken from its first strong character, as a browser does for
// dir="auto". x/text reports runs by direction only; a run of European or
// Arabic digits inside right-to-left text is given the level above it,
// which is what the algorithm's rule I2 does for them.
func bidiLevels(runes []rune) []int {
	levels := make([]int, len(runes))
	rtlPara := false
	for _, r := range runes {
		p, _ := bidi.LookupRune(r)
		c := p.Class()
		if c == bidi.L {
			break
		}
		if c == bidi.R || c == bidi.AL {
			rtlPara = true
			break
		}
	}
	hasRTL := false
	for _, r := range runes {
		p, _ := bidi.LookupRune(r)
		if c := p.Class(); c == bidi.R || c == bidi.AL || c == bidi.AN {
			hasRTL = true
			break
		}
	}
	if !hasRTL {
		return levels
	}
	var p bidi.Paragraph
	opt := bidi.DefaultDirection(bidi.LeftToRight)
	if rtlPara {
		opt = bidi.DefaultDirection(bidi.RightToLeft)
	}
	if _, err := p.SetString(string(runes), opt); err != nil {
		return levels
	}
	o, err := p.Order()
	if err != nil {
		return levels
	}
	base := 0
	if rtlPara {
		base = 1
	}
	type span struct{ start, end, level int }
	var spans []span
	for i := range o.NumRuns() {
		r := o.Run(i)
		s, e := r.Pos()
		lvl := base
		if (r.Direction() == bidi.RightToLeft) != rtlPara {
			lvl = base + 1
		}
		spans = append(spans, span{s, e + 1, lvl})
	}
	for i, sp := range spans {
		if sp.level%2 == 0 && i > 0 && i < len(spans)-1 && spans[i-1].level%2 == 1 && spans[i+1].level%2 == 1 && allDigits(runes[sp.start:sp.end]) {
			spans[i].level = 2
		}
	}
	for _, sp := range spans {
		for i := sp.start; i < sp.end && i < len(levels); i++ {
			levels[i] = sp.level
		}
	}
	return levels
}

func allDigits(rs []rune) bool {
	for _, r := range rs {
		if !unicode.IsDigit(r) && r != '.' && r != ',' {
			return false
		}
	}
	return true
}

// reorder puts runs in visual order (bidi rule L2): from the highest level
// down to the lowest odd one, each maximal sequence of runs at that level
// or above is reversed.
func reorder(runs []run) {
	hi, lo := 0, 1<<30
	for _, r := range runs {
		hi = max(hi, r.level)
		if r.level%2 == 1 {
			lo = min(lo, r.level)
		}
	}
	for lvl := hi; lvl >= lo && lvl > 0; lvl-- {
		for i := 0; i < len(runs); {
			if runs[i].level < lvl {
				i++
				continue
			}
			j := i
			for j < len(runs) && runs[j].level >= lvl {
				j++
			}
			for a, z := i, j-1; a < z; a, z = a+1, z-1 {
				runs[a], runs[z] = runs[z], runs[a]
			}
			i = j
		}
	}
}

// glyphName names a glyph's form in the PDF.
func glyphName(g glyph) string {
	if g.bold {
		return fmt.Sprintf("/G%dB_%d", g.face, g.id)
	}
	return fmt.Sprintf("/G%d_%d", g.face, g.id)
}
