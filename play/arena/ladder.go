package arena

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/agentgames/bundle/play/ratings"
)

// The arena's ELO is botsArena's (its DUEL class): a duel moves a bot's
// rating by K(rating) * (score - expected), its score 1 for a win, 0.5 for
// a draw and 0 for a loss.
const (
	// StartElo is a bot's ELO before its first fight.
	StartElo = 1500
	// EloFactor is the gap in ratings at which the better rated bot
	// expects ten times the other's score: a bot expects
	// 1 / (1 + 10^((opponent - rating) / EloFactor)).
	EloFactor = 400
)

// K is the arena's ELO factor for a rating: 80 below 1000, 50 below 2000,
// 30 up to 2400 inclusive, 20 above, so that a rating moves less the
// higher it stands.
func K(rating float64) float64 {
	switch {
	case rating < 1000:
		return 80
	case rating < 2000:
		return 50
	case rating <= 2400:
		return 30
	}
	return 20
}

// eloExpected is the score a bot rated rating expects against one rated
// opponent.
func eloExpected(rating, opponent float64) float64 {
	return 1 / (1 + math.Pow(10, (opponent-rating)/EloFactor))
}

// Outcome is a fight's result as the ladder reads it.
type Outcome struct {
	// Fight is the fight's code: a ladder applies a fight once.
	Fight string
	// Bots is the entrant of each seat, all distinct: a registered bot's
	// id, or a house bot's "house:<policy>".
	Bots []string
	// Out is the seats in the order they went out of the fight, a group
	// per round (seats out in the same round tie), the last group the
	// seats still in at the end (the winners; several tie). Every seat is
	// in exactly one group.
	Out [][]int
}

// shape refuses an outcome the ladder cannot read.
func (o *Outcome) shape() error {
	if o.Fight == "" {
		return errors.New("arena: an outcome without its fight's code")
	}
	if len(o.Bots) < 2 {
		return fmt.Errorf("arena: fight %q has %d seats, not 2 or more", o.Fight, len(o.Bots))
	}
	for i, b := range o.Bots {
		if b == "" {
			return fmt.Errorf("arena: fight %q: seat %d has no bot", o.Fight, i)
		}
		if slices.Contains(o.Bots[:i], b) {
			return fmt.Errorf("arena: fight %q: bot %q has two seats", o.Fight, b)
		}
	}
	in := make([]bool, len(o.Bots))
	for _, g := range o.Out {
		if len(g) == 0 {
			return fmt.Errorf("arena: fight %q: an empty group of seats", o.Fight)
		}
		for _, s := range g {
			if s < 0 || s >= len(in) {
				return fmt.Errorf("arena: fight %q: seat %d of %d seats", o.Fight, s, len(in))
			}
			if in[s] {
				return fmt.Errorf("arena: fight %q: seat %d is in two groups", o.Fight, s)
			}
			in[s] = true
		}
	}
	if i := slices.Index(in, false); i >= 0 {
		return fmt.Errorf("arena: fight %q: seat %d is in no group", o.Fight, i)
	}
	return nil
}

// Standing is one bot on a ladder: its ELO, its Weng-Lin rating, the
// fights it played, and its wins, draws and losses counted in duels, as
// the ELO is.
type Standing struct {
	Bot    string         `json:"bot"`
	Elo    float64        `json:"elo"`
	Rating ratings.Rating `json:"rating"`
	Fights int            `json:"fights"`
	Wins   int            `json:"wins"`
	Draws  int            `json:"draws"`
	Losses int            `json:"losses"`
}

// Pair is one bot's record against another, counted in fights (not
// duels): in a fight where both were in, whoever went out later wins,
// and two out in the same group draw.
type Pair struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// MaxApplied is how many fights' codes a ladder keeps to apply each
// once: more than can be in flight for one ladder at a time.
const MaxApplied = 64

// Ladder is the arena's ladder of bots for one game and one number of
// seats, botsArena's ELO and the bundle's Weng-Lin ratings from the same
// fights. It is a plain value, kept in the store but for its Pairs; a
// zero Ladder is empty.
type Ladder struct {
	// Standings is kept sorted by bot id, so a ladder saved twice is
	// the same bytes.
	Standings []Standing `json:"standings"`
	// Pairs[a][b] is a's record against b; Pairs[b][a] is its mirror.
	// The store keeps each bot's apart (see PairsOf), so that a ladder's
	// entry grows with its bots and not with the pairs that met: a
	// ladder read from the store holds none, and after Record those of
	// the fights it recorded since.
	Pairs map[string]map[string]Pair `json:"-"`
	// Shown is the records of its first PairsShown bots against each
	// other as the arena last wrote it (see Arena.rate), for its readers.
	Shown map[string]map[string]Pair `json:"shown,omitempty"`
	// Applied is the codes of the last MaxApplied fights recorded,
	// oldest first.
	Applied []string `json:"applied"`
}

// index is where bot stands in l.Standings, or -1.
func (l *Ladder) index(bot string) int {
	return slices.IndexFunc(l.Standings, func(s Standing) bool { return s.Bot == bot })
}

// Standing answers bot's standing, and whether it is on the ladder.
func (l *Ladder) Standing(bot string) (Standing, bool) {
	if i := l.index(bot); i >= 0 {
		return l.Standings[i], true
	}
	return Standing{}, false
}

