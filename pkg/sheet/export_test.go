package sheet

import (
	"bytes"
	"errors"
	"strings"

	"github.com/go-pdf/fpdf"
)

// ShapedSample is one line set by the label engine on a page of its own,
// with the font it used, for comparing with HarfBuzz's hb-view.
type ShapedSample struct {
	PDF      []byte
	Font     []byte // the font file
	Index    int    // the face's index in a collection
	Language string // for hb-view's --language
	Text     string // as extraction should return it
}

// ShapeSample draws text at pt points with its baseline 20 mm down and
// its left end 5 mm in on an A5 page. The text must take one face.
func ShapeSample(text string, bold bool, pt float64) (ShapedSample, error) {
	sh := shapeText(Printable(text), bold)
	face := -1
	for _, g := range sh.glyphs {
		if face >= 0 && g.face != face {
			return ShapedSample{}, errors.New("the text takes more than one face")
		}
		face = g.face
	}
	pdf := fpdf.New("P", "mm", "A5", "")
	pdf.AddUTF8FontFromBytes(fontFamily, textStyle, textFont(textStyle))
	pdf.AddPage()
	forms := newGlyphForms()
	drawShaped(pdf, forms, sh, 5, 20, pt, "#000000")
	forms.register(pdf)
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return ShapedSample{}, err
	}
	b := book()
	tf := b.faces[face]
	file := tf.file
	if bold {
		if tf.fauxBold {
			return ShapedSample{}, errors.New("the face has no bold of its own")
		}
		file = strings.Replace(file, "-Regular", "-Bold", 1)
	}
	return ShapedSample{PDF: out.Bytes(), Font: fontFile(file), Index: tf.index,
		Language: string(runLanguage(face, b)), Text: sh.text}, nil
}

// FittedRows is what drawLines prints on one label of design d, measured
// with the labels' own fonts.
func FittedRows(d Design, item Label) []Row {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(fontFamily, textStyle, textFont(textStyle))
	pdf.AddUTF8FontFromBytes(fontFamily, nameStyle, textFont(nameStyle))
	return fitLines(d, item, newMeasurer(pdf).measure)
}
