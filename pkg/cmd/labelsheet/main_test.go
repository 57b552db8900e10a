package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/sheet"
)

func TestList(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-list", "avery", "5163"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Avery 5163: rectangle 101.6 x 50.8 mm, 10 per sheet") {
		t.Fatalf("list output:\n%s", out.String())
	}
	out.Reset()
	if err := run([]string{"-list", "-size", "50.8x101.6", "-tolerance", "0.1", "avery"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Avery 8163:") || strings.Contains(out.String(), "Avery 5160:") {
		t.Fatalf("size search output:\n%s", out.String())
	}
}

// Samples written as JSON, and the same labels as CSV, both print.
func TestSampleCSVAndJSONToPDF(t *testing.T) {
	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "labels.json")
	if err := run([]string{"-sample", "3", "-o", jsonPath}, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var items []sheet.Label
	if err := json.Unmarshal(data, &items); err != nil || len(items) != 3 || items[0].Payload == "" {
		t.Fatalf("sample JSON: %v, %d labels", err, len(items))
	}

	csvPath := filepath.Join(dir, "labels.csv")
	csvText := "name,payload,caption\n\"Zoë, Ó\",\"line one\nline two\",cap\nBob,second,\n"
	if err := os.WriteFile(csvPath, []byte(csvText), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := readLabels(csvPath)
	if err != nil || len(got) != 2 || got[0] != (sheet.Label{Payload: "line one\nline two", Name: "Zoë, Ó", Caption: "cap"}) {
		t.Fatalf("CSV read as %+v, %v", got, err)
	}

	for _, args := range [][]string{
		{"-sheet", "Avery 5163", jsonPath},
		{"-preset", "wallet", "-paper", "a4", "-outline", "-start", "3", "-copies", "2", csvPath},
		{"-custom", "80x60", "-count", "4", "-cols", "2", "-rows", "2", "-paper", "a4", "-level", "M", "-dpi", "600", csvPath},
	} {
		pdf := filepath.Join(dir, "out.pdf")
		if err := run(append([]string{"-o", pdf}, args...), nil); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		head, _ := os.ReadFile(pdf)
		if !bytes.HasPrefix(head, []byte("%PDF-")) {
			t.Fatalf("%v: not a PDF", args)
		}
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	noPayload := filepath.Join(dir, "bad.csv")
	os.WriteFile(noPayload, []byte("name\nBob\n"), 0o600)
	cases := map[string][]string{
		"NoSheet":       {"labels.json"},
		"TwoSheets":     {"-sheet", "Avery 5163", "-preset", "helmet", "labels.json"},
		"UnknownSheet":  {"-sheet", "Avery 99999", "labels.json"},
		"UnknownPreset": {"-preset", "hat", "labels.json"},
		"BadCustomSize": {"-custom", "60x60", "labels.json"},
		"NoInput":       {"-sheet", "Avery 5163"},
		"CSVNoPayload":  {"-sheet", "Avery 5163", noPayload},
		"BadLevel":      {"-sheet", "Avery 5163", "-level", "X", noPayload},
		"MissingFile":   {"-sheet", "Avery 5163", filepath.Join(dir, "none.json")},
		"UnknownFlag":   {"-colour", "red"},
		"BadSizeSearch": {"-list", "-size", "big"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(dir, name+".pdf")
			var stdout bytes.Buffer
			if err := run(append([]string{"-o", out}, args...), &stdout); err == nil {
				t.Fatalf("%v: want an error", args)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%v: a failed run left %s behind", args, out)
			}
		})
	}
}
