package emergency_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/qr"
)

// FuzzRecordQRText: for any record (fields and values, as any JSON that
// decodes into a Record) whose fields make a valid template and whose values
// pass ValidateRecord, the QR text is no longer than the template's
// LargestRecordBytes, which a valid template keeps within one level-M code,
// and it encodes at level M. Records that fail formats without a panic.
//
//	go test ./emergency -run '^$' -fuzz FuzzRecordQRText -fuzztime 1m
func FuzzRecordQRText(f *testing.F) {
	for _, tc := range loadVectors[qrTextVector](f, "testdata/record-qr-text.json") {
		f.Add([]byte(tc.Input), int64(1767225600))
	}
	f.Add([]byte(`{"fields":[{"id":"a","type":"date","label":"D","category":"work","order":1}],"values":{"a":"2000-12-31"}}`), int64(253402300799))
	f.Fuzz(func(t *testing.T, record []byte, unix int64) {
		var r emergency.Record
		if json.Unmarshal(record, &r) != nil {
			return
		}
		at := time.Unix(unix, 0)
		text := emergency.RecordQRText(r, at, time.UTC)
		r.Fields = emergency.NormalizeFields(r.Fields)
		if emergency.ValidateFields(r.Fields) != nil || emergency.ValidateRecord(r.Fields, r.Values) != nil {
			return
		}
		if at.Year() > 9999 || at.Year() < 1000 {
			return // the bound assumes a four-digit year on the Generated line
		}
		text = emergency.RecordQRText(r, at, time.UTC)
		if bound := emergency.LargestRecordBytes(r.Fields); len(text) > bound {
			t.Fatalf("a valid record's text is %d bytes, over its template's bound %d:\n%s", len(text), bound, text)
		}
		if _, err := qr.Encode(text, qr.M); err != nil {
			t.Fatalf("a valid record does not encode at level M: %v", err)
		}
	})
}
