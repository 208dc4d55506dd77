package arena

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// idle is how long a driver waits when no bot of its fight is to move:
// the house bots' rounds, at the core's BotRound pace.
const idle = live.BotRound

// errLeaseLost stops a driver whose lease another driver took.
var errLeaseLost = errors.New("arena: the fight's lease is another driver's")

// errGone stops a driver whose fight the store does not hold.
var errGone = errors.New("arena: no such fight")

// Drive plays the fight whose match has code code until it is over and
// rated, or ctx ends, or another driver holds it: every round (or turn)
// it asks the bots to move their seats, all at once, and plays their
// moves through the live server as any player's; a bot that fails (see
// message.go) is put out of the fight by the game's rule and its seat
// handed to the house bot. A fight interrupted anywhere resumes from the
// store where it stood: the match holds every move played, and a seat
// that has moved in a round is not asked again. A driver whose ctx ends
// (a function's time running out) gives up its lease, so that the next
// takes the fight at once. It reports whether the fight is left to
// drive because ctx ended: the caller hands it on (a runner sends it to
// the queue again); not when the fight is over and rated, gone, or held
// by another driver. An error (the store's) stopped it, logged: a
// runner has its message delivered again, and a tick finds the fight
// stuck.
func (a *Arena) Drive(ctx context.Context, code string) (unfinished bool, err error) {
	d := &driver{a: a}
	err = d.drive(ctx, code)
	switch {
	case err == nil || errors.Is(err, errGone) || errors.Is(err, errLeaseLost):
		return false, nil
	case d.f != nil && ctx.Err() != nil:
		d.release(ctx)
		return true, nil
	}
	slog.Error("arena: fight stopped", "fight", code, "err", err)
	return false, err
}

// release gives up the lease d holds on its fight, after its context
// ended, within a second.
func (d *driver) release(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	if d.f.Lease.Owner == d.a.owner {
		d.f.Lease = Lease{}
		if err := d.a.saveFight(ctx, d.f, d.version); err == nil {
			d.version++
		}
	}
}

// driver is one driver's hold on a fight.
type driver struct {
	a       *Arena
	f       *Fight
	version uint64
	srv     *live.Server
}

// drive is Drive, answering why it stopped (nil once nothing is left to
// drive).
func (d *driver) drive(ctx context.Context, code string) error {
	a := d.a
	if err := d.take(ctx, code, false); err != nil {
		return err
	}
	if d.f.Plays == PlaysRuns {
		return d.driveRun(ctx)
	}
	if !d.f.Greeted {
		d.greet(ctx)
		d.f.Greeted = true
		if err := d.renew(ctx); err != nil {
			return err
		}
	}
	var m *live.Match // the match as the last round saved it, or nil to read it
	for {
		if err := d.hold(ctx); err != nil {
			return err
		}
		if m == nil {
			var err error
			if m, err = d.srv.Read(ctx, code); err != nil {
				return err
			}
		}
		if m.Table != nil && m.Table.Phase().Over {
			return d.finish(ctx, m)
		}
		asked, saved := d.round(ctx, m)
		if err := ctx.Err(); err != nil {
			return err
		}
		if !asked {
			wait := idle
			if dl := m.RoundDeadline(); !dl.IsZero() {
				wait = max(min(dl.Sub(a.clock()), idle), time.Millisecond)
			}
			if err := play.Sleep(ctx, wait); err != nil {
				return err
			}
		}
		m = saved
	}
}

// take loads the fight and takes its lease, once the lease another
// driver held has run out (waited: after waiting for it once).
func (d *driver) take(ctx context.Context, code string, waited bool) error {
	var f Fight
	version, found, err := d.a.load(ctx, kindFight, code, &f)
	switch {
	case err != nil:
		return err
	case !found:
		return cmp.Or(d.a.unlist(ctx, code), errGone)
	case f.Lease.Owner != d.a.owner && f.Lease.Until > d.a.clock().UnixMilli():
		if waited {
			return errLeaseLost // its driver is alive: it renewed the lease
		}
		// a driver held it, and may have died (a server killed and
		// restarted): the fight is this one's if the lease runs out
		if play.Sleep(ctx, time.UnixMilli(f.Lease.Until).Sub(d.a.clock())+time.Millisecond) != nil {
			return errLeaseLost // the time to wait ran out: the fight is still its driver's, or the next one's
		}
		return d.take(ctx, code, true)
	}
	d.f, d.version = &f, version
	if f.Plays != PlaysRuns {
		if d.srv, err = d.a.server(f.Game); err != nil {
			return err
		}
	}
	return d.renew(ctx)
}

// hold renews the lease once half of it has run: a round writes the
// match, and the fight (its bots' reply times) only with the lease, or
// when something happens that must be kept at once (renew).
func (d *driver) hold(ctx context.Context) error {
	if time.UnixMilli(d.f.Lease.Until).Sub(d.a.clock()) > d.a.settings.Lease/2 {
		return nil
	}
	return d.renew(ctx)
}

