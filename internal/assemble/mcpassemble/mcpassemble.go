// Package mcpassemble is package assemble with the MCP edge: every game
// (its matches behind handles kept in the Matches store, when there is
// one), the live games' matches when there are any, and the
// agents, their boards and their ratings when there is a ledger, as MCP
// tools, served at /mcp by the assembled HTTP handler too.
package mcpassemble

import (
	"net/http"

	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/mcpedge"
)

// Parts are the assembled server with its MCP edge.
type Parts struct {
	*assemble.Parts
	// MCP serves the games and the live matches as tools, over any
	// transport (stdio for a local agent).
	MCP *mcpedge.Server
	// Handler is MCP's Streamable HTTP handler.
	Handler http.Handler
	// Handles keep the matches MCP starts behind handles; nil without
	// a Matches store.
	Handles *mcpedge.Handles
}

// New assembles the server c describes with its MCP edge, whose handler
// serves web pages of the server's own origin and of origins (see
// mcpedge.Options). It fails only when it cannot make a random key.
func New(c assemble.Config, origins []string) (*Parts, error) {
	a, err := assemble.New(c)
	if err != nil {
		return nil, err
	}
	var hs *mcpedge.Handles
	if c.Matches != nil {
		hs = mcpedge.NewHandles(c.Matches, c.Clock, c.CreatesPerMinute)
	}
	srv := mcpedge.New(a.Service, a.Live, mcpedge.Agents{Registry: a.Agents, Boards: a.Boards, Raters: a.Raters, Arena: a.Arena}, hs)
	return &Parts{Parts: a, MCP: srv, Handler: mcpedge.Handler(srv, mcpedge.Options{Origins: origins}), Handles: hs}, nil
}

// HTTP is a new HTTP handler of the parts (as assemble.Parts.HTTP) that
// serves Handler at /mcp too.
func (p *Parts) HTTP() *httpapi.Server {
	h := p.Parts.HTTP()
	h.ServeMCP(p.Handler)
	return h
}
