// Package httpapi is the HTTP edge of the bundle: one http.Handler serves
// every game's loop, the index, the docs, llms.txt and the contract. It reads
// requests strictly (package wire), hands them to the play core, writes its
// answers with play.Encode, and turns errors into HTTP answers in one place
// (errors.go). The local server and the Lambda functions both run it.
//
// The handler checks every request by hand, in the order and with the
// bounds openapi.yaml states; the tests hold the two together by running
// kin-openapi's validator over the same requests. Keeping kin-openapi out of
// the served binaries keeps a Lambda cold start near the floor.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/live"
)

// Server is the handler.
type Server struct {
	svc     *play.Service
	openapi []byte
	mux     *http.ServeMux
	// transcripts holds each golden case's transcript once served (see
	// goldenCase): a *transcriptOnce by game/name.
	transcripts sync.Map
	// agents checks the keys of agents that start ranked matches; nil
	// when the server keeps none (see ServeAgents).
	agents *agents.Registry
	// lives are the live games described (see ServeLiveGame), in order.
	lives []*live.Game
	// arenaGames are the games of the arena whose page is served (see
	// ServeArenaPage); none without one.
	arenaGames []string
}

// New builds the handler for a service; openapi is served as-is at
// /openapi.yaml.
func New(svc *play.Service, openapi []byte) *Server {
	s := &Server{svc: svc, openapi: openapi, mux: http.NewServeMux()}
	s.handle("GET /{$}", s.home)
	s.handle("GET /api/games", s.index)
	s.handle("GET /api/games/{slug}/init", s.init)
	s.handle("POST /api/games/{slug}/action", s.action)
	s.handle("GET /api/games/{slug}/ranked/{id}", s.ranked)
	s.handle("GET /api/games/{slug}/ranked/{id}/transcript", s.rankedTranscript)
	s.handle("GET /api/games/{slug}/golden", s.goldenList)
	s.handle("GET /api/games/{slug}/golden/{name}", s.goldenCase)
	s.handle("POST /api/bots/{slug}", s.bot)
	s.handle("GET /api/bots/{slug}", s.bot)
	s.handle("GET /docs/api/{slug}", s.docs)
	s.handle("GET /llms.txt", s.llms)
	s.handle("GET /openapi.yaml", s.serveOpenAPI)
	for _, name := range []string{"view", "play", "boards", "home"} {
		s.ServePage(name)
	}
	s.handle("GET /favicon.ico", s.favicon)
	s.handle("/", s.notFound)
	return s
}

// ServePage serves the page in the folder web/name at /name/ (and
// redirects /name there): the bundle's own pages, and a live game's.
func (s *Server) ServePage(name string) {
	s.handle("GET /"+name+"/{file...}", s.page(pages("web/"+name)))
	s.mux.Handle("GET /"+name, http.RedirectHandler("/"+name+"/", http.StatusMovedPermanently))
}

// pageCSP is every page's Content-Security-Policy: scripts, styles,
// images and fetches from the bundle only, no inline script or style
// attribute, no plugin, no form sent elsewhere, and no framing (so a
// page whose buttons move a seat cannot be clicked through from another
// site).
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Header values, shared by every answer that sends them: one that adds a
// value to such a header (Header().Add) appends to a full slice, which
// copies it.
var (
	anyOrigin       = []string{"*"}
	exposeRequestID = []string{RequestIDHeader}
	cspHeader       = []string{pageCSP}
	nosniff         = []string{"nosniff"}
	denyFrames      = []string{"DENY"}
	noReferrer      = []string{"same-origin"}
	iconCaching     = []string{"public, max-age=86400"}
	iconType        = []string{"image/x-icon"}
)

// pageHeaders are the headers a browser page is served with: its policy,
// and the older X-Frame-Options for browsers without frame-ancestors.
func pageHeaders(h http.Header) {
	h["Content-Security-Policy"] = cspHeader
	h["X-Frame-Options"] = denyFrames
	h["Referrer-Policy"] = noReferrer
}

// favicon serves the bundle's icon, which every page's browser asks for.
func (s *Server) favicon(w http.ResponseWriter, r *http.Request) error {
	pageHeaders(w.Header())
	w.Header()["Cache-Control"] = iconCaching
	w.Header()["Content-Type"] = iconType
	http.ServeFileFS(w, r, bundle.Web, "web/favicon.ico")
	return nil
}

// pages is one folder of the embedded browser pages.
func pages(dir string) fs.FS {
	sub, err := fs.Sub(bundle.Web, dir)
	if err != nil {
		panic(err) // the folder is embedded: a build that lacks it is broken
	}
	return sub
}

// page serves the files of a browser page, index.html for its folder; a
// file it lacks is a JSON not_found like any other path.
func (s *Server) page(files fs.FS) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		name := r.PathValue("file")
		if name == "" {
			name = "index.html"
		}
		if info, err := fs.Stat(files, name); err != nil || info.IsDir() {
			return play.Errorf(play.CodeNotFound, "nothing at %s; GET /llms.txt explains this server", r.URL.Path)
		}
		pageHeaders(w.Header())
		http.ServeFileFS(w, r, files, name)
		return nil
	}
}

// handle registers a handler that answers errors through WriteError.
func (s *Server) handle(pattern string, h func(http.ResponseWriter, *http.Request) error) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
	})
}

// ServeHTTP marks every answer nosniff (a browser takes each at its
// Content-Type), answers CORS preflights (but /mcp's, which checks who
// asks), then routes, with the client's address in the request's context
// (play.WithClient) for the quotas.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h["Access-Control-Allow-Origin"] = anyOrigin
	h["Access-Control-Expose-Headers"] = exposeRequestID
	h["X-Content-Type-Options"] = nosniff
	if r.Method == http.MethodOptions && r.URL.Path != "/mcp" {
		h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Mcp-Protocol-Version, X-Request-Id")
		h.Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if !play.HasClient(r.Context()) {
		r = r.WithContext(play.WithClient(r.Context(), r.RemoteAddr))
	}
	s.mux.ServeHTTP(w, r)
}

// writeJSON answers v as JSON with the given status, in one write with
// its length, so that net/http sends it without chunking.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := buffers.Get().(*[]byte)
	defer buffers.Put(buf)
	body, err := play.AppendJSON((*buf)[:0], v)
	*buf = body
	if err != nil {
		slog.Error("encoding an answer", "err", err)
		body, status = []byte(`{"error":{"code":"internal","message":"the server failed to answer; the request may be retried"}}`+"\n"), http.StatusInternalServerError
	}
	h := w.Header()
	h["Content-Type"] = contentTypeJSON
	h["Cache-Control"] = noStore
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	w.Write(body)
}

// buffers hold answers while they are written.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 8192); return &b }}

var (
	contentTypeJSON = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
)
