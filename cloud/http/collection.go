package http

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// Worker self-service collection links (service/collection.go): the
// officer's routes, scoped to their organisation.

func (s *Server) ListCollectionLinks(ctx context.Context, req apiserver.ListCollectionLinksRequestObject) (apiserver.ListCollectionLinksResponseObject, error) {
	links, err := s.service.CollectionLinks(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.ListCollectionLinks200JSONResponse{Body: api.CollectionLinkList{Links: links}}, nil
}

func (s *Server) CreateCollectionLink(ctx context.Context, req apiserver.CreateCollectionLinkRequestObject) (apiserver.CreateCollectionLinkResponseObject, error) {
	link, err := s.service.CreateCollectionLink(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateCollectionLink201JSONResponse{Body: api.CollectionLinkCreated{Link: *link}}, nil
}

func (s *Server) RevokeCollectionLink(ctx context.Context, req apiserver.RevokeCollectionLinkRequestObject) (apiserver.RevokeCollectionLinkResponseObject, error) {
	if err := s.service.RevokeCollectionLink(ctx, userFromContext(ctx), req.OrgID, req.LinkID); err != nil {
		return nil, err
	}
	return apiserver.RevokeCollectionLink200JSONResponse{Body: api.Message{Message: cloud.MsgCollectionLinkRevoked}}, nil
}

func (s *Server) CreateCodeUpdateLink(ctx context.Context, req apiserver.CreateCodeUpdateLinkRequestObject) (apiserver.CreateCodeUpdateLinkResponseObject, error) {
	link, message, err := s.service.CreateUpdateLink(ctx, userFromContext(ctx), req.OrgID, req.CodeID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateCodeUpdateLink201JSONResponse{Body: api.UpdateLinkCreated{Link: *link, Message: message}}, nil
}

// The worker's routes: anonymous, the token in the path is the credential.
// Every request counts against the client's address (the route group's
// limiter). A submission is refused while its link has taken its accepted
// submissions (from anywhere) or its client its refused ones; only an
// accepted submission counts against the link, and only a refused one
// against the client, so bad posts from one address close the link for
// nobody else.

func (s *Server) GetCollectForm(ctx context.Context, req apiserver.GetCollectFormRequestObject) (apiserver.GetCollectFormResponseObject, error) {
	form, err := s.service.CollectForm(ctx, req.Token)
	if err != nil {
		return nil, err
	}
	return apiserver.GetCollectForm200JSONResponse{Body: *form}, nil
}

// SubmitCollectForm stays hand-written: the limits are checked before the
// body is read, and a body that does not decode counts as refused, which
// the generated decoding (before any handler) cannot do.
func (a apiHandlers) SubmitCollectForm(w http.ResponseWriter, r *http.Request, _ api.CollectToken) {
	a.s.handleCollectSubmit(w, r)
}
func (*Server) SubmitCollectForm(context.Context, apiserver.SubmitCollectFormRequestObject) (apiserver.SubmitCollectFormResponseObject, error) {
	return nil, errServedByHand
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

// ConfirmCollectForm stays hand-written: the link's limit writes its own
// RateLimit fields and its 429 to the raw writer before the service runs.
func (a apiHandlers) ConfirmCollectForm(w http.ResponseWriter, r *http.Request, _ api.CollectToken) {
	a.s.handleCollectConfirm(w, r)
}
func (*Server) ConfirmCollectForm(context.Context, apiserver.ConfirmCollectFormRequestObject) (apiserver.ConfirmCollectFormResponseObject, error) {
	return nil, errServedByHand
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
