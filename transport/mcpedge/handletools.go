package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
)

// handleSchema is the input schema of a "handle" argument.
var handleSchema = map[string]any{"type": "string", "pattern": fmt.Sprintf("^[0-9A-Za-z]{%d}$", HandleLength),
	"description": "the match's handle, as the start answered it: it stands for the newest state"}

// handleDoc is what a start tool says of the handle it answers.
func handleDoc(hs *Handles) string {
	if hs == nil {
		return ""
	}
	return fmt.Sprintf(", and a handle (%d letters and digits) that stands for the match's newest state for %d hours after its last action",
		HandleLength, int(HandleLifetime.Hours()))
}

// actWhich says which match an act tool acts in, actSend what it takes.
func actWhich(hs *Handles) string {
	if hs == nil {
		return "the state token carries"
	}
	return "the handle or the state token names"
}

func actSend(hs *Handles) string {
	if hs == nil {
		return "the newest state"
	}
	return "the handle (or the newest state)"
}

// handled is r with the handle its match goes by, when it has one, as
// the structured content's "handle" member: the answer's JSON object,
// exactly as the HTTP edge writes it, besides.
func handled(r *mcp.CallToolResult, handle string) *mcp.CallToolResult {
	body, ok := r.StructuredContent.(json.RawMessage)
	if handle == "" || r.IsError || !ok || len(body) < 2 {
		return r
	}
	r.StructuredContent = json.RawMessage(`{"handle":"` + handle + `",` + string(body[1:]))
	return r
}

// lostRace is the error of an act by handle that another act on the same
// handle beat: conflict, with the match as it is now.
type lostRace struct {
	err *play.Error
	now *play.Envelope
}

func (l *lostRace) Error() string { return l.err.Error() }
func (l *lostRace) Unwrap() error { return l.err }

// loadArg reads a "handle" argument and what it stands for.
func (h *Handles) loadArg(ctx context.Context, raw json.RawMessage) (string, held, uint64, error) {
	var handle string
	if json.Unmarshal(raw, &handle) != nil {
		return "", held{}, 0, play.Errorf(play.CodeInvalidRequest, "handle must be a string: the handle the start answered")
	}
	handle, ok := canonicalHandle(handle)
	if !ok {
		return "", held{}, 0, play.Errorf(play.CodeInvalidRequest, "a handle is %d letters and digits, as the start answered it", HandleLength)
	}
	m, version, err := h.load(ctx, handle)
	return handle, m, version, err
}

// lost answers the error of an act by handle, played at version, that
// failed with cause (conflict, or token_spent in a ranked match): a
// *lostRace with the match as it is now if another act moved the handle
// on, else cause said of the handle. A ranked winner spends the token
// before it moves the handle, so a loser waits for the move a little
// (at most spentWait, in growing steps).
func (h *Handles) lost(ctx context.Context, svc *play.Service, handle string, version uint64, cause error) error {
	now, v, err := h.load(ctx, handle)
	for wait := spentWait / 31; err == nil && v == version && wait <= spentWait/2 && play.IsCode(cause, play.CodeTokenSpent); wait *= 2 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		now, v, err = h.load(ctx, handle)
	}
	if err != nil {
		return err
	}
	if v == version && play.IsCode(cause, play.CodeTokenSpent) {
		return play.Errorf(play.CodeTokenSpent, "the state handle %s stands for was played already, by its token sent without the handle: go on by token", handle)
	}
	if v == version {
		return cause
	}
	env, err := svc.Observe(ctx, now.Game, now.State)
	if err != nil {
		return err
	}
	return &lostRace{now: env, err: play.Errorf(play.CodeConflict,
		"another act on handle %s was played first, and yours was not played: go on from the match as it is now", handle)}
}

// spentWait bounds how long an act that lost a ranked race waits for the
// winner to move the handle on.
const spentWait = 310 * time.Millisecond

// what says what a handle stands for, tool where to act in it.
func (m held) what() string {
	if m.Code != "" {
		return "a seat in live " + m.Game + " match " + m.Code
	}
	return "a match of " + m.Game
}

func (m held) tool() string {
	switch {
	case m.Code == "":
		return actTool(m.Game)
	case m.Game == "tron":
		return "tron_live_move"
	}
	return "live_act"
}
