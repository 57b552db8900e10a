package http

import (
	"encoding/csv"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// An organisation's analytics (service/orgreport.go).

func (s *Server) handleOrgReport(w http.ResponseWriter, r *http.Request) {
	report, err := s.service.OrganizationReport(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, report)
}

// orgReportCSVHeader names the report's columns: one row per figure.
var orgReportCSVHeader = []string{"section", "item", "value"}

// orgReportRows lays the report out as section, item, value rows; names
// (projects') are escaped like every user-typed cell of an export.
func orgReportRows(rep *api.OrgReport) [][]string {
	n := strconv.Itoa
	rows := [][]string{
		{"quota", "used", n(rep.Quota.Used)},
		{"quota", "max", n(rep.Quota.Max)},
		{"records", "incomplete", n(rep.IncompleteRecords)},
	}
	for _, p := range rep.ByProject {
		rows = append(rows, []string{"project active", cloud.CSVCell(p.Name), n(p.Active)},
			[]string{"project inactive", cloud.CSVCell(p.Name), n(p.Inactive)})
	}
	for _, src := range rep.BySource {
		rows = append(rows, []string{"source", cloud.CSVCell(src.Source), n(src.Count)})
	}
	for _, m := range rep.CodesCreatedByMonth {
		rows = append(rows, []string{"codes created", m.Month, n(m.Count)})
	}
	for _, m := range rep.LabelsPrintedByMonth {
		rows = append(rows, []string{"labels printed", m.Month, n(m.Count)})
	}
	return append(rows, []string{"note", "scans", rep.ScansNote})
}

// handleOrgReportCSV sends the same figures as a CSV download. They are
// counted before the first byte, so an error still gets its status.
func (s *Server) handleOrgReportCSV(w http.ResponseWriter, r *http.Request) {
	report, err := s.service.OrganizationReport(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	name := fmt.Sprintf(cloud.OrgReportFileName, report.GeneratedAt.UTC().Format("2006-01-02"))
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	w.WriteHeader(http.StatusOK)
	out := csv.NewWriter(w)
	out.Write(orgReportCSVHeader)
	out.WriteAll(orgReportRows(report))
	if err := out.Error(); err != nil {
		s.logger.Error("analytics report not sent", slog.String("error", err.Error()))
	}
}
