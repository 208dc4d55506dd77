package httpapi

import (
	"net/http"
	"slices"

	"github.com/agentgames/bundle/play"
)

// routedMethods are the methods a route may take; every path also answers
// OPTIONS (the CORS preflight, in ServeHTTP).
var routedMethods = []string{http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodPatch, http.MethodPost, http.MethodPut}

// notFound answers what no route took: 405 with the methods the path
// takes when it takes another, 404 otherwise.
func (s *Server) notFound(_ http.ResponseWriter, r *http.Request) error {
	if allow := s.allowed(r); allow != nil {
		return notAllowed(r, allow)
	}
	return play.Errorf(play.CodeNotFound, "nothing at %s; GET /llms.txt explains this server", r.URL.Path)
}

// allowed lists, in alphabetical order, the methods a route takes at r's
// path, OPTIONS among them; nil when no route takes the path.
func (s *Server) allowed(r *http.Request) []string {
	var allow []string
	for _, m := range routedMethods {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "/" && pattern != "" {
			allow = append(allow, m)
		}
	}
	if allow == nil {
		return nil
	}
	allow = append(allow, http.MethodOptions)
	slices.Sort(allow)
	return allow
}
