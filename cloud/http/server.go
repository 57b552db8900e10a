// Package http serves the Lifetag API and website over net/http with chi.
package http

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
)

// Pinger is what the health check needs from the store.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config is everything the server is built from; main fills it in.
type Config struct {
	Store      Pinger
	Site       fs.FS // the website build; index.html may be missing
	Logger     *slog.Logger
	Production bool
}

// Server is the HTTP face of the cloud.
type Server struct {
	store      Pinger
	site       fs.FS
	logger     *slog.Logger
	production bool
	router     chi.Router
}

// NewServer builds the server and its routes.
func NewServer(c Config) *Server {
	s := &Server{
		store:      c.Store,
		site:       c.Site,
		logger:     c.Logger,
		production: c.Production,
	}
	s.router = s.routes()
	return s
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.router.ServeHTTP(w, r)
}

// routePattern is the matched route (never the raw path, which can hold an
// e-mail address), for logs.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if err := s.store.Ping(r.Context()); err != nil {
		s.logger.Error("health check failed", slog.String("error", err.Error()))
		writeMessage(w, http.StatusServiceUnavailable, "database unavailable")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeMessage(w, http.StatusNotFound, cloud.MsgNotFound)
}

func (s *Server) handleAPIMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeMessage(w, http.StatusMethodNotAllowed, cloud.MsgMethodNotAllowed)
}
