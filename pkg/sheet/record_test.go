package sheet_test

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// pageObject matches a page (not the page tree) in fpdf's output.
var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

func TestRenderOrderPrintsOneFullSheetPerPack(t *testing.T) {
	label := sheet.Label{Payload: "EMERGENCY\nName: Jane", Name: "Jane"}
	for _, tc := range []struct {
		kind  labels.Kind
		packs int
	}{{labels.Helmet, 1}, {labels.Gear, 3}, {labels.Wallet, 2}} {
		var pdf bytes.Buffer
		if err := sheet.RenderOrder(&pdf, tc.kind, label, tc.packs, sheet.Options{}); err != nil {
			t.Fatal(err)
		}
		if got := len(pageObject.FindAll(pdf.Bytes(), -1)); got != tc.packs {
			t.Errorf("%s, %d packs: %d pages", tc.kind, tc.packs, got)
		}
		// The A4 preset: 595.28 x 841.89 pt.
		if !bytes.Contains(pdf.Bytes(), []byte("/MediaBox [0 0 595.28 841.89]")) {
			t.Errorf("%s: not on A4", tc.kind)
		}
	}
	if err := sheet.RenderOrder(&bytes.Buffer{}, "custom", label, 1, sheet.Options{}); err == nil {
		t.Error("an order of a kind with no preset printed")
	}
}
