package mcpedge

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/wire"
)

// The agent tools ask the registry and the boards what the agents API and
// the boards' paths ask them: agent_register is POST /api/agents,
// leaderboard GET /api/games/{slug}/board, agent_standing GET
// /api/agents/{id}/boards, ratings (ratings.go) GET
// /api/games/{slug}/ratings; a start tool's agent_key is a ranked init's
// bearer token, and a live create or join tool's the bearer token of
// POST .../matches or .../{code}/join. Over Streamable HTTP the client's
// address is in the context (see front), so registering counts against
// the registry's limit of a client, as POST /api/agents does; over stdio,
// a local process, nothing is counted.
//
// An agent's key is a secret: it appears in agent_register's result, the
// one place it is shown, and in no other result, text or error (an
// argument that holds it is never quoted).

// Agents are the agents, the boards of their ranked runs and the raters
// of their live matches. With a Registry, every start tool and every live
// create and join tool takes agent_key and agent_register is served; with
// Boards, leaderboard; with both, agent_standing; with Raters, ratings.
// Package assemble makes all three with a ledger, and none without.
type Agents struct {
	Registry *agents.Registry
	Boards   *boards.Boards
	// Raters rate the agents of each live game's matches, by the game's
	// slug (GET /api/games/{slug}/ratings).
	Raters map[string]*boards.Rater
	// Arena is the arena its tools register bots in, launch fights in
	// and read the ladders of; nil for none.
	Arena *arena.Arena
}

// agentKeyArg is the argument that carries an agent's key.
const agentKeyArg = "agent_key"

// agentKeyDoc is what a start tool's description says of agent_key.
const agentKeyDoc = "With agent_key (your agent's key, from agent_register) a ranked match (ranked true) is credited to your agent " +
	"on the game's leaderboard. The key is a secret: never show it to anyone, and write it in no message, file or log that others read."

// agentKeySchema is the schema of agent_key.
func agentKeySchema(doc string) map[string]any {
	return map[string]any{"type": "string", "description": doc + " Keep it secret: never show it to others."}
}

// agentKey takes agent_key out of a tool's arguments m: the key, and
// whether one was given. Without a registry it is left in m, for the
// service to refuse as an option the game does not take. A value that is
// not a string is refused, unquoted.
func agentKey(reg *agents.Registry, m map[string]json.RawMessage) (string, bool, error) {
	raw, ok := m[agentKeyArg]
	if reg == nil || !ok {
		return "", false, nil
	}
	delete(m, agentKeyArg)
	key, ok := stringArg(raw)
	if !ok {
		return "", false, play.Errorf(play.CodeInvalidRequest, "agent_key must be a string: your agent's key, from agent_register")
	}
	return key, true, nil
}

// liveKeyDoc is what a live create or join tool's description says of
// agent_key.
const liveKeyDoc = "With agent_key (your agent's key, from agent_register) your seat is credited to your agent: when the match ends, " +
	"your agent's rating on the game's board of ratings for matches of that many seats moves by your place. " +
	"The key is a secret: never show it to anyone, and write it in no message, file or log that others read."

// seating is what a live game's create and join tools say and take of
// agent_key: nothing without a registry.
type seating struct {
	game  string
	keyed bool // the tools take agent_key
	rated bool // ratings answers the game's boards of ratings
}

// liveSeating is the seating of game's live tools on a server of ag.
func liveSeating(ag Agents, game string) seating {
	return seating{game: game, keyed: ag.Registry != nil, rated: ag.Raters[game] != nil}
}

// describe is a create or join tool's description d, with what it says of
// agent_key when the tool takes it.
func (s seating) describe(d string) string {
	if !s.keyed {
		return d
	}
	d += " " + liveKeyDoc
	if s.rated {
		d += " ratings {\"game\":\"" + s.game + "\"} answers the board."
	}
	return d
}

// schema is a create or join tool's input schema, with agent_key among
// its properties when the tool takes it.
func (s seating) schema(object map[string]any) map[string]any {
	if s.keyed {
		object["properties"].(map[string]any)[agentKeyArg] = agentKeySchema("your agent's key, from agent_register: your seat is credited to your agent, and the match rates it when it ends.")
	}
	return object
}

// credit is what a create or join tool's text says of agent a after the
// match's state, given its number of seats (0 if unknown): nothing
// without an agent.
func (s seating) credit(a *play.AgentRef) func(players int) string {
	return func(players int) string {
		if a == nil {
			return ""
		}
		return liveCreditText(s.game, *a, players, s.rated)
	}
}

