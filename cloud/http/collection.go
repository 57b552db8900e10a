package http

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// Worker self-service collection links (service/collection.go): the
// officer's routes, scoped to their organisation.

func (s *Server) handleCollectionLinks(w http.ResponseWriter, r *http.Request) {
	links, err := s.service.CollectionLinks(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CollectionLinkList{Links: links})
}

func (s *Server) handleCreateCollectionLink(w http.ResponseWriter, r *http.Request) {
	var req api.CollectionLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	link, err := s.service.CreateCollectionLink(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.CollectionLinkCreated{Link: *link})
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
	var req api.UpdateLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	link, message, err := s.service.CreateUpdateLink(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "codeId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.UpdateLinkCreated{Link: *link, Message: message})
}

// The worker's routes: anonymous, the token in the path is the credential.
// Every request counts against the client's address (the route group's
// limiter). A submission is refused while its link has taken its accepted
// submissions (from anywhere) or its client its refused ones; only an
// accepted submission counts against the link, and only a refused one
// against the client, so bad posts from one address close the link for
// nobody else.

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
	client := s.clientKey(r)
	// The shared counter stores only a hash of its keys (sharedCounter.hash).
	if !s.allowUncounted(w, r, s.refusedLimit, client) || !s.allowUncounted(w, r, s.linkLimit, token) {
		return
	}
	var req api.CollectSubmission
	message, err := "", decodeJSON(w, r, &req)
	if err == nil {
		message, err = s.service.SubmitCollection(r.Context(), token, req.Values, req.Consent)
	}
	if err != nil {
		// A returning worker's form (ECONFLICT) counts as refused too: it may
		// be someone trying names, and each may send a mail.
		if code := cloud.ErrorCode(err); code == cloud.EINVALID || code == cloud.ECONFLICT {
			s.count(r, s.refusedLimit, client)
		}
		s.writeError(w, r, err)
		return
	}
	s.count(r, s.linkLimit, token)
	writeMessage(w, http.StatusCreated, message)
}

// handleCollectConfirm is a worker's "my details are still right": like a
// submission, it counts against the link once accepted.
func (s *Server) handleCollectConfirm(w http.ResponseWriter, r *http.Request) {
	token := chi.URLParam(r, "token")
	if !s.allowUncounted(w, r, s.linkLimit, token) {
		return
	}
	message, err := s.service.ConfirmCollection(r.Context(), token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.count(r, s.linkLimit, token)
	writeMessage(w, http.StatusOK, message)
}
