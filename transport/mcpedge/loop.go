package mcpedge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/transport/httpapi"
)

// The loop of a game is two tools, start_<slug> and act_<slug>, so that
// each tool's input schema is that game's own: its options as arguments,
// and its action grammar (Info().ActionSchema, the game's action.json, not
// a copy) as the schema of "action". A model then sees one exact grammar a
// tool, and a host that checks arguments against the schema checks the
// game's grammar. The service still reads the action itself: an action
// off the grammar is a refusal (invalid_action, with the legal actions),
// exactly as over HTTP.

// startTool names the tool that starts a match of slug.
func startTool(slug string) string { return "start_" + slug }

// actTool names the tool that applies an action in a match of slug.
func actTool(slug string) string { return "act_" + slug }

// schemaName names a schema of slug's in openapi.yaml: TinrailEnvelope.
func schemaName(slug, kind string) string { return strings.ToUpper(slug[:1]) + slug[1:] + kind }

// addLoop adds the two tools of g's loop; with a registry of agents, its
// start tool takes an agent's key (agent_key) and credits the ranked
// matches it starts to that agent, as the HTTP edge credits an init with
// the key as its bearer token. With handles, a start answers a handle
// besides the token, and act takes either.
func addLoop(srv *Server, svc *play.Service, reg *agents.Registry, hs *Handles, g play.Game) {
	info := g.Info()
	slug := info.Slug
	params := startParams(info)
	next := "that state"
	if hs != nil {
		next = "that handle (or the state)"
	}
	description := fmt.Sprintf("Starts a %s match (%s) and answers the first observation, the legal actions and the state token%s; "+
		"then call %s with %s and one action. The same seed deals the same match. Goal: %s",
		info.Name, info.Description, handleDoc(hs), actTool(slug), next, info.Goal)
	schema := startSchema(params)
	if reg != nil {
		description += " " + agentKeyDoc
		schema["properties"].(map[string]any)[agentKeyArg] = agentKeySchema("your agent's key, from agent_register: a ranked match started with it is credited to your agent.")
	}
	srv.addTool(&mcp.Tool{
		Name:         startTool(slug),
		Title:        "Start a " + info.Name + " match",
		Description:  description,
		InputSchema:  schema,
		OutputSchema: outputSchema(schemaName(slug, "Envelope")),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		env, handle, credit, err := startHandled(ctx, svc, reg, hs, info, params, req.Params.Arguments)
		r, _ := result(ctx, req.Params.Name, env, err, func(env *play.Envelope) string { return envelopeText(slug, env, handle) + credit(env) })
		return handled(r, handle), nil
	})
	srv.addTool(&mcp.Tool{
		Name:  actTool(slug),
		Title: "Act in a " + info.Name + " match",
		Description: fmt.Sprintf("Applies one action to the %s match %s (the opponents reply within the call) "+
			"and answers the next observation, legal actions and state. Send %s and one of the legal actions; "+
			"a refused action (ok false) changes nothing and says why and what is legal.", info.Name, actWhich(hs), actSend(hs)),
		InputSchema:  actSchema(info, hs != nil),
		OutputSchema: outputSchema(schemaName(slug, "Envelope"), schemaName(slug, "Refusal")),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answer, handle, err := act(ctx, svc, hs, slug, req.Params.Arguments)
		r, _ := result(ctx, req.Params.Name, answer, err, func(a play.Answer) string { return answerText(slug, a, handle) })
		var lost *lostRace
		if errors.As(err, &lost) {
			r.Content = []mcp.Content{&mcp.TextContent{Text: r.Content[0].(*mcp.TextContent).Text + "\n\nThe match now:\n" + envelopeText(slug, lost.now, handle)}}
		}
		return handled(r, handle), nil
	})
}

// startHandled starts a match as start does and, with handles, keeps it
// behind a new handle; a client past its handles' quota starts nothing.
func startHandled(ctx context.Context, svc *play.Service, reg *agents.Registry, hs *Handles, info play.Info, params []param, args json.RawMessage) (*play.Envelope, string, func(*play.Envelope) string, error) {
	if err := hs.admit(ctx); err != nil {
		return nil, "", func(*play.Envelope) string { return "" }, err
	}
	env, credit, err := start(ctx, svc, reg, info, params, args)
	if err != nil || hs == nil {
		return env, "", credit, err
	}
	handle, err := hs.Create(ctx, held{Game: info.Slug, State: env.State})
	return env, handle, credit, err
}