// renew saves the fight with its lease extended, conditional on the
// version it read: a driver that lost the fight to another stops.
func (d *driver) renew(ctx context.Context) error {
	d.f.Lease = Lease{Owner: d.a.owner, Until: d.a.clock().Add(d.a.settings.Lease).UnixMilli()}
	err := d.a.saveFight(ctx, d.f, d.version)
	if play.IsCode(err, play.CodeConflict) {
		return errLeaseLost
	}
	if err != nil {
		return err
	}
	d.version++
	return nil
}

// greet sends every bot its init message, as the botsArena site does at a
// fight's start; the reply only times the bot (the site reads nothing
// of it).
func (d *driver) greet(ctx context.Context) {
	var wg sync.WaitGroup
	for i := range d.f.Seats {
		st := &d.f.Seats[i]
		if st.Token == "" {
			continue
		}
		wg.Go(func() {
			msg := &Message{GameID: d.f.Code, Action: ActionInit, Game: d.f.Game, Board: emptyBoard, Players: len(d.f.Seats), PlayerIndex: i}
			_, _, _ = d.a.call(ctx, st.Bot, st.URL, msg)
		})
	}
	wg.Wait()
}

// asked is one bot's answer in a round: its moves, or why it failed.
type asked struct {
	seat  int
	moves []json.RawMessage
	took  time.Duration
	err   error
}

// round asks the bots to move whose seats are to act and have not moved,
// all at once, then plays their moves in seat order; it reports whether
// it asked any, and answers the match as their moves saved it when every
// bot's moves were played (nil when any failed, or none was asked: the
// match is then read again).
func (d *driver) round(ctx context.Context, m *live.Match) (bool, *live.Match) {
	p := m.Table.Phase()
	rounds := d.srv.Game().Rules.Rounds()
	var answers []*asked
	var wg sync.WaitGroup
	for _, seat := range p.ToAct {
		st := &d.f.Seats[seat]
		if st.Failed != "" && m.Seats[seat].Bot == "" {
			d.giveUp(ctx, int(seat)) // failed, and not given up yet: the driver was interrupted
		}
		if st.Token == "" || st.Failed != "" || m.Seats[seat].Bot != "" || (rounds && m.Moved(int(seat))) {
			continue
		}
		ans := &asked{seat: int(seat)}
		answers = append(answers, ans)
		board, err := d.srv.BotBoard(m, int(seat))
		if err != nil {
			ans.err = err
			continue
		}
		msg := &Message{GameID: d.f.Code, Action: ActionPlayTurn, Game: d.f.Game, Board: board, Players: len(d.f.Seats), PlayerIndex: int(seat)}
		wg.Go(func() {
			var reply json.RawMessage
			reply, ans.took, ans.err = d.a.play(ctx, st.Bot, st.URL, msg)
			if ans.err == nil {
				ans.moves, ans.err = d.srv.Game().Bots.Moves(m, ans.seat, reply)
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return true, nil
	}
	saved := d.play(ctx, answers)
	for _, ans := range answers {
		if ans.err != nil {
			saved = nil
		}
		d.settle(ctx, ans)
	}
	return len(answers) > 0, saved
}

// play plays the moves of the bots that answered, in seat order, through
// the live server in one write of the match, notes on each answer the
// error its moves met, and answers the match as saved (nil if no move
// was played).
func (d *driver) play(ctx context.Context, answers []*asked) *live.Match {
	var batch []live.SeatMoves
	var of []*asked
	for _, ans := range answers {
		if ans.err == nil && len(ans.moves) > 0 {
			batch = append(batch, live.SeatMoves{Token: d.f.Seats[ans.seat].Token, Moves: ans.moves})
			of = append(of, ans)
		}
	}
	if len(batch) == 0 {
		return nil
	}
	saved, errs, err := d.srv.ActAll(ctx, d.f.Code, batch)
	for i, ans := range of {
		if ans.err = err; err == nil {
			ans.err = errs[i]
		}
	}
	return saved
}

// settle keeps a bot's reply time and, for a bot that failed (its call,
// its reply, or its moves), its failure, and gives its seat up.
func (d *driver) settle(ctx context.Context, ans *asked) {
	st := &d.f.Seats[ans.seat]
	if ans.took > 0 {
		st.Calls++
		st.Millis += ans.took.Milliseconds()
		st.Slowest = max(st.Slowest, ans.took.Milliseconds())
	}
	err := ans.err
	var pe *play.Error
	var failure *Failure
	switch {
	case err == nil:
		return
	case errors.As(err, &failure):
	case errors.As(err, &pe) && (pe.Kind() == play.KindRefusal || pe.Code == play.CodeIllegalMove):
		failure = failf("it played a move the game refuses: %s: %s", pe.Code, pe.Message)
	default:
		return // the arena's own trouble (a store's, a race lost): the bot is asked again
	}
	d.f.Failures++
	st.Failed, st.FailedAs = failure.Reason, d.f.Failures
	if d.renew(ctx) == nil { // the failure is kept before the seat is given up
		d.giveUp(ctx, ans.seat)
	}
}

// giveUp has the live server give up the seat of a bot that failed.
func (d *driver) giveUp(ctx context.Context, seat int) {
	if _, err := d.srv.Fail(ctx, d.f.Code, d.f.Seats[seat].Token); err != nil && ctx.Err() == nil {
		slog.Error("arena: a failed seat could not be given up", "fight", d.f.Code, "seat", seat, "err", err)
	}
}
