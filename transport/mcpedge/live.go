package mcpedge

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/transport/httpapi"
)

// The live Tidebreakers tools ask l what the match API's paths ask it
// (POST /api/matches, POST /api/matches/{code}/join, GET
// /api/matches/{code}, POST /api/matches/{code}/{supply,attack,pass}), the
// code as an argument. live_act takes one action of Tidebreakers' own
// grammar, whose "type" names the path.

// Live is what the live tools ask of the live matches: the match API's
// operations, and the seat a token holds (or -1 and forbidden), so that
// their texts say which seat is the caller's and what it may do now.
type Live interface {
	httpapi.Live
	// View answers a match's public state and the seat token holds in it.
	View(ctx context.Context, code, token string) (*live.State, int, error)
}

// addLive adds live_create, live_join, live_state and live_act.
func addLive(srv *mcp.Server, l Live) {
	code := map[string]any{"type": "string", "description": "the match's code, from live_create"}
	name := map[string]any{"type": "string", "description": "your name (cut to 40 characters)"}
	token := map[string]any{"type": "string", "description": "your seat's secret token, from live_create or live_join"}
	object := func(props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	srv.AddTool(&mcp.Tool{
		Name:  "live_create",
		Title: "Create a live Tidebreakers match",
		Description: "Opens a live Tidebreakers match and seats you at seat 0: answers its code and your seat's secret token. " +
			"Others join with live_join; empty seats wait 10 seconds, then captains fill them. bots seats (from seat 1) are captains at once, " +
			"so with bots = players - 1 the match starts immediately.",
		InputSchema: object(map[string]any{
			"players": map[string]any{"type": "integer", "minimum": live.MinPlayers, "maximum": live.MaxPlayers, "description": "how many seats"},
			"name":    name,
			"bots":    map[string]any{"type": "integer", "minimum": 0, "maximum": live.MaxPlayers - 1, "description": "how many other seats are captains at once"},
			"captain": map[string]any{"type": "string", "enum": live.Captains(), "description": "the captains' kind (default " + live.Captains()[0] + ")"},
		}, "players"),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, err := l.Serve(ctx, "create", "", req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, func(a any) string { return joinedText(ctx, l, a.(*live.Joined)) })
	})
	srv.AddTool(&mcp.Tool{
		Name:         "live_join",
		Title:        "Join a live Tidebreakers match",
		Description:  "Takes the first empty seat of a live match in its lobby: answers your seat and its secret token.",
		InputSchema:  object(map[string]any{"code": code, "name": name}, "code"),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, err := joinLive(ctx, l, req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, func(j *live.Joined) string { return joinedText(ctx, l, j) })
	})
	srv.AddTool(&mcp.Tool{
		Name:  "live_state",
		Title: "Read a live Tidebreakers match",
		Description: "Answers the public state of a live match (after the captains' turns and the limits that are due): the board, whose turn it is, the log; " +
			"with your seat's token, its text also says which seat is yours and what you may do now.",
		InputSchema:  object(map[string]any{"code": code, "token": token}, "code"),
		OutputSchema: outputSchema("LiveState"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		st, seat, err := readLive(ctx, l, req.Params.Arguments)
		return result(ctx, req.Params.Name, st, err, func(st *live.State) string { return stateText(st, seat) })
	})
	srv.AddTool(&mcp.Tool{
		Name:  "live_act",
		Title: "Act in a live Tidebreakers match",
		Description: "Plays one action for your seat when it is your turn (supply, attack or pass, Tidebreakers' action grammar) " +
			"and answers the public state, its text what you may do next. An action the rules forbid is an error (illegal_move) that says why.",
		InputSchema:  object(map[string]any{"code": code, "token": token, "action": tidebreakers.Game{}.Info().ActionSchema}, "code", "token", "action"),
		OutputSchema: outputSchema("LiveState"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		st, seat, err := actLive(ctx, l, req.Params.Arguments)
		return result(ctx, req.Params.Name, st, err, func(st *live.State) string { return stateText(st, seat) })
	})
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

// joinLive asks l to seat the caller in the match live_join's arguments
// name; the arguments besides the code are the request's body.
func joinLive(ctx context.Context, l Live, args json.RawMessage) (*live.Joined, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	answer, err := l.Serve(ctx, "join", code, body)
	j, _ := answer.(*live.Joined)
	return j, err
}

// readLive reads the match live_state's arguments name, and the seat of
// the token among them (-1 without one; a token that holds no seat is
// forbidden, as in live_act).
func readLive(ctx context.Context, l Live, args json.RawMessage) (*live.State, int, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, -1, err
	}
	for name, raw := range m {
		var token string
		if name != "token" {
			return nil, -1, play.Errorf(play.CodeInvalidRequest, "live_state takes code and token, not %s", wire.Quote(name))
		}
		if raw[0] != '"' || json.Unmarshal(raw, &token) != nil {
			return nil, -1, play.Errorf(play.CodeInvalidRequest, "token must be a string, not %s", wire.Brief(raw))
		}
		return l.View(ctx, code, token)
	}
	answer, err := l.Serve(ctx, "get", code, nil)
	st, _ := answer.(*live.State)
	return st, -1, err
}

// actLive asks l for the action live_act's arguments hold (the path its
// type names, with its other fields and the token as the body), and
// answers the state and the token's seat (-1 if it cannot be read after
// the action).
func actLive(ctx context.Context, l Live, args json.RawMessage) (*live.State, int, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, -1, err
	}
	op, err := liveAction(m)
	if err != nil {
		return nil, -1, err
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, -1, err
	}
	answer, err := l.Serve(ctx, op, code, body)
	if err != nil {
		return nil, -1, err
	}
	var token string
	json.Unmarshal(m["token"], &token)
	if st, seat, err := l.View(ctx, code, token); err == nil {
		return st, seat, nil
	}
	return answer.(*live.State), -1, nil
}

// liveAction turns live_act's members besides the code ({token, action})
// into the body of the path the action's type names, the action's fields
// and the token, and answers that path's operation.
func liveAction(m map[string]json.RawMessage) (string, error) {
	raw, ok := m["action"]
	if !ok {
		return "", play.Errorf(play.CodeInvalidRequest, "live_act needs \"action\": one action of Tidebreakers' grammar")
	}
	delete(m, "action")
	fields, err := members(raw)
	if err != nil {
		return "", err
	}
	var op string
	json.Unmarshal(fields["type"], &op)
	if op != "supply" && op != "attack" && op != "pass" {
		return "", play.Errorf(play.CodeInvalidRequest, "action.type must be supply, attack or pass")
	}
	delete(fields, "type")
	for name, value := range fields {
		if _, taken := m[name]; taken {
			return "", play.Errorf(play.CodeInvalidRequest, "action.%s is not a field of a %s action", name, op)
		}
		m[name] = value
	}
	return op, nil
}
