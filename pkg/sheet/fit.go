package sheet

import (
	"math"
	"strings"
)

// Fitting a label's lines to the person's details. A person's own text
// that is wider than its line shrinks, half a point at a time, down to
// design.json's minPt. A name still too wide then wraps onto a second row,
// at the largest size at which both rows fit, when the lines below it have
// room to move down (they move together, and never past the scan hint or
// the label's inset); what still does not fit is cut short with an
// ellipsis. A text whose ink reaches deeper or higher than a line allows
// (an Arabic yeh, a Vietnamese stack) keeps its size and moves the lines
// below down instead, room allowing (roomyPt). The website's preview fits its lines by the same rules
// (fitLines in frontend/src/lib/labels/design.ts), measuring with the same
// fonts; testdata/label-fits.json holds both to one answer.

// Row is one row of printed text on a label, in mm from the label's
// top-left corner: X is its left edge, or its centre when its line is
// centred.
type Row struct {
	Role     string  `json:"role"`
	Text     string  `json:"text"`
	X        float64 `json:"x"`
	Baseline float64 `json:"baseline"`
	Pt       float64 `json:"pt"`
}

// measure gives a text's advance in ems of its font at a weight, and how
// far its ink reaches above the baseline and below it (negative), in ems;
// ink of zero means the text's face keeps within the line.
type measure func(text string, bold bool) (width, top, bottom float64)

// fitLines is what each of the design's lines prints for one label, as
// rows; a line whose detail is missing prints nothing.
func fitLines(d Design, item Label, m measure) []Row {
	texts := make([]string, len(d.Lines))
	for i, l := range d.Lines {
		texts[i] = Printable(lineText(l, item))
	}
	var rows []Row
	room := d.room(texts)
	shift := 0.0 // how far a wrapped name has moved the lines below it
	for i, l := range d.Lines {
		text := texts[i]
		if text == "" {
			continue
		}
		if l.Role != RoleScan {
			l.Baseline += shift
		}
		width, top, bottom := m(text, l.Bold)
		pt := roomyPt(l, top, bottom, room)
		for pt > rules.MinPt && width*pt*ptToMM > l.Width {
			pt = math.Max(rules.MinPt, pt-0.5)
		}
		if width*pt*ptToMM > l.Width && l.Role == RoleName {
			if wrapped, moved, ok := wrap(l, text, inkPt(l, top, bottom), room, m); ok {
				rows = append(rows, wrapped...)
				shift += moved
				room -= moved
				continue
			}
		}
		if width*pt*ptToMM > l.Width {
			text = ellipsize(text, l.Bold, l.Width/(pt*ptToMM), m)
		}
		above, below := overhang(top, bottom, pt)
		rows = append(rows, Row{l.Role, text, l.X, l.Baseline + above, pt})
		shift += above + below
		room -= above + below
	}
	return rows
}

// overhang is how far, in mm, a text's ink at size pt reaches past
// inkAbove over its baseline and past inkBelow under it.
func overhang(top, bottom, pt float64) (above, below float64) {
	return math.Max(0, top-inkAbove) * pt * ptToMM, math.Max(0, -bottom-inkBelow) * pt * ptToMM
}

// roomyPt is the largest size for a text in line l. A script is read at
// the size of its letters, not of its deepest tail or tallest stack: an
// Arabic name's yeh reaches 0.46 em below its baseline, where Latin
// descenders stop at 0.24, yet its letters look no bigger than Latin ones
// at the same size. So a text whose ink reaches past inkAbove or inkBelow
// keeps the line's own size, and its row and the lines below it move down
// by the overhang (overhang), as long as the room below the lines allows;
// only where it does not does the text shrink, down to the size at which
// its ink stays within the line (inkPt). A text wider than the line
// shrinks from there, in half points down to minPt.
func roomyPt(l DesignLine, top, bottom, room float64) float64 {
	least := inkPt(l, top, bottom)
	for pt := l.Pt; pt > least; pt -= 0.5 {
		if above, below := overhang(top, bottom, pt); above+below <= room {
			return pt
		}
	}
	return least
}

// inkPt is the largest size at which a text's ink keeps within line l:
// the line's own size, smaller when the ink would reach past inkAbove or
// inkBelow (tall marks, deep descenders). A name that wraps onto two rows
// takes its size from here, as its second row already uses the room below.
func inkPt(l DesignLine, top, bottom float64) float64 {
	if tall := math.Max(top/inkAbove, -bottom/inkBelow); tall > 1 {
		return math.Max(rules.MinPt, math.Floor(l.Pt/tall*2)/2)
	}
	return l.Pt
}

// wrap sets a name that does not fit its line even at minPt as two rows:
// at the largest size from largest down to minPt at which it breaks into
// two rows that fit, or else at minPt with the second row cut short. The
// rows start where the line's own top was; the lines below move down by
// moved mm, which may not be more than room. ok is false when no size
// breaks the name with room to spare, and the name stays on one row.
func wrap(l DesignLine, text string, largest, room float64, m measure) (rows []Row, moved float64, ok bool) {
	top := l.Baseline - rules.Ascent*l.Pt*ptToMM
	for pt := largest; ; pt = math.Max(rules.MinPt, pt-0.5) {
		moved = math.Max(0, (2*pt-l.Pt)*rules.LineSpacing*ptToMM)
		ems := l.Width / (pt * ptToMM)
		first, rest, broke := breakRow(text, l.Bold, ems, m)
		if broke && moved <= room {
			restWidth, _, _ := m(rest, l.Bold)
			if restWidth > ems && pt > rules.MinPt {
				continue
			}
			if restWidth > ems {
				rest = ellipsize(rest, l.Bold, ems, m)
			}
			baseline := top + rules.Ascent*pt*ptToMM
			return []Row{
				{l.Role, first, l.X, baseline, pt},
				{l.Role, rest, l.X, baseline + pt*rules.LineSpacing*ptToMM, pt},
			}, moved, true
		}
		if pt == rules.MinPt {
			return nil, 0, false
		}
	}
}

// breakRow breaks text into a first row no wider than width ems and the
// rest, at the last place that allows: after a space (which neither row
// keeps) or after a hyphen. broke is false when even the first word is too
// wide, or the text has nowhere to break (a name in a script written
// without spaces stays on one row).
func breakRow(text string, bold bool, width float64, m measure) (first, rest string, broke bool) {
	for i := len(text) - 1; i > 0; i-- {
		var head string
		switch text[i-1] {
		case ' ':
			head = text[:i-1]
		case '-':
			head = text[:i]
		default:
			continue
		}
		head = strings.TrimSpace(head)
		tail := strings.TrimSpace(text[i:])
		if head == "" || tail == "" {
			continue
		}
		if w, _, _ := m(head, bold); w <= width {
			return head, tail, true
		}
	}
	return "", "", false
}

// ellipsize is the longest start of text that, with an ellipsis, is no
// wider than width ems; it never cuts between a letter and its marks.
func ellipsize(text string, bold bool, width float64, m measure) string {
	if w, _, _ := m(text, bold); w <= width {
		return text
	}
	runes := []rune(text)
	best := "…"
	lo, hi := 0, len(runes)-1 // runes[:lo] fits (or lo is 0), runes[:hi+1] does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		n := mid
		for n > 0 && attaches(runes[n]) {
			n--
		}
		cut := strings.TrimSpace(string(runes[:n])) + "…"
		if w, _, _ := m(cut, bold); n > 0 && w <= width {
			best, lo = cut, mid
		} else {
			hi = mid - 1
		}
	}
	return best
}
