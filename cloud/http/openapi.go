package http

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// GetOpenAPIDocument stays hand-written: its typed answers carry no ETag or
// Cache-Control, and the typed 200 would re-encode the document (a map)
// rather than serve the bytes the ETag names.
func (a apiHandlers) GetOpenAPIDocument(w http.ResponseWriter, r *http.Request) {
	a.s.handleOpenAPI(w, r)
}
func (*Server) GetOpenAPIDocument(context.Context, apiserver.GetOpenAPIDocumentRequestObject) (apiserver.GetOpenAPIDocumentResponseObject, error) {
	return nil, errServedByHand
}

// handleOpenAPI serves the API's contract (pkg/api/openapi.yaml) as JSON.
// It is public and the same for everyone, so unlike the rest of /api it may
// be cached; the ETag lets a client revalidate cheaply.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := api.JSON()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	etag := api.ETag()
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(doc)
}