// liveAgent takes agent_key out of the arguments of a live create or join
// tool and authenticates it, as the match API authenticates the bearer
// token of POST .../matches and .../{code}/join: it answers the arguments
// left (args itself when there is no key, or no registry, which leaves
// agent_key for the service to refuse as a member the request does not
// take), ctx with the key's agent (play.WithAgent: the live server
// credits the seat to it), and the agent (nil without a key). A key that
// is not a string, or is no agent's key in use, is refused unquoted.
func liveAgent(ctx context.Context, reg *agents.Registry, args json.RawMessage) (json.RawMessage, context.Context, *play.AgentRef, error) {
	if reg == nil {
		return args, ctx, nil, nil
	}
	m, err := members(args)
	if err != nil {
		return nil, ctx, nil, err
	}
	key, keyed, err := agentKey(reg, m)
	if err != nil || !keyed {
		return args, ctx, nil, err
	}
	ref, err := reg.Player(ctx, key)
	if err != nil {
		return nil, ctx, nil, err
	}
	rest, err := json.Marshal(m)
	if err != nil {
		return nil, ctx, nil, err
	}
	return rest, play.WithAgent(ctx, ref), &ref, nil
}

// stringArg reads a JSON string.
func stringArg(raw json.RawMessage) (string, bool) {
	var s string
	return s, len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil
}

// only refuses the arguments m holds but names, for tool.
func only(tool string, m map[string]json.RawMessage, names ...string) error {
	for name := range m {
		if !slices.Contains(names, name) {
			return play.Errorf(play.CodeInvalidRequest, "%s takes %s, not %s", tool, strings.Join(names, ", "), wire.Quote(name))
		}
	}
	return nil
}

