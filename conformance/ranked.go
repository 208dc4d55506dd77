package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/play"
)

// VerifyRanked fetches the ledger of the finished ranked match game/id
// from t and replays it on replay: init with its seed and options, then
// its actions in order, every one accepted, ending the match with the
// ledger's score and result. It answers the ledger.
func VerifyRanked(ctx context.Context, t check.Target, replay client.Transport, game, id string) (*play.RankedRecord, error) {
	r, err := t.Do(ctx, "GET", "/api/games/"+game+"/ranked/"+id, nil, nil)
	if err != nil {
		return nil, err
	}
	if r.Status != 200 {
		return nil, fmt.Errorf("GET the ledger: HTTP %d: %s", r.Status, brief(string(r.Body)))
	}
	var l play.RankedRecord
	if err := json.Unmarshal(r.Body, &l); err != nil {
		return nil, fmt.Errorf("the ledger is not JSON: %w", err)
	}
	if !l.Over || l.Seed == nil || l.Score == nil {
		return &l, fmt.Errorf("the match %s is not over: %d actions so far, and its seed stays sealed until the end", id, len(l.Actions))
	}
	query := map[string]string{"seed": strconv.FormatUint(*l.Seed, 10)}
	for k, v := range l.Options {
		query[k] = v
	}
	s, err := client.Start(ctx, replay, game, query)
	if err != nil {
		return &l, err
	}
	for i, a := range l.Actions {
		if s.Last.GameOver {
			return &l, fmt.Errorf("the replay ended after %d of the ledger's %d actions", i, len(l.Actions))
		}
		ans, err := s.Act(ctx, a)
		if err != nil {
			return &l, err
		}
		if !ans.OK {
			return &l, fmt.Errorf("the replay refused action %d %s: %s %s", i+1, a, ans.Code, ans.Reason)
		}
	}
	var end struct {
		Score    int             `json:"score"`
		GameOver bool            `json:"gameOver"`
		Result   json.RawMessage `json:"result"`
	}
	json.Unmarshal(s.Last.Body, &end)
	if !end.GameOver {
		return &l, fmt.Errorf("the replay of all %d actions leaves the match open", len(l.Actions))
	}
	if end.Score != *l.Score {
		return &l, fmt.Errorf("the replay scores %d, the ledger %d", end.Score, *l.Score)
	}
	if m, err := Compare(l.Result, end.Result); err != nil || m != nil {
		return &l, fmt.Errorf("the replay's result differs from the ledger's: %v%v", m, err)
	}
	return &l, nil
}
