package mcpedge

import (
	"context"
	"encoding/json"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/transport/httpapi"
)

// viewer is a game's live matches as its live tools ask them: the match
// API's operations, and View, the public state S of a match and the seat
// a token holds in it (or -1 and forbidden).
type viewer[S any] interface {
	httpapi.Live
	View(ctx context.Context, code, token string) (S, int, error)
}

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
func serveMatch(ctx context.Context, l httpapi.Live, op, code string, m map[string]json.RawMessage) (any, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return l.Serve(ctx, op, code, body)
}

// joinMatch asks l to seat the caller in the match a join tool's
// arguments name; the arguments besides the code are the request's body.
func joinMatch(ctx context.Context, l httpapi.Live, args json.RawMessage) (*core.Joined, error) {
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
func readMatch[S any](ctx context.Context, l viewer[S], tool string, args json.RawMessage) (S, int, error) {
	var none S
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
		return l.View(ctx, code, token)
	}
	answer, err := l.Serve(ctx, "get", code, nil)
	st, _ := answer.(S)
	return st, -1, err
}

// actMatch asks l for op on the match code names, the members m (the
// token among them) the request's body, and answers the state after it
// and the token's seat (-1 if it cannot be read after the action).
func actMatch[S any](ctx context.Context, l viewer[S], op, code string, m map[string]json.RawMessage) (S, int, error) {
	var none S
	answer, err := serveMatch(ctx, l, op, code, m)
	if err != nil {
		return none, -1, err
	}
	var token string
	json.Unmarshal(m["token"], &token)
	if st, seat, err := l.View(ctx, code, token); err == nil {
		return st, seat, nil
	}
	return answer.(S), -1, nil
}
