package boards

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
)

// Agents that play each other live (Tidebreakers, Tron) are rated: every
// match that ends updates the rating of each agent in it, on the board of
// its game and number of seats, by the Weng-Lin model (package ratings).
// The bundle's bots sit at fixed ratings, anchors that are never updated,
// so that a rating means something the day the first agent plays; an
// anonymous player counts as a newcomer whose rating is not kept.

// Kinds of the ratings' entries.
const (
	kindRating      = "rating-agent"
	kindRatingShard = "rating-shard"
)

// RecentMatches is how many match codes a rating remembers, so that a
// match told twice is counted once.
const RecentMatches = 64

// RatingRow is an agent's rating on a board of ratings.
type RatingRow struct {
	Name    string         `json:"name"`
	Rating  ratings.Rating `json:"rating"`
	Matches int            `json:"matches"`
	Seq     int64          `json:"seq"`
}

func (r RatingRow) sequence() int64 { return r.Seq }

// ratingEntry is an agent's rating entry.
type ratingEntry struct {
	RatingRow
	Recent []string `json:"recent"`
}

// Rater rates one game's live matches on the boards.
type Rater struct {
	b    *Boards
	game string
	// anchors are the bots' fixed ratings, by policy.
	anchors map[string]ratings.Rating
}

// Rater answers the rater of game's live matches, its bots anchored at
// anchors.
func (b *Boards) Rater(game string, anchors map[string]ratings.Rating) *Rater {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !slices.Contains(b.rated, game) {
		b.rated = append(b.rated, game)
		slices.Sort(b.rated)
	}
	return &Rater{b: b, game: game, anchors: anchors}
}

// MinSeats and MaxSeats bound the sizes of the matches rated: a board of
// ratings is a game's matches of one size.
const (
	MinSeats = 2
	MaxSeats = 4
)

func ratingBoard(seats int) string { return "players=" + strconv.Itoa(seats) }

func (r *Rater) board(seats int) string { return ratingBoard(seats) }

// AgentRating is an agent's rating on a board of ratings, and the codes
// of its latest matches there, newest first (a live match's replay stays
// readable while the match is kept).
type AgentRating struct {
	Game    string   `json:"game"`
	Seats   int      `json:"seats"`
	Mu      float64  `json:"mu"`
	Sigma   float64  `json:"sigma"`
	Ordinal float64  `json:"ordinal"`
	Matches int      `json:"matches"`
	Recent  []string `json:"recent"`
}

// ratings answers agent's ratings on every board of ratings it has
// played on, in one read of the store.
func (b *Boards) ratings(ctx context.Context, agent string) ([]AgentRating, error) {
	b.mu.Lock()
	games := slices.Clone(b.rated)
	b.mu.Unlock()
	out := []AgentRating{}
	var refs []string
	var at []AgentRating
	for _, g := range games {
		for n := MinSeats; n <= MaxSeats; n++ {
			refs = append(refs, ref(g, ratingBoard(n), agent))
			at = append(at, AgentRating{Game: g, Seats: n})
		}
	}
	if len(refs) == 0 {
		return out, nil
	}
	found, err := b.store.LoadMany(ctx, kindRating, refs)
	if err != nil {
		return nil, err
	}
	for i, data := range found {
		if data == nil {
			continue
		}
		var e ratingEntry
		if err := json.Unmarshal(data, &e); err != nil {
			return nil, fmt.Errorf("boards: rating %s: %w", refs[i], err)
		}
		r := at[i]
		r.Mu, r.Sigma, r.Ordinal = round(e.Rating.Mu), round(e.Rating.Sigma), round(e.Rating.Ordinal())
		r.Matches, r.Recent = e.Matches, e.Recent
		out = append(out, r)
	}
	return out, nil
}

