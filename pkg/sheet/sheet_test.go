package sheet_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

func avery(t testing.TB, part string) *labels.Template {
	t.Helper()
	tp, ok := labels.MustBuiltin().Lookup("Avery", part)
	if !ok {
		t.Fatalf("Avery %s missing", part)
	}
	return tp
}

func TestOptionErrors(t *testing.T) {
	tp := avery(t, "5163")
	items := samples.Labels(1)
	cases := map[string]sheet.Options{
		"NegativeCopies": {Copies: -1},
		"StartPastSheet": {Start: 11},
		"NegativeStart":  {Start: -2},
		"Quality450":     {DPI: 450},
		"UnknownLevel":   {Level: qr.Level(7)},
		"OffsetNaN":      {OffsetX: math.NaN()},
		"OffsetInf":      {OffsetY: math.Inf(1)},
	}
	for name, o := range cases {
		t.Run(name, func(t *testing.T) {
			if err := sheet.Render(io.Discard, tp, items, o); err == nil {
				t.Fatalf("%+v must be refused", o)
			}
		})
	}
	t.Run("ErrNoLabels", func(t *testing.T) {
		if err := sheet.Render(io.Discard, tp, nil, sheet.Options{}); !errors.Is(err, sheet.ErrNoLabels) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestPayloadErrors(t *testing.T) {
	tp := avery(t, "5163")
	t.Run("ErrNoInput", func(t *testing.T) {
		err := sheet.Render(io.Discard, tp, []sheet.Label{{Name: "No payload"}}, sheet.Options{})
		if !errors.Is(err, qr.ErrNoInput) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrTooBig", func(t *testing.T) {
		err := sheet.Render(io.Discard, tp, []sheet.Label{{Payload: strings.Repeat("x", 2000)}}, sheet.Options{})
		if !errors.Is(err, qr.ErrTooBig) {
			t.Fatalf("got %v", err)
		}
	})
}

// MaxModules and Render agree: the largest payload MaxModules allows
// prints, and one that needs a larger code is refused as too small.
func TestMaxModulesAgreesWithRender(t *testing.T) {
	tp := avery(t, "5160") // 2.625 x 1 in address labels
	max := sheet.MaxModules(tp, 0)
	text := samples.Payload(0) + "\n" + samples.Payload(1) // two records: too much for a 1 in label
	fits := longestFitting(text, max)
	if fits == "" || fits == text {
		t.Fatalf("want a payload cut to fit %d modules, got %d of %d bytes", max, len(fits), len(text))
	}
	if err := sheet.Render(io.Discard, tp, []sheet.Label{{Payload: fits}}, sheet.Options{}); err != nil {
		t.Fatalf("%d bytes at %d modules: %v", len(fits), max, err)
	}
	err := sheet.Render(io.Discard, tp, []sheet.Label{{Payload: fits}, {Payload: text}}, sheet.Options{})
	var small *sheet.TooSmallError
	if !errors.As(err, &small) || small.Index != 1 || small.Module >= sheet.MinModule {
		t.Fatalf("got %v, want label 2 too small", err)
	}
	// A batch's larger minimum module holds a smaller code.
	if batch := sheet.MaxModules(tp, sheet.BatchMinModule); batch >= max {
		t.Errorf("the batch minimum fits %d modules, not fewer than %d", batch, max)
	}
}

// Copies of a label share one form: the file grows by the page content
// only, not by another code.
func TestCopiesShareTheirCode(t *testing.T) {
	tp := avery(t, "5163")
	items := samples.Labels(1)
	var one, ten bytes.Buffer
	if err := sheet.Render(&one, tp, items, sheet.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := sheet.Render(&ten, tp, items, sheet.Options{Copies: 10}); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(ten.Bytes(), []byte("/Subtype /Form")); n != 1 {
		t.Fatalf("10 copies wrote %d forms, want 1", n)
	}
	if grow := ten.Len() - one.Len(); grow > 2000 {
		t.Errorf("9 more copies added %d bytes", grow)
	}
}

// A template whose labels overlap (a caller's own, or a database entry
// that lists one grid twice) is refused rather than printed twice over.
func TestOverlappingTemplateIsRefused(t *testing.T) {
	tp := *avery(t, "5163")
	tp.Layouts = append(tp.Layouts, tp.Layouts[0])
	var overlap *labels.OverlapError
	if err := sheet.Render(io.Discard, &tp, samples.Labels(1), sheet.Options{}); !errors.As(err, &overlap) {
		t.Fatalf("got %v, want an overlap error", err)
	}
}
