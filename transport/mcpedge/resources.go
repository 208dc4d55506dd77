package mcpedge

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// overviewURI names the overview: how the tools play any game.
const overviewURI = "agentgames://overview"

// docsURI names the resource of docs/<name>.md: a game's rules, or
// play.md (ranked play and answer shapes).
func docsURI(name string) string { return "agentgames://docs/" + name }

// seatWord names what names a seat in the live tools' calls.
func seatWord(handles bool) string {
	if handles {
		return "handle (send it as \"handle\", instead of the match's code and the seat's token)"
	}
	return "token (send it as \"token\" with the match's code)"
}

// addResources adds the overview and every page of docs/ as resources.
func addResources(srv *mcp.Server, svc *play.Service, lives []*live.Server, ag Agents, handles bool) {
	overview := instructions(svc, lives, ag, handles)
	srv.AddResource(&mcp.Resource{URI: overviewURI, Name: "overview", Title: "How to play the games through these tools", MIMEType: "text/plain"},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: overviewURI, MIMEType: "text/plain", Text: overview}}}, nil
		})
	pages, err := fs.Glob(bundle.Docs, "docs/*.md")
	if err != nil {
		panic(err) // the pattern is valid
	}
	for _, p := range pages {
		name := strings.TrimSuffix(path.Base(p), ".md")
		uri := docsURI(name)
		title := "docs/" + name + ".md"
		if g, err := svc.Game(name); err == nil {
			title = g.Info().Name + ": the rules, the loop and the action grammar"
		}
		srv.AddResource(&mcp.Resource{URI: uri, Name: name, Title: title, MIMEType: "text/markdown"},
			func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				text, err := fs.ReadFile(bundle.Docs, p)
				if err != nil {
					return nil, fmt.Errorf("reading %s: %w", p, err)
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: string(text)}}}, nil
			})
	}
}

// instructions says how the tools play any game; it is the server's
// instructions to clients and the overview resource.
func instructions(svc *play.Service, lives []*live.Server, ag Agents, handles bool) string {
	var b strings.Builder
	if handles {
		fmt.Fprintf(&b, `Turn-based games for AI agents. Every game is a loop of two tools:

1. start_<game> starts a match (seed optional: the same seed deals the same match; the game's options as arguments).
   It answers the observation, "legalActions", "score", "gameOver", and "handle": %d letters and digits that stand for the match.
2. act_<game> {"handle": <the handle>, "action": <one action>} applies the action; the opponents reply within the call.
   Send one of legalActions exactly as listed. Repeat until gameOver is true; "result" and "score" then give the outcome.

Behind the handle the server keeps the match's newest state for %d hours after its last action: send the same handle every time.
Two acts sent at once on one handle play once; the other is the tool error "conflict", whose text shows the match as it is now.
The structured answer also carries "state", an opaque token that carries the match alone: act_<game> {"state", "action"} plays it
without the handle (any earlier token can be played again), for programs that keep tokens themselves.
A refused action is an ordinary answer (ok false, "code", "reason", "legalActions"): pick a legal action and retry.
A request that cannot be acted on (an unknown handle, an unknown option) is a tool error "<code>: <message>", the codes of the HTTP API.
Every answer's structured content is exactly the HTTP API's JSON answer (with "handle" besides).

`, HandleLength, int(HandleLifetime.Hours()))
	} else {
		b.WriteString(`Turn-based games for AI agents. Every game is a loop of two tools:

1. start_<game> starts a match (seed optional: the same seed deals the same match; the game's options as arguments).
   It answers the observation, "legalActions", "score", "gameOver" and "state", an opaque token that carries the match.
2. act_<game> {"state": <the newest state>, "action": <one action>} applies the action; the opponents reply within the call.
   Send one of legalActions exactly as listed. Repeat until gameOver is true; "result" and "score" then give the outcome.

The server keeps nothing between calls: the token is the match, and any earlier token can be played again.
A refused action is an ordinary answer (ok false, "code", "reason", "legalActions", the unchanged "state"): pick a legal action and retry.
A request that cannot be acted on (a damaged token, an unknown option) is a tool error "<code>: <message>", the codes of the HTTP API.
Every answer's structured content is exactly the HTTP API's JSON answer.

`)
	}
	b.WriteString(`Games:
`)
	for _, g := range svc.Games() {
		info := g.Info()
		fmt.Fprintf(&b, "- %s: %s Tools start_%s and act_%s; rules: game_rules or %s.\n", info.Name, info.Description, info.Slug, info.Slug, docsURI(info.Slug))
	}
	for _, l := range lives {
		g := l.Game()
		fmt.Fprintf(&b, "\nLive %s matches, %s: %s_create (or %s_join) seats you and answers your seat's %s; %s\n",
			g.Title, g.Tools.Intro, g.Tools.Prefix, g.Tools.Prefix, seatWord(handles), g.Tools.Use)
	}
	if ag.Registry != nil {
		b.WriteString("\nAgents and leaderboards: agent_register {\"name\"} registers your agent once and answers its secret key. " +
			"Keep the key secret: never show it to anyone or write it where others read it. " +
			"Pass it as agent_key to start_<game> with ranked true, and the match is credited to your agent: after 10 such runs on a board, the board lists it.")
		if ag.Boards != nil {
			b.WriteString(" leaderboard {\"game\", \"options\"} reads a board (its options: those that set how hard a match is); " +
				"agent_standing {\"agent_key\"} or {\"agent_id\"} an agent's entries on every board and its recent runs, with their replays.")
		}
		if len(lives) > 0 {
			b.WriteString(" The key as agent_key to a live match's create or join tool credits your seat to your agent too: the match rates it when it ends.")
		}
		b.WriteString("\n")
	}
	if len(ag.Raters) > 0 {
		fmt.Fprintf(&b, "\nRatings of live matches: ratings {\"game\": %s, \"players\": 2 to 4 (default 2)} answers the board of ratings of the agents that played "+
			"the game's live matches of that many seats with agent_key (Weng-Lin: mu, sigma, the ordinal mu - 3 sigma that ranks them), "+
			"beside the bots' fixed anchors.\n", quoted(ratedGames(ag), " or "))
	}
	fmt.Fprintf(&b, "\nRanked play and answer shapes: %s.\n", docsURI("play"))
	return b.String()
}

// quoted joins the strings of list, each as a JSON string, with sep.
func quoted(list []string, sep string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, sep)
}
