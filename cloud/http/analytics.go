package http

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (s *Server) RecordPageView(ctx context.Context, req apiserver.RecordPageViewRequestObject) (apiserver.RecordPageViewResponseObject, error) {
	view, err := beaconBody(ctx, req.JSONBody, req.TextBody)
	if err != nil {
		return nil, err
	}
	if err := s.service.RecordPageView(ctx, view.Path); err != nil {
		return nil, err
	}
	// A beacon's answer is never read.
	return apiserver.RecordPageView204Response{}, nil
}

func (s *Server) RecordAnalyticsEvent(ctx context.Context, req apiserver.RecordAnalyticsEventRequestObject) (apiserver.RecordAnalyticsEventResponseObject, error) {
	event, err := beaconBody(ctx, req.JSONBody, req.TextBody)
	if err != nil {
		return nil, err
	}
	if err := s.service.RecordEvent(ctx, event.Action, event.Category, event.Label, event.Value); err != nil {
		return nil, err
	}
	return apiserver.RecordAnalyticsEvent204Response{}, nil
}

// beaconBody is the body of an analytics request, which pages send with
// navigator.sendBeacon: a beacon with a string body goes out as text/plain
// (it needs no CORS preflight), so that type is taken beside JSON (another
// site's page cannot use that to post here: sameOriginWrites refuses it).
// The text body is the same JSON, decoded here as decodeBody would. Either
// is capped at cloud.AnalyticsMaxBodyBytes.
func beaconBody[T any](ctx context.Context, jsonBody *T, textBody *string) (T, error) {
	var v T
	var body io.Reader
	switch {
	case jsonBody != nil:
		// Decoded already, under the general cap (operations.go); a body
		// that says it is larger than a beacon's is refused as before.
		if r := requestFrom(ctx); r != nil && r.ContentLength > cloud.AnalyticsMaxBodyBytes {
			return v, decodeError(&http.MaxBytesError{Limit: cloud.AnalyticsMaxBodyBytes})
		}
		return *jsonBody, nil
	case textBody != nil:
		body = strings.NewReader(*textBody)
	default:
		// A media type the generated code did not match by its prefix
		// ("Text/Plain"): the body is still unread.
		body = requestFrom(ctx).Body
	}
	if err := decodeStrictly(http.MaxBytesReader(nil, io.NopCloser(body), cloud.AnalyticsMaxBodyBytes), &v); err != nil {
		return v, decodeError(err)
	}
	return v, nil
}
