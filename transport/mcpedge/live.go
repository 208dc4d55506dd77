package mcpedge

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/play"
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

// addLive adds live_create, live_join, live_state and live_act; with
// ag's registry, live_create and live_join take agent_key (see
// liveAgent); with handles, they answer a handle of the seat, which
// live_state and live_act take instead of code and token.
func addLive(srv *mcp.Server, l Live, ag Agents, hs *Handles) {
	code := map[string]any{"type": "string", "description": "the match's code, from live_create"}
	name := map[string]any{"type": "string", "description": "your name (cut to 40 characters)"}
	token := map[string]any{"type": "string", "description": "your seat's secret token, from live_create or live_join"}
	object := func(props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	seated := liveSeating(ag, "tidebreakers")
	srv.AddTool(&mcp.Tool{
		Name:  "live_create",
		Title: "Create a live Tidebreakers match",
		Description: seated.describe("Opens a live Tidebreakers match and seats you at seat 0: answers its code and your seat's secret token. " +
			"Others join with live_join; empty seats wait 10 seconds, then captains fill them. bots seats (from seat 1) are captains at once, " +
			"so with bots = players - 1 the match starts immediately."),
		InputSchema: seated.schema(object(map[string]any{
			"players": map[string]any{"type": "integer", "minimum": live.MinPlayers, "maximum": live.MaxPlayers, "description": "how many seats"},
			"name":    name,
			"bots":    map[string]any{"type": "integer", "minimum": 0, "maximum": live.MaxPlayers - 1, "description": "how many other seats are captains at once"},
			"captain": map[string]any{"type": "string", "enum": live.Captains(), "description": "the captains' kind (default " + live.Captains()[0] + ")"},
		}, "players")),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "tidebreakers", "create", func(j *live.Joined, handle string, credit func(int) string) string {
			return joinedText(ctx, l, j, handle, credit)
		})
	})
	srv.AddTool(&mcp.Tool{
		Name:         "live_join",
		Title:        "Join a live Tidebreakers match",
		Description:  seated.describe("Takes the first empty seat of a live match in its lobby: answers your seat and its secret token."),
		InputSchema:  seated.schema(object(map[string]any{"code": code, "name": name}, "code")),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "tidebreakers", "join", func(j *live.Joined, handle string, credit func(int) string) string {
			return joinedText(ctx, l, j, handle, credit)
		})
	})
	srv.AddTool(&mcp.Tool{
		Name:  "live_state",
		Title: "Read a live Tidebreakers match",
		Description: "Answers the public state of a live match (after the captains' turns and the limits that are due): the board, whose turn it is, the log; " +
			"with your seat's token, its text also says which seat is yours and what you may do now.",
		InputSchema:  hs.seatSchema(object(map[string]any{"code": code, "token": token}, "code")),
		OutputSchema: outputSchema("LiveState"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, "tidebreakers", func(args json.RawMessage) (*live.State, int, error) {
			return readMatch[*live.State](ctx, l, req.Params.Name, args)
		}, liveText)
	})
	srv.AddTool(&mcp.Tool{
		Name:  "live_act",
		Title: "Act in a live Tidebreakers match",
		Description: "Plays one action for your seat when it is your turn (supply, attack or pass, Tidebreakers' action grammar) " +
			"and answers the public state, its text what you may do next. An action the rules forbid is an error (illegal_move) that says why.",
		InputSchema:  hs.seatSchema(object(map[string]any{"code": code, "token": token, "action": tidebreakers.Game{}.Info().ActionSchema}, "code", "token", "action")),
		OutputSchema: outputSchema("LiveState"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, "tidebreakers", func(args json.RawMessage) (*live.State, int, error) {
			return actLive(ctx, l, args)
		}, liveText)
	})
}

// liveText is stateText for seatTool (a seat's text names no handle).
func liveText(st *live.State, seat int, _ string) string { return stateText(st, seat) }

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
	return actMatch[*live.State](ctx, l, op, code, m)
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
