package sheet_test

import (
	"bytes"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// FuzzRender: any payload, name and caption give an error or a complete
// PDF holding one label with its code; never a panic.
//
//	go test ./sheet -run '^$' -fuzz FuzzRender -fuzztime 1m
func FuzzRender(f *testing.F) {
	f.Add("🚨 EMERGENCY CONTACT INFORMATION 🚨\n\nName: Zoë", "Zoë Ó Dálaigh 🚑", "Blood O+ · ICE +44 7700 900123")
	f.Add("", "", "")
	f.Add("x", "\x00\xff\xfe", "\u202e right-to-left \u200b")
	f.Add("日本語のテキスト", "名前", "長いキャプション長いキャプション長いキャプション長いキャプション")
	f.Add(string(bytes.Repeat([]byte("9"), 3000)), "(((", ")))\\")
	f.Add("x", "محمد (علي) 123 [x] «דוד» ٣٤٥", "\u0301\u0301 👨\u200d👩\u200d👧 \ufe0f")
	f.Add("x", "\u202bأ\u202c Nguyễn स्त्री ฤๅษี", "王小明\u200c김민준 \U000E0100")
	f.Add("payload", "a very long name that cannot possibly fit on one line of a label without shrinking", "")
	tp, ok := labels.MustBuiltin().Lookup("Avery", "5163")
	if !ok {
		f.Fatal("Avery 5163 missing")
	}
	f.Fuzz(func(t *testing.T, payload, name, caption string) {
		var pdf bytes.Buffer
		err := sheet.Render(&pdf, tp, []sheet.Label{{Payload: payload, Name: name, Caption: caption}}, sheet.Options{})
		if err != nil {
			return
		}
		out := pdf.Bytes()
		if !bytes.HasPrefix(out, []byte("%PDF-1.")) || !bytes.HasSuffix(bytes.TrimSpace(out), []byte("%%EOF")) {
			t.Fatalf("not a complete PDF: %.40q ... %.40q", out, out[max(0, len(out)-40):])
		}
		drawn := readBack(t, out, 1, tp.PageHeight)
		if len(drawn[0]) != 1 || drawn[0][0].QRW <= 0 {
			t.Fatalf("the PDF holds %d labels, want one with a code", len(drawn[0]))
		}
	})
}
