package http

import (
	"context"
	"log/slog"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// An instance's life as a load balancer sees it through GET /api/ready.
const (
	lifeStarting int32 = iota // built, start-up not finished: not ready
	lifeServing               // ready while the database answers
	lifeDraining              // SIGTERM: finishing what it has, take no more
)

// readyPingTimeout bounds the database check of one readiness probe, well
// under a load balancer's usual probe timeout.
const readyPingTimeout = 2 * time.Second

// Ready marks start-up finished: /api/ready answers 200 from now on, while
// the database answers.
func (s *Server) Ready() { s.life.CompareAndSwap(lifeStarting, lifeServing) }

// Drain marks the instance as stopping: /api/ready answers 503 so that the
// load balancer sends nothing new, while requests still arriving are served.
func (s *Server) Drain() { s.life.Store(lifeDraining) }

// Serving reports whether start-up is done and the instance is not
// draining: what /api/ready says, the database aside.
func (s *Server) Serving() bool { return s.life.Load() == lifeServing }

// GetReady is the load balancer's probe: 200 only when started, not
// draining, and the database answers.
func (s *Server) GetReady(ctx context.Context, _ apiserver.GetReadyRequestObject) (apiserver.GetReadyResponseObject, error) {
	switch s.life.Load() {
	case lifeStarting:
		return notReady(cloud.MsgStarting), nil
	case lifeDraining:
		return notReady(cloud.MsgDraining), nil
	}
	pingCtx, cancel := context.WithTimeout(ctx, readyPingTimeout)
	defer cancel()
	if err := s.service.Ping(pingCtx); err != nil {
		s.logger.WarnContext(ctx, "not ready: the database does not answer", slog.String("error", err.Error()))
		return notReady(cloud.MsgDatabaseUnavailable), nil
	}
	return apiserver.GetReady200JSONResponse{Body: api.Ready{Status: api.ReadyStatusReady}}, nil
}

// notReady is the probe's 503, with its message and no Retry-After.
func notReady(message string) apiserver.GetReady503JSONResponse {
	return apiserver.GetReady503JSONResponse{UnavailableJSONResponse: apiserver.UnavailableJSONResponse{Body: api.Error{Message: message}}}
}
