package mcpedge

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/boards"
)

// The texts of the agent tools. None but registeredText holds a key.

// recentShown is how many of an entry's recent runs agent_standing's text
// lists; the structured result holds them all.
const recentShown = 10

// creditText says, after a start's text, whether the match is credited to
// agent a, on board.
func creditText(info play.Info, a play.AgentRef, board string, boarded bool, env *play.Envelope) string {
	switch {
	case env.Ranked == "":
		return fmt.Sprintf("Not credited to your agent %s: only a ranked match (ranked true) is.\n", a.Name)
	case !boarded:
		return fmt.Sprintf("Not credited to your agent %s: %s keeps no board of %s (see the board options' values in its docs), so this ranked match plays unboarded.\n", a.Name, info.Name, board)
	}
	return fmt.Sprintf("Credited to your agent %s (id %s): a run on the board %s; read it with leaderboard %s.\n",
		a.Name, a.ID, strconv.Quote(board), boardCall(info, board))
}

// liveCreditText says, after a live create's or join's text, that the
// seat is credited to agent a, and, when rated (the server answers
// ratings of game), where its rating is read: the board of players seats
// (0: unknown).
func liveCreditText(game string, a play.AgentRef, players int, rated bool) string {
	text := fmt.Sprintf("Your seat is credited to your agent %s (id %s): when the match ends, your agent's rating moves by your place", a.Name, a.ID)
	switch {
	case !rated:
		return text + ".\n"
	case players == 0:
		return text + fmt.Sprintf("; read it with ratings {\"game\":%q,\"players\":<the match's players>}.\n", game)
	}
	return text + fmt.Sprintf(" on the board of %d-seat matches; read it with ratings {\"game\":%q,\"players\":%d}.\n", players, game, players)
}

// registeredText is agent_register's answer for a model to read: the one
// text that holds a key.
func registeredText(r *agents.NewKey) string {
	return fmt.Sprintf("Registered your agent %s; its public id is %s.\n"+
		"Its key: %s\n"+
		"The key is shown this once (the server keeps only its hash) and it is a secret: keep it, and never show it to anyone, "+
		"nor write it in a message, file or log that others read; whoever holds it plays as your agent.\n"+
		"Send it as %q to a start tool with \"ranked\": true, and the match is credited to your agent: "+
		"once your agent has %d ranked runs on a board, leaderboard lists it there. "+
		"agent_standing with the key (or with the public id, which anyone may use) answers your entries and recent runs.\n",
		r.Name, r.ID, r.Key, agentKeyArg, boards.Listed)
}

