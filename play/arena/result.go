package arena

import (
	"cmp"
	"context"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// kindLadder names the ladders' entries: one a game and number of
// seats, ref "<game>.<seats>".
const kindLadder = "arena-ladder"

// ladderRef is the ref of game's ladder of fights of seats seats.
func ladderRef(game string, seats int) string { return game + "." + strconv.Itoa(seats) }

// finish rates a fight that is over, once: its ladder (unless two of
// its bots have one owner, see rate), its bots' records (their failures
// in a row, their reply times, their fights), its game's list of fights;
// then it leaves the fights under way. Each
// write applies the fight once, so a driver interrupted anywhere and the
// next one that takes the fight rate it once in all.
func (d *driver) finish(ctx context.Context, m *live.Match) error {
	if !d.f.Rated {
		places := m.Table.(live.Placed).Places()
		o := d.f.outcome(places, d.srv.Game().Rules.Rounds())
		if err := d.a.rate(ctx, d.f, o); err != nil {
			return err
		}
		for i := range d.f.Seats {
			if err := d.tell(ctx, i); err != nil {
				return err
			}
		}
		err := update(ctx, d.a, kindRecent, d.f.Game, func(r *Recent, _ bool) error {
			i := slices.IndexFunc(r.Fights, func(s Summary) bool { return s.Code == d.f.Code })
			if i < 0 {
				return errSkip
			}
			r.Fights[i].Places = places
			return nil
		})
		if err != nil {
			return err
		}
		d.f.Rated, d.f.Ended, d.f.Places = true, d.a.clock().UnixMilli(), places
		if err := d.renew(ctx); err != nil {
			return err
		}
	}
	return d.a.unlist(ctx, d.f.Code)
}

// rate puts fight f, whose outcome is o, on its ladder, unless two of its
// bots have one owner: first on the records of its bots against each
// other (PairsOf, kept apart), then on the ladder, whose write also
// keeps the records of its first PairsShown against each other as they
// stand then (Ladder.Shown), so that reading the ladder reads nothing
// else. Each write applies the fight once; ladders written at once
// write one after the other (a conditional write), each reading the
// records anew.
func (a *Arena) rate(ctx context.Context, f *Fight, o Outcome) error {
	if !f.rated() {
		return nil
	}
	seats := len(f.Seats)
	if err := a.addPairs(ctx, f.Game, seats, f.Code, pairsOf(o)); err != nil {
		return err
	}
	return update(ctx, a, kindLadder, ladderRef(f.Game, seats), func(l *Ladder, _ bool) error {
		if ok, err := l.Record(o); err != nil || !ok {
			return cmp.Or(err, errSkip)
		}
		var best []string
		for _, st := range l.Ranked()[:min(len(l.Standings), PairsShown)] {
			best = append(best, st.Bot)
		}
		shown, err := a.pairsAmong(ctx, f.Game, seats, best)
		l.Shown = shown
		return err
	})
}

// tell writes the fight on the record of the bot of seat i: its reply
// times, the fight among its latest, and whether it failed (PauseAfter
// failures in a row pause it).
func (d *driver) tell(ctx context.Context, i int) error {
	st := d.f.Seats[i]
	if st.Token == "" {
		return nil // a house bot's
	}
	var after Bot
	err := update(ctx, d.a, kindBot, st.Bot, func(b *Bot, found bool) error {
		if !found {
			return errSkip
		}
		after = *b
		if slices.Contains(b.Fights, d.f.Code) {
			return errSkip // told already, by a driver interrupted since
		}
		b.Fights = append(b.Fights, d.f.Code)
		b.Fights = b.Fights[max(0, len(b.Fights)-KeptFights):]
		if st.Calls > 0 {
			b.answered(d.a.clock(), time.Duration(st.Millis/int64(st.Calls))*time.Millisecond) // the fight's mean
		}
		if st.Failed == "" {
			b.Failures = 0
		} else if b.Failures++; b.Failures >= PauseAfter && b.State == Active {
			b.State = Paused
			b.Why = "paused by the arena: it failed " + strconv.Itoa(b.Failures) + " fights in a row, the last (" + d.f.Code + ") as " + st.Failed
		}
		after = *b
		return nil
	})
	if err != nil || after.ID == "" {
		return err
	}
	return d.a.listState(ctx, &after) // the roster shows a pause
}

// outcome is the fight's result as the ladder reads it, from the places
// the game gives its seats (1 the best): the seats in the order they went
// out, worst first. In a game in turns, a bot that failed goes out when
// it failed, before every seat that did not (the house bot that played
// its seat on does not play for its ladder); in a game in rounds the
// game's own rule for a silent seat has put it out then.
func (f *Fight) outcome(places []int, rounds bool) Outcome {
	o := Outcome{Fight: f.Code, Bots: make([]string, len(f.Seats))}
	var rest []int
	for i, st := range f.Seats {
		o.Bots[i] = st.Bot
		if st.Failed == "" || rounds {
			rest = append(rest, i)
		}
	}
	if !rounds {
		failed := slices.DeleteFunc(seatsOf(f), func(i int) bool { return f.Seats[i].Failed == "" })
		slices.SortFunc(failed, func(x, y int) int { return cmp.Compare(f.Seats[x].FailedAs, f.Seats[y].FailedAs) })
		for _, i := range failed {
			o.Out = append(o.Out, []int{i})
		}
	}
	slices.SortStableFunc(rest, func(x, y int) int { return cmp.Compare(places[y], places[x]) })
	for j, i := range rest {
		if j > 0 && places[rest[j-1]] == places[i] {
			o.Out[len(o.Out)-1] = append(o.Out[len(o.Out)-1], i)
			continue
		}
		o.Out = append(o.Out, []int{i})
	}
	return o
}

// seatsOf are f's seats' indices.
func seatsOf(f *Fight) []int {
	out := make([]int, len(f.Seats))
	for i := range out {
		out[i] = i
	}
	return out
}

// unlist takes code off the fights under way.
func (a *Arena) unlist(ctx context.Context, code string) error {
	return update(ctx, a, kindRunning, runningRef, func(r *Running, _ bool) error {
		n := len(r.Codes)
		if r.Codes = slices.DeleteFunc(r.Codes, func(c string) bool { return c == code }); len(r.Codes) == n {
			return errSkip
		}
		delete(r.By, code)
		return nil
	})
}

// Run has this process drive its fights under ctx, which ends them (a
// server that stops): those launched from now on, and every fight under
// way, which a server killed before left (each is taken once its
// driver's lease runs out); and, with Settings.Every, tick the schedule
// every beat until ctx ends. The local server calls it as it starts.
func (a *Arena) Run(ctx context.Context) error {
	a.base = ctx
	if err := a.ResumeFights(ctx); err != nil {
		return err
	}
	if a.settings.Every > 0 {
		go a.beat(ctx)
	}
	return nil
}

// beat ticks the schedule every Settings.Every until ctx ends.
func (a *Arena) beat(ctx context.Context) {
	t := time.NewTicker(a.settings.Every)
	defer t.Stop()
	for {
		if r, err := a.Tick(ctx); err != nil && ctx.Err() == nil {
			slog.Error("arena: the schedule's tick failed", "err", err)
		} else if r != nil && (r.Launched > 0 || r.Stuck > 0) {
			slog.Info("arena: the schedule ticked", "launched", r.Launched, "stuck", r.Stuck, "running", r.Running)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ResumeFights has every fight under way driven whose driver holds it no more
// (a server restarted after it was killed).
func (a *Arena) ResumeFights(ctx context.Context) error {
	var r Running
	if _, _, err := a.load(ctx, kindRunning, runningRef, &r); err != nil {
		return err
	}
	return a.queue.Send(ctx, r.Codes...)
}

// Ladder is game's ladder of fights of seats seats.
func (a *Arena) Ladder(ctx context.Context, game string, seats int) (*Ladder, error) {
	s, err := a.server(game)
	if err != nil {
		return nil, err
	}
	if least, most := s.Game().Rules.Seats(); seats < least || seats > most {
		return nil, play.Errorf(play.CodeInvalidRequest, "fights of %s seat %d to %d bots, not %d", game, least, most, seats)
	}
	var l Ladder
	_, _, err = a.load(ctx, kindLadder, ladderRef(game, seats), &l)
	return &l, err
}

// unrank takes a deleted bot off its game's ladders (a bot that plays
// runs is on none: its runs stay on the boards, as an agent's do).
func (a *Arena) unrank(ctx context.Context, b *Bot) error {
	if b.plays() == PlaysRuns {
		return nil
	}
	s, err := a.server(b.Game)
	if err != nil {
		return err
	}
	least, most := s.Game().Rules.Seats()
	for n := least; n <= most; n++ {
		err := update(ctx, a, kindLadder, ladderRef(b.Game, n), func(l *Ladder, found bool) error {
			if _, ok := l.Standing(b.ID); !found || !ok {
				return errSkip
			}
			l.Remove(b.ID)
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
