package emergency_test

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// The template golden vectors are shared with the TypeScript twin
// (frontend/src/lib/emergency/template.test.ts); see PAYLOAD.md.

func TestRecordQRTextGoldenVectors(t *testing.T) {
	cases := loadVectors[qrTextVector](t, "testdata/record-qr-text.json")
	if len(cases) < 20 {
		t.Fatalf("want at least 20 golden vectors, have %d", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var r emergency.Record
			if err := json.Unmarshal(tc.Input, &r); err != nil {
				t.Fatal(err)
			}
			loc, err := time.LoadLocation(tc.TimeZone)
			if err != nil {
				t.Fatal(err)
			}
			at, err := time.Parse(time.RFC3339, tc.GeneratedAt)
			if err != nil {
				t.Fatal(err)
			}
			if got := emergency.RecordQRText(r, at, loc); got != tc.Expected {
				t.Errorf("RecordQRText mismatch\n got: %q\nwant: %q", got, tc.Expected)
			}
		})
	}
}

func TestValidateRecordGoldenVectors(t *testing.T) {
	type vector struct {
		Name   string            `json:"name"`
		Fields []emergency.Field `json:"fields"`
		Values map[string]string `json:"values"`
		Errors map[string]string `json:"errors"`
	}
	for _, tc := range loadVectors[vector](t, "testdata/record-validation.json") {
		t.Run(tc.Name, func(t *testing.T) {
			if got := emergency.ValidateRecord(tc.Fields, tc.Values).ByField(); !maps.Equal(got, tc.Errors) {
				t.Errorf("ValidateRecord mismatch\n got: %v\nwant: %v", got, tc.Errors)
			}
		})
	}
}

func TestTemplateFieldsGoldenVectors(t *testing.T) {
	type vector struct {
		Name               string            `json:"name"`
		Fields             []emergency.Field `json:"fields"`
		Normalized         []emergency.Field `json:"normalized"`
		Errors             map[string]string `json:"errors"`
		LargestRecordBytes int               `json:"largestRecordBytes"`
	}
	for _, tc := range loadVectors[vector](t, "testdata/template-fields.json") {
		t.Run(tc.Name, func(t *testing.T) {
			normal := emergency.NormalizeFields(tc.Fields)
			if !slices.EqualFunc(normal, tc.Normalized, fieldsEqual) {
				t.Errorf("NormalizeFields mismatch\n got: %+v\nwant: %+v", normal, tc.Normalized)
			}
			if got := emergency.ValidateFields(normal).ByField(); !maps.Equal(got, tc.Errors) {
				t.Errorf("ValidateFields mismatch\n got: %v\nwant: %v", got, tc.Errors)
			}
			if got := emergency.LargestRecordBytes(normal); got != tc.LargestRecordBytes {
				t.Errorf("LargestRecordBytes %d, want %d", got, tc.LargestRecordBytes)
			}
		})
	}
}
