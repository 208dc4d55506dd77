package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/handles"
	core "github.com/agentgames/bundle/play/live"
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
	if handle == "" || r.IsError || !ok || len(body) <= len("{}") {
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
	handle, ok := handles.Canonical(handle)
	if !ok {
		return "", held{}, 0, play.Errorf(play.CodeInvalidRequest, "a handle is %d letters and digits, as the start answered it", HandleLength)
	}
	m, version, err := h.Load(ctx, handle)
	return handle, m, version, err
}

// lost answers the error of an act by handle, played at version, that
// failed with cause (conflict, or token_spent in a ranked match): a
// *lostRace with the match as it is now if another act moved the handle
// on, else cause said of the handle. A ranked winner spends the token
// before it moves the handle, so a ranked loser waits for the move a
// little: 10, 20, 40, 80 then 160 ms, 310 ms at most.
func (h *Handles) lost(ctx context.Context, svc *play.Service, handle string, version uint64, cause error) error {
	spent := play.IsCode(cause, play.CodeTokenSpent)
	now, v, err := h.Load(ctx, handle)
	for wait := 10 * time.Millisecond; spent && err == nil && v == version && wait <= 160*time.Millisecond; wait *= 2 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		now, v, err = h.Load(ctx, handle)
	}
	if err != nil {
		return err
	}
	if v == version && spent {
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

// what says what a handle stands for, tool where to act in it.
func what(m held) string {
	if m.Code != "" {
		return "a seat in live " + m.Game + " match " + m.Code
	}
	return "a match of " + m.Game
}

func (h *Handles) tool(m held) string {
	if m.Code == "" {
		return actTool(m.Game)
	}
	return h.acts[m.Game]
}

// seatArgs are a live tool's arguments with a handle in them turned into
// the code and seat token it stands for, and that handle; arguments
// without one pass as they are. game is the tool's live game.
func (h *Handles) seatArgs(ctx context.Context, game string, args json.RawMessage) (json.RawMessage, string, error) {
	if h == nil {
		return args, "", nil
	}
	m, err := members(args)
	if err != nil {
		return nil, "", err
	}
	raw, ok := m["handle"]
	if !ok {
		return args, "", nil
	}
	handle, seat, _, err := h.loadArg(ctx, raw)
	switch {
	case err != nil:
		return nil, "", err
	case m["code"] != nil || m["token"] != nil:
		return nil, "", play.Errorf(play.CodeInvalidRequest, "send the handle or the code and token, not both")
	case seat.Game != game || seat.Code == "":
		return nil, "", play.Errorf(play.CodeInvalidRequest, "handle %s is %s; act in it with %s", handle, what(seat), h.tool(seat))
	}
	delete(m, "handle")
	m["code"], _ = json.Marshal(seat.Code)
	m["token"], _ = json.Marshal(seat.Seat)
	out, err := json.Marshal(m)
	return out, handle, err
}

// seat keeps the seat a live create or join answered behind a new
// handle, "" without handles.
func (h *Handles) seat(ctx context.Context, game, code, token string) (string, error) {
	if h == nil {
		return "", nil
	}
	return h.Create(ctx, held{Game: game, Code: code, Seat: token})
}

// joinSeat seats the caller in a live match of l's game by op ("create" or
// "join"), as l.Serve does with args, and keeps the seat behind a new
// handle when there are handles (a client past its quota of handles is
// seated nowhere).
func (h *Handles) joinSeat(ctx context.Context, l *core.Server, op string, args json.RawMessage) (*core.Joined, string, error) {
	if err := h.admit(ctx); err != nil {
		return nil, "", err
	}
	var j *core.Joined
	var err error
	if op == "create" {
		var answer any
		answer, err = l.Serve(ctx, op, "", args, core.Whole)
		j, _ = answer.(*core.Joined)
	} else {
		j, err = joinMatch(ctx, l, args)
	}
	if err != nil {
		return nil, "", err
	}
	handle, err := h.seat(ctx, l.Game().Slug, j.Code, j.Token)
	return j, handle, err
}

// joinTool answers a call of a live create or join tool of l's game: the
// caller seated by op (for the agent whose key the call carries), behind
// a handle when there are handles, and text's words on the seat.
func joinTool(ctx context.Context, req *mcp.CallToolRequest, l *core.Server, ag Agents, hs *Handles, op string,
	text func(ctx context.Context, j *core.Joined, handle string, credit func(players int) string) string) (*mcp.CallToolResult, error) {
	args, ctx, agent, err := liveAgent(ctx, ag.Registry, req.Params.Arguments)
	var j *core.Joined
	var handle string
	if err == nil {
		j, handle, err = hs.joinSeat(ctx, l, op, args)
	}
	r, _ := result(ctx, req.Params.Name, j, err, func(j *core.Joined) string {
		return text(ctx, j, handle, liveSeating(ag, l.Game().Slug).credit(agent))
	})
	return handled(r, handle), nil
}

// seatSchema is the input schema of a live tool that names a seat by
// code and token, object, with handles taking a handle instead: code
// and token are then required of neither.
func (h *Handles) seatSchema(object map[string]any) map[string]any {
	if h == nil {
		return object
	}
	object["properties"].(map[string]any)["handle"] = map[string]any{"type": "string", "pattern": handleSchema["pattern"],
		"description": "your seat's handle, as the create or join answered it: send it instead of code and token"}
	required := []any{}
	for _, r := range object["required"].([]any) {
		if r != "code" && r != "token" {
			required = append(required, r)
		}
	}
	object["required"] = required
	return object
}

// seatTool answers a call of a live tool of game that names a seat, by
// code and token or by handle: what do answers for the arguments (the
// handle turned into code and token), the state and the seat, and text's
// words on them.
func seatTool(ctx context.Context, req *mcp.CallToolRequest, hs *Handles, game string,
	do func(args json.RawMessage) (any, int, error), text func(st any, seat int, handle string) string) (*mcp.CallToolResult, error) {
	args, handle, err := hs.seatArgs(ctx, game, req.Params.Arguments)
	var st any
	seat := -1
	if err == nil {
		st, seat, err = do(args)
	}
	r, _ := result(ctx, req.Params.Name, st, err, func(st any) string { return text(st, seat, handle) })
	return handled(r, handle), nil
}
