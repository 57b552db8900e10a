package sheet

import (
	_ "embed"
	"encoding/json"
	"math"
	"strings"

	"github.com/lifetag/lifetag/pkg/labels"
)

// designJSON is the printed label's design: its lines, type sizes, colours
// and layout rules, the one definition that the website's label preview
// reads too (frontend/src/lib/labels/design.ts). DesignFor turns it into
// positions for one label size; testdata/label-designs.json holds the result
// for every preset, which the Go and TypeScript tests both check against.
//
//go:embed design.json
var designJSON []byte

// designRules is the shape of design.json.
type designRules struct {
	Inset          float64             `json:"inset"`
	Gap            float64             `json:"gap"`
	QuietModules   int                 `json:"quietModules"`
	BesideMinRatio float64             `json:"besideMinRatio"`
	MinTextWidth   float64             `json:"minTextWidth"`
	MinPt          float64             `json:"minPt"`
	LineSpacing    float64             `json:"lineSpacing"`
	Ascent         float64             `json:"ascent"`
	Descent        float64             `json:"descent"`
	Roles          map[string]roleRule `json:"roles"`
	Beside         struct {
		Lines  []lineRule `json:"lines"`
		Footer lineRule   `json:"footer"`
	} `json:"beside"`
	Under struct {
		Lines []lineRule `json:"lines"`
	} `json:"under"`
}

type roleRule struct {
	Text   string `json:"text"`
	Bold   bool   `json:"bold"`
	Colour string `json:"colour"`
	// Em is the width of a fixed text in ems of its font (Noto Sans Bold or
	// Regular), so its size can be chosen without the font: the heading
	// and the scan hint are as large as their room allows.
	Em float64 `json:"em"`
}

type lineRule struct {
	Role string  `json:"role"`
	Pt   float64 `json:"pt"`
}

var rules = func() designRules {
	var r designRules
	if err := json.Unmarshal(designJSON, &r); err != nil {
		panic("sheet: design.json is malformed: " + err.Error())
	}
	return r
}()

// The roles of design.json's lines.
const (
	RoleHeading   = "heading"
	RoleName      = "name"
	RoleBloodType = "bloodType"
	RoleICE       = "ice"
	RoleCaption   = "caption"
	RoleScan      = "scan"
)

// Arrangements of a label: the text beside the code (wide labels), under
// it (square and tall ones), or none (round, elliptic and CD labels).
const (
	Beside   = "beside"
	Under    = "under"
	CodeOnly = "code-only"
)

// Design is where everything goes on one label, in mm from the label's
// top-left corner, y down.
type Design struct {
	Arrangement string `json:"arrangement"`
	// QR is the square of the code and its quiet zone (at least
	// design.json's quietModules on every side); no text enters it.
	QR    Box          `json:"qr"`
	Lines []DesignLine `json:"lines"`
	// TextBottom is as low as text may reach: the label's inset.
	TextBottom float64 `json:"textBottom"`
}

// Box is a rectangle in label coordinates.
type Box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// DesignLine is one line of text on a label.
type DesignLine struct {
	Role string `json:"role"`
	// Text is the line as design.json writes it, with {name}, {bloodType},
	// {phone} or {caption} for the person's own details.
	Text string `json:"text"`
	// X is the line's left edge, or its centre when Centred; Baseline is
	// where its letters stand; Width is the room it may take.
	X        float64 `json:"x"`
	Baseline float64 `json:"baseline"`
	Width    float64 `json:"width"`
	Centred  bool    `json:"centred"`
	// Pt is the type size. A person's own text larger than Width shrinks,
	// down to design.json's minPt, then is cut short with an ellipsis.
	Pt     float64 `json:"pt"`
	Bold   bool    `json:"bold"`
	Colour string  `json:"colour"`
}

// ptToMM converts type sizes.
const ptToMM = 25.4 / 72

// DesignFor lays a label of shape l out: the largest code the label allows
// and, on rectangles, the design's lines beside or under it. The
// TypeScript twin (labelDesign in frontend/src/lib/labels/design.ts) does
// the same arithmetic in the same order.
func DesignFor(l labels.Label) Design {
	if l.Shape != labels.Rectangle {
		return Design{Arrangement: CodeOnly, QR: codeOnlySquare(l)}
	}
	return designRect(l.Width, l.Height, l.CornerRadius)
}

