// Command labelsheet turns a CSV or JSON file of labels into a print-ready
// PDF on a chosen label sheet, and searches the sheet catalogue.
//
//	labelsheet -sheet "Avery 5163" -o labels.pdf labels.csv
//	labelsheet -preset helmet -paper a4 -o labels.pdf labels.json
//	labelsheet -list avery 2x4          # search by words
//	labelsheet -list -size 101.6x50.8   # search by label size (mm)
//	labelsheet -sample 1000 -o labels.json   # realistic test labels
//	labelsheet -sample 1000 -intl -o labels.json   # names in thirteen scripts
//
// CSV files have a header naming the columns payload, name, blood_type, ice
// and caption (all but payload optional); JSON files hold an array of
// {"payload", "name", "bloodType", "ice", "caption"} objects. The label
// prints them as pkg/sheet/design.json lays them out.
package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

func main() {
	err := run(os.Args[1:], os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		return // the flag package has printed the usage
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "labelsheet:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("labelsheet", flag.ContinueOnError)
	var (
		list      = fs.Bool("list", false, "search the sheet catalogue: words as arguments, or -size")
		size      = fs.String("size", "", "with -list: label size WxH in mm, either way round")
		tolerance = fs.Float64("tolerance", 1, "with -size: how far sizes may differ, mm")
		sample    = fs.Int("sample", 0, "write this many realistic sample labels as JSON and stop")
		intl      = fs.Bool("intl", false, "with -sample: names in thirteen scripts")

		sheetName = fs.String("sheet", "", `catalogue sheet, brand then part: "Avery 5163"`)
		preset    = fs.String("preset", "", "product preset: "+strings.Join(labels.KindNames(), ", "))
		paper     = fs.String("paper", "letter", "paper for -preset and -custom: letter or a4")
		custom    = fs.String("custom", "", "custom label size WxH in mm (70-250 x 50-250)")
		count     = fs.Int("count", labels.DefaultCustom.Count, "with -custom: labels per sheet")
		cols      = fs.Int("cols", labels.DefaultCustom.Cols, "with -custom: columns")
		rows      = fs.Int("rows", labels.DefaultCustom.Rows, "with -custom: rows")

		out     = fs.String("o", "", "output file (PDF, or JSON with -sample); standard output when empty")
		level   = fs.String("level", "", "QR error correction: L, M, Q or H (default: the preset's or custom sizes' level, H for -sheet)")
		copies  = fs.Int("copies", 1, "copies of each label")
		start   = fs.Int("start", 1, "first position to use on the first sheet")
		offsetX = fs.Float64("offset-x", 0, "printer calibration: move everything right, mm")
		offsetY = fs.Float64("offset-y", 0, "printer calibration: move everything down, mm")
		outline = fs.Bool("outline", false, "draw label outlines, for a test print on plain paper")
		dpi     = fs.Int("dpi", sheet.StandardDPI, "print quality: 300 or 600")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cat, err := labels.Builtin()
	if err != nil {
		return err
	}

	switch {
	case *list:
		return listSheets(stdout, cat, strings.Join(fs.Args(), " "), *size, *tolerance)
	case *sample > 0:
		return writeOutput(*out, stdout, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			if *intl {
				return enc.Encode(samples.IntlLabels(*sample))
			}
			return enc.Encode(samples.Labels(*sample))
		})
	}

	tp, err := chooseSheet(cat, *sheetName, *preset, *paper, *custom, *count, *cols, *rows)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("give one input file (.csv or .json), or - for JSON on standard input")
	}
	items, err := readLabels(fs.Arg(0))
	if err != nil {
		return err
	}
	lvl := qr.H
	if *preset != "" || *custom != "" {
		lvl = labels.PrintLevel(labels.Kind(strings.ToLower(*preset)), labels.PaperSize(strings.ToLower(*paper)))
	}
	if *level != "" {
		if lvl, err = qr.ParseLevel(*level); err != nil {
			return err
		}
	}
	opts := sheet.Options{Level: lvl, Copies: *copies, Start: *start, OffsetX: *offsetX, OffsetY: *offsetY, Outline: *outline, DPI: *dpi}
	return writeOutput(*out, stdout, func(w io.Writer) error { return sheet.Render(w, tp, items, opts) })
}

