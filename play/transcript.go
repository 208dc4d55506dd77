package play

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
)

// A ranked match's transcript is its ledger replayed on the game: the
// init with the sealed seed and the recorded options, the bots' opening
// moves, then each recorded action with the bots' moves, as Init and Act
// played them. Each step's answer is the envelope the player received,
// written as soon as it is made (a game's view may share the match's
// memory, which the next action changes), but for what the ledger does
// not keep: the state token (left empty), the spec (init only; left out)
// and the answer option (every answer has the full shape, "both").
// Refused actions spent nothing and are not in the ledger, so the
// transcript holds the accepted steps only. The seed shows only in the
// answer that ended the match, as it did to the player. No game's rules
// read the clock Match.Act is given (the ledger keeps no times), so the
// replay gives it the service's clock, as the bots' rounds have it.
//
// A replay costs what the match's requests cost together (the wise Tron
// bot's searches in a long 100x100 duel, tens of seconds), so the
// transcript is served a page at a time, each page replaying its own
// actions only: pages begin at the multiples of TranscriptPage, and the
// first time a page is replayed, the match's state at its end is kept in
// the ledger as a checkpoint (expiring with the ledger; never answered),
// from which the next page is replayed. A page whose checkpoint no
// request has kept yet is refused: the pages are read in order, each
// naming the next.

// TranscriptPage is the most steps RankedTranscript answers at once, and
// so the most actions it replays: a page of a 100x100 Tron duel against
// the wise bot took 0.23 s on average and 0.7 s at the 99th percentile
// on a 2-core Xeon, and a Lambda of 256 MB has a seventh of a core for a
// 10-second timeout.
const TranscriptPage = 10

// RankedTranscript is a page of a ranked match's transcript.
type RankedTranscript struct {
	ID      string
	Game    string
	Options map[string]string
	// Seed is the match's seed when the page ends the match, or once its
	// tokens have expired; nil otherwise.
	Seed *uint64
	// From is the number of the page's first step: 0 is the init, n the
	// answer to action n.
	From  int
	Steps []TranscriptStep
	// More: the ledger holds a step past the page's last.
	More bool
}

// TranscriptStep is an accepted init or action and the answer its player
// received, as Envelope.AppendJSON writes it.
type TranscriptStep struct {
	Action json.RawMessage // nil at the init
	Answer json.RawMessage
}

