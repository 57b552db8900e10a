package http

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud"
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

// handleReady is the load balancer's probe: 200 only when started, not
// draining, and the database answers.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	switch s.life.Load() {
	case lifeStarting:
		writeMessage(w, http.StatusServiceUnavailable, cloud.MsgStarting)
		return
	case lifeDraining:
		writeMessage(w, http.StatusServiceUnavailable, cloud.MsgDraining)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), readyPingTimeout)
	defer cancel()
	if err := s.service.Ping(ctx); err != nil {
		s.logger.WarnContext(r.Context(), "not ready: the database does not answer", slog.String("error", err.Error()))
		writeMessage(w, http.StatusServiceUnavailable, cloud.MsgDatabaseUnavailable)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