// Rated updates the ratings of the agents of match code, which ended
// with seats: each agent's rating moves by what the model makes of the
// match from the ratings read before, applied to its rating as it is when
// written (another match may have moved it since), once per match.
func (r *Rater) Rated(ctx context.Context, code string, seats []live.RatedSeat) error {
	board := r.board(len(seats))
	refs := make([]string, len(seats))
	for i, s := range seats {
		if s.Agent != nil {
			refs[i] = ref(r.game, board, s.Agent.ID)
		}
	}
	found, err := r.b.store.LoadMany(ctx, kindRating, refs)
	if err != nil {
		return err
	}
	teams, ranks := make([][]ratings.Rating, len(seats)), make([]int, len(seats))
	for i, s := range seats {
		rt := ratings.New()
		switch {
		case s.Agent != nil && found[i] != nil:
			var e ratingEntry
			if err := json.Unmarshal(found[i], &e); err != nil {
				return fmt.Errorf("boards: rating %s: %w", refs[i], err)
			}
			rt = e.Rating
		case s.Bot != "":
			if a, ok := r.anchors[s.Bot]; ok {
				rt = a
			}
		}
		teams[i], ranks[i] = []ratings.Rating{rt}, s.Place
	}
	after := ratings.Rate(teams, ranks)
	for i, s := range seats {
		if s.Agent == nil {
			continue
		}
		before, next := teams[i][0], after[i][0]
		var saved *ratingEntry
		_, err := update(ctx, r.b.store, r.b.clock, kindRating, refs[i], func() *ratingEntry {
			return &ratingEntry{RatingRow: RatingRow{Rating: ratings.New()}, Recent: []string{}}
		}, func(e *ratingEntry) (bool, error) {
			if slices.Contains(e.Recent, code) {
				return false, nil
			}
			e.Rating.Mu += next.Mu - before.Mu
			e.Rating.Sigma *= next.Sigma / before.Sigma
			e.Name, e.Matches, e.Seq = s.Agent.Name, e.Matches+1, e.Seq+1
			e.Recent = append([]string{code}, e.Recent[:min(len(e.Recent), RecentMatches-1)]...)
			saved = e
			return true, nil
		})
		if err != nil {
			return err
		}
		if saved != nil {
			key := shardRef(r.game, board, shardOf(s.Agent.ID))
			if err := copyRow(ctx, r.b.store, r.b.clock, kindRatingShard, key, s.Agent.ID, saved.RatingRow); err != nil {
				return err
			}
		}
	}
	return nil
}

// RatingStanding is a line of a board of ratings: an agent's, or a bot's
// fixed anchor.
type RatingStanding struct {
	Rank  int     `json:"rank"`
	Agent string  `json:"agent,omitempty"`
	Bot   string  `json:"bot,omitempty"`
	Name  string  `json:"name"`
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
	// Ordinal, Mu less three Sigma, is what the board sorts by.
	Ordinal float64 `json:"ordinal"`
	Matches int     `json:"matches"`
}

// RatingBoard is the board of a game's live matches of Seats seats.
type RatingBoard struct {
	Game      string           `json:"game"`
	Seats     int              `json:"seats"`
	Standings []RatingStanding `json:"standings"`
}

// Ratings reads the board of the game's matches of seats seats in one
// call to the store: every rated agent, and the bots at their anchors.
func (r *Rater) Ratings(ctx context.Context, seats int) (*RatingBoard, error) {
	board := r.board(seats)
	refs := make([]string, Shards)
	for i := range refs {
		refs[i] = shardRef(r.game, board, i)
	}
	rows, err := readShards[RatingRow](ctx, r.b.store, kindRatingShard, refs)
	if err != nil {
		return nil, err
	}
	out := &RatingBoard{Game: r.game, Seats: seats, Standings: []RatingStanding{}}
	line := func(rt ratings.Rating) (float64, float64, float64) {
		return round(rt.Mu), round(rt.Sigma), round(rt.Ordinal())
	}
	for agent, row := range rows {
		mu, sigma, ord := line(row.Rating)
		out.Standings = append(out.Standings, RatingStanding{Agent: agent, Name: row.Name, Mu: mu, Sigma: sigma, Ordinal: ord, Matches: row.Matches})
	}
	for bot, rt := range r.anchors {
		mu, sigma, ord := line(rt)
		out.Standings = append(out.Standings, RatingStanding{Bot: bot, Name: bot, Mu: mu, Sigma: sigma, Ordinal: ord})
	}
	slices.SortFunc(out.Standings, func(x, y RatingStanding) int {
		return cmp.Or(cmp.Compare(y.Ordinal, x.Ordinal), cmp.Compare(x.Agent+x.Bot, y.Agent+y.Bot))
	})
	for i := range out.Standings {
		out.Standings[i].Rank = i + 1
	}
	return out, nil
}