// leaderboardText is a board for a model to read: a ranked table of its
// page of standings, its key, how many agents it lists and leaves out,
// and the game's other boards with runs.
func leaderboardText(svc *play.Service, b *boards.Board, others []string) string {
	info := gameInfo(svc, b.Game)
	var t strings.Builder
	fmt.Fprintf(&t, "%s leaderboard, board %s (leaderboard %s): ranked runs of agents against the game's bots.\n",
		info.Name, strconv.Quote(b.Board), boardCall(info, b.Board))
	fmt.Fprintf(&t, "Listed: %s with %d ranked runs or more on this board, best mean score first. Unlisted: %s with fewer.\n",
		count(b.Listed, "agent"), boards.Listed, count(b.Unlisted, "agent"))
	switch {
	case len(b.Standings) == 0 && b.Listed == 0:
		fmt.Fprintf(&t, "\nNo agent is listed yet: one is, once it has %d ranked runs here (a start tool with ranked true and agent_key).\n", boards.Listed)
	case len(b.Standings) == 0:
		fmt.Fprintf(&t, "\nNo standings from place %d: the board lists %d.\n", b.Offset+1, b.Listed)
	default:
		rates := slices.ContainsFunc(b.Standings, func(s boards.Standing) bool { return s.WinRate != nil })
		t.WriteString("Unfinished runs count as scored 0 (and lost) until they end; ± is the half-width of the mean's 95 % interval.\n\n")
		t.WriteString("rank | name | agent id | runs (unfinished) | mean score ± interval")
		if rates {
			t.WriteString(" | win / draw / loss")
		}
		t.WriteString(" | best (replay)\n")
		for _, s := range b.Standings {
			fmt.Fprintf(&t, "%d | %s | %s | %d (%d) | %s ± %s", s.Rank, s.Name, s.Agent, s.Runs, s.Unfinished, num(s.Mean), num((s.High-s.Low)/2))
			if rates {
				fmt.Fprintf(&t, " | %s / %s / %s", percent(s.WinRate), percent(s.DrawRate), percent(s.LossRate))
			}
			if s.BestRun == "" {
				t.WriteString(" | none finished\n")
			} else {
				fmt.Fprintf(&t, " | %d (%s)\n", s.Best, replayURL(b.Game, s.BestRun))
			}
		}
		if first, last := b.Offset+1, b.Offset+len(b.Standings); first > 1 || last < b.Listed {
			fmt.Fprintf(&t, "\nPlaces %d to %d of %d (offset and limit page the board).\n", first, last, b.Listed)
		}
	}
	var rest []string
	for _, o := range others {
		if o != b.Board {
			rest = append(rest, fmt.Sprintf("%s (leaderboard %s)", strconv.Quote(o), boardCall(info, o)))
		}
	}
	if len(rest) > 0 {
		fmt.Fprintf(&t, "\nThe game's other boards with runs: %s.\n", strings.Join(rest, "; "))
	}
	return t.String()
}

// standingText is an agent's standing for a model to read: on each
// board, its totals and its recent runs with their replays; then its
// ratings from live matches, or where they are read, of the games rated
// (none: not a word).
func standingText(svc *play.Service, a *agents.Agent, s *boards.AgentEntries, rated []string) string {
	var t strings.Builder
	entries := s.Entries
	if len(entries) == 0 {
		fmt.Fprintf(&t, "Agent %s (id %s) has no ranked runs on any board yet: a start tool with ranked true and the agent's agent_key plays one.\n", a.Name, a.ID)
		t.WriteString(agentRatingsText(svc, s.Ratings, rated))
		return t.String()
	}
	fmt.Fprintf(&t, "Agent %s (id %s): ranked runs on %s.\n", a.Name, a.ID, count(len(entries), "board"))
	for _, e := range entries {
		info := gameInfo(svc, e.Game)
		fmt.Fprintf(&t, "\n%s, board %s (leaderboard %s): ", info.Name, strconv.Quote(e.Board), boardCall(info, e.Board))
		if e.Runs >= boards.Listed {
			t.WriteString("listed.\n")
		} else {
			fmt.Fprintf(&t, "not listed yet (%d more ranked runs to be).\n", boards.Listed-e.Runs)
		}
		mean := 0.0
		if e.Runs > 0 {
			mean = float64(e.Sum) / float64(e.Runs)
		}
		fmt.Fprintf(&t, "  %s (%d unfinished, %d of them still playable), mean score %s", count(e.Runs, "run"), e.Unfinished, e.Open, num(mean))
		if e.BestRun != "" {
			fmt.Fprintf(&t, ", best %d (replay %s)", e.Best, replayURL(e.Game, e.BestRun))
		}
		if e.Wins+e.Draws+e.Losses > 0 {
			fmt.Fprintf(&t, "; %s, %s, %s", count(e.Wins, "win"), count(e.Draws, "draw"), count(e.Losses, "loss"))
		}
		t.WriteString(".\n")
		if len(e.Recent) == 0 {
			continue
		}
		shown := e.Recent[:min(len(e.Recent), recentShown)]
		if len(shown) == len(e.Recent) {
			t.WriteString("  Recent runs, latest first:\n")
		} else {
			fmt.Fprintf(&t, "  Recent runs, latest first (%d of %d here, all of them in the structured result):\n", len(shown), len(e.Recent))
		}
		for _, r := range shown {
			end := "finished"
			switch {
			case !r.Finished:
				end = "unfinished (its tokens expired; scored at its last step)"
			case r.Outcome != "":
				end = r.Outcome
			}
			fmt.Fprintf(&t, "  - score %d, %s: %s\n", r.Score, end, replayURL(e.Game, r.ID))
		}
	}
	t.WriteString(agentRatingsText(svc, s.Ratings, rated))
	return t.String()
}

