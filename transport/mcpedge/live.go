package mcpedge

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// A live game's tools ask its server what its match API's paths ask it
// (POST Base, POST Base/{code}/join, GET Base/{code}, POST
// Base/{code}/{op}), the code as an argument; they are made from the
// game's descriptor (live.Game) alone, their input schemas from the
// requests openapi.yaml gives those paths, so that this edge names no
// game.

// addLive adds l's game's tools: Prefix_create, Prefix_join, Prefix_state
// and its act tool. With ag's registry, the create and join tools take
// agent_key (see liveAgent); with handles, they answer a handle of the
// seat, which the state and act tools take instead of code and token.
func addLive(srv *Server, l *live.Server, ag Agents, hs *Handles) {
	g := l.Game()
	t := g.Tools
	match := "live " + g.Title + " match"
	code := map[string]any{"type": "string", "description": "the match's code, from " + t.Prefix + "_create"}
	token := map[string]any{"type": "string", "description": "your seat's secret token, from " + t.Prefix + "_create or " + t.Prefix + "_join"}
	seated := liveSeating(ag, g.Slug)
	joined := func(ctx context.Context, j *live.Joined, handle string, credit func(int) string) string {
		text := seatText(j, match, handle)
		players := 0
		if m, seat, err := l.View(ctx, j.Code, j.Token); err == nil {
			text += t.Texts.Seated(l.SeatView(m, seat), seat, l.Now(), handle)
			players = m.Players
		}
		return text + credit(players)
	}
	srv.addTool(&mcp.Tool{
		Name:         t.Prefix + "_create",
		Title:        "Create a " + match,
		Description:  seated.describe("Opens a " + match + " and seats you at seat 0: answers its code and your seat's secret token. " + t.About),
		InputSchema:  seated.schema(requestSchema(g.Base)),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "create", joined)
	})
	join := requestSchema(g.Base + "/{code}/join")
	join["properties"].(map[string]any)["code"] = code
	join["required"] = append(join["required"].([]any), "code")
	srv.addTool(&mcp.Tool{
		Name:         t.Prefix + "_join",
		Title:        "Join a " + match,
		Description:  seated.describe("Takes the first empty seat of a " + match + " in its lobby: answers your seat and its secret token."),
		InputSchema:  seated.schema(join),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "join", joined)
	})
	text := func(public any, seat int, handle string) string { return t.Texts.State(public, seat, l.Now(), handle) }
	state := answerSchema("get", g.Base+"/{code}")
	acted := answerSchema("post", g.Base+"/{code}/"+g.Ops[0])
	if slices.Contains(l.Ops(), "view") { // a seat's token reads its private view
		state = answersSchema("get", g.Base+"/{code}", "post", g.Base+"/{code}/view")
	}
	srv.addTool(&mcp.Tool{
		Name:        t.Prefix + "_state",
		Title:       "Read a " + match,
		Description: t.State,
		InputSchema: hs.seatSchema(map[string]any{"type": "object", "additionalProperties": false,
			"properties": map[string]any{"code": code, "token": token}, "required": []any{"code"}}),
		OutputSchema: state,
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, g.Slug, func(args json.RawMessage) (any, int, error) {
			return readMatch(ctx, l, req.Params.Name, args)
		}, text)
	})
	srv.addTool(&mcp.Tool{
		Name:         t.Act,
		Title:        "Act in a " + match,
		Description:  t.Move,
		InputSchema:  hs.seatSchema(liveActSchema(g, code)),
		OutputSchema: acted,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, g.Slug, func(args json.RawMessage) (any, int, error) {
			return actLive(ctx, l, args)
		}, text)
	})
}

// liveActSchema is the input schema of g's act tool: with one op, its
// request (the token and the move's fields) and the code; with several,
// the code, the token, and the action: one of the ops' requests without
// the token, its "type" the op.
func liveActSchema(g *live.Game, code map[string]any) map[string]any {
	if len(g.Ops) == 1 {
		s := requestSchema(g.Base + "/{code}/" + g.Ops[0])
		s["properties"].(map[string]any)["code"] = code
		s["required"] = append(s["required"].([]any), "code")
		return s
	}
	var oneOf []any
	for _, op := range g.Ops {
		s := requestSchema(g.Base + "/{code}/" + op)
		props := s["properties"].(map[string]any)
		delete(props, "token")
		props["type"] = map[string]any{"type": "string", "enum": []any{op}}
		required := []any{"type"}
		for _, r := range s["required"].([]any) {
			if r != "token" {
				required = append(required, r)
			}
		}
		s["required"] = required
		oneOf = append(oneOf, s)
	}
	return map[string]any{"type": "object", "additionalProperties": false, "required": []any{"code", "token", "action"},
		"properties": map[string]any{"code": code, "token": map[string]any{"type": "string", "description": "your seat's secret token"},
			"action": map[string]any{"type": "object", "oneOf": oneOf}}}
}

// actLive asks l for the move the act tool's arguments hold (with one op,
// the arguments besides the code are its body; with several, the action's
// type names the op and its other fields join the token in the body), and
// answers the state and the token's seat (-1 if it cannot be read after
// the move).
func actLive(ctx context.Context, l *live.Server, args json.RawMessage) (any, int, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, -1, err
	}
	g := l.Game()
	op := g.Ops[0]
	if len(g.Ops) > 1 {
		if op, err = liveAction(g, m); err != nil {
			return nil, -1, err
		}
	}
	return actMatch(ctx, l, op, code, m)
}

// liveAction turns the members of a several-op act tool besides the code
// ({token, action}) into the body of the op the action's type names: the
// action's fields and the token; and answers that op.
func liveAction(g *live.Game, m map[string]json.RawMessage) (string, error) {
	raw, ok := m["action"]
	if !ok {
		return "", play.Errorf(play.CodeInvalidRequest, "%s needs \"action\": one action of %s's grammar", g.Tools.Act, g.Title)
	}
	delete(m, "action")
	fields, err := members(raw)
	if err != nil {
		return "", err
	}
	var op string
	json.Unmarshal(fields["type"], &op)
	if !slices.Contains(g.Ops, op) {
		return "", play.Errorf(play.CodeInvalidRequest, "action.type must be one of %s, not %s", strings.Join(g.Ops, ", "), wire.Brief(fields["type"]))
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
