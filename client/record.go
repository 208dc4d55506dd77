package client

import (
	"encoding/json"
	"maps"

	"github.com/agentgames/bundle/golden"
)

// Record starts keeping the session's match as its agent sees it, from
// the last answer on (call it right after Start, with Start's query): a
// transcript in the golden files' format, every answer kept whole
// without its state token and spec, that the replay viewer opens. The
// case it answers grows with every Act. A long match is best written
// compact: Compact(golden.Checkpoint).Marshal().
func (s *Session) Record(query map[string]string) (*golden.Case, error) {
	s.rec = &golden.Case{Format: golden.Format, Game: s.Game, Name: "recorded", Covers: []string{}, Query: maps.Clone(query), TokenField: s.Field, Full: true}
	return s.rec, s.keep(nil, s.Last)
}

// keep adds an answer and the action that brought it to the transcript
// being recorded, if any.
func (s *Session) keep(action json.RawMessage, a *Answer) error {
	if s.rec == nil {
		return nil
	}
	answer, err := golden.Recorded(a.Body)
	if err != nil {
		return err
	}
	digest, err := golden.Digest(a.Body)
	if err != nil {
		return err
	}
	s.rec.Steps = append(s.rec.Steps, golden.Step{Action: action, Digest: digest, Answer: answer})
	return nil
}
