package main

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"
)

// FuzzReadCSV: any file given as CSV is read or refused without a panic; a
// read file gives one label per row after the header, each field taken
// from that row.
//
//	go test ./cmd/labelsheet -run '^$' -fuzz FuzzReadCSV -fuzztime 1m
func FuzzReadCSV(f *testing.F) {
	f.Add([]byte("payload,name,caption\nhello,Ann,Blood O+\n\"multi\nline\",\"quoted \"\"name\"\"\",\n"))
	f.Add([]byte("Caption , PAYLOAD\nc,p\n"))
	f.Add([]byte("payload\n"))
	f.Add([]byte("name\nx\n"))
	f.Add([]byte("payload,name\nonly-payload\n"))
	f.Add([]byte("\xef\xbb\xbfpayload,name\r\n\xff\xfe,\x00\r\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		items, err := readCSV(bytes.NewReader(data))
		if err != nil {
			return
		}
		records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatalf("readCSV read what encoding/csv refuses: %v", err)
		}
		if len(items) != len(records)-1 {
			t.Fatalf("%d labels from %d rows after the header", len(items), len(records)-1)
		}
		for i, item := range items {
			row := records[i+1]
			for _, field := range []string{item.Payload, item.Name, item.Caption} {
				if field != "" && !slices.Contains(row, field) {
					t.Fatalf("label %d has %q, which is not in its row %q", i, field, row)
				}
			}
		}
	})
}
