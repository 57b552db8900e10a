package cloud

import (
	"context"
	"time"
)

// Corporate batch label printing (admin-corporate-side §2 /label-batch-print,
// §4 and §5): many library codes on one label sheet PDF. Each sheet printed
// (by the website or the desktop station) is kept as a print run, for the
// organisation's analytics: how many labels and distinct codes, on which
// layout, by whom. Nothing medical is kept with it.

// MaxBatchLabels is the most labels one batch prints: the largest plan's
// allowance of codes. More is one request that ties a core up for seconds.
const MaxBatchLabels = 2000

// Batch printing messages: §5 and §8 where the spec gives them.
const (
	// MsgNoQRCodes is the empty queue's refusal (§5); the website shows
	// it under the spec's title, No QR Codes.
	MsgNoQRCodes             = "Add some QR codes before printing"
	MsgBatchTooLarge         = "A batch can print at most 2000 labels; print the queue in parts"
	MsgBatchLayoutUnknown    = "Choose a label layout from the list or the sheet catalogue"
	MsgStartPositionInvalid  = "Start position must be 1 to %d on %s"
	MsgPrintRunLabelsInvalid = "A print run must have 1 to 2000 labels, at least one for each code"
	// MsgBatchCodeTooLong names the code (its library name, quoted) that
	// cannot be printed legibly on the chosen labels, and the layouts that
	// hold it (sheet.BatchLayoutsHolding, joined by "; ").
	MsgBatchCodeTooLong = "%s holds too much text for a legible QR code on %s labels (%.1f x %.1f mm): its modules would print at %.2f mm, under the %.2f mm a phone reads. Choose a layout that holds it (%s), or shorten the record."
	// MsgBatchCodeTooLongEverywhere is the same refusal when no layout
	// holds the code.
	MsgBatchCodeTooLongEverywhere = "%s holds too much text for a legible QR code on any batch layout: its modules would print at %.2f mm on %s labels, under the %.2f mm a phone reads. Shorten the record."
	// MsgBatchCodesTooLong is the refusal of several codes: how many, their
	// names (sheet.RefusedNames: the first few, then "and N more"), and
	// the layouts that hold them all.
	MsgBatchCodesTooLong = "%d codes hold too much text for legible QR codes on %s labels (%.1f x %.1f mm): %s. Their modules would print under the %.2f mm a phone reads. Choose a layout that holds them all (%s), or shorten the records."
	// MsgBatchCodesTooLongEverywhere is the same when no layout holds the
	// largest of them.
	MsgBatchCodesTooLongEverywhere = "%d codes hold too much text for legible QR codes on %s labels: %s. No batch layout holds them all (their modules would print under the %.2f mm a phone reads); shorten the longest records."
	// MsgBatchCodeInactive names the deactivated code (its library name,
	// quoted) in a batch: the whole batch is refused, so a worker's label
	// is never silently missing from the sheet.
	MsgBatchCodeInactive = "%s is deactivated, so its label is not printed: reactivate the code or remove it from the batch."
	// MsgBatchCodesInactive is the same for several codes: how many, and
	// their names (sheet.NamesList: the first few, then "and N more").
	MsgBatchCodesInactive = "%d codes are deactivated, so their labels are not printed: %s. Reactivate them or remove them from the batch."
	// MsgCodeLabelInactive names a deactivated code whose own label (PDF or
	// image) was asked for.
	MsgCodeLabelInactive = "%s is deactivated, so its label is not printed: reactivate the code to download it."
)

// PrintRun is one batch of labels printed.
type PrintRun struct {
	ID             int64
	OrganizationID int64
	UserID         int64  // who printed; 0 once they are deleted
	Layout         string // the layout's name, as the batch printer shows it
	Labels         int    // labels printed, copies included
	Codes          int    // distinct codes among them
	CreatedAt      time.Time
}

// PrintRunStore keeps print runs.
type PrintRunStore interface {
	CreatePrintRun(ctx context.Context, r *PrintRun) error
	// ListPrintRuns returns an organisation's runs created at or after
	// since, newest first.
	ListPrintRuns(ctx context.Context, organizationID int64, since time.Time) ([]*PrintRun, error)
}
