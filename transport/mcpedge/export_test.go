package mcpedge

import (
	"net/http"
)

// SDKOnly is Handler without the front's own tools/call: every request
// the front takes goes to the SDK, as before direct.
func SDKOnly(srv *Server, opts Options) http.Handler {
	f := Handler(srv, opts).(*front)
	f.tools = nil
	return f
}

// Direct reports whether the front calls the tool of r (whose body is
// body) itself.
func Direct(h http.Handler, r *http.Request, body []byte) bool {
	m, err := checkMessage(body)
	return err == nil && h.(*front).direct(r, m) != nil
}

// CompactHTML is compactHTML, for its test.
var CompactHTML = compactHTML
