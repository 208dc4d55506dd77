package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

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

// addLive adds live_create, live_join, live_state and live_act.
func addLive(srv *mcp.Server, l httpapi.Live) {
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
		return result(ctx, req.Params.Name, answer, err, liveText)
	})
	srv.AddTool(&mcp.Tool{
		Name:         "live_join",
		Title:        "Join a live Tidebreakers match",
		Description:  "Takes the first empty seat of a live match in its lobby: answers your seat and its secret token.",
		InputSchema:  object(map[string]any{"code": code, "name": name}, "code"),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, err := serveLive(ctx, l, "join", req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, liveText)
	})
	srv.AddTool(&mcp.Tool{
		Name:         "live_state",
		Title:        "Read a live Tidebreakers match",
		Description:  "Answers the public state of a live match (after the captains' turns and the limits that are due): the board, whose turn it is, the log.",
		InputSchema:  object(map[string]any{"code": code}, "code"),
		OutputSchema: outputSchema("LiveState"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, err := serveLive(ctx, l, "get", req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, liveText)
	})
	srv.AddTool(&mcp.Tool{
		Name:  "live_act",
		Title: "Act in a live Tidebreakers match",
		Description: "Plays one action for your seat when it is your turn (supply, attack or pass, Tidebreakers' action grammar) " +
			"and answers the public state. An action the rules forbid is an error (illegal_move) that says why.",
		InputSchema:  object(map[string]any{"code": code, "token": token, "action": tidebreakers.Game{}.Info().ActionSchema}, "code", "token", "action"),
		OutputSchema: outputSchema("LiveState"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, err := actLive(ctx, l, req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, liveText)
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

// serveLive asks l for op on the match args name; the arguments besides
// the code are the request's body (for get, there must be none).
func serveLive(ctx context.Context, l httpapi.Live, op string, args json.RawMessage) (any, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, err
	}
	if op == "get" {
		for name := range m {
			return nil, play.Errorf(play.CodeInvalidRequest, "live_state takes only code, not %s", wire.Quote(name))
		}
		return l.Serve(ctx, op, code, nil)
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return l.Serve(ctx, op, code, body)
}

// actLive asks l for the action live_act's arguments hold: the path its
// type names, with its other fields and the token as the body.
func actLive(ctx context.Context, l httpapi.Live, args json.RawMessage) (any, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, err
	}
	op, err := liveAction(m)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return l.Serve(ctx, op, code, body)
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

// liveText is a live answer for a model to read.
func liveText(answer any) string {
	switch a := answer.(type) {
	case *live.Joined:
		return fmt.Sprintf("You sit in seat %d of match %s. Your seat's secret token: %s\n"+
			"Send it with live_act {\"code\":%q,\"token\":...,\"action\":...} when it is your turn; live_state shows the board.\n", a.Seat, a.Code, a.Token, a.Code)
	case *live.State:
		return stateText(a)
	}
	return compact(answer)
}

// stateText draws a live match's public state: the phase and whose turn
// (once over, who won or who share 1st place, and every seat's place), the
// 5x5 board (owner:strength, . for wild), the seats and the latest log
// entries.
func stateText(s *live.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Match %s, %d players, phase %s, round %d.\n", s.Code, s.Players, s.Phase, s.Round)
	var first, places []string
	for seat, p := range s.Places {
		suffix := "th"
		if p >= 1 && p <= 3 {
			suffix = [...]string{"st", "nd", "rd"}[p-1]
		}
		places = append(places, fmt.Sprintf("seat %d %d%s", seat, p, suffix))
		if p == 1 {
			first = append(first, fmt.Sprint(seat))
		}
	}
	switch {
	case s.Over && s.Winner != nil:
		fmt.Fprintf(&b, "Over (%s): seat %d won.\n", s.Ending, *s.Winner)
	case s.Over:
		fmt.Fprintf(&b, "Over (%s): no winner; seats %s share 1st place.\n", s.Ending, strings.Join(first, ", "))
	case s.Turn != nil && s.Phase == "supply":
		fmt.Fprintf(&b, "Seat %d to supply (%d strength left to place).\n", *s.Turn, s.SupplyLeft)
	case s.Turn != nil:
		fmt.Fprintf(&b, "Seat %d to attack or pass.\n", *s.Turn)
	default:
		b.WriteString("In the lobby: waiting for players.\n")
	}
	if len(places) > 0 {
		b.WriteString("Places (1st is best; a tie shares a place): " + strings.Join(places, ", ") + ".\n")
	}
	if len(s.Tiles) > 0 {
		b.WriteString("Board (tile numbers 0-24 row by row; owner:strength, . is wild):\n")
		for i, t := range s.Tiles {
			owner := "."
			if t.Owner != nil {
				owner = fmt.Sprint(*t.Owner)
			}
			fmt.Fprintf(&b, " %2d=%s:%d", i, owner, t.Strength)
			if i%5 == 4 {
				b.WriteString("\n")
			}
		}
	}
	for _, seat := range s.Seats {
		kind := "player"
		if seat.Bot {
			kind = "captain"
		}
		fmt.Fprintf(&b, "Seat %d: %s (%s, joined %t)", seat.Seat, seat.Name, kind, seat.Joined)
		if seat.Seat < len(s.TileCounts) {
			fmt.Fprintf(&b, ", %d tiles, strength %d", s.TileCounts[seat.Seat], s.Strengths[seat.Seat])
		}
		b.WriteString("\n")
	}
	if n := len(s.Log); n > 0 {
		fmt.Fprintf(&b, "Latest log: %s\n", compact(s.Log[max(0, n-6):]))
	}
	return b.String()
}
