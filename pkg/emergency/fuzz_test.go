package emergency_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/qr"
)

// FuzzQRText: any record the cloud or a device can send (any JSON that
// decodes into Data), at any time in any zone, formats without a panic into
// text that starts with the header, holds no control or invisible format
// character besides its own line breaks, is the same for the record and its
// normalised form, and, when the record is valid, fits one QR code at the
// labels' error-correction level (H).
//
//	go test ./emergency -run '^$' -fuzz FuzzQRText -fuzztime 1m
func FuzzQRText(f *testing.F) {
	for _, tc := range loadVectors[qrTextVector](f, "testdata/qr-text.json") {
		f.Add([]byte(tc.Input), int64(1767225600), uint8(0))
	}
	f.Add([]byte(`{"personalInfo":{"fullName":"A\u202eB","weight":1e308},"emergencyContacts":[{"name":"\u0085","phone":"\r\n"}]}`), int64(-62135596800), uint8(1))
	f.Add([]byte(`{}`), int64(253402300799), uint8(2))
	zones := []string{"UTC", "Pacific/Kiritimati", "America/St_Johns"}
	f.Fuzz(func(t *testing.T, record []byte, unix int64, zone uint8) {
		var d emergency.Data
		if json.Unmarshal(record, &d) != nil {
			return
		}
		loc, err := time.LoadLocation(zones[int(zone)%len(zones)])
		if err != nil {
			t.Fatal(err)
		}
		at := time.Unix(unix, 0)
		text := emergency.QRText(d, at, loc)
		if !strings.HasPrefix(text, emergency.Header+"\n\n") || !utf8.ValidString(text) {
			t.Fatalf("text %q", text)
		}
		for _, r := range text {
			if r != '\n' && (r < 0x20 || r >= 0x7f && r <= 0x9f || invisible(r)) {
				t.Fatalf("text holds %U: %q", r, text)
			}
		}
		if again := emergency.QRText(d.Normalized(), at, loc); again != text {
			t.Fatalf("normalising first changed the text:\n%q\n%q", text, again)
		}
		if d.Validate() == nil && !qr.Fits(text, qr.H) {
			t.Fatalf("a valid record's text (%d bytes) does not fit one QR code at level H", len(text))
		}
	})
}

// invisible lists the format characters normalisation removes (a few
// representatives of each range of normalize.go's isInvisible).
func invisible(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200B || r == 0x200E || r == 0x200F || r == 0x00AD
}
