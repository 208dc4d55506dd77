package httpapi

import "net/http"

// ServeMCP serves an MCP server's Streamable HTTP handler (package
// mcpedge) at /mcp, whatever the method: it answers CORS preflights and
// wrong methods itself, as the transport asks.
func (s *Server) ServeMCP(h http.Handler) {
	s.mux.Handle("/mcp", h)
}

// ActionRequest reads the arguments of an MCP act tool as the body of an
// action request is read ({"state": ..., "action": {...}}), answering the
// token and the action's JSON text.
func ActionRequest(body []byte) (token string, action []byte, err error) {
	return actionBody(body)
}
