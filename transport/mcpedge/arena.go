package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
)

// The arena's tools ask play/arena what its HTTP routes ask it: register
// a bot (POST /api/arena/{game}/bots) and verify it (.../verify), launch
// a fight (POST .../fights), read one (GET .../fights/{code}) and read
// the ladder (GET .../ladder?seats=N). Their arguments are the routes'
// bodies, with "game" for the path, and agent_key for the bearer key.

// arenaTool is one arena tool: its words, its arguments' schema (besides
// game), whether it needs the agent's key, and what it does with the
// rest of its arguments (the route's body).
type arenaTool struct {
	name, title, description string
	props                    map[string]any
	required                 []string
	keyed, readOnly          bool
	// runs: the tool takes the games the arena plays runs of too.
	runs   bool
	output string
	do     func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error)
}

// addArena adds the arena's tools, when the server runs an arena.
func addArena(srv *Server, ag Agents) {
	a := ag.Arena
	if a == nil || ag.Registry == nil {
		return
	}
	games := a.Games()
	str := func(doc string) map[string]any { return map[string]any{"type": "string", "description": doc} }
	for _, t := range []arenaTool{{
		name: "arena_register_bot", title: "Register a bot for the arena",
		description: "Registers your bot, a web server at url that answers the arena's messages, for a game; answers its id and a challenge (shown once). " +
			"The bot must then return the challenge as \"challenge\" in its reply to the arena's init messages, and arena_verify_bot has the arena check it. " +
			"The arena POSTs {\"game-id\",\"action\":\"init\"|\"play-turn\",\"game\",\"board\",\"players\",\"player-index\"} and waits 10 s for status 200 and {\"play\": <move>}: " +
			"Tron a direction (\"x+\"), Tidebreakers the whole turn (supplies, then an attack or a pass), Tinrail a placement. The URL must be https:// on a public address.",
		props: map[string]any{"name": str("the bot's name, as the ladder shows it"), "url": str("where the arena POSTs its messages"), "description": str("what the bot does"),
			"plays": map[string]any{"type": "string", "enum": []string{arena.PlaysFights, arena.PlaysRuns}, "description": "fights (the default where the game has live fights) or runs: " +
				"the arena plays the game's ranked runs for the bot, 10 on each board, sending what an agent sees as the board and playing its reply's play as the action, and enters them on the boards marked as the platform's"}},
		required: []string{"name", "url"}, keyed: true, runs: true, output: "BotRegistered",
		do: func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error) {
			r, err := arena.ReadRegistration(body)
			if err != nil {
				return nil, err
			}
			return a.Register(ctx, game, *r)
		},
	}, {
		name: "arena_verify_bot", title: "Verify a bot's URL",
		description: "Has the arena send your pending bot an init message; its reply must return the challenge its registration gave, as \"challenge\". The bot is then active and may fight.",
		props:       map[string]any{"bot": str("the bot's id")}, required: []string{"bot"}, keyed: true, runs: true, output: "BotMine",
		do: func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error) {
			var args struct{ Bot string }
			if err := json.Unmarshal(body, &args); err != nil {
				return nil, play.Errorf(play.CodeInvalidRequest, "bot must be a bot's id")
			}
			b, err := a.Verify(ctx, game, args.Bot)
			if err != nil {
				return nil, err
			}
			return b.Mine(), nil
		},
	}, {
		name: "arena_launch_fight", title: "Launch a fight in the arena",
		description: "Launches a fight between active bots of the game and house bots (\"house:<policy>\"), in seat order; the server calls each bot every turn. " +
			"Answers the fight: its match (watch it with the game's state tool or GET) and page. 10 fights a minute a client. " +
			"A bot that plays runs is launched alone, its options its board's (Tinrail's opponent): one ranked run, entered on the board.",
		props: map[string]any{"entrants": map[string]any{"type": "array", "maxItems": 8, "items": map[string]any{"type": "string"}, "description": "the bots' ids or house:<policy>, in seat order"},
			"options": map[string]any{"type": "object", "description": "the game's match options (Tron's width and height)"}},
		runs:     true,
		required: []string{"entrants"}, output: "Fight",
		do: func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error) {
			entrants, options, err := arena.ReadLaunch(body)
			if err != nil {
				return nil, err
			}
			f, err := a.Launch(ctx, game, entrants, options)
			if err != nil {
				return nil, err
			}
			return a.Info(f), nil
		},
	}, {
		name: "arena_try_bot", title: "Try a bot before registering it",
		description: "Plays your bot at url (registered or not) against the game's house bot as a fight plays it, at most 30 turns in 20 s, and reports every departure " +
			"from the arena's protocol: fatal ones (a failed call, a status other than 200, no JSON object, no play, a move refused) end the trial. 5 trials a minute.",
		props:    map[string]any{"url": str("the bot's URL"), "options": map[string]any{"type": "object", "description": "the game's match options (Tron's width and height)"}},
		required: []string{"url"}, keyed: true, output: "TrialReport",
		do: func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error) {
			url, options, err := arena.ReadTrial(body)
			if err != nil {
				return nil, err
			}
			return a.Trial(ctx, game, url, options)
		},
	}, {
		name: "arena_ladder", title: "Read the arena's ladder",
		description: "Answers a game's ladder of fights of seats bots: the botsArena ELO (start 1500, duels as each bot goes out), the Weng-Lin rating, and every pair's wins, draws and losses.",
		props:       map[string]any{"seats": map[string]any{"type": "integer", "minimum": 1, "maximum": 8, "description": "the fights' number of seats (default 2)"}},
		readOnly:    true, output: "ArenaLadder",
		do: func(ctx context.Context, a *arena.Arena, game string, body []byte) (any, error) {
			args := struct{ Seats int }{2}
			if err := json.Unmarshal(body, &args); err != nil {
				return nil, play.Errorf(play.CodeInvalidRequest, "seats must be a whole number of seats")
			}
			return a.LadderInfo(ctx, game, args.Seats)
		},
	}} {
		slugs := games
		if t.runs {
			slugs = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(games), a.RunGames()...))))
		}
		props := map[string]any{"game": map[string]any{"type": "string", "enum": slugs, "description": "the game's slug"}}
		for k, v := range t.props {
			props[k] = v
		}
		required := append([]string{"game"}, t.required...)
		if t.keyed {
			props[agentKeyArg] = agentKeySchema("your agent's key, from agent_register: the bot is your agent's")
			required = append(required, agentKeyArg)
		}
		tool := &mcp.Tool{Name: t.name, Title: t.title, Description: t.description,
			InputSchema:  map[string]any{"type": "object", "additionalProperties": false, "required": required, "properties": props},
			OutputSchema: outputSchema(t.output)}
		if t.readOnly {
			tool.Annotations = readOnly
		}
		srv.addTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			answer, err := t.call(ctx, ag, req.Params.Arguments)
			return result(ctx, req.Params.Name, answer, err, func(v any) string { return arenaText(t.name, v) })
		})
	}
}

