package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// cardDialect is an implementation written from the cards alone, made by
// rewriting this bundle's answers wherever the cards leave a decision
// open: create answers 200, errors are {error: message} with 400 for
// every refusal but 404, the public state has only the card's fields
// (phases named otherwise, the tile counts as player_tiles, the log's
// recent part), an action of a live match answers {ok: true}, a join
// {seat, token}, and the loop's envelopes carry only the common API's
// fields (a refusal { ok: false, reason, legalActions }).
type cardDialect struct{ h http.Handler }

func (d cardDialect) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	d.h.ServeHTTP(rec, r)
	status, body := rec.Code, rec.Body.Bytes()
	var m map[string]any
	json.Unmarshal(body, &m)
	path := r.URL.Path
	switch {
	case status >= 400:
		var e struct {
			Error struct{ Message string } `json:"error"`
		}
		json.Unmarshal(body, &e)
		m = map[string]any{"error": e.Error.Message}
		if status != http.StatusNotFound {
			status = http.StatusBadRequest
		}
	case m == nil:
	case strings.HasPrefix(path, "/api/matches"):
		m = cardLive(r.Method, path, m)
		status = http.StatusOK
	case strings.HasPrefix(path, "/api/games/") && m["ok"] == false:
		m = map[string]any{"ok": false, "reason": m["reason"], "legalActions": m["legalActions"]}
	case strings.HasPrefix(path, "/api/games/"):
		for _, k := range []string{"ok", "turn", "view", "events", "result", "seed", "actionRanges", "code", "reason"} {
			delete(m, k)
		}
	}
	if m != nil {
		body, _ = json.Marshal(m)
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// cardLive rewrites a live match's answer m to what the card gives.
func cardLive(method, path string, m map[string]any) map[string]any {
	op := path[strings.LastIndex(path, "/")+1:]
	switch {
	case method == http.MethodPost && (op == "supply" || op == "attack" || op == "pass"):
		return map[string]any{"ok": true}
	case method == http.MethodPost && op == "join":
		return map[string]any{"seat": m["seat"], "token": m["token"]}
	case method != http.MethodGet:
		return m
	}
	m["player_tiles"] = m["tile_counts"]
	for _, k := range []string{"seats", "tile_counts", "strengths", "ending", "places", "code", "players"} {
		delete(m, k)
	}
	m["phase"] = map[any]string{"lobby": "waiting", "supply": "reinforce", "attack": "expedition", "over": "finished"}[m["phase"]]
	if log, _ := m["log"].([]any); len(log) > 3 {
		m["log"] = log[len(log)-3:]
	}
	return m
}

// runProfile runs the protocol level of every game against h under
// profile, and answers the results.
func runProfile(t *testing.T, h http.Handler, profile check.Profile, levels ...string) []conformance.Result {
	t.Helper()
	cs, err := conformance.Checks(conformance.Options{Levels: levels, Seeds: 2, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	return conformance.Run(context.Background(), check.HandlerTarget(h), cs, 4, nil)
}

// TestCardProfileJudgesACardImplementation: an implementation that
// decides what the cards leave open otherwise than this bundle passes
// every check of the cards' profile, the live match's twelve included
// (the ones of this bundle's contract reported skipped, with what the
// cards leave open), and fails the bundle's profile.
func TestCardProfileJudgesACardImplementation(t *testing.T) {
	t.Parallel()
	dialect := cardDialect{testserver.WithLive(t, nil)}
	ran, skipped := 0, 0
	for _, r := range runProfile(t, dialect, check.Card, check.Protocol) {
		switch {
		case r.Skipped() != "":
			skipped++
			if !strings.Contains(r.Skipped(), "this bundle's") && !strings.Contains(r.Skipped(), "README") {
				t.Errorf("%s is skipped without saying what the cards leave open: %s", r.Ref(), r.Skipped())
			}
		case r.Err != nil:
			t.Errorf("%s: %v", r.Ref(), r.Err)
		default:
			ran++
			if strings.HasPrefix(r.Name, "live/") {
				t.Logf("ran %s", r.Ref())
			}
		}
	}
	t.Logf("card profile: %d ran, %d skipped", ran, skipped)
	failed := map[string]int{}
	for _, r := range runProfile(t, dialect, check.Bundle, check.Protocol) {
		if r.Failure() != nil {
			failed[r.Game]++
		}
	}
	for _, game := range conformance.Slugs() {
		if failed[game] == 0 {
			t.Errorf("the bundle's profile passes every %s protocol check against the card dialect", game)
		}
	}
}

// TestCardProfilePassesTheBundle: this bundle implements the cards too.
func TestCardProfilePassesTheBundle(t *testing.T) {
	t.Parallel()
	for _, r := range runProfile(t, testserver.WithLive(t, nil), check.Card, check.Protocol) {
		if r.Failure() != nil {
			t.Errorf("%s: %v", r.Ref(), r.Err)
		}
	}
}

// TestCardProfileStillJudgesTheRules: the cards' profile fails a live
// match whose expeditions break the card's combat rule.
func TestCardProfileStillJudgesTheRules(t *testing.T) {
	t.Parallel()
	broken := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		cardDialect{testserver.WithLive(t, nil)}.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/matches/") {
			body = bytes.Replace(body, []byte(`"strength":4`), []byte(`"strength":5`), 1)
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
	judged := false
	for _, r := range runProfile(t, broken, check.Card, check.Protocol) {
		if r.Ref() == "tidebreakers/protocol/live/combat" {
			judged = r.Failure() != nil
		}
	}
	if !judged {
		t.Error("live/combat passes, or is missing, against a match whose first corner island starts with 5")
	}
}
