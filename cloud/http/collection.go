package http

import (
	"net/http"

	"github.com/go-chi/chi/v5"

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

func (s *Server) handleCreateUpdateLink(w http.ResponseWriter, r *http.Request) {
	var req service.UpdateLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	link, message, err := s.service.CreateUpdateLink(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"link": link, "message": message})
}

// The worker's routes: anonymous, the token in the path is the credential.
// Every request counts against the client's address (the route group's
// limiter); a submission also counts against its link, from anywhere.

func (s *Server) handleCollectForm(w http.ResponseWriter, r *http.Request) {
	form, err := s.service.CollectForm(r.Context(), chi.URLParam(r, "token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, form)
}

func (s *Server) handleCollectSubmit(w http.ResponseWriter, r *http.Request) {
	token := chi.URLParam(r, "token")
	// The shared counter stores only a hash of its key (sharedCounter.hash).
	if s.linkLimiter.RespondOnLimit(w, r, token) {
		return
	}
	var req struct {
		Values  map[string]string `json:"values"`
		Consent bool              `json:"consent"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	message, err := s.service.SubmitCollection(r.Context(), token, req.Values, req.Consent)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusCreated, message)
}