// start reads start_<slug>'s arguments (params, and agent_key when reg is
// not nil) as GET /api/games/{slug}/init reads its query and its bearer
// token, and starts the match, for the key's agent if there is one. It
// also answers what the start's text says of the agent (see creditText).
func start(ctx context.Context, svc *play.Service, reg *agents.Registry, info play.Info, params []param, args json.RawMessage) (*play.Envelope, func(*play.Envelope) string, error) {
	none := func(*play.Envelope) string { return "" }
	m, err := members(args)
	if err != nil {
		return nil, none, err
	}
	key, keyed, err := agentKey(reg, m)
	if err != nil {
		return nil, none, err
	}
	raw, err := startQuery(params, m)
	if err != nil {
		return nil, none, err
	}
	seed, options, err := httpapi.InitQuery(raw)
	if err != nil {
		return nil, none, err
	}
	if !keyed {
		env, err := svc.Init(ctx, info.Slug, seed, options)
		return env, none, err
	}
	ref, err := reg.Player(ctx, key)
	if err != nil {
		return nil, none, err
	}
	env, err := svc.Init(play.WithAgent(ctx, ref), info.Slug, seed, options)
	board, boarded := info.Board(options)
	return env, func(env *play.Envelope) string { return creditText(info, ref, board, boarded, env) }, err
}

// act reads act_<slug>'s arguments as POST /api/games/{slug}/action
// reads its body ({"state", "action"}), or {"handle", "action"} with
// handles, and applies the action. By handle, it answers the handle, which
// then stands for the newest state; a race lost to another act on it
// answers a *lostRace.
func act(ctx context.Context, svc *play.Service, hs *Handles, slug string, args json.RawMessage) (play.Answer, string, error) {
	m, err := members(args)
	if err != nil {
		return nil, "", err
	}
	raw, byHandle := m["handle"]
	if !byHandle || hs == nil {
		token, action, err := httpapi.ActionRequest(args)
		if err != nil {
			return nil, "", err
		}
		a, err := svc.Act(ctx, slug, token, action)
		return a, "", err
	}
	handle, h, version, err := hs.loadArg(ctx, raw)
	if err != nil {
		return nil, "", err
	}
	if _, ok := m["state"]; ok || m["stateToken"] != nil {
		return nil, "", play.Errorf(play.CodeInvalidRequest, "send the handle or the state, not both")
	}
	delete(m, "handle")
	body, _ := json.Marshal(m)
	_, action, err := httpapi.ActionRequest(body)
	if err != nil {
		return nil, "", err
	}
	if h.Game != slug || h.State == "" {
		return nil, "", play.Errorf(play.CodeInvalidRequest, "handle %s is %s; act in it with %s", handle, what(h), hs.tool(h))
	}
	a, err := svc.Act(ctx, slug, h.State, action)
	if play.IsCode(err, play.CodeTokenSpent) {
		return nil, handle, hs.lost(ctx, svc, handle, version, err)
	}
	env, ok := a.(*play.Envelope)
	if err != nil || !ok {
		return a, handle, err
	}
	h.State = env.State
	if err := hs.Save(ctx, handle, h, version); play.IsCode(err, play.CodeConflict) {
		return nil, handle, hs.lost(ctx, svc, handle, version, err)
	} else if err != nil {
		return nil, handle, err
	}
	return env, handle, nil
}

// startSchema is the input schema of start_<slug>: its params.
func startSchema(params []param) map[string]any {
	props := map[string]any{}
	for _, p := range params {
		props[p.name] = p.schema
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

// actSchema is the input schema of act_<slug>: the state token (or, with
// handles, the handle instead) and one action of the game's grammar, its
// action.json as it is.
func actSchema(info play.Info, handles bool) map[string]any {
	props := map[string]any{
		"state": map[string]any{"type": "string", "pattern": "^[A-Za-z0-9_-]+$",
			"description": "the state token of the last answer, unchanged"},
		"action": info.ActionSchema,
	}
	required := []string{"state", "action"}
	if handles {
		props["state"].(map[string]any)["description"] = "the state token of the last answer, unchanged (or send handle instead)"
		props["handle"] = handleSchema
		required = []string{"action"}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}
