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
// game's grammar, or what the clock's rule did. frame reads the table
// only during the call. A table kept before it could replay answers
// ErrNoHistory.
type Replayer interface {
	Replay(frame func(t Table, change json.RawMessage) error) error
}

// ErrNoHistory is what Replay answers for a match stored before its
// table kept its changes.
var ErrNoHistory = errors.New("live: the match was kept without its history")

// TranscriptPage is the most frames a Transcript answers at once: a page
// of a long 100x100 Tron match is one whole state of about 90 KB and
// patches of a few hundred bytes for the rest.
const TranscriptPage = 100

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
// the public state then, as the game's API.Public writes it, but for its log, which
// holds only the entries the change added (the frames' logs together are
// the match's: a frame's state stays small however long the match).
type Frame struct {
	Change json.RawMessage
	Over   bool
	Public any
}

// Transcript answers the page of match code's transcript that begins at
// frame from: up to TranscriptPage frames, as many as the match has had
// so far while it runs. A match still in its lobby has none.
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
	n := 0
	err = r.Replay(func(t Table, change json.RawMessage) error {
		if n >= from && n < from+TranscriptPage {
			frame.Table, frame.Log = t, append([]json.RawMessage{}, t.Recorded()...)
			out.Frames = append(out.Frames, Frame{Change: change, Over: t.Phase().Over, Public: s.Public(&frame)})
		}
		n++
		return nil
	})
	if errors.Is(err, ErrNoHistory) {
		return nil, play.Errorf(play.CodeNotFound, "match %s was kept before live matches kept their history: it has no transcript", m.Code)
	}
	if err != nil {
		return nil, err
	}
	if from > n {
		return nil, play.Errorf(play.CodeInvalidRequest, "match %s has %d frames so far; from must be at most that", m.Code, n)
	}
	out.More = n > from+TranscriptPage
	return out, nil
}
