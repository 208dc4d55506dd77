package play

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
)

// Ranked play makes results fit for comparing agents: the server picks the
// seed and keeps it sealed until the match ends, and every token can be
// spent once. Each accepted action of a ranked match is recorded in a
// ledger, a Store with conditional creates (the same database live
// matches use), under the match's id and the action's number; a second
// action from the same token loses that create and is answered
// CodeTokenSpent. A refused action spends nothing. After the end the
// ledger shows the seed and every action, so anyone can replay the match
// with the documented generator and check its result.

// RankedOption is the init option that asks for a ranked match: "true" or
// "false".
const RankedOption = "ranked"

// ledgerGame names ranked ledgers among a store's matches.
const ledgerGame = "ranked"

// MaxRankedSteps bounds how many actions Ranked reads back from a ledger.
const MaxRankedSteps = 100000

// ledgerHead is a ranked match's first ledger entry, written on init.
type ledgerHead struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seed    uint64            `json:"seed"`
	Created int64             `json:"created"` // unix milliseconds
}

// ledgerStep is one spent action.
type ledgerStep struct {
	Action json.RawMessage `json:"action"`
	Over   bool            `json:"over,omitempty"`
	Score  int             `json:"score"`
	Result json.RawMessage `json:"result,omitempty"`
}

// RankedRecord is a ranked match as its ledger shows it: the seed only
// once the match is over.
type RankedRecord struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Actions []json.RawMessage `json:"actions"`
	Over    bool              `json:"over"`
	Seed    *uint64           `json:"seed,omitempty"`
	Score   *int              `json:"score,omitempty"`
	Result  json.RawMessage   `json:"result,omitempty"`
}

// Ledger is a database ranked matches are recorded in: conditional
// creates to spend tokens, and reads of many entries at once to show a
// match.
type Ledger interface {
	Store
	ManyLoader
}

// RankedPage is how many actions Ranked reads from a ledger at once.
const RankedPage = 100

// WithLedger has the service offer ranked play, recording spent tokens in
// store. Without one, a ranked init is refused.
func (s *Service) WithLedger(store Ledger) *Service {
	s.ledger = store
	return s
}

// startRanked opens the ledger of a new ranked match.
func (s *Service) startRanked(ctx context.Context, slug string, options map[string]string, rec *record) error {
	if s.ledger == nil {
		return Errorf(CodeInvalidRequest, "this server keeps no ledger, so it offers no ranked play; leave out %s=true", RankedOption)
	}
	rr := &rankedRef{}
	rand.Read(rr.id[:])
	head, err := json.Marshal(ledgerHead{Game: slug, Options: options, Seed: rec.seed, Created: s.clock().UnixMilli()})
	if err != nil {
		return err
	}
	if _, err := s.ledger.Save(ctx, ledgerGame, rankedID(rr.id), head, 0); err != nil {
		return err
	}
	rec.ranked = rr
	return nil
}

// spend records the accepted action that spends a ranked token; a token
// spent already answers CodeTokenSpent.
func (s *Service) spend(ctx context.Context, rr *rankedRef, action json.RawMessage, p Presentation) error {
	if s.ledger == nil {
		return Errorf(CodeTokenFormat, "the state holds a ranked match, and this server keeps no ledger to play it")
	}
	step := ledgerStep{Action: action, Over: p.GameOver, Score: p.Score}
	if p.GameOver && p.Result != nil {
		var err error
		if step.Result, err = json.Marshal(p.Result); err != nil {
			return err
		}
	}
	entry, err := json.Marshal(step)
	if err != nil {
		return err
	}
	_, err = s.ledger.Save(ctx, ledgerGame, stepRef(rr.id, rr.spent+1), entry, 0)
	var pe *Error
	if errors.As(err, &pe) && pe.Code == CodeConflict {
		return Errorf(CodeTokenSpent, "this ranked token was spent on action %d already; play on from the state its answer gave", rr.spent+1)
	}
	if err != nil {
		return err
	}
	rr.spent++
	return nil
}

// Ranked answers the ledger of the ranked match id of game slug: its
// actions so far, and once it is over its seed, score and result.
func (s *Service) Ranked(ctx context.Context, slug, id string) (*RankedRecord, error) {
	if _, err := s.Game(slug); err != nil {
		return nil, err
	}
	raw, err := hex.DecodeString(id)
	if s.ledger == nil || err != nil || len(raw) != 16 {
		return nil, Errorf(CodeNoMatch, "no ranked %s match has the id %q", slug, id)
	}
	var rid [16]byte
	copy(rid[:], raw)
	data, _, err := s.ledger.Load(ctx, ledgerGame, rankedID(rid))
	if err != nil {
		return nil, Errorf(CodeNoMatch, "no ranked %s match has the id %q", slug, id)
	}
	var head ledgerHead
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	if head.Game != slug {
		return nil, Errorf(CodeNoMatch, "no ranked %s match has the id %q", slug, id)
	}
	out := &RankedRecord{ID: id, Game: slug, Options: head.Options, Actions: []json.RawMessage{}}
	for from := uint64(1); from <= MaxRankedSteps; from += RankedPage {
		refs := make([]string, RankedPage)
		for i := range refs {
			refs[i] = stepRef(rid, from+uint64(i))
		}
		page, err := s.ledger.LoadMany(ctx, ledgerGame, refs)
		if err != nil {
			return nil, err
		}
		for _, data := range page {
			if data == nil {
				return out, nil // no such step: the ledger ends here
			}
			var st ledgerStep
			if err := json.Unmarshal(data, &st); err != nil {
				return nil, err
			}
			out.Actions = append(out.Actions, st.Action)
			if st.Over {
				out.Over, out.Seed, out.Score, out.Result = true, &head.Seed, &st.Score, st.Result
				return out, nil
			}
		}
	}
	return out, nil
}

// rankedID is a ranked match's id as answers show it and as its ledger
// head is stored.
func rankedID(id [16]byte) string { return hex.EncodeToString(id[:]) }

// stepRef is where the ledger keeps action n (from 1) of a ranked match.
func stepRef(id [16]byte, n uint64) string { return rankedID(id) + "." + strconv.FormatUint(n, 10) }
