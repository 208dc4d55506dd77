package live

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/agentgames/bundle/play"
)

// A live match's transcript is its public history: the match as anyone
// could have read it after the deal and after every change since (a
// move in a game in turns, a resolved round in a game in rounds, the
// clock's rule), played again from the deal by the table itself. It holds
// nothing a reader of the match could not see at the time: no seat's
// token, no move of a round not yet resolved, no seed.

// Replayer is a Table that keeps its match from the deal and can play it
// again. Replay calls frame with a table dealt as this one was, then
// after each change this one has had, in order, with the change as JSON
// (nil for the deal): the move of a seat, or the moves of a round, in the
// game's grammar, or what the clock's rule did. Frames before the from'th
// need not be shown: for those the table may call frame with a nil table
// and change, and play its changes the cheapest way it can. frame reads
// the table only during the call; Replay stops at the first error frame
// answers (ErrEnough once it has the frames it wants), and answers it. A
// table kept before it could replay answers ErrNoHistory.
type Replayer interface {
	Replay(from int, frame func(t Table, change json.RawMessage) error) error
}

// ErrEnough is what a frame function answers Replay to stop it.
var ErrEnough = errors.New("live: enough frames")

// ErrNoHistory is what Replay answers for a match stored before its
// table kept its changes.
var ErrNoHistory = errors.New("live: the match was kept without its history")

// TranscriptPage is the most frames a Transcript answers at once, and
// TranscriptBytes the most of their public states, as JSON, that it
// gathers: a page stops before the frame that would take it past that,
// judging each frame by the size of the one before (a page holds one
// frame at least), so that a page of large states costs about what one
// of small ones does. A page of a 30x30 Tron match or of a Tidebreakers
// match holds 100 frames; one late in a 100x100 Tron match, whose trails
// hold 6,000 cells (about 50 KB a state), holds 5.
const (
	TranscriptPage  = 100
	TranscriptBytes = 256 << 10
)

// Transcript is a page of a match's transcript.
type Transcript struct {
	// Game is the game's slug.
	Game string
	Code string
	// From is the number of the page's first frame: 0 is the deal.
	From   int
	Frames []Frame
	// More: the match has frames past the page's last.
	More bool
}

// Frame is the match after one change: the change (nil for the deal) and
// the public state then, as the game's API.Public writes it, in JSON, but
// for its log, which holds only the entries the change added (the frames'
// logs together are the match's: a frame's state stays small however long
// the match).
type Frame struct {
	Change json.RawMessage
	Over   bool
	Public json.RawMessage
}

// Transcript answers the page of match code's transcript that begins at
// frame from: up to TranscriptPage frames and about TranscriptBytes of
// states, as many as the match has had so far while it runs. A match
// still in its lobby has none.
func (s *Server) Transcript(ctx context.Context, code string, from int) (*Transcript, error) {
	m, err := s.Read(ctx, code)
	if err != nil {
		return nil, err
	}
	out := &Transcript{Game: s.game.Slug, Code: m.Code, From: from}
	if m.Table == nil {
		if from > 0 {
			return nil, play.Errorf(play.CodeInvalidRequest, "match %s is in its lobby: it has no frames yet", m.Code)
		}
		return out, nil
	}
	r, ok := m.Table.(Replayer)
	if !ok {
		return nil, play.Errorf(play.CodeNotFound, "match %s has no transcript", m.Code)
	}
	frame := *m
	frame.Pending, frame.Deadline = nil, 0
	n, size, last := 0, 0, 0 // last: the size of the page's last state
	err = r.Replay(from, func(t Table, change json.RawMessage) error {
		switch {
		case n == from+TranscriptPage || n > from && size+last > TranscriptBytes:
			out.More = true
			return ErrEnough
		case n >= from:
			frame.Table, frame.Log = t, append([]json.RawMessage{}, t.Recorded()...)
			public, err := json.Marshal(s.Public(&frame))
			if err != nil {
				return err
			}
			size, last = size+len(public), len(public)
			out.Frames = append(out.Frames, Frame{Change: change, Over: t.Phase().Over, Public: public})
		}
		n++
		return nil
	})
	if errors.Is(err, ErrEnough) {
		err = nil
	}
	if errors.Is(err, ErrNoHistory) {
		return nil, play.Errorf(play.CodeNotFound, "match %s was kept before live matches kept their history: it has no transcript", m.Code)
	}
	if err != nil {
		return nil, err
	}
	if from > n {
		return nil, play.Errorf(play.CodeInvalidRequest, "match %s has %d frames so far; from must be at most that", m.Code, n)
	}
	return out, nil
}