// designRect is DesignFor for a w x h rectangle with corners of radius r.
func designRect(w, h, r float64) Design {
	// The rounded corners stay clear of the square when the inset is at
	// least 0.3 of the corner radius (1 - 1/√2 ≈ 0.29).
	inset := math.Max(rules.Inset, 0.3*r)
	innerW, innerH := w-2*inset, h-2*inset
	d := Design{TextBottom: inset + innerH}
	if w >= rules.BesideMinRatio*h {
		// The code takes the label's whole height, unless the text column
		// would then be narrower than minTextWidth.
		side := math.Max(0, math.Min(innerH, innerW-rules.Gap-rules.MinTextWidth))
		d.Arrangement = Beside
		d.QR = Box{inset, inset + (innerH-side)/2, side, side}
		x := inset + side + rules.Gap
		width := innerW - side - rules.Gap
		heading := headingPt(rules.Beside.Lines, width)
		top := inset
		for _, lr := range rules.Beside.Lines {
			pt := linePt(lr, width, heading)
			if pt < rules.MinPt {
				continue
			}
			d.Lines = append(d.Lines, newLine(lr.Role, x, top+rules.Ascent*pt*ptToMM, width, pt, false))
			top += pt * rules.LineSpacing * ptToMM
		}
		// The scan hint stands on the bottom edge, when it has room there.
		f := rules.Beside.Footer
		pt := linePt(f, width, heading)
		baseline := inset + innerH - rules.Descent*pt*ptToMM
		if pt >= rules.MinPt && baseline-rules.Ascent*pt*ptToMM >= top {
			d.Lines = append(d.Lines, newLine(f.Role, x, baseline, width, pt, false))
		}
		return d
	}

	// Under: the lines are centred below the code, which takes what height
	// they leave.
	heading := headingPt(rules.Under.Lines, innerW)
	var pts []float64
	block := 0.0
	for _, lr := range rules.Under.Lines {
		pt := linePt(lr, innerW, heading)
		pts = append(pts, pt)
		block += pt * rules.LineSpacing * ptToMM
	}
	side := math.Max(0, math.Min(innerW, innerH-rules.Gap-block))
	d.Arrangement = Under
	d.QR = Box{inset + (innerW-side)/2, inset, side, side}
	top := inset + side + rules.Gap
	for i, lr := range rules.Under.Lines {
		if pts[i] >= rules.MinPt {
			d.Lines = append(d.Lines, newLine(lr.Role, inset+innerW/2, top+rules.Ascent*pts[i]*ptToMM, innerW, pts[i], true))
		}
		top += pts[i] * rules.LineSpacing * ptToMM
	}
	return d
}

// lineFor is the design's line of a role: how its rows are set.
func (d Design) lineFor(role string) DesignLine {
	for _, l := range d.Lines {
		if l.Role == role {
			return l
		}
	}
	return DesignLine{}
}

// room is how far the lines of a label's text column may move down (for a
// name that wraps), given what each line prints ("" for nothing): to the
// scan hint's top when the label has one, otherwise to the inset at the
// label's bottom.
func (d Design) room(texts []string) float64 {
	floor, lowest := d.TextBottom, 0.0
	for i, l := range d.Lines {
		switch {
		case texts[i] == "":
		case l.Role == RoleScan:
			floor = l.Baseline - rules.Ascent*l.Pt*ptToMM
		default:
			lowest = math.Max(lowest, l.Baseline+rules.Descent*l.Pt*ptToMM)
		}
	}
	return math.Max(0, floor-lowest)
}

// linePt is a line's type size: its design size, no larger than its fixed
// text allows in width, and for a person's own text no larger than the
// heading.
func linePt(lr lineRule, width, heading float64) float64 {
	role := rules.Roles[lr.Role]
	if role.Em > 0 {
		return math.Min(lr.Pt, width/(role.Em*ptToMM))
	}
	return math.Min(lr.Pt, heading)
}

// headingPt is the heading's size among lines, in a column width wide.
func headingPt(lines []lineRule, width float64) float64 {
	for _, lr := range lines {
		if lr.Role == RoleHeading {
			return linePt(lr, width, math.Inf(1))
		}
	}
	return math.Inf(1)
}

func newLine(role string, x, baseline, width, pt float64, centred bool) DesignLine {
	rr := rules.Roles[role]
	return DesignLine{Role: role, Text: rr.Text, X: x, Baseline: baseline, Width: width, Centred: centred, Pt: pt, Bold: rr.Bold, Colour: rr.Colour}
}

// codeOnlySquare is the largest square inside a round, elliptic or CD
// label's safe area.
func codeOnlySquare(l labels.Label) Box {
	inset := math.Max(l.Margin, rules.Inset)
	cx, cy := l.Width/2, l.Height/2
	switch l.Shape {
	case labels.Round:
		r := l.Width/2 - inset
		side := math.Sqrt2 * r // the square inscribed in the circle
		return Box{cx - side/2, cy - side/2, side, side}
	case labels.Ellipse:
		a, b := l.Width/2-inset, l.Height/2-inset
		half := a * b / math.Hypot(a, b) // the square's corner lies on the ellipse
		return Box{cx - half, cy - half, 2 * half, 2 * half}
	}
	// CD: the code sits in the ring right of the hole: its inner edge at
	// h, its outer corners on the rim, (h+s)² + (s/2)² = R².
	R := l.Radius - inset
	h := l.HoleRadius + inset
	side := (-2*h + math.Sqrt(5*R*R-h*h)) / 2.5
	// Business-card discs are clipped to a box; stay inside it too.
	side = math.Min(side, l.Width/2-inset-h)
	side = math.Min(side, l.Height-2*inset)
	side = math.Max(side, 0)
	return Box{cx + h, cy - side/2, side, side}
}

// RoleText is what a role of the design prints for one label ("" when the
// detail it shows is missing), for other pictures that must say exactly
// what the label says (the lock-screen wallpaper).
func RoleText(role string, item Label) string {
	return lineText(DesignLine{Role: role, Text: rules.Roles[role].Text}, item)
}

// lineText is what a line prints for one label: the design's text with the
// person's details filled in, or "" when the detail is missing.
func lineText(l DesignLine, item Label) string {
	fill := func(placeholder, value string) string {
		if strings.TrimSpace(value) == "" {
			return ""
		}
		return strings.ReplaceAll(l.Text, placeholder, value)
	}
	switch l.Role {
	case RoleName:
		return fill("{name}", item.Name)
	case RoleBloodType:
		return fill("{bloodType}", item.BloodType)
	case RoleICE:
		return fill("{phone}", item.ICE)
	case RoleCaption:
		return fill("{caption}", item.Caption)
	}
	return l.Text
}
