package sheet

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lifetag/lifetag/pkg/labels"
)

// The batch printer's refusals. The website (through the cloud) and the
// desktop station print the same queue with the same words, so they are
// written here once.
const (
	// MsgBatchCodeTooLong names the code (its library name, quoted) that
	// cannot be printed legibly on the chosen labels, and the layouts that
	// hold it (BatchLayoutsHolding, joined by "; ").
	MsgBatchCodeTooLong = "%s holds too much text for a legible QR code on %s labels (%.1f x %.1f mm): its modules would print at %.2f mm, under the %.2f mm a phone reads. Choose a layout that holds it (%s), or shorten the record."
	// MsgBatchCodeTooLongEverywhere is the same refusal when no layout
	// holds the code.
	MsgBatchCodeTooLongEverywhere = "%s holds too much text for a legible QR code on any batch layout: its modules would print at %.2f mm on %s labels, under the %.2f mm a phone reads. Shorten the record."
	// MsgBatchCodesTooLong is the refusal of several codes: how many, their
	// names (RefusedNames: the first few, then "and N more"), and the
	// layouts that hold them all.
	MsgBatchCodesTooLong = "%d codes hold too much text for legible QR codes on %s labels (%.1f x %.1f mm): %s. Their modules would print under the %.2f mm a phone reads. Choose a layout that holds them all (%s), or shorten the records."
	// MsgBatchCodesTooLongEverywhere is the same when no layout holds the
	// largest of them.
	MsgBatchCodesTooLongEverywhere = "%d codes hold too much text for legible QR codes on %s labels: %s. No batch layout holds them all (their modules would print under the %.2f mm a phone reads); shorten the longest records."
	// MsgBatchCodeInactive names the deactivated code (its library name,
	// quoted) in a batch: the whole batch is refused, so a worker's label
	// is never silently missing from the sheet.
	MsgBatchCodeInactive = "%s is deactivated, so its label is not printed: reactivate the code or remove it from the batch."
	// MsgBatchCodesInactive is the same for several codes: how many, and
	// their names (NamesList: the first few, then "and N more").
	MsgBatchCodesInactive = "%d codes are deactivated, so their labels are not printed: %s. Reactivate them or remove them from the batch."
)

// BatchCode is one code of a batch queue as the batch printer weighs it:
// its library id and name, whether it is active, and its label as it
// prints (Label.Payload is the QR text).
type BatchCode struct {
	ID     int64
	Name   string
	Active bool
	Label  Label
}

// Refusal is a batch the printer will not print, in words for the person
// printing. The cloud answers it as an invalid request; the station shows
// it as it is.
type Refusal struct{ Message string }

func (r *Refusal) Error() string { return r.Message }

func refusal(format string, args ...any) *Refusal {
	return &Refusal{Message: fmt.Sprintf(format, args...)}
}

// BatchLabels are the queue's labels in queue order, with their codes'
// names (names[i] is labels[i]'s), after refusing a queue holding
// deactivated codes (workers who left), naming them all: the whole batch,
// never a sheet with a label silently missing. A preview is refused alike,
// since it prints as well.
func BatchLabels(codes []BatchCode) (items []Label, names []string, err error) {
	var inactive []string
	for _, c := range codes {
		if !c.Active {
			inactive = append(inactive, c.Name)
		}
	}
	switch list, count := NamesList(inactive); {
	case count == 1:
		return nil, nil, refusal(MsgBatchCodeInactive, list)
	case count > 1:
		return nil, nil, refusal(MsgBatchCodesInactive, count, list)
	}
	items = make([]Label, len(codes))
	names = make([]string, len(codes))
	for i, c := range codes {
		items[i], names[i] = c.Label, c.Name
	}
	return items, names, nil
}

// RefuseTooDense turns Render's refusal of labels too dense for t's
// labels (layoutName is how the batch printer names t) into a Refusal
// naming their codes (names[i] is the i-th label's): one code by its name
// and module size, several by how many and their names; each with the
// layouts that hold them all (SuggestedLayouts on paper, the paper the
// organisation prints on, "" when unknown), or none. Other errors pass
// unchanged.
func RefuseTooDense(err error, t *labels.Template, layoutName string, names []string, paper labels.PaperSize) error {
	var e *TooSmallError
	if !errors.As(err, &e) || e.Index < 0 || e.Index >= len(names) {
		return err
	}
	list, count := RefusedNames(e, names)
	holding := strings.Join(SuggestedLayouts(e.MaxSize, paper), "; ")
	switch {
	case count <= 1 && holding == "":
		return refusal(MsgBatchCodeTooLongEverywhere, list, e.Module, layoutName, e.Min)
	case count <= 1:
		return refusal(MsgBatchCodeTooLong, list, layoutName, t.Label.Width, t.Label.Height, e.Module, e.Min, holding)
	case holding == "":
		return refusal(MsgBatchCodesTooLongEverywhere, count, layoutName, list, e.Min)
	default:
		return refusal(MsgBatchCodesTooLong, count, layoutName, t.Label.Width, t.Label.Height, list, e.Min, holding)
	}
}

// QueueFit is a batch layout and the ids of the queue's codes too dense
// for its labels (none when it holds the whole queue).
type QueueFit struct {
	ID, Name   string
	RefusedIDs []int64
}

// UnknownSheetError is a sheet asked about that is neither a named layout
// nor in the catalogue.
type UnknownSheetError struct{ Sheet string }

func (e *UnknownSheetError) Error() string {
	return fmt.Sprintf("sheet: no batch layout or catalogue sheet %q", e.Sheet)
}

// FitQueue answers, before anything is printed, which codes of the queue
// every batch layout refuses (BatchFits, the rule Render applies), by
// code id, then the same for each of sheets (catalogue sheets by name, as
// the catalogue search gives them), so a sheet found in the catalogue is
// checked when chosen, as the named layouts are. Deactivated codes are
// weighed too: asking which layouts hold the queue prints nothing, and
// printing refuses them by name.
func FitQueue(codes []BatchCode, sheets []string) ([]QueueFit, error) {
	layouts := batchLayouts()
	for _, name := range sheets {
		t, resolved, err := labels.MustBuiltin().BatchSheet(name)
		if err != nil {
			return nil, &UnknownSheetError{Sheet: name}
		}
		// Answered under the name asked, as the catalogue search's ids are.
		layouts = append(layouts, batchLayoutOf(name, resolved, t))
	}
	payloads := make([]string, len(codes))
	ids := make([]int64, len(codes))
	for i, c := range codes {
		payloads[i], ids[i] = c.Label.Payload, c.ID
	}
	weighed, err := fits(payloads, layouts)
	if err != nil {
		return nil, err
	}
	out := make([]QueueFit, len(weighed))
	for i, f := range weighed {
		out[i] = QueueFit{ID: f.ID, Name: f.Name, RefusedIDs: f.RefusedIDs(ids)}
	}
	return out, nil
}
