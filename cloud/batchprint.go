package cloud

import (
	"context"
	"time"
)

// Corporate batch label printing (docs/design/admin-corporate.md §2 /label-batch-print,
// docs/design/admin-corporate.md §4 and §5): many library codes on one label sheet PDF. Each sheet printed
// (by the website or the desktop station) is kept as a print run, for the
// organisation's analytics: how many labels and distinct codes, on which
// layout, by whom. Nothing medical is kept with it.

// MaxBatchLabels is the most labels one batch prints: the largest plan's
// allowance of codes. More is one request that ties a core up for seconds.
const MaxBatchLabels = 2000

// Batch printing messages: docs/design/admin-corporate.md §5 and §8 where the spec gives them.
const (
	// MsgNoQRCodes is the empty queue's refusal (docs/design/admin-corporate.md §5); the website shows
	// it under the spec's title, No QR Codes.
	MsgNoQRCodes             = "Add some QR codes before printing"
	MsgBatchTooLarge         = "A batch can print at most 2000 labels; print the queue in parts"
	MsgBatchLayoutUnknown    = "Choose a label layout from the list or the sheet catalogue"
	MsgStartPositionInvalid  = "Start position must be 1 to %d on %s"
	MsgPrintRunLabelsInvalid = "A print run must have 1 to 2000 labels, at least one for each code"
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
