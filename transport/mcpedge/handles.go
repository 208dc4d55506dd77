package mcpedge

import (
	"context"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/handles"
)

// HandleLength is how many symbols a handle has (package play/handles).
const HandleLength = handles.Length

// HandleLifetime is how long a handle lives after its match's last
// action (or start).
const HandleLifetime = handles.Lifetime

// Handles are the match handles (package play/handles) as the MCP tools
// answer and take them.
type Handles struct {
	*handles.Handles
	// acts are the act tools of the live games, by slug, for a refusal
	// of a handle sent to another game's tool to name (New sets them).
	acts map[string]string
}

// NewHandles keeps handles in store, each client (see play.ClientOf)
// making at most perMinute a minute (0: no limit).
func NewHandles(store play.Store, clock play.Clock, perMinute int) *Handles {
	return &Handles{Handles: handles.New(store, clock, perMinute), acts: map[string]string{}}
}

// admit counts a handle about to be made (handles.Handles.Admit); without
// handles it admits every request.
func (h *Handles) admit(ctx context.Context) error {
	if h == nil {
		return nil
	}
	return h.Admit(ctx)
}

// held is what a handle stands for.
type held = handles.Held
