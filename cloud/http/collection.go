package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
)

// Worker self-service collection links (service/collection.go): the
// officer's routes, scoped to their organisation.

func (s *Server) handleCollectionLinks(w http.ResponseWriter, r *http.Request) {
	links, err := s.service.CollectionLinks(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"links": links})
}

func (s *Server) handleCreateCollectionLink(w http.ResponseWriter, r *http.Request) {
	var req service.CollectionLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	link, err := s.service.CreateCollectionLink(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"link": link})
}

func (s *Server) handleRevokeCollectionLink(w http.ResponseWriter, r *http.Request) {
	err := s.service.RevokeCollectionLink(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "linkId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgCollectionLinkRevoked)
}
