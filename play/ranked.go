package play

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"

	"github.com/agentgames/bundle/play/wire"
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
//
// A ranked match may be played for RankedLifetime from its start: its
// deadline is sealed in every token, and a token is refused from then on
// (CodeTokenExpired). Its ledger is kept, whole, until Retention after
// that deadline, so a token can never outlive the record of its spending.
// Its tokens play only on a server whose store holds its ledger: a token
// whose ledger is not found is refused (CodeLedgerMissing), never played
// as if new.

// RankedOption is the init option that asks for a ranked match: "true" or
// "false".
const RankedOption = "ranked"

// ledgerGame names ranked ledgers among a store's matches.
const ledgerGame = "ranked"

// RankedLifetime is how long a ranked match may be played from its start.
const RankedLifetime = 24 * time.Hour

// MaxRankedSteps bounds how many actions Ranked reads back from a ledger.
const MaxRankedSteps = 100000

// ledgerHead is a ranked match's first ledger entry, written on init.
type ledgerHead struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seed    uint64            `json:"seed"`
	Created int64             `json:"created"` // unix milliseconds
	// Deadline is when its tokens stop playing, in unix seconds (0 in
	// ledgers started before ranked matches had one).
	Deadline int64 `json:"deadline,omitempty"`
	// Agent started the match, on Board (see Info.Board); nil for an
	// anonymous match, which counts for no one.
	Agent *AgentRef `json:"agent,omitempty"`
	Board string    `json:"board,omitempty"`
}

// deadline is when the match's tokens stop playing.
func (h *ledgerHead) deadline() time.Time {
	if h.Deadline == 0 {
		return time.UnixMilli(h.Created).Add(RankedLifetime)
	}
	return time.Unix(h.Deadline, 0)
}

// ledgerStep is one spent action.
type ledgerStep struct {
	Action json.RawMessage `json:"action"`
	Over   bool            `json:"over,omitempty"`
	Score  int             `json:"score"`
	Result json.RawMessage `json:"result,omitempty"`
}

