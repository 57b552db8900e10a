package http

// Operations of analytics.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) RecordAnalyticsEvent(w http.ResponseWriter, r *http.Request) {
	a.s.handleAnalyticsEvent(w, r)
}
func (*Server) RecordAnalyticsEvent(context.Context, apiserver.RecordAnalyticsEventRequestObject) (apiserver.RecordAnalyticsEventResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RecordPageView(w http.ResponseWriter, r *http.Request) { a.s.handlePageView(w, r) }
func (*Server) RecordPageView(context.Context, apiserver.RecordPageViewRequestObject) (apiserver.RecordPageViewResponseObject, error) {
	return nil, errNotStrictYet
}
