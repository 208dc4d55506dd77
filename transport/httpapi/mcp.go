package httpapi

import "net/http"

// ServeMCP serves an MCP server's Streamable HTTP handler (package
// mcpedge) at POST /mcp; any other method there answers 405 like any
// other path.
func (s *Server) ServeMCP(h http.Handler) {
	s.mux.Handle("POST /mcp", h)
}

// ActionRequest reads the arguments of an MCP act tool as the body of an
// action request is read ({"state": ..., "action": {...}}), answering the
// token and the action's JSON text.
func ActionRequest(body []byte) (token string, action []byte, err error) {
	return actionBody(body)
}