// RankedTranscript answers the page of the ranked match id of game slug
// that begins at step from, a multiple of TranscriptPage: up to
// TranscriptPage steps, those recorded so far while the match runs.
func (s *Service) RankedTranscript(ctx context.Context, slug, id string, from int) (*RankedTranscript, error) {
	g, rid, head, err := s.openLedger(ctx, slug, id)
	if err != nil {
		return nil, err
	}
	if from < 0 || from > MaxRankedSteps || from%TranscriptPage != 0 {
		return nil, Errorf(CodeInvalidRequest, "from must be a multiple of %d from 0 to %d, where a page begins", TranscriptPage, MaxRankedSteps)
	}
	end := from + TranscriptPage - 1 // the page's last step
	m, initEvents, kept, err := s.resume(ctx, g, rid, head, from, end)
	if err != nil {
		return nil, err
	}
	first := max(from, 1) // the first action replayed
	steps, err := s.ledgerSteps(ctx, rid, uint64(first), end+2-first)
	if err != nil {
		return nil, err
	}
	if from > 0 && len(steps) == 0 {
		return nil, Errorf(CodeInvalidRequest, "the ranked %s match %s has %d steps so far (0 to %d); from must name one of them", slug, id, from, from-1)
	}
	t := &RankedTranscript{ID: id, Game: slug, Options: head.Options, From: from}
	rec := &record{seed: head.Seed, picked: true, ranked: &rankedRef{id: rid}}
	over := false // the page's last answer ends the match
	if from == 0 {
		env := s.envelope(g, m.View(Caller), "", rec)
		env.Events = initEvents
		if err := t.add(nil, env); err != nil {
			return nil, err
		}
		over = env.GameOver
	}
	for i, st := range steps {
		n := first + i
		if n > end {
			t.More = true
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		events, err := s.replay(m, st.Action)
		if err != nil {
			return nil, fmt.Errorf("%s ranked match %s: action %d: %w", slug, id, n, err)
		}
		p := m.View(Caller)
		if p.GameOver != st.Over || p.Score != st.Score {
			return nil, fmt.Errorf("%s ranked match %s: action %d replays to score %d (over %t), the ledger says %d (over %t)", slug, id, n, p.Score, p.GameOver, st.Score, st.Over)
		}
		env := s.envelope(g, p, "", rec)
		env.Events = events
		if err := t.add(st.Action, env); err != nil {
			return nil, err
		}
		if n == end && !kept {
			if err := s.keepCheckpoint(ctx, m, rid, head, n); err != nil {
				return nil, err
			}
		}
		over = p.GameOver
	}
	if over || !s.clock().Before(head.deadline()) {
		t.Seed = &head.Seed
	}
	return t, nil
}

// add writes a step's answer into the page.
func (t *RankedTranscript) add(action json.RawMessage, env *Envelope) error {
	answer, err := env.AppendJSON(nil)
	t.Steps = append(t.Steps, TranscriptStep{Action: action, Answer: answer})
	return err
}

// resume answers the match as it stood when the page from begins: new
// with the bots' opening moves (and their events) when from is 0, else
// decoded from the checkpoint the page before kept; and whether the
// checkpoint of step end, the page's last, is kept already.
func (s *Service) resume(ctx context.Context, g Game, rid [16]byte, head *ledgerHead, from, end int) (Match, []any, bool, error) {
	refs := []string{checkpointRef(rid, end)}
	if from > 0 {
		refs = append(refs, checkpointRef(rid, from-1))
	}
	found, err := s.ledger.LoadMany(ctx, ledgerGame, refs)
	if err != nil {
		return nil, nil, false, err
	}
	kept := found[0] != nil
	if from > 0 {
		if found[1] == nil {
			return nil, nil, false, Errorf(CodeInvalidRequest, "the transcript of ranked match %s is replayed a page at a time, each from where the page before ended, "+
				"and no request has read the page before from=%d yet (or the match has fewer steps): read the pages in order, starting at from=0 (each page names the next)", rankedID(rid), from)
		}
		m, err := g.Decode(found[1])
		return m, nil, kept, err
	}
	m, err := g.New(head.Seed, head.Options)
	if err != nil {
		return nil, nil, false, err
	}
	events, err := s.playBots(m, nil)
	return m, events, kept, err
}

// replay plays a recorded action on m as Act played it: with the moves of
// the bots acting at the same moment, then the bots' rounds until the
// caller must act again. It answers the events of both.
func (s *Service) replay(m Match, action json.RawMessage) ([]any, error) {
	phase := m.Phase()
	if !phase.Over && !phase.Acts(Caller) {
		return nil, fmt.Errorf("the caller's seat is not to act in %v", phase.ToAct)
	}
	moves := []Move{{Seat: Caller, Action: action}}
	if !phase.Over {
		var err error
		if moves, err = botMoves(m, phase, moves); err != nil {
			return nil, err
		}
	}
	events, err := m.Act(moves, s.clock())
	if err != nil {
		return nil, fmt.Errorf("the recorded action does not replay: %w", err)
	}
	return s.playBots(m, events)
}

// keepCheckpoint keeps m, the match after step n, in the ledger until the
// ledger itself expires. Two replays may race to keep it: their states
// are the same, so the one that loses has nothing more to do.
func (s *Service) keepCheckpoint(ctx context.Context, m Match, rid [16]byte, head *ledgerHead, n int) error {
	state, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	_, err = s.ledger.Save(ctx, ledgerGame, checkpointRef(rid, n), state, 0, head.deadline().Add(Retention))
	if IsCode(err, CodeConflict) {
		return nil
	}
	return err
}

// checkpointRef is where the ledger keeps a ranked match's state after
// step n, for replays.
func checkpointRef(id [16]byte, n int) string { return rankedID(id) + ".state" + strconv.Itoa(n) }
