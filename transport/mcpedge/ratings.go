package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/play/wire"
)

// The ratings tool asks a live game's rater what GET
// /api/games/{slug}/ratings?players=N asks it: the board of ratings of
// the game's live matches of N seats.

// pairPeriod is boards.PairPeriod in words.
var pairPeriod = strconv.Itoa(int(boards.PairPeriod.Hours())) + " hours"

// addRatings adds the tool ratings, of the games ag rates; none without
// raters.
func addRatings(srv *Server, svc *play.Service, ag Agents) {
	if len(ag.Raters) == 0 {
		return
	}
	slugs := ratedGames(ag)
	srv.addTool(&mcp.Tool{
		Name:  "ratings",
		Title: "Read a board of ratings",
		Description: "Answers the ratings of the agents that play a live game's matches (" + strings.Join(slugs, ", ") + "), one board for each number of seats: " +
			"a match created or joined with agent_key credits the seat to the agent, and when it ends every agent's rating in it moves " +
			"by the Weng-Lin model (a newcomer starts at mu " + num(ratings.DefaultMu) + ", sigma " + num(ratings.DefaultSigma) + "), by the seats' places. Each line is an agent or a bot: " +
			"the bots sit at fixed ratings, anchors never updated. Ranked by the ordinal, mu - 3 sigma. " +
			"Only matches between distinct opponents count: an agent in two seats, or an anonymous player, counts for nobody; " +
			"a pair of agents counts once in " + pairPeriod + ", an agent against a bot " + strconv.Itoa(boards.AnchorPairs) + " times in " + pairPeriod + "; " +
			"an agent is listed once it has counted " + strconv.Itoa(boards.MinOpponents) + " distinct opponents (a bot policy is one) or every bot.",
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []string{"game"}, "properties": map[string]any{
			"game": map[string]any{"type": "string", "enum": slugs, "description": "the live game's slug"},
			"players": map[string]any{"type": "integer", "minimum": boards.MinSeats, "maximum": boards.MaxSeats,
				"description": "the matches' number of seats: the board (default " + strconv.Itoa(boards.DefaultSeats) + ")"},
			"offset": offsetParam.schema,
			"after":  afterSchema,
			"limit":  limitParam.schema,
		}},
		OutputSchema: outputSchema("RatingBoard"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		board, err := readRatings(ctx, svc, ag, req.Params.Arguments)
		return result(ctx, req.Params.Name, board, err, func(b *boards.RatingBoard) string { return ratingsText(svc, b) })
	})
}

// ratedGames are the slugs of the games ag rates, sorted.
func ratedGames(ag Agents) []string {
	return slices.Sorted(maps.Keys(ag.Raters))
}

// readRatings reads ratings' arguments as GET /api/games/{slug}/ratings
// reads its path and query, and answers the board.
func readRatings(ctx context.Context, svc *play.Service, ag Agents, args json.RawMessage) (*boards.RatingBoard, error) {
	m, err := members(args)
	if err != nil {
		return nil, err
	}
	if err := only("ratings", m, "game", "players", "offset", "after", "limit"); err != nil {
		return nil, err
	}
	raw, given := m["game"]
	slug, ok := stringArg(raw)
	switch {
	case !given:
		return nil, play.Errorf(play.CodeInvalidRequest, "ratings needs a live game's slug as \"game\": %s", strings.Join(ratedGames(ag), " or "))
	case !ok:
		return nil, play.Errorf(play.CodeInvalidRequest, "game must be a live game's slug, a string, not %s", wire.Brief(raw))
	}
	r, ok := ag.Raters[slug]
	if !ok {
		if _, err := svc.Game(slug); err != nil {
			return nil, err
		}
		return nil, play.Errorf(play.CodeInvalidRequest, "%s has no ratings: only the live games %s have", slug, strings.Join(ratedGames(ag), " and "))
	}
	players := boards.DefaultSeats
	if raw, ok := m["players"]; ok {
		n, whole := wire.WholeNumber(raw)
		if !whole || n < boards.MinSeats || n > boards.MaxSeats {
			return nil, play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %s", boards.MinSeats, boards.MaxSeats, wire.Brief(raw))
		}
		players = int(n)
	}
	p, err := readPage(m)
	if err != nil {
		return nil, err
	}
	return r.Ratings(ctx, players, p)
}

// ratingsText is a board of ratings for a model to read: what the
// ratings are, and a ranked table of them.
func ratingsText(svc *play.Service, b *boards.RatingBoard) string {
	var t strings.Builder
	fmt.Fprintf(&t, "%s ratings, live matches of %d seats (ratings {\"game\":%q,\"players\":%d}).\n", gameInfo(svc, b.Game).Name, b.Seats, b.Game, b.Seats)
	fmt.Fprintf(&t, "A match created or joined with agent_key is rated when it ends: each agent's rating moves by the Weng-Lin model, by the seats' places "+
		"(a newcomer starts at mu %s, sigma %s). mu is the rating's estimate, sigma its uncertainty; the ordinal, mu - 3 sigma, "+
		"is a rating the agent very likely has at least, and ranks the board. The bots are fixed anchors: their ratings never move, "+
		"and an agent's rating says how it fares against them.\n\n", num(ratings.DefaultMu), num(ratings.DefaultSigma))
	agents := 0
	t.WriteString("rank | name | mu | sigma | ordinal | matches\n")
	for _, s := range b.Standings {
		name, matches := fmt.Sprintf("%s (agent %s)", s.Name, s.Agent), strconv.Itoa(s.Matches)
		if s.Agent == "" {
			name, matches = s.Name+" (bot, fixed anchor)", "–"
		} else {
			agents++
		}
		fmt.Fprintf(&t, "%d | %s | %s | %s | %s | %s\n", s.Rank, name, num(s.Mu), num(s.Sigma), num(s.Ordinal), matches)
	}
	if agents == 0 {
		fmt.Fprintf(&t, "\nNo agent is rated on this board yet: create or join a live match of %d seats with agent_key, and it is rated when it ends.\n", b.Seats)
	}
	var others []string
	for n := boards.MinSeats; n <= boards.MaxSeats; n++ {
		if n != b.Seats {
			others = append(others, fmt.Sprintf("ratings {\"game\":%q,\"players\":%d}", b.Game, n))
		}
	}
	fmt.Fprintf(&t, "The boards of other numbers of seats: %s.\n", strings.Join(others, "; "))
	return t.String()
}
