package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// matchArgs reads a live tool's arguments: the match's code, and the
// other members.
func matchArgs(args json.RawMessage) (string, map[string]json.RawMessage, error) {
	m, err := members(args)
	if err != nil {
		return "", nil, err
	}
	var code string
	if raw, ok := m["code"]; !ok || json.Unmarshal(raw, &code) != nil || code == "" {
		return "", nil, play.Errorf(play.CodeInvalidRequest, "code must be the match's code, a string")
	}
	delete(m, "code")
	return code, m, nil
}

// serveMatch asks l for op on the match code names, the members m the
// request's body.
func serveMatch(ctx context.Context, l *core.Server, op, code string, m map[string]json.RawMessage) (any, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return l.Serve(ctx, op, code, body, core.Whole)
}

// joinMatch asks l to seat the caller in the match a join tool's
// arguments name; the arguments besides the code are the request's body.
func joinMatch(ctx context.Context, l *core.Server, args json.RawMessage) (*core.Joined, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, err
	}
	answer, err := serveMatch(ctx, l, "join", code, m)
	j, _ := answer.(*core.Joined)
	return j, err
}

// readMatch reads the match the arguments of the state tool called tool
// name, and the seat of the token among them (-1 without one; a token
// that holds no seat is forbidden, as when it acts).
func readMatch(ctx context.Context, l *core.Server, tool string, args json.RawMessage) (any, int, error) {
	var none any
	code, m, err := matchArgs(args)
	if err != nil {
		return none, -1, err
	}
	for name, raw := range m {
		var token string
		if name != "token" {
			return none, -1, play.Errorf(play.CodeInvalidRequest, "%s takes code and token, not %s", tool, wire.Quote(name))
		}
		if raw[0] != '"' || json.Unmarshal(raw, &token) != nil {
			return none, -1, play.Errorf(play.CodeInvalidRequest, "token must be a string, not %s", wire.Brief(raw))
		}
		return view(ctx, l, code, token)
	}
	answer, err := l.Serve(ctx, "get", code, nil, core.Whole)
	return answer, -1, err
}

// view is what the holder of token may see of the match code names (its
// private view in a game with one, else the public state), and its seat
// (forbidden when it holds none).
func view(ctx context.Context, l *core.Server, code, token string) (any, int, error) {
	m, seat, err := l.View(ctx, code, token)
	if err != nil {
		return nil, -1, err
	}
	return l.SeatView(m, seat), seat, nil
}

// actMatch asks l for op on the match code names, the members m (the
// token among them) the request's body, and answers the state after it
// and the token's seat (-1 if it cannot be read after the action).
func actMatch(ctx context.Context, l *core.Server, op, code string, m map[string]json.RawMessage) (any, int, error) {
	answer, err := serveMatch(ctx, l, op, code, m)
	if err != nil {
		return nil, -1, err
	}
	var token string
	json.Unmarshal(m["token"], &token)
	if st, seat, err := view(ctx, l, code, token); err == nil {
		return st, seat, nil
	}
	return answer, -1, nil
}

// seatText says which seat of which match the caller holds, and what to
// send for it: the handle if there is one, else the seat's token.
func seatText(j *core.Joined, match, handle string) string {
	if handle != "" {
		return fmt.Sprintf("You sit in seat %d of %s %s. Your seat's handle (send it as \"handle\", instead of code and token; show it to no one): %s\n", j.Seat, match, j.Code, handle)
	}
	return fmt.Sprintf("You sit in seat %d of %s %s. Your seat's secret token (send it as \"token\"; show it to no one): %s\n", j.Seat, match, j.Code, j.Token)
}
