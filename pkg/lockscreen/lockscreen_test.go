package lockscreen_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/lockscreen"
	"github.com/lifetag/lifetag/pkg/scantest"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

func record() emergency.Data {
	weight := 70.5
	return emergency.Data{
		PersonalInfo: emergency.PersonalInfo{FullName: "Jane Doe 🚴", Email: "jane@example.com", BloodType: "O+", Weight: &weight},
		EmergencyContacts: []emergency.Contact{
			{ID: "c1", Name: "John Doe", Relationship: "Husband", Phone: "+44 7700 900123"},
			{ID: "c2", Name: "Ann Doe", Phone: "+44 7700 900456"},
		},
		MedicalInfo: emergency.MedicalInfo{Allergies: "Penicillin", Conditions: "Asthma"},
	}
}

// largest is a valid record at every byte limit of rules.json: the most
// a wallpaper ever has to hold.
func largest() emergency.Data {
	d := record()
	d.PersonalInfo.FullName = strings.Repeat("W", 60)
	d.EmergencyContacts = nil
	for i := range 5 {
		d.EmergencyContacts = append(d.EmergencyContacts, emergency.Contact{
			ID: string(rune('a' + i)), Name: strings.Repeat("N", 36), Relationship: strings.Repeat("R", 20), Phone: "+" + strings.Repeat("4", 23),
		})
	}
	d.MedicalInfo = emergency.MedicalInfo{Allergies: strings.Repeat("a", 120), Medications: strings.Repeat("m", 120),
		Conditions: strings.Repeat("c", 120), Notes: strings.Repeat("n", 140)}
	return d
}

func TestWallpaperScansToTheRecordsText(t *testing.T) {
	london, _ := time.LoadLocation("Europe/London")
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for name, screen := range lockscreen.Screens {
		for label, d := range map[string]emergency.Data{"typical": record(), "largest": largest()} {
			t.Run(name+"/"+label, func(t *testing.T) {
				if errs := d.Validate(); errs != nil {
					t.Fatalf("test record invalid: %v", errs)
				}
				content := lockscreen.ContentFor(d, now, london)
				raw, layout, err := lockscreen.PNG(screen, content)
				if err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != screen.Width || b.Dy() != screen.Height {
					t.Fatalf("size %v, want %dx%d", b, screen.Width, screen.Height)
				}
				// The exact text of the labels, read back by a real decoder.
				want := emergency.QRText(d, now, london)
				if got := scantest.DecodePNG(t, raw); got != want {
					t.Fatalf("decoded %q\nwant %q", got, want)
				}
				// Everything sits between the clock and the bottom controls.
				clear := image.Rect(0, int(float64(screen.Height)*screen.ClearTop), screen.Width, int(float64(screen.Height)*screen.ClearBottom))
				for _, r := range append([]image.Rectangle{layout.Card, layout.QR}, layout.TextLines...) {
					if !r.In(clear) {
						t.Fatalf("%v is outside the clear band %v", r, clear)
					}
				}
				t.Logf("%s %s: code %v, %d px a module", name, label, layout.QR.Size(), layout.ModulePx)
				if minPx := map[string]int{"typical": 6, "largest": 3}[label]; layout.ModulePx < minPx {
					t.Fatalf("modules of %d px, want at least %d", layout.ModulePx, minPx)
				}
			})
		}
	}
}

func TestContentMatchesTheLabelsWording(t *testing.T) {
	c := lockscreen.ContentFor(record(), time.Now(), time.UTC)
	var lines []string
	for _, l := range c.Lines {
		lines = append(lines, l.Text)
	}
	got := strings.Join(lines, "|")
	if c.Heading != "EMERGENCY INFO" || got != "Jane Doe 🚴|Blood type: O+|ICE: +44 7700 900123" || c.Caption != "Scan QR code with any phone" {
		t.Fatalf("heading %q, lines %q, caption %q", c.Heading, got, c.Caption)
	}
}

// A name in any of the test scripts (samples.IntlNames) is drawn (not left
// blank, as Latin-only fonts would leave Chinese and Arabic), centred in its line and
// kept inside the line's band.
func TestNamesInOtherScriptsAreDrawn(t *testing.T) {
	screen := lockscreen.Screens["android"]
	for _, name := range samples.IntlNames {
		c := lockscreen.Content{Payload: "x", Heading: "EMERGENCY INFO", Lines: []lockscreen.Line{{Text: name, Bold: true}}, Caption: "Scan"}
		img, layout, err := lockscreen.Render(screen, c)
		if err != nil {
			t.Fatal(err)
		}
		r := layout.TextLines[0]
		// Look a little above and below the line: the ink must not be
		// there.
		around := image.Rect(r.Min.X, r.Min.Y-10, r.Max.X, r.Max.Y+10)
		var ink image.Rectangle
		for y := around.Min.Y; y < around.Max.Y; y++ {
			for x := around.Min.X; x < around.Max.X; x++ {
				if c := img.RGBAAt(x, y); int(c.R)+int(c.G)+int(c.B) < 3*128 {
					ink = ink.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		switch {
		case ink.Dx() < 100:
			t.Errorf("%q: ink %v in line %v, want a drawn name", name, ink, r)
		case !ink.In(r):
			t.Errorf("%q: ink %v leaves its line %v", name, ink, r)
		case abs((ink.Min.X+ink.Max.X)/2-(r.Min.X+r.Max.X)/2) > 8:
			t.Errorf("%q: ink %v is not centred in %v", name, ink, r)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Nothing is drawn on the code or its quiet zone: every pixel within the
// standard's 4 modules around the symbol is the card's white, on both
// screens, for a typical record and the largest.
func TestNothingOnTheCodeOrItsQuietZone(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for name, screen := range lockscreen.Screens {
		for label, d := range map[string]emergency.Data{"typical": record(), "largest": largest()} {
			t.Run(name+"/"+label, func(t *testing.T) {
				img, layout, err := lockscreen.Render(screen, lockscreen.ContentFor(d, now, time.UTC))
				if err != nil {
					t.Fatal(err)
				}
				// The symbol: the box of the dark pixels inside the code's area.
				symbol := image.Rectangle{}
				for y := layout.QR.Min.Y; y < layout.QR.Max.Y; y++ {
					for x := layout.QR.Min.X; x < layout.QR.Max.X; x++ {
						if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
							symbol = symbol.Union(image.Rect(x, y, x+1, y+1))
						}
					}
				}
				zone := symbol.Inset(-4 * layout.ModulePx)
				for y := zone.Min.Y; y < zone.Max.Y; y++ {
					for x := zone.Min.X; x < zone.Max.X; x++ {
						if (image.Point{x, y}).In(symbol) {
							continue
						}
						if r, g, b, _ := img.At(x, y).RGBA(); r != 0xffff || g != 0xffff || b != 0xffff {
							t.Fatalf("pixel (%d,%d) in the quiet zone %v of the code %v is not white", x, y, zone, symbol)
						}
					}
				}
			})
		}
	}
}
