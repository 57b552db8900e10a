package http

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// An organisation's analytics (service/orgreport.go).

func (s *Server) GetCorporateAnalytics(ctx context.Context, req apiserver.GetCorporateAnalyticsRequestObject) (apiserver.GetCorporateAnalyticsResponseObject, error) {
	report, err := s.service.OrganizationReport(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetCorporateAnalytics200JSONResponse{Body: *report}, nil
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

// DownloadCorporateAnalytics sends the same figures as a CSV download. They
// are counted and laid out before the first byte, so an error still gets
// its status.
func (s *Server) DownloadCorporateAnalytics(ctx context.Context, req apiserver.DownloadCorporateAnalyticsRequestObject) (apiserver.DownloadCorporateAnalyticsResponseObject, error) {
	report, err := s.service.OrganizationReport(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	var body bytes.Buffer
	out := csv.NewWriter(&body)
	out.Write(orgReportCSVHeader)
	out.WriteAll(orgReportRows(report))
	if err := out.Error(); err != nil {
		return nil, err
	}
	name := fmt.Sprintf(cloud.OrgReportFileName, report.GeneratedAt.UTC().Format("2006-01-02"))
	return apiserver.DownloadCorporateAnalytics200TextCsvResponse{Body: &body, ContentLength: int64(body.Len()),
		Headers: apiserver.DownloadCorporateAnalytics200ResponseHeaders{ContentDisposition: attachment(name)}}, nil
}