// Record applies a fight to the ladder once: it answers false, changing
// nothing, when the fight's code is in Applied already, and an error,
// changing nothing, for an outcome out of shape. Bots new to the ladder
// start at StartElo and ratings.New().
//
// The ELO moves as botsArena's Tron card says, in duels each time bots
// die: each group but the last is a round, whose seats draw with each
// other and lose to every seat still in. All of a round's duels move
// from the ratings at its start (botsArena plays them one after another,
// each from the last one's ratings), their changes added up, so the
// seats' order does not matter. The seats of the last group, the
// winners, draw with each other: in Tron they went out together in the
// last round (or, alone, they won), in a game with final places they
// tied for the first. The Weng-Lin ratings move once a
// fight, each bot placed by its group, the last group first.
func (l *Ladder) Record(o Outcome) (bool, error) {
	if err := o.shape(); err != nil {
		return false, err
	}
	if slices.Contains(l.Applied, o.Fight) {
		return false, nil
	}
	for _, b := range o.Bots {
		if l.index(b) < 0 {
			l.Standings = append(l.Standings, Standing{Bot: b, Elo: StartElo, Rating: ratings.New()})
		}
	}
	slices.SortStableFunc(l.Standings, func(a, b Standing) int { return strings.Compare(a.Bot, b.Bot) })

	// The entrants in bot id order, each with its group, so that every
	// sum below runs in the same order whatever the seats' order.
	type entrant struct {
		s     *Standing
		group int
	}
	es := make([]entrant, 0, len(o.Bots))
	for g, seats := range o.Out {
		for _, seat := range seats {
			es = append(es, entrant{&l.Standings[l.index(o.Bots[seat])], g})
		}
	}
	slices.SortFunc(es, func(a, b entrant) int { return strings.Compare(a.s.Bot, b.s.Bot) })

	rounds := len(o.Out)
	from, delta := make([]float64, len(es)), make([]float64, len(es))
	for round := range rounds {
		for i, e := range es {
			from[i], delta[i] = e.s.Elo, 0
		}
		for i, a := range es {
			for j := i + 1; j < len(es); j++ {
				b := es[j]
				if min(a.group, b.group) != round {
					continue
				}
				score := 0.5 // a's against b
				switch {
				case a.group < b.group:
					score = 0
					a.s.Losses++
					b.s.Wins++
				case a.group > b.group:
					score = 1
					a.s.Wins++
					b.s.Losses++
				default:
					a.s.Draws++
					b.s.Draws++
				}
				delta[i] += K(from[i]) * (score - eloExpected(from[i], from[j]))
				delta[j] += K(from[j]) * (1 - score - eloExpected(from[j], from[i]))
			}
		}
		for i, e := range es {
			e.s.Elo += delta[i]
		}
	}

	teams, ranks := make([][]ratings.Rating, len(es)), make([]int, len(es))
	for i, e := range es {
		teams[i], ranks[i] = []ratings.Rating{e.s.Rating.Drift()}, len(o.Out)-e.group
	}
	for i, r := range ratings.Rate(teams, ranks) {
		es[i].s.Rating = r[0]
		es[i].s.Fights++
	}

	for a, against := range pairsOf(o) {
		for b, p := range against {
			was := l.pair(a, b)
			l.Pairs[a][b] = Pair{Wins: was.Wins + p.Wins, Draws: was.Draws + p.Draws, Losses: was.Losses + p.Losses}
		}
	}

	l.Applied = append(l.Applied, o.Fight)
	if n := len(l.Applied) - MaxApplied; n > 0 {
		l.Applied = slices.Delete(l.Applied, 0, n)
	}
	return true, nil
}

// pairsOf is each pair's result in o, a fight each way: the bot that
// went out later won, two that went out together drew.
func pairsOf(o Outcome) map[string]map[string]Pair {
	out := make(map[string]map[string]Pair, len(o.Bots))
	for g, seats := range o.Out {
		for _, s := range seats {
			out[o.Bots[s]] = make(map[string]Pair, len(o.Bots)-1)
			for h, others := range o.Out {
				for _, t := range others {
					switch {
					case t == s:
					case h < g:
						out[o.Bots[s]][o.Bots[t]] = Pair{Wins: 1}
					case h > g:
						out[o.Bots[s]][o.Bots[t]] = Pair{Losses: 1}
					default:
						out[o.Bots[s]][o.Bots[t]] = Pair{Draws: 1}
					}
				}
			}
		}
	}
	return out
}

// pair is a's record against b, making room for it in l.Pairs.
func (l *Ladder) pair(a, b string) Pair {
	if l.Pairs == nil {
		l.Pairs = map[string]map[string]Pair{}
	}
	if l.Pairs[a] == nil {
		l.Pairs[a] = map[string]Pair{}
	}
	return l.Pairs[a][b]
}

// Ranked answers the standings best first: by ELO, ties by Weng-Lin
// ordinal, then by bot id, so that equal bots keep one order.
func (l *Ladder) Ranked() []Standing {
	out := slices.Clone(l.Standings)
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Elo, a.Elo), cmp.Compare(b.Rating.Ordinal(), a.Rating.Ordinal()),
			strings.Compare(a.Bot, b.Bot))
	})
	return out
}

// Remove drops a deleted bot's standing and its records against every
// other bot, both ways; the others' ratings keep what its fights gave.
func (l *Ladder) Remove(bot string) {
	if i := l.index(bot); i >= 0 {
		l.Standings = slices.Delete(l.Standings, i, i+1)
	}
	delete(l.Pairs, bot)
	for other, record := range l.Pairs {
		delete(record, bot)
		if len(record) == 0 {
			delete(l.Pairs, other)
		}
	}
}
