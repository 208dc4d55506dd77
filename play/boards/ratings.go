package boards

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
)

// Agents that play each other live (Tidebreakers, Tron) are rated: every
// match that ends updates the rating of each agent in it, on the board of
// its game and number of seats, by the Weng-Lin model (package ratings).
// The bundle's bots sit at fixed ratings, anchors that are never updated,
// so that a rating means something the day the first agent plays; an
// anonymous player counts as a newcomer whose rating is not kept.

// kindRating is the kind of the ratings' entries.
const kindRating = "rating-agent"

// RecentMatches is how many match codes a rating remembers, so that a
// match told twice is counted once.
const RecentMatches = 64

// RatingRow is an agent's rating on a board of ratings.
type RatingRow struct {
	Name    string         `json:"name"`
	Rating  ratings.Rating `json:"rating"`
	Matches int            `json:"matches"`
	// Seq counts the entry's changes, and Since is the second it was
	// made: the index keeps the row of the highest (seqOf).
	Seq   int64 `json:"seq"`
	Since int64 `json:"since,omitempty"`
	// Listed is whether the board lists the agent (see MinOpponents).
	Listed bool `json:"listed,omitempty"`
	// Platform: the bundle played its matches, an arena bot's.
	Platform bool `json:"platform,omitempty"`
}

// ratingEntry is an agent's rating entry.
type ratingEntry struct {
	RatingRow
	Recent []string `json:"recent"`
	// Met are the opponents counted in their window of PairPeriod, by
	// name (see opponent), at most MaxMet.
	Met map[string]window `json:"met,omitempty"`
	// Opponents are distinct opponents counted ever, as many as decide
	// whether the board lists the agent.
	Opponents []string `json:"opponents,omitempty"`
}

// Rater rates one game's live matches on the boards.
type Rater struct {
	b    *Boards
	game string
	// anchors are the bots' fixed ratings, by policy.
	anchors map[string]ratings.Rating
	// listAfter is how many distinct opponents list an agent.
	listAfter int
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
	return &Rater{b: b, game: game, anchors: anchors, listAfter: MinOpponents}
}

// ListAfter has r list an agent once it has counted n distinct opponents
// (or every bot), for a server whose boards should list agents sooner
// than MinOpponents (a private arena, a test); n <= 0 keeps MinOpponents.
func (r *Rater) ListAfter(n int) *Rater {
	if n > 0 {
		r.listAfter = n
	}
	return r
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
	Game    string  `json:"game"`
	Seats   int     `json:"seats"`
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Matches int     `json:"matches"`
	// Listed is whether the game's board lists the agent yet, and
	// Opponents how many distinct opponents it has counted towards that
	// (see MinOpponents).
	Listed    bool     `json:"listed"`
	Opponents int      `json:"opponents"`
	Recent    []string `json:"recent"`
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
		r.Matches, r.Recent, r.Listed, r.Opponents = e.Matches, e.Recent, e.Listed, len(e.Opponents)
		out = append(out, r)
	}
	return out, nil
}

// What a rating counts, so that nobody rates an agent up by playing
// itself or a few accomplices (docs/play.md, "Ratings"):
//   - An agent that holds two seats of a match is not rated by it, nor
//     counted as anyone's opponent there (a live server refuses the
//     second seat too); an anonymous player is nobody's opponent.
//   - An agent counts another agent as an opponent once per PairPeriod
//     (from the match it counted it in): a pair that meets again within
//     it plays unrated for both.
//   - An agent counts a bot, whose rating is its anchor, AnchorPairs
//     times per PairPeriod from the first of them (each seat of it one),
//     so beating a weak bot all day lifts an agent by at most that much
//     a day.
//   - A match moves an agent's rating by what the model makes of the
//     agent and the opponents it counts there, placed as they were.
//   - A board lists an agent once it has counted MinOpponents distinct
//     opponents (a bot policy is one) or every bot of the game.
const (
	PairPeriod   = 24 * time.Hour
	AnchorPairs  = 20
	MinOpponents = 5
	// MaxMet bounds the opponents an entry remembers in their window:
	// past it, a new opponent is not counted until windows close.
	MaxMet = 256
)

// ratingHead is what Rated reads first of an agent's entry: its rating
// and windows, all it decides on, so that a match that counts nothing
// decodes no more.
type ratingHead struct {
	Rating ratings.Rating    `json:"rating"`
	Met    map[string]window `json:"met"`
}

// window is how often an agent counted an opponent in the PairPeriod
// from Since (Unix seconds).
type window struct {
	Since int64 `json:"s"`
	N     int   `json:"n"`
}

// opponent names seat s of a match as an opponent, "" for a seat
// nobody counts: an agent by its id, a bot by its policy.
func (r *Rater) opponent(s live.RatedSeat) string {
	switch {
	case s.Agent != nil:
		return "agent:" + s.Agent.ID
	case s.Bot != "":
		if _, ok := r.anchors[s.Bot]; ok {
			return "bot:" + s.Bot
		}
	}
	return ""
}

