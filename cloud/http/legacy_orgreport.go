package http

// Operations of orgreport.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) DownloadCorporateAnalytics(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleOrgReportCSV(w, r)
}
func (*Server) DownloadCorporateAnalytics(context.Context, apiserver.DownloadCorporateAnalyticsRequestObject) (apiserver.DownloadCorporateAnalyticsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetCorporateAnalytics(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleOrgReport(w, r)
}
func (*Server) GetCorporateAnalytics(context.Context, apiserver.GetCorporateAnalyticsRequestObject) (apiserver.GetCorporateAnalyticsResponseObject, error) {
	return nil, errNotStrictYet
}