// agentRatingsText is an agent's ratings from live matches, each with its
// latest matches' replays; where ratings are read if it has none.
func agentRatingsText(svc *play.Service, rs []boards.AgentRating, rated []string) string {
	if len(rs) == 0 {
		return ratedText(rated)
	}
	var t strings.Builder
	t.WriteString("\nRatings from live matches (the board sorts by the ordinal, mu less three sigma):\n")
	for _, r := range rs {
		fmt.Fprintf(&t, "- %s, %d seats (ratings {\"game\":%q,\"players\":%d}): mu %s, sigma %s, ordinal %s, after %s.\n",
			gameInfo(svc, r.Game).Name, r.Seats, r.Game, r.Seats, num(r.Mu), num(r.Sigma), num(r.Ordinal), count(r.Matches, "match"))
		for _, code := range r.Recent[:min(len(r.Recent), recentShown)] {
			fmt.Fprintf(&t, "  - match %s: %s\n", code, liveURL(r.Game, code))
		}
	}
	return t.String()
}

// liveURL is the path of the replay of live match code of game.
func liveURL(game, code string) string {
	return "/view/?game=" + url.QueryEscape(game) + "&live=" + url.QueryEscape(code)
}

// ratedText says where the ratings of an agent's live matches are read,
// the ratings of the games rated; nothing if there are none.
func ratedText(rated []string) string {
	if len(rated) == 0 {
		return ""
	}
	var calls []string
	for _, g := range rated {
		calls = append(calls, fmt.Sprintf("ratings {\"game\":%q}", g))
	}
	return "\nLive matches are rated apart from these boards: " + strings.Join(calls, " or ") +
		" answers a board of ratings, with the agent on it once a live match it played with agent_key has ended.\n"
}

// gameInfo is the Info of the game slug, or only its slug and name if the
// service does not serve it.
func gameInfo(svc *play.Service, slug string) play.Info {
	if g, err := svc.Game(slug); err == nil {
		return g.Info()
	}
	return play.Info{Slug: slug, Name: slug}
}

// replayURL is the path of the replay of ranked run id of game, on the
// server's site (the MCP edge does not know its address: over stdio it
// has none).
func replayURL(game, id string) string {
	return "/view/?game=" + url.QueryEscape(game) + "&ranked=" + url.QueryEscape(id)
}

// boardCall is leaderboard's arguments for board of info's game, as JSON:
// its options typed as the start tool types them.
func boardCall(info play.Info, board string) string {
	options := map[string]any{}
	for _, kv := range strings.Split(board, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		options[k] = v
		i := slices.IndexFunc(info.Options, func(o play.Option) bool { return o.Name == k })
		if n, err := strconv.Atoi(v); err == nil && i >= 0 && info.Options[i].Values == nil {
			options[k] = n
		}
	}
	args := map[string]any{"game": info.Slug}
	if len(options) > 0 {
		args["options"] = options
	}
	b, _ := json.Marshal(args)
	return string(b)
}

// count says n things: "1 agent", "3 agents".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	if strings.HasSuffix(thing, "s") || strings.HasSuffix(thing, "ch") {
		return strconv.Itoa(n) + " " + thing + "es"
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// num writes a score with at most 2 decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100+0, 'f', -1, 64) // +0: never "-0"
}

// percent writes a share as a percentage, "–" for none.
func percent(v *float64) string {
	if v == nil {
		return "–"
	}
	return strconv.FormatFloat(math.Round(*v*1000)/10, 'f', -1, 64) + "%"
}
