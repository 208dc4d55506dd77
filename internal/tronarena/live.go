package tronarena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/play"
)

// DefaultPoll is how often the runner reads a live match while it waits.
const DefaultPoll = 150 * time.Millisecond

// Live seats a bot of the botsArena protocol in a live Tron match of the
// server at Base, where agents, humans and the server's bots ride the
// other cycles, and plays the seat as the arena plays a bot: an init
// message, then in each round a play-turn whose board is the match's
// trails (the live state lists them head first, as the arena does), and
// the bot's direction sent as the seat's move. A bot whose call fails
// (Timeout, as the arena's) or whose reply is no direction sends no move:
// the round's deadline puts its cycle out, as the arena puts out a bot
// that does not answer.
type Live struct {
	Client  *http.Client  // for the server and the bot; nil is http.DefaultClient
	Base    string        // the server, such as http://127.0.0.1:8080
	Bot     string        // the bot's URL
	Timeout time.Duration // per call to the bot; 0 is DefaultTimeout
	Poll    time.Duration // between reads of the match; 0 is DefaultPoll
}

// LiveResult is the record of the bot's seat in a live match. Its Seat's
// Rank is 1 plus the cycles that outlived the bot's (cycles out in the
// same round tie): its place once the match is over. Died is the round
// the cycle died in, 0 if alive at the end, and Cause why the bot sent no
// move in that round, if it failed to: "transport: ...", "not JSON", "bad
// direction ...", or a move the server refused as too late.
type LiveResult struct {
	Code    string
	Index   int // the seat's
	Players int
	Moves   int // the moves the server took
	Seat
}

// Play plays seat j until its cycle is out or the match over. It
// answers an error when the server fails or refuses what it should take,
// or ctx is done.
func (l *Live) Play(ctx context.Context, j *Joined) (*LiveResult, error) {
	st, err := l.state(ctx, j.Code)
	if err != nil {
		return nil, err
	}
	if j.Seat < 0 || j.Seat >= len(st.Seats) {
		return nil, fmt.Errorf("match %s has no seat %d", j.Code, j.Seat)
	}
	r := &LiveResult{Code: j.Code, Index: j.Seat, Players: len(st.Seats), Seat: Seat{URL: l.Bot}}
	greet(ctx, l.Client, l.Timeout, &r.Seat, arena.Message{GameID: j.Code, Action: arena.ActionInit, Game: "tron", Board: json.RawMessage(`""`), Players: len(st.Seats), PlayerIndex: j.Seat})
	asked := -1 // the round the bot was last asked for
	for {
		me := st.Seats[j.Seat]
		playing := st.Phase == "playing"
		if st.Over || playing && !me.Alive {
			r.end(st)
			return r, nil
		}
		if playing && !me.Moved && st.Round != asked {
			asked = st.Round
			next, err := l.round(ctx, j, st, r)
			if err != nil {
				return nil, err
			}
			if next != nil {
				st = next
				continue
			}
		}
		if err := sleep(ctx, l.Poll); err != nil {
			return nil, err
		}
		if st, err = l.state(ctx, j.Code); err != nil {
			return nil, err
		}
	}
}

// round asks the bot its move in the round st is playing and sends it to
// the server. It answers the state after the move, or nil when it sent
// none or the server refused it, the reason in r.Cause.
func (l *Live) round(ctx context.Context, j *Joined, st *liveState, r *LiveResult) (*liveState, error) {
	board := make([][][2]int, len(st.Seats))
	for p, s := range st.Seats {
		board[p] = [][2]int{} // a dead cycle's trail is [], not null
		if s.Alive {
			board[p] = append(board[p], s.Trail...)
		}
	}
	b, err := json.Marshal(board)
	if err != nil {
		return nil, err
	}
	d, err := ask(ctx, l.Client, l.Timeout, l.Bot, turn{GameID: j.Code, Action: arena.ActionPlayTurn, Game: "tron", Board: b, PlayerIndex: j.Seat, Players: len(st.Seats)})
	if err != nil {
		r.Cause = err.Error()
		return nil, nil
	}
	next, err := l.move(ctx, j, d.String())
	var refused *APIError
	if errors.As(err, &refused) && refused.Status == http.StatusConflict {
		r.Cause = fmt.Sprintf("move %s refused (%s): %s", d, refused.Code, refused.Message)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Moves++
	return next, nil
}

// end records the seat's end as st shows it: the cycle out, or the
// match over.
func (r *LiveResult) end(st *liveState) {
	me := st.Seats[r.Index]
	r.Died, r.Rank = me.Died, 1
	for p, s := range st.Seats {
		if p != r.Index && (s.Alive || !me.Alive && s.Died > me.Died) {
			r.Rank++
		}
	}
}

// sleep waits for d (DefaultPoll when 0) or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		d = DefaultPoll
	}
	return play.Sleep(ctx, d)
}

// String is the seat's one-line log: the match, the seat, the bot, its
// place and how its cycle ended.
func (r *LiveResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "match %s, seat %d of %d: %s: place %d", r.Code, r.Index, r.Players, r.Label(), r.Rank)
	if r.Died == 0 {
		fmt.Fprintf(&b, ", alive at the end after %d moves", r.Moves)
	} else {
		fmt.Fprintf(&b, ", out in round %d after %d moves", r.Died, r.Moves)
	}
	if r.Cause != "" {
		fmt.Fprintf(&b, " (%s)", r.Cause)
	}
	if r.InitError != "" {
		fmt.Fprintf(&b, "; init failed: %s", r.InitError)
	}
	return b.String()
}

// LiveRun is the live mode of cmd/tron-arena: the runner, and the match
// it seats its bot in: Code, or one it creates with Setup when Setup is
// not nil.
type LiveRun struct {
	Live
	Code  string
	Name  string // the seat's name when it joins ("" is the server's)
	Setup *LiveSetup
}

// Run creates the match if asked, writing its code and the link to share
// to out, seats the bot, plays it, and writes its result to out.
func (c *LiveRun) Run(ctx context.Context, out io.Writer) (*LiveResult, error) {
	var j *Joined
	var err error
	if c.Setup != nil {
		if j, err = c.Create(ctx, *c.Setup); err == nil {
			fmt.Fprintf(out, "match %s: share %s/tron/?code=%s, or join with -join %s\n", j.Code, strings.TrimRight(c.Base, "/"), j.Code, j.Code)
		}
	} else {
		j, err = c.Join(ctx, c.Code, c.Name)
	}
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "match %s: the bot %s holds seat %d\n", j.Code, c.Bot, j.Seat)
	r, err := c.Play(ctx, j)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(out, r)
	return r, nil
}