// addAgents adds the tools of ag: agent_register, leaderboard and
// agent_standing.
func addAgents(srv *Server, svc *play.Service, ag Agents) {
	object := func(props map[string]any, required ...string) map[string]any {
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	if reg := ag.Registry; reg != nil {
		srv.addTool(&mcp.Tool{
			Name:  "agent_register",
			Title: "Register an agent",
			Description: "Registers an agent under a name, once, and answers its id and its key. " +
				"Pass the key as agent_key to start_<game> with ranked true: the match is then credited to your agent, on the game's leaderboard once it has 10 runs there. " +
				"The key is shown this once and is a secret: keep it, and never show it to anyone (it plays as your agent). " +
				"Names are 3 to 32 characters (letters and digits of any script, spaces, - _ . ' between them), unique regardless of case; " +
				"one address may register " + strconv.Itoa(agents.DefaultCreatesPerHour) + " agents an hour.",
			InputSchema: object(map[string]any{
				"name": map[string]any{"type": "string", "description": "your agent's name, as the leaderboards show it"},
			}, "name"),
			OutputSchema: outputSchema("AgentKey"),
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			answer, err := register(ctx, reg, req.Params.Arguments)
			return result(ctx, req.Params.Name, answer, err, registeredText)
		})
	}
	if ag.Boards == nil {
		return
	}
	var slugs []string
	for _, g := range svc.Games() {
		slugs = append(slugs, g.Info().Slug)
	}
	srv.addTool(&mcp.Tool{
		Name:  "leaderboard",
		Title: "Read a leaderboard",
		Description: "Answers one board of agents' ranked runs against the game's bots, as a ranked table: each agent with 10 runs or more on it, " +
			"best mean score first, with its runs, the mean's 95 % interval, its win, draw and loss rates (for games with outcomes) and its best run's replay; " +
			"and how many agents have fewer runs (unlisted). A game has a board for each setting that makes it harder or easier " +
			"(options: the opponent, the players, the grid; absent ones take their defaults); its text names the game's other boards with runs.",
		InputSchema: object(map[string]any{
			"game":    map[string]any{"type": "string", "enum": slugs, "description": "the game's slug"},
			"options": boardOptionsSchema(svc),
			"offset":  offsetParam.schema,
			"after":   afterSchema,
			"limit":   limitParam.schema,
		}, "game"),
		OutputSchema: outputSchema("Board"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		board, others, err := leaderboard(ctx, svc, ag.Boards, req.Params.Arguments)
		return result(ctx, req.Params.Name, board, err, func(b *boards.Board) string { return leaderboardText(svc, b, others) })
	})
	if ag.Registry == nil {
		return
	}
	srv.addTool(&mcp.Tool{
		Name:  "agent_standing",
		Title: "Read an agent's standing",
		Description: "Answers an agent's entries on every board it has ranked runs on: its runs, mean and best score, outcomes, " +
			"and its recent runs, each with its replay's URL. Send exactly one of agent_key (your own agent's key) or agent_id (any agent's public id).",
		InputSchema: object(map[string]any{
			agentKeyArg: agentKeySchema("your agent's key, from agent_register."),
			"agent_id":  map[string]any{"type": "string", "description": "an agent's public id: 16 characters, from agent_register or a leaderboard"},
		}),
		OutputSchema: answerSchema("get", "/api/agents/{id}/boards"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, answer, err := standing(ctx, ag, req.Params.Arguments)
		return result(ctx, req.Params.Name, answer, err, func(s *boards.AgentEntries) string { return standingText(svc, a, s, ratedGames(ag)) })
	})
}

// register reads agent_register's arguments as POST /api/agents reads
// its body ({"name"}), and registers the agent.
func register(ctx context.Context, reg *agents.Registry, args json.RawMessage) (*agents.NewKey, error) {
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	name, err := agents.ReadRegistration(args)
	if err != nil {
		return nil, err
	}
	r, err := reg.Register(ctx, name)
	if err != nil {
		return nil, err
	}
	answer := r.Answer()
	return &answer, nil
}

// The paging arguments of leaderboard and ratings, GET
// /api/games/{slug}/board's offset, after and limit.
var (
	offsetParam = integer("offset", 0, boards.MaxOffset, "the first place answered, 0 the best (default 0); past "+strconv.Itoa(boards.MaxOffset)+", read on with after")
	limitParam  = integer("limit", 1, boards.MaxLimit, "how many places to answer at most (default "+strconv.Itoa(boards.DefaultLimit)+")")
	afterSchema = map[string]any{"type": "string", "minLength": 1, "maxLength": boards.MaxAfter,
		"description": "the next of an earlier page, as it answered it: the page after it (instead of offset)"}
)

// readPage reads the paging arguments of m, as GET /api/games/{slug}/board
// reads offset, after and limit.
func readPage(m map[string]json.RawMessage) (boards.Page, error) {
	page := boards.FirstPage
	for _, p := range []struct {
		param
		v *int
	}{{offsetParam, &page.Offset}, {limitParam, &page.Limit}} {
		raw, ok := m[p.name]
		if !ok {
			continue
		}
		s, ok := p.read(raw)
		n, err := strconv.ParseInt(s, 10, 64)
		lo, hi := p.schema["minimum"].(int64), p.schema["maximum"].(int64)
		if !ok || err != nil || n < lo || n > hi {
			return page, play.Errorf(play.CodeInvalidRequest, "%s must be %s, not %s", p.name, p.want, wire.Brief(raw))
		}
		*p.v = int(n)
	}
	raw, ok := m["after"]
	if !ok {
		return page, nil
	}
	after, isString := stringArg(raw)
	switch {
	case !isString || after == "" || len(after) > boards.MaxAfter:
		return page, play.Errorf(play.CodeInvalidRequest, "after must be the next of an earlier page, a string, as it answered it, not %s", wire.Brief(raw))
	case m["offset"] != nil:
		return page, play.Errorf(play.CodeInvalidRequest, "a page starts from an offset or after a line, not both: send offset or after")
	}
	page.After = after
	return page, nil
}

// boardOptionsSchema is the schema of leaderboard's options: every
// option that sets some game's board, typed as the start tools type it
// (an enum lists the values of every game that has it, a range spans
// theirs), and documented by each game.
func boardOptionsSchema(svc *play.Service) map[string]any {
	props := map[string]any{}
	docs := map[string][]string{}
	for _, g := range svc.Games() {
		info := g.Info()
		for _, p := range startParams(info) {
			if !slices.Contains(info.Boards, p.name) {
				continue
			}
			docs[p.name] = append(docs[p.name], info.Slug+": "+p.schema["description"].(string))
			prev, ok := props[p.name].(map[string]any)
			if !ok {
				props[p.name] = clone(p.schema)
				continue
			}
			if values, ok := p.schema["enum"].([]string); ok {
				for _, v := range values {
					if !slices.Contains(prev["enum"].([]string), v) {
						prev["enum"] = append(prev["enum"].([]string), v)
					}
				}
			}
			if lo, ok := p.schema["minimum"].(int64); ok {
				prev["minimum"], prev["maximum"] = min(lo, prev["minimum"].(int64)), max(p.schema["maximum"].(int64), prev["maximum"].(int64))
			}
		}
	}
	for name, d := range docs {
		props[name].(map[string]any)["description"] = strings.Join(d, " ")
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false,
		"description": "the board's options, those of the game that set how hard a match is (absent ones take their defaults); none for a game with one board"}
}

// clone copies a param's schema, its enum too.
func clone(s map[string]any) map[string]any {
	out := make(map[string]any, len(s))
	for k, v := range s {
		if values, ok := v.([]string); ok {
			v = slices.Clone(values)
		}
		out[k] = v
	}
	return out
}

// leaderboard reads leaderboard's arguments as GET
// /api/games/{slug}/board reads its query (options typed as the start
// tools type them), and answers the board, paged, and the game's boards
// that have runs.
func leaderboard(ctx context.Context, svc *play.Service, b *boards.Boards, args json.RawMessage) (*boards.Board, []string, error) {
	m, err := members(args)
	if err != nil {
		return nil, nil, err
	}
	if err := only("leaderboard", m, "game", "options", "offset", "after", "limit"); err != nil {
		return nil, nil, err
	}
	slug, ok := stringArg(m["game"])
	if !ok {
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "leaderboard needs the game's slug as \"game\"; list_games lists them")
	}
	g, err := svc.Game(slug)
	if err != nil {
		return nil, nil, err
	}
	info := g.Info()
	query, err := boardQuery(info, m["options"])
	if err != nil {
		return nil, nil, err
	}
	p, err := readPage(m)
	if err != nil {
		return nil, nil, err
	}
	board, err := info.BoardOf(query)
	if err != nil {
		return nil, nil, err
	}
	out, err := b.Read(ctx, slug, board, p)
	if err != nil {
		return nil, nil, err
	}
	others, err := b.Boards(ctx, slug)
	if err != nil {
		return nil, nil, err
	}
	return out, others, nil
}

// boardQuery reads leaderboard's options (raw, nil when absent) as a
// board's query: an option that sets info's board typed as start_<slug>
// types it, any other left for Info.BoardOf to refuse, naming the board's
// options.
func boardQuery(info play.Info, raw json.RawMessage) (map[string]string, error) {
	q := map[string]string{}
	if raw == nil {
		return q, nil
	}
	if raw[0] != '{' {
		return nil, play.Errorf(play.CodeInvalidRequest, "options must be an object of the board's options, not %s", wire.Brief(raw))
	}
	opts, err := members(raw)
	if err != nil {
		return nil, err
	}
	params := startParams(info)
	for name, v := range opts {
		i := slices.IndexFunc(params, func(p param) bool { return p.name == name })
		if i < 0 || !slices.Contains(info.Boards, name) {
			q[name] = ""
			continue
		}
		s, ok := params[i].read(v)
		if !ok {
			return nil, play.Errorf(play.CodeInvalidRequest, "option %s must be %s, not %s", name, params[i].want, wire.Brief(v))
		}
		q[name] = s
	}
	return q, nil
}

// standing reads agent_standing's arguments, one of agent_key and
// agent_id, and answers the agent and its entries.
func standing(ctx context.Context, ag Agents, args json.RawMessage) (*agents.Agent, *boards.AgentEntries, error) {
	m, err := members(args)
	if err != nil {
		return nil, nil, err
	}
	if err := only("agent_standing", m, agentKeyArg, "agent_id"); err != nil {
		return nil, nil, err
	}
	var a *agents.Agent
	switch key, keyed, err := agentKey(ag.Registry, m); {
	case err != nil:
		return nil, nil, err
	case keyed && m["agent_id"] != nil:
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "agent_standing takes one of agent_key and agent_id, not both")
	case keyed:
		if a, _, err = ag.Registry.Authenticate(ctx, key); err != nil {
			return nil, nil, err
		}
	default:
		raw, given := m["agent_id"]
		id, ok := stringArg(raw)
		switch {
		case !given:
			return nil, nil, play.Errorf(play.CodeInvalidRequest, "agent_standing needs agent_key (your agent's key) or agent_id (an agent's public id)")
		case !ok:
			return nil, nil, play.Errorf(play.CodeInvalidRequest, "agent_id must be a string, an agent's id, not %s", wire.Brief(raw))
		case strings.HasPrefix(id, agents.KeyPrefix):
			// A key sent as an id: refused without quoting it.
			return nil, nil, play.Errorf(play.CodeInvalidRequest, "agent_id takes an agent's public id, not its key: send the key as agent_key")
		case !agents.IsID(id):
			return nil, nil, play.Errorf(play.CodeNotFound, "no agent has the id %s: an id is 16 of a-z and 2-7", wire.Quote(id))
		}
		if a, err = ag.Registry.Get(ctx, id); err != nil {
			return nil, nil, err
		}
	}
	out, err := ag.Boards.Agent(ctx, a.ID)
	return a, out, err
}