// chooseSheet resolves exactly one of -sheet, -preset and -custom.
func chooseSheet(cat *labels.Catalogue, name, preset, paper, custom string, count, cols, rows int) (*labels.Template, error) {
	chosen := 0
	for _, s := range []string{name, preset, custom} {
		if s != "" {
			chosen++
		}
	}
	if chosen != 1 {
		return nil, errors.New("choose the sheet with one of -sheet, -preset or -custom")
	}
	paperSize := labels.PaperSize(strings.ToLower(paper))
	switch {
	case name != "":
		return cat.Find(name)
	case preset != "":
		return cat.Preset(labels.Kind(strings.ToLower(preset)), paperSize)
	}
	w, h, err := parseSize(custom)
	if err != nil {
		return nil, err
	}
	p, err := cat.Paper(paperSize)
	if err != nil {
		return nil, err
	}
	c := labels.Custom{Width: w, Height: h, Count: count, Cols: cols, Rows: rows}
	if hint := c.Hint(); hint != "" {
		fmt.Fprintln(os.Stderr, "labelsheet: note:", hint)
	}
	return c.Template(p)
}

// parseSize reads "WxH" in millimetres.
func parseSize(s string) (w, h float64, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.ParseFloat(strings.TrimSpace(ws), 64)
		if err == nil {
			h, err = strconv.ParseFloat(strings.TrimSpace(hs), 64)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("size %q: want width x height in mm, such as 101.6x50.8", s)
	}
	return w, h, nil
}

func listSheets(w io.Writer, cat *labels.Catalogue, query, size string, tolerance float64) error {
	var found []*labels.Template
	if size != "" {
		sw, sh, err := parseSize(size)
		if err != nil {
			return err
		}
		found = cat.SearchSize(sw, sh, tolerance)
		if query != "" { // keep the size order, filter by the words
			words := map[*labels.Template]bool{}
			for _, t := range cat.Search(query) {
				words[t] = true
			}
			kept := found[:0]
			for _, t := range found {
				if words[t] {
					kept = append(kept, t)
				}
			}
			found = kept
		}
	} else {
		found = cat.Search(query)
	}
	for _, t := range found {
		fmt.Fprintln(w, t)
	}
	fmt.Fprintf(w, "%d sheet(s)\n", len(found))
	return nil
}

// readLabels reads a .csv or .json file; "-" is JSON on standard input.
func readLabels(path string) ([]sheet.Label, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		return readCSV(r)
	}
	var items []sheet.Label
	if err := json.NewDecoder(r).Decode(&items); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return items, nil
}

func readCSV(r io.Reader) ([]sheet.Label, error) {
	records, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, errors.New("the CSV file is empty")
	}
	column := map[string]int{}
	for i, name := range records[0] {
		column[strings.ToLower(strings.TrimSpace(name))] = i
	}
	if _, ok := column["payload"]; !ok {
		return nil, errors.New(`the CSV header must name a "payload" column (and may name "name", "blood_type", "ice" and "caption")`)
	}
	get := func(rec []string, name string) string {
		if i, ok := column[name]; ok && i < len(rec) {
			return rec[i]
		}
		return ""
	}
	var items []sheet.Label
	for _, rec := range records[1:] {
		items = append(items, sheet.Label{
			Payload: get(rec, "payload"), Name: get(rec, "name"),
			BloodType: get(rec, "blood_type"), ICE: get(rec, "ice"), Caption: get(rec, "caption"),
		})
	}
	return items, nil
}

// writeOutput writes to the named file, or to stdout when name is empty; a
// file is removed again if writing fails, so no half PDF is left behind.
func writeOutput(name string, stdout io.Writer, write func(io.Writer) error) error {
	if name == "" {
		return write(stdout)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	return f.Close()
}
