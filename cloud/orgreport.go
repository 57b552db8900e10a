package cloud

import (
	"context"
	"time"
)

// An organisation's analytics (/corporate/analytics): figures
// counted from its own records. Scans are not among them: a code is plain
// text read offline, so nothing ever reports a scan.

// CodeSources lists every code source (library.go), in the order reports
// list them, zeros included.
var CodeSources = []string{CodeSourceManual, CodeSourceDuplicate, CodeSourceImport, CodeSourceAPI, CodeSourceCollection}

// Analytics report constants.
const (
	// ReportMonths is how many calendar months (UTC) the monthly figures
	// cover, the current one included.
	ReportMonths = 12
	// NoProjectName names the codes that belong to no project.
	NoProjectName = "No project"
	// OrgReportFileName is the report download's name (%s: today's date).
	OrgReportFileName = "lifetag-analytics-%s.csv"
	// MsgScansNotCounted says on the page why there is no scan figure.
	MsgScansNotCounted = "Scans are not counted: a Lifetag code holds plain text and is read offline, so nothing reports a scan."
)

// ProjectCodeCount is how many of an organisation's codes a project holds,
// active and inactive; ProjectID 0 is the codes with no project.
type ProjectCodeCount struct {
	ProjectID   int64
	ProjectName string
	Active      int
	Inactive    int
}

// SourceCount is how many codes came from one source.
type SourceCount struct {
	Source string
	Count  int
}

// PrintRunTotal is one printed batch: when, and how many labels.
type PrintRunTotal struct {
	CreatedAt time.Time
	Labels    int
}

// OrgReportCounts are the raw figures the store counts for a report; the
// service turns them into months and totals.
type OrgReportCounts struct {
	// Codes counts every code, active or not: what the plan's quota counts.
	Codes int
	// ByProject: every project of the organisation (with zeros) and the
	// no-project codes when there are any, by project name.
	ByProject []*ProjectCodeCount
	BySource  []SourceCount
	// Incomplete counts the codes whose record leaves recommended fields blank.
	Incomplete int
	// CodesCreated holds the creation times of the codes made since the
	// report's first month; PrintRuns the batches printed since then.
	CodesCreated []time.Time
	PrintRuns    []PrintRunTotal
}

// OrgReportStore counts an organisation's analytics.
type OrgReportStore interface {
	// CountOrgReport counts the organisation's codes and print runs;
	// the monthly figures cover what was made at or after since.
	CountOrgReport(ctx context.Context, organizationID int64, since time.Time) (*OrgReportCounts, error)
}
