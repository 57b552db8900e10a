package sheet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
)

// batchLayout is one of the batch printer's named layouts.
type batchLayout struct {
	id, name   string
	paper      labels.PaperSize // "" for a paper other than A4 and US Letter
	maxModules int              // MaxModules at BatchMinModule
}

// batchLayoutOf weighs t, named name, as a batch layout.
func batchLayoutOf(id, name string, t *labels.Template) batchLayout {
	return batchLayout{id, name, labels.PaperSize(labels.GeometryOf(id, name, t).PaperSize), MaxModules(t, BatchMinModule)}
}

// batchLayouts are the batch printer's layouts in its order (the spec's
// layouts, then the presets), each with the largest code it prints.
func batchLayouts() []batchLayout {
	c := labels.MustBuiltin()
	var out []batchLayout
	for _, l := range slices.Concat(labels.SpecLayouts, labels.PresetLayouts()) {
		t, name, err := c.BatchSheet(l.ID)
		if err == nil {
			out = append(out, batchLayoutOf(l.ID, name, t))
		}
	}
	return out
}

// BatchLayoutsHolding names, in the batch printer's order, the batch
// layouts whose labels print a code of size modules (quiet zone excluded,
// TooSmallError.Size or MaxSize) with modules of at least BatchMinModule:
// what a refusal offers instead. A layout that holds the largest of a
// queue's codes holds them all.
func BatchLayoutsHolding(size int) []string {
	var names []string
	for _, l := range batchLayouts() {
		if l.maxModules >= size {
			names = append(names, l.name)
		}
	}
	return names
}

// SuggestedLayouts are the batch layouts a refusal offers for a code of
// size modules (BatchLayoutsHolding) to someone printing on paper: only
// those on that paper, since an A4 office has no US Letter sheets to
// hand; every holding layout when none on that paper holds it, or when
// the paper is unknown ("").
func SuggestedLayouts(size int, paper labels.PaperSize) []string {
	var onPaper, all []string
	for _, l := range batchLayouts() {
		if l.maxModules < size {
			continue
		}
		all = append(all, l.name)
		if paper != "" && l.paper == paper {
			onPaper = append(onPaper, l.name)
		}
	}
	if len(onPaper) > 0 {
		return onPaper
	}
	return all
}

// LayoutFit is a batch layout and the codes of a queue too dense for its
// labels.
type LayoutFit struct {
	ID, Name string
	// Refused are the indexes (into BatchFits' payloads) of the codes whose
	// modules would print under BatchMinModule; none when the layout holds
	// the whole queue.
	Refused []int
}

// BatchFits answers, before anything is printed, what Render would refuse
// on each batch layout in the batch printer's order: for every layout the
// payloads whose codes (level labels.BatchLevel) it cannot print legibly.
// It is fit's rule (through MaxModules), so the website's layout picker and
// the station agree with the print. A payload too long for any QR code is
// an error.
func BatchFits(payloads []string) ([]LayoutFit, error) {
	return fits(payloads, batchLayouts())
}

// fits weighs the payloads' codes on each of layouts.
func fits(payloads []string, layouts []batchLayout) ([]LayoutFit, error) {
	sizes := make([]int, len(payloads))
	for i, p := range payloads {
		size, err := qr.Size(p, labels.BatchLevel)
		if err != nil {
			return nil, fmt.Errorf("sheet: label %d: %w", i+1, err)
		}
		sizes[i] = size
	}
	var out []LayoutFit
	for _, l := range layouts {
		fit := LayoutFit{ID: l.id, Name: l.name, Refused: []int{}}
		for i, size := range sizes {
			if size > l.maxModules {
				fit.Refused = append(fit.Refused, i)
			}
		}
		out = append(out, fit)
	}
	return out, nil
}

// RefusedIDs are the ids of the layout's refused codes, when ids[i] is the
// id of BatchFits' i-th payload.
func (f LayoutFit) RefusedIDs(ids []int64) []int64 {
	out := make([]int64, len(f.Refused))
	for i, k := range f.Refused {
		out[i] = ids[k]
	}
	return out
}

// UniqueIDs are ids each once, in their first order: a queue that holds a
// code twice prints, and asks about, one code.
func UniqueIDs(ids []int64) []int64 {
	var out []int64
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// namesListed is how many refused codes a refusal names before "and N
// more": a sheet of 30 codes named one by one would bury the advice.
const namesListed = 5

// RefusedNames lists the refused codes' names for a refusal (NamesList),
// with how many codes that is.
func RefusedNames(err *TooSmallError, names []string) (list string, count int) {
	refused := make([]string, 0, len(err.Refused))
	for _, i := range err.Refused {
		if i >= 0 && i < len(names) {
			refused = append(refused, names[i])
		}
	}
	return NamesList(refused)
}

// NamesList lists codes' names for a refusal: quoted, in queue order, each
// once, at most namesListed of them then "and N more" (the cloud's and the
// station's messages all use it), with how many distinct names that is.
func NamesList(names []string) (list string, count int) {
	var distinct []string
	for _, n := range names {
		if !slices.Contains(distinct, n) {
			distinct = append(distinct, n)
		}
	}
	quoted := make([]string, 0, namesListed)
	for _, n := range distinct[:min(len(distinct), namesListed)] {
		quoted = append(quoted, fmt.Sprintf("%q", n))
	}
	list = strings.Join(quoted, ", ")
	if more := len(distinct) - len(quoted); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return list, len(distinct)
}