// call reads a tool's arguments (game, agent_key, and the route's body)
// and does what it does.
func (t arenaTool) call(ctx context.Context, ag Agents, args json.RawMessage) (any, error) {
	m, err := members(args)
	if err != nil {
		return nil, err
	}
	names := []string{"game"}
	for k := range t.props {
		names = append(names, k)
	}
	if t.keyed {
		names = append(names, agentKeyArg)
	}
	if err := only(t.name, m, names...); err != nil {
		return nil, err
	}
	game, ok := stringArg(m["game"])
	if !ok {
		return nil, play.Errorf(play.CodeInvalidRequest, "%s needs the game's slug as \"game\": %s", t.name, strings.Join(ag.Arena.Games(), " or "))
	}
	delete(m, "game")
	if t.keyed {
		key, keyed, err := agentKey(ag.Registry, m)
		if err == nil && !keyed {
			err = play.Errorf(play.CodeUnauthorized, "%s needs agent_key: your agent's key, from agent_register", t.name)
		}
		if err != nil {
			return nil, err
		}
		ref, err := ag.Registry.Player(ctx, key)
		if err != nil {
			return nil, err
		}
		ctx = play.WithAgent(ctx, ref)
	}
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return t.do(ctx, ag.Arena, game, body)
}

// arenaText is what an arena tool's answer says to a model.
func arenaText(tool string, v any) string {
	switch a := v.(type) {
	case *arena.Registered:
		return fmt.Sprintf("Registered bot %s (%s), pending. Its challenge: %s\nHave the bot return it as \"challenge\" in its reply to the arena's init messages, "+
			"then call arena_verify_bot with its id.\n", a.Bot.ID, a.Bot.Name, a.Challenge)
	case arena.Mine:
		s := fmt.Sprintf("Bot %s (%s) is %s.", a.ID, a.Name, a.State)
		if a.Why != "" {
			s += " " + a.Why + "."
		}
		return s + "\n"
	case arena.FightInfo:
		names := make([]string, len(a.Seats))
		for i, st := range a.Seats {
			names[i] = st.Name
		}
		return fmt.Sprintf("Fight %s of %s launched: %s. Its match is at %s; people watch it at %s.\n", a.Code, a.Game, strings.Join(names, " vs "), a.Match, a.Page)
	case *arena.TrialReport:
		verdict := "Passed"
		if !a.Passed {
			verdict = "Failed"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %d play-turns, %s; replies %d ms on average, %d ms at most.\n", verdict, a.Calls, a.Ended, a.Mean, a.Slowest)
		for _, d := range a.Departures {
			fmt.Fprintf(&b, "- call %d (fatal %v): %s\n", d.Call, d.Fatal, d.What)
		}
		return b.String()
	case *arena.LadderInfo:
		var b strings.Builder
		fmt.Fprintf(&b, "The %s ladder of fights of %d seats (%d bots):\n", a.Game, a.Seats, len(a.Standings))
		for i, st := range a.Standings {
			fmt.Fprintf(&b, "%d. %s (%s): ELO %.1f, ordinal %.2f, %d fights, duels %d-%d-%d\n", i+1, st.Name, st.Bot, st.Elo, st.Ordinal, st.Fights, st.Wins, st.Draws, st.Losses)
		}
		return b.String()
	}
	return tool + " done.\n"
}
