package service

// An organisation's analytics (/corporate/analytics): real figures from its
// own records, readable by its members and site admins. Months are calendar
// months in UTC; the current month is the last.

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// reportMonths returns the first instant of the report's first month and
// the report's months (YYYY-MM), oldest first, ending with now's month.
func reportMonths(now time.Time) (time.Time, []string) {
	now = now.UTC()
	first := time.Date(now.Year(), now.Month()-cloud.ReportMonths+1, 1, 0, 0, 0, 0, time.UTC)
	months := make([]string, cloud.ReportMonths)
	for i := range months {
		months[i] = first.AddDate(0, i, 0).Format("2006-01")
	}
	return first, months
}

// byMonth counts weights into the report's months, zeros included.
func byMonth(months []string, times []time.Time, weight func(i int) int) []api.OrgReportMonthCount {
	index := map[string]int{}
	out := make([]api.OrgReportMonthCount, len(months))
	for i, m := range months {
		out[i].Month = m
		index[m] = i
	}
	for i, t := range times {
		if j, ok := index[t.UTC().Format("2006-01")]; ok {
			out[j].Count += weight(i)
		}
	}
	return out
}

// OrganizationReport counts an organisation's analytics.
func (s *Service) OrganizationReport(ctx context.Context, actor *cloud.User, orgID int64) (*api.OrgReport, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	now := s.now()
	first, months := reportMonths(now)
	counts, err := s.store.CountOrgReport(ctx, org.ID, first)
	if err != nil {
		return nil, err
	}
	r := &api.OrgReport{
		Quota:             api.OrgReportQuota{Used: counts.Codes, Max: org.MaxQRCodes},
		ByProject:         []api.OrgReportProjectCount{},
		IncompleteRecords: counts.Incomplete,
		ScansNote:         cloud.MsgScansNotCounted,
		GeneratedAt:       now,
	}
	for _, p := range counts.ByProject {
		v := api.OrgReportProjectCount{Name: p.ProjectName, Active: p.Active, Inactive: p.Inactive}
		if p.ProjectID == 0 {
			v.Name = cloud.NoProjectName
		} else {
			id := p.ProjectID
			v.ProjectID = &id
		}
		r.ByProject = append(r.ByProject, v)
	}
	// Every known source, zeros included, then any other the store holds.
	bySource := map[string]int{}
	for _, c := range counts.BySource {
		bySource[c.Source] = c.Count
	}
	for _, src := range cloud.CodeSources {
		r.BySource = append(r.BySource, api.OrgReportSourceCount{Source: src, Count: bySource[src]})
		delete(bySource, src)
	}
	for _, c := range counts.BySource {
		if _, other := bySource[c.Source]; other {
			r.BySource = append(r.BySource, api.OrgReportSourceCount{Source: c.Source, Count: c.Count})
		}
	}
	r.CodesCreatedByMonth = byMonth(months, counts.CodesCreated, func(int) int { return 1 })
	printed := make([]time.Time, len(counts.PrintRuns))
	for i, p := range counts.PrintRuns {
		printed[i] = p.CreatedAt
	}
	r.LabelsPrintedByMonth = byMonth(months, printed, func(i int) int { return counts.PrintRuns[i].Labels })
	return r, nil
}