// RankedRecord is a ranked match as its ledger shows it: the seed only
// once the match is over, or can no longer be played.
type RankedRecord struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Actions []json.RawMessage `json:"actions"`
	Over    bool              `json:"over"`
	// Expires is when the match's tokens stop playing (RFC 3339, UTC).
	Expires string          `json:"expires"`
	Seed    *uint64         `json:"seed,omitempty"`
	Score   *int            `json:"score,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
}

// Ledger is a database ranked matches are recorded in: conditional
// creates to spend tokens, reads of many entries at once to show a
// match, and the sorted indexes of the boards.
type Ledger interface {
	Store
	ManyLoader
	Indexer
}

// RankedPage is how many actions Ranked reads from a ledger at once.
const RankedPage = 100

// WithLedger has the service offer ranked play, recording spent tokens in
// store. Without one, a ranked init is refused.
func (s *Service) WithLedger(store Ledger) *Service {
	s.ledger = store
	return s
}

// startRanked opens the ledger of a new ranked match, credited to its
// agent on board when boarded.
func (s *Service) startRanked(ctx context.Context, slug, board string, boarded bool, options map[string]string, rec *record) error {
	if s.ledger == nil {
		return Errorf(CodeInvalidRequest, "this server keeps no ledger, so it offers no ranked play; leave out %s=true", RankedOption)
	}
	now := s.clock()
	rr := &rankedRef{deadline: now.Add(RankedLifetime).Truncate(time.Second)}
	rand.Read(rr.id[:])
	h := ledgerHead{Game: slug, Options: options, Seed: rec.seed, Created: now.UnixMilli(), Deadline: rr.deadline.Unix()}
	if a, ok := AgentOf(ctx); ok && s.credits != nil && boarded {
		h.Agent, h.Board = &a, board
	}
	head, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if _, err := s.ledger.Save(ctx, ledgerGame, rankedID(rr.id), head, 0, rr.deadline.Add(Retention)); err != nil {
		return err
	}
	if h.Agent != nil {
		run := RankedRun{ID: rankedID(rr.id), Game: slug, Board: board, Agent: *h.Agent, Deadline: rr.deadline}
		if err := s.credits.Open(ctx, run); err != nil {
			return err
		}
	}
	rec.ranked = rr
	return nil
}

// checkRanked refuses a ranked match's token past its deadline, or whose
// ledger this server's store does not hold as the token says it should:
// the head, and the step before the token's. It answers the head.
func (s *Service) checkRanked(ctx context.Context, slug string, rr *rankedRef) (*ledgerHead, error) {
	if s.ledger == nil {
		return nil, Errorf(CodeTokenFormat, "the state holds a ranked match, and this server keeps no ledger to play it")
	}
	if !s.clock().Before(rr.deadline) {
		return nil, Errorf(CodeTokenExpired, "this ranked match could be played until %s; its tokens no longer play (GET /api/games/%s/ranked/%s shows its ledger)",
			rr.deadline.UTC().Format(time.RFC3339), slug, rankedID(rr.id))
	}
	refs := []string{rankedID(rr.id)}
	if rr.spent > 0 {
		refs = append(refs, stepRef(rr.id, rr.spent))
	}
	found, err := s.ledger.LoadMany(ctx, ledgerGame, refs)
	if err != nil {
		return nil, err
	}
	var head ledgerHead
	if found[0] == nil || json.Unmarshal(found[0], &head) != nil || head.Game != slug || (len(found) > 1 && found[1] == nil) {
		return nil, Errorf(CodeLedgerMissing, "this server's store holds no ledger of the ranked match %s as far as this token has played it "+
			"(it was started on a server with another store, or the store lost it), so the token cannot be played here", rankedID(rr.id))
	}
	return &head, nil
}

// spend records the accepted action that spends a ranked token; a token
// spent already answers CodeTokenSpent.
func (s *Service) spend(ctx context.Context, rr *rankedRef, action json.RawMessage, p Presentation) error {
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
	_, err = s.ledger.Save(ctx, ledgerGame, stepRef(rr.id, rr.spent+1), entry, 0, rr.deadline.Add(Retention))
	if IsCode(err, CodeConflict) {
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
	_, rid, head, err := s.openLedger(ctx, slug, id)
	if err != nil {
		return nil, err
	}
	deadline := head.deadline()
	out := &RankedRecord{ID: id, Game: slug, Options: head.Options, Actions: []json.RawMessage{}, Expires: deadline.UTC().Format(time.RFC3339)}
	if !s.clock().Before(deadline) {
		out.Seed = &head.Seed // nothing more can be played: the seed is no secret
	}
	steps, err := s.ledgerSteps(ctx, rid, 1, MaxRankedSteps)
	if err != nil {
		return nil, err
	}
	for _, st := range steps {
		out.Actions = append(out.Actions, st.Action)
		if st.Over {
			out.Over, out.Seed, out.Score, out.Result = true, &head.Seed, &st.Score, st.Result
		}
	}
	return out, nil
}

// openLedger finds the ledger of the ranked match id of game slug: the
// game, the match's id as bytes and the ledger's head. A match the store
// does not hold answers CodeNoMatch; a store that fails (or is damaged)
// answers its error, never passing for one without the match.
func (s *Service) openLedger(ctx context.Context, slug, id string) (Game, [16]byte, *ledgerHead, error) {
	var rid [16]byte
	g, err := s.Game(slug)
	if err != nil {
		return nil, rid, nil, err
	}
	noMatch := Errorf(CodeNoMatch, "no ranked %s match has the id %s", slug, wire.Quote(id))
	raw, err := hex.DecodeString(id)
	if s.ledger == nil || err != nil || len(raw) != 16 {
		return nil, rid, nil, noMatch
	}
	copy(rid[:], raw)
	data, _, err := s.ledger.Load(ctx, ledgerGame, rankedID(rid))
	if IsCode(err, CodeNoMatch) {
		return nil, rid, nil, noMatch
	} else if err != nil {
		return nil, rid, nil, err
	}
	var head ledgerHead
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, rid, nil, err
	}
	if head.Game != slug {
		return nil, rid, nil, noMatch
	}
	return g, rid, &head, nil
}

// ledgerSteps reads at most n actions of a ranked match's ledger from
// action first (from 1) on, RankedPage at a time, up to the last one
// recorded or the one that ended the match.
func (s *Service) ledgerSteps(ctx context.Context, rid [16]byte, first uint64, n int) ([]ledgerStep, error) {
	var steps []ledgerStep
	for len(steps) < n {
		refs := make([]string, min(RankedPage, n-len(steps)))
		for i := range refs {
			refs[i] = stepRef(rid, first+uint64(len(steps)+i))
		}
		page, err := s.ledger.LoadMany(ctx, ledgerGame, refs)
		if err != nil {
			return nil, err
		}
		for _, data := range page {
			if data == nil {
				return steps, nil // no such step: the ledger ends here
			}
			var st ledgerStep
			if err := json.Unmarshal(data, &st); err != nil {
				return nil, err
			}
			steps = append(steps, st)
			if st.Over {
				return steps, nil
			}
		}
	}
	return steps, nil
}

// rankedID is a ranked match's id as answers show it and as its ledger
// head is stored.
func rankedID(id [16]byte) string { return hex.EncodeToString(id[:]) }

// stepRef is where the ledger keeps action n (from 1) of a ranked match.
func stepRef(id [16]byte, n uint64) string { return rankedID(id) + "." + strconv.FormatUint(n, 10) }
