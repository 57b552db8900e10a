package http

import (
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// routes registers every route of the cloud, in one place.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.Recoverer, s.securityHeaders)

	r.Route("/api", func(r chi.Router) {
		r.Use(noStore)
		r.NotFound(s.handleAPINotFound)
		r.MethodNotAllowed(s.handleAPIMethodNotAllowed)

		r.Get("/health", s.handleHealth)
	})

	site := siteHandler(s.site)
	r.Get("/*", site.ServeHTTP)
	r.Head("/*", site.ServeHTTP)
	return r
}
