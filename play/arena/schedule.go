package arena

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/ratings"
)

// kindSchedule names each game's schedule entry: the opponents its
// bots met lately in the fights the schedule chose (ref the game).
const kindSchedule = "arena-schedule"

// Schedule is what the schedule remembers of a game between ticks.
type Schedule struct {
	// Met is each bot's latest KeptOpponents scheduled opponents, oldest
	// first.
	Met map[string][]string `json:"met"`
}

// Ticked is what one tick of the schedule did.
type Ticked struct {
	// Launched counts the fights it chose and launched.
	Launched int `json:"launched"`
	// Stuck counts the fights under way that no driver had held for
	// StuckAfter, each sent to the queue again.
	Stuck int `json:"stuck"`
	// Running counts the fights under way before it launched any.
	Running int `json:"running"`
}

// StuckAfter is how long a fight under way may go undriven (its lease
// run out, or never taken) before a tick counts it stuck and sends it
// again: a runner killed, a message lost.
func (a *Arena) StuckAfter() time.Duration { return 2 * a.settings.Lease }

// Tick is one beat of the arena's schedule, which plays every active bot
// on its own: it sends again the fights under way that are stuck (see
// StuckAfter), then, game by game, puts every active bot not in a fight
// under way into one (Groups, on the ladder of the game's fewest seats;
// a bot left over fights the game's first house bots), and every bot that
// plays runs and is not in one into its next run (scheduleRuns), as many
// as MaxRunning leaves room for, and sends them to the queue. The local
// server ticks every Settings.Every; on AWS, EventBridge Scheduler
// invokes the scheduler function, which ticks once. Two ticks at once
// could put a bot in two fights: the host runs one at a time (the
// scheduler function's reserved concurrency is 1).
func (a *Arena) Tick(ctx context.Context) (*Ticked, error) {
	var r Running
	if _, _, err := a.load(ctx, kindRunning, runningRef, &r); err != nil {
		return nil, err
	}
	t := &Ticked{Running: len(r.Codes)}
	busy, stuck, err := a.underWay(ctx, r.Codes)
	if err != nil {
		return nil, err
	}
	t.Stuck = len(stuck)
	sent := stuck
	room := a.settings.MaxRunning - len(r.Codes)
	// a game's roster is read once a tick, for its fights and its runs
	rosters := map[string]*Roster{}
	roster := func(game string) (*Roster, error) {
		if rosters[game] == nil {
			r, err := a.Roster(ctx, game)
			if err != nil {
				return nil, err
			}
			rosters[game] = r
		}
		return rosters[game], nil
	}
	var jobs []func(room int) ([]string, error)
	for _, game := range a.order {
		jobs = append(jobs, func(room int) ([]string, error) { return a.schedule(ctx, game, roster, busy, room) })
	}
	if a.runs != nil {
		for _, g := range a.runs.Games() {
			jobs = append(jobs, func(room int) ([]string, error) { return a.scheduleRuns(ctx, g, roster, busy, room) })
		}
	}
	for _, job := range jobs {
		if room <= 0 {
			break
		}
		codes, err := job(room)
		t.Launched += len(codes)
		room -= len(codes)
		sent = append(sent, codes...)
		if err != nil {
			_ = a.queue.Send(ctx, sent...)
			return t, err
		}
	}
	return t, a.queue.Send(ctx, sent...)
}

// underWay reads the fights under way: the bots in them, and the codes
// of those stuck.
func (a *Arena) underWay(ctx context.Context, codes []string) (busy map[string]bool, stuck []string, err error) {
	datas, err := a.loadMany(ctx, kindFight, codes)
	if err != nil {
		return nil, nil, err
	}
	busy = map[string]bool{}
	since := a.clock().Add(-a.StuckAfter()).UnixMilli()
	for i, data := range datas {
		var f Fight
		if data == nil || json.Unmarshal(data, &f) != nil {
			continue
		}
		for _, s := range f.Seats {
			busy[s.Bot] = true
		}
		if max(f.Lease.Until, f.Launched) < since {
			stuck = append(stuck, codes[i])
		}
	}
	return busy, stuck, nil
}

// schedule launches the fights of one game a tick chooses, at most most,
// and answers their codes.
func (a *Arena) schedule(ctx context.Context, game string, rosterOf func(string) (*Roster, error), busy map[string]bool, most int) ([]string, error) {
	s, _ := a.server(game)
	seats, _ := s.Game().Rules.Seats()
	roster, err := rosterOf(game)
	if err != nil {
		return nil, err
	}
	var l Ladder
	if _, _, err := a.load(ctx, kindLadder, ladderRef(game, seats), &l); err != nil {
		return nil, err
	}
	var sch Schedule
	if _, _, err := a.load(ctx, kindSchedule, game, &sch); err != nil {
		return nil, err
	}
	var cands []Candidate
	for _, e := range roster.Bots {
		if e.State != Active || busy[e.ID] || e.Plays == PlaysRuns {
			continue
		}
		c := Candidate{Bot: e.ID, Owner: e.Owner, Rating: ratings.New()}
		if st, ok := l.Standing(e.ID); ok {
			c.Rating, c.Fights = st.Rating, st.Fights
		}
		cands = append(cands, c)
	}
	groups := Groups(cands, seats, most, func(bot string) []string { return sch.Met[bot] })
	if policies := s.Game().Rules.Policies(); len(policies) > 0 {
		grouped := map[string]bool{}
		for _, g := range groups {
			for _, bot := range g {
				grouped[bot] = true
			}
		}
		for _, c := range cands {
			if len(groups) < most && !grouped[c.Bot] && seats-1 <= len(policies) {
				g := []string{c.Bot}
				for _, p := range policies[:seats-1] {
					g = append(g, HousePrefix+p) // a house bot sits once a fight
				}
				groups = append(groups, g)
			}
		}
	}
	var codes []string
	var launched [][]string
	for _, g := range groups {
		f, err := a.launch(ctx, game, g, a.settings.Options[game], true)
		if play.IsCode(err, play.CodeBotNotReady) || play.IsCode(err, play.CodeNoBot) {
			continue // paused or deleted since the roster was read
		}
		if err != nil {
			slog.Error("arena: a scheduled fight could not be launched", "game", game, "bots", g, "err", err)
			break
		}
		codes = append(codes, f.Code)
		launched = append(launched, g)
	}
	if len(launched) == 0 {
		return codes, nil
	}
	return codes, update(ctx, a, kindSchedule, game, func(sch *Schedule, _ bool) error {
		if sch.Met == nil {
			sch.Met = map[string][]string{}
		}
		for _, g := range launched {
			for _, bot := range g {
				for _, other := range g {
					if other != bot {
						sch.Met[bot] = append(sch.Met[bot], other)
					}
				}
				sch.Met[bot] = sch.Met[bot][max(0, len(sch.Met[bot])-KeptOpponents):]
			}
		}
		forget(sch.Met, roster) // a house bot, or a bot deleted
		return nil
	})
}

// forget drops from m the bots roster no longer lists.
func forget[V any](m map[string]V, roster *Roster) {
	listed := make(map[string]bool, len(roster.Bots))
	for _, e := range roster.Bots {
		listed[e.ID] = true
	}
	maps.DeleteFunc(m, func(bot string, _ V) bool { return !listed[bot] })
}