// counted answers which seats of a match agent i counts, given its
// entry's windows open since since: each other seat with an opponent
// name, but an agent met already and a bot counted AnchorPairs times.
func counted(names []string, i int, met map[string]window, since int64) []int {
	seen := map[string]int{}
	kept := 0
	for name, w := range met {
		if w.Since >= since {
			seen[name] = w.N
			kept++
		}
	}
	var out []int
	for j, name := range names {
		n, known := seen[name]
		if j == i || name == "" || name == names[i] || (!known && kept >= MaxMet) {
			continue
		}
		limit := 1
		if strings.HasPrefix(name, "bot:") {
			limit = AnchorPairs
		}
		if n >= limit {
			continue
		}
		if !known {
			kept++
		}
		seen[name] = n + 1
		out = append(out, j)
	}
	return out
}

// Rated updates the ratings of the agents of match code, which ended
// with seats, by the rules above: each agent's rating moves by what the
// model makes of it and the opponents it counts, from the ratings read
// before, applied to its rating as it is when written (another match may
// have moved it since), once per match.
func (r *Rater) Rated(ctx context.Context, code string, seats []live.RatedSeat) error {
	board := r.board(len(seats))
	names := make([]string, len(seats))
	held := map[string]int{}
	for i, s := range seats {
		names[i] = r.opponent(s)
		if s.Agent != nil {
			held[names[i]]++
		}
	}
	refs := make([]string, len(seats))
	for i, s := range seats {
		if s.Agent != nil && held[names[i]] > 1 {
			names[i] = "" // in two seats: rated in neither, nobody's opponent
		}
		if s.Agent != nil && names[i] != "" {
			refs[i] = ref(r.game, board, s.Agent.ID)
		}
	}
	found, err := r.b.store.LoadMany(ctx, kindRating, refs)
	if err != nil {
		return err
	}
	before := make([]ratings.Rating, len(seats))
	read := make([]*ratingHead, len(seats))
	for i, s := range seats {
		before[i] = ratings.New()
		switch {
		case refs[i] != "" && found[i] != nil:
			e := &ratingHead{}
			if err := json.Unmarshal(found[i], e); err != nil {
				return fmt.Errorf("boards: rating %s: %w", refs[i], err)
			}
			before[i], read[i] = e.Rating, e
		case s.Bot != "":
			if a, ok := r.anchors[s.Bot]; ok {
				before[i] = a
			}
		}
	}
	since := r.b.clock().Add(-PairPeriod).Unix()
	for i, s := range seats {
		if refs[i] == "" {
			continue
		}
		// An agent that counts no opponent as read counts none now:
		// another match since can only have met more of them.
		if e := read[i]; e != nil && len(counted(names, i, e.Met, since)) == 0 {
			continue
		}
		var saved *ratingEntry
		_, err := update(ctx, r.b.store, r.b.clock, kindRating, refs[i], func() *ratingEntry {
			return &ratingEntry{RatingRow: RatingRow{Rating: ratings.New(), Since: r.b.clock().Unix()}, Recent: []string{}}
		}, func(e *ratingEntry) (bool, error) {
			if slices.Contains(e.Recent, code) {
				return false, nil
			}
			now := r.b.clock()
			since := now.Add(-PairPeriod).Unix()
			maps.DeleteFunc(e.Met, func(_ string, w window) bool { return w.Since < since })
			opponents := counted(names, i, e.Met, since)
			if len(opponents) == 0 {
				return false, nil
			}
			teams, ranks := [][]ratings.Rating{{before[i]}}, []int{s.Place}
			for _, j := range opponents {
				teams, ranks = append(teams, []ratings.Rating{before[j]}), append(ranks, seats[j].Place)
				if e.Met == nil {
					e.Met = map[string]window{}
				}
				w, ok := e.Met[names[j]]
				if !ok {
					w.Since = now.Unix()
				}
				w.N++
				e.Met[names[j]] = w
				r.met(e, names[j])
			}
			next := ratings.Rate(teams, ranks)[0][0]
			e.Rating.Mu += next.Mu - before[i].Mu
			e.Rating.Sigma *= next.Sigma / before[i].Sigma
			e.Name, e.Platform, e.Matches, e.Seq = s.Agent.Name, s.Agent.Platform, e.Matches+1, e.Seq+1
			e.Recent = append([]string{code}, e.Recent[:min(len(e.Recent), RecentMatches-1)]...)
			saved = e
			return true, nil
		})
		if err != nil {
			return err
		}
		if saved != nil {
			row := saved.RatingRow
			err := writeRow(ctx, r.b.store, ratingIndex(r.game, board), s.Agent.ID, seqOf(row.Since, row.Seq), ratingKey(s.Agent.ID, row.Rating.Ordinal()), row.Listed, row)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// met notes that e counted opponent, among the distinct opponents that
// list an agent (listAfter of them, or the game's bots: no more are
// kept), and whether they list it now.
func (r *Rater) met(e *ratingEntry, opponent string) {
	if !slices.Contains(e.Opponents, opponent) && len(e.Opponents) < r.listAfter+len(r.anchors) {
		e.Opponents = append(e.Opponents, opponent)
	}
	bots := 0
	for _, o := range e.Opponents {
		if strings.HasPrefix(o, "bot:") {
			bots++
		}
	}
	e.Listed = len(e.Opponents) >= r.listAfter || bots == len(r.anchors)
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
	// Platform: the bundle played the agent's matches, calling an arena
	// bot registered by URL.
	Platform bool `json:"platform,omitempty"`
}

// RatingBoard is a page of the board of a game's live matches of Seats
// seats: Listed lines in all (the listed agents and the bots), Standings
// from the Offset'th on, as many as asked, and Next the cursor of the page
// after (empty for the last); Unlisted counts the agents rated but not
// listed yet (see MinOpponents).
type RatingBoard struct {
	Game      string           `json:"game"`
	Seats     int              `json:"seats"`
	Listed    int              `json:"listed"`
	Offset    int              `json:"offset"`
	Standings []RatingStanding `json:"standings"`
	Next      string           `json:"next,omitempty"`
	Unlisted  int              `json:"unlisted"`
}

// Ratings reads page p of the board of the game's matches of seats seats:
// one scan of its index (the listed agents), the bots at their anchors
// placed among them.
func (r *Rater) Ratings(ctx context.Context, seats int, p Page) (*RatingBoard, error) {
	board := r.board(seats)
	index := ratingIndex(r.game, board)
	// The bots sit among the agents: a page after a line reads as many
	// agents as it answers lines, and takes the bots after that line; a
	// page from an offset reads the agents from the first, as many as
	// the lines it skips and answers, and skips the lines once the bots
	// are among them.
	read := p
	if p.After == "" {
		read = Page{Limit: p.Offset + p.Limit}
	}
	items, before, counts, err := scan(ctx, r.b.store, index, read)
	if err == nil && counts.Members == 0 {
		var moved bool
		moved, err = r.b.migrate(ctx, kindRatingShard, r.game, board, func(agent string, raw json.RawMessage) error {
			var row RatingRow
			if err := json.Unmarshal(raw, &row); err != nil || row.Rating.Sigma <= 0 {
				return fmt.Errorf("boards: the shards of %s hold %s's rating %.80s", index, agent, raw)
			}
			return writeRow(ctx, r.b.store, index, agent, seqOf(0, row.Seq), ratingKey(agent, row.Rating.Ordinal()), row.Listed, row)
		})
		if err == nil && moved {
			items, before, counts, err = scan(ctx, r.b.store, index, read)
		}
	}
	if err != nil {
		return nil, err
	}
	type line struct {
		key string
		RatingStanding
	}
	from := ""
	if p.After != "" {
		_, from, _ = readCursor(p.After)
	}
	var lines []line
	for _, it := range items {
		var row RatingRow
		if err := json.Unmarshal(it.Value, &row); err != nil {
			return nil, fmt.Errorf("boards: the rating of %s on %s: %w", it.Member, index, err)
		}
		st := r.standing(it.Member, "", row.Name, row.Rating, row.Matches)
		st.Platform = row.Platform
		lines = append(lines, line{it.Key, st})
	}
	for bot, rt := range r.anchors {
		if k := ratingKey(bot, rt.Ordinal()); k > from {
			lines = append(lines, line{k, r.standing("", bot, bot, rt, 0)})
		}
	}
	slices.SortFunc(lines, func(x, y line) int { return strings.Compare(x.key, y.key) })
	if p.After == "" {
		before, lines = p.Offset, lines[min(p.Offset, len(lines)):]
	}
	lines, nextPage := pageOf(lines, p.Limit, before, func(l line) string { return l.key })
	out := &RatingBoard{Game: r.game, Seats: seats, Listed: counts.Listed + len(r.anchors), Offset: before, Standings: []RatingStanding{}, Next: nextPage,
		Unlisted: counts.Members - counts.Listed}
	for i, l := range lines {
		l.Rank = before + i + 1
		out.Standings = append(out.Standings, l.RatingStanding)
	}
	return out, nil
}

// standing is a line of a board of ratings: an agent's or a bot's.
func (r *Rater) standing(agent, bot, name string, rt ratings.Rating, matches int) RatingStanding {
	return RatingStanding{Agent: agent, Bot: bot, Name: name, Mu: round(rt.Mu), Sigma: round(rt.Sigma), Ordinal: round(rt.Ordinal()), Matches: matches}
}
