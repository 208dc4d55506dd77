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
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// cardDialect is an implementation written from the cards alone, made by
// rewriting this bundle's answers wherever the cards leave a decision
// open: create answers 201, errors are {error: message} with 400 for
// every refusal but 404, the public state has only the card's fields
// (phases named otherwise, the tile counts as player_tiles, the log's
// recent part, and every field the card does not name of another type
// and shape than the bundle's: players a list of seats, say), an action of a live match answers {ok: true}, a join
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
		if r.Method == http.MethodPost && path == "/api/matches" {
			status = http.StatusCreated
		}
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
	// Every field the card leaves open, of another type and shape: the
	// tile counts an object by seat, players a list of seats, seats an
	// object, the rest of other types, and the tiles with members of
	// their own.
	counts := map[string]any{}
	for i, n := range m["tile_counts"].([]any) {
		counts[strconv.Itoa(i)] = n
	}
	players := []any{}
	for _, st := range m["seats"].([]any) {
		players = append(players, map[string]any{"who": st.(map[string]any)["name"], "kind": []any{"seat"}})
	}
	m["player_tiles"], m["players"], m["seats"] = counts, players, map[string]any{"count": len(players)}
	m["strengths"], m["ending"], m["places"], m["code"] = "hidden", 7, map[string]any{"podium": m["places"]}, []any{m["code"]}
	for i, tile := range m["tiles"].([]any) {
		t := tile.(map[string]any)
		t["id"], t["neighbours"] = "t"+strconv.Itoa(i), map[string]any{"n": i}
	}
	delete(m, "tile_counts")
	m["phase"] = map[any]string{"lobby": "waiting", "supply": "reinforce", "attack": "expedition", "over": "finished"}[m["phase"]]
	if log, _ := m["log"].([]any); len(log) > 3 {
		m["log"] = log[len(log)-3:]
	}
	return m
}

// runProfile runs levels of every game under profile, two seeds a
// referee, against the server serve makes on a clock that jumps (the
// lobby's wait takes no real time: under the cards' profile it is the one
// check that waits, and no other check of the run waits on a clock), and
// answers the results.
func runProfile(t *testing.T, serve func(clock func() time.Time) http.Handler, profile check.Profile, levels ...string) []conformance.Result {
	t.Helper()
	cs, err := conformance.Checks(conformance.Options{Levels: levels, Seeds: 2, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	j := &check.Jump{}
	target := check.HandlerTarget(serve(j.Now))
	target.Clock = j
	return conformance.Run(context.Background(), target, cs, 4, nil)
}

// bundle is this bundle's server on clock.
func bundle(t *testing.T) func(clock func() time.Time) http.Handler {
	return func(clock func() time.Time) http.Handler { return testserver.WithLive(t, clock) }
}

// dialectOf is the card dialect of this bundle's server on clock.
func dialectOf(t *testing.T) func(clock func() time.Time) http.Handler {
	return func(clock func() time.Time) http.Handler { return cardDialect{testserver.WithLive(t, clock)} }
}

// TestCardProfileJudgesACardImplementation: an implementation that
// decides what the cards leave open otherwise than this bundle passes
// every check of the cards' profile, the live matches' protocol checks
// and referee included (the checks of this bundle's contract reported
// skipped, with what the cards leave open), and fails the bundle's.
func TestCardProfileJudgesACardImplementation(t *testing.T) {
	t.Parallel()
	dialect := dialectOf(t)
	ran, skipped, live := 0, 0, 0
	for _, r := range runProfile(t, dialect, check.Card, check.Protocol, check.Rules) {
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
				live++
			}
		}
	}
	t.Logf("card profile: %d ran (%d of live matches), %d skipped", ran, live, skipped)
	if live != 11+2 {
		t.Errorf("%d live checks ran under the cards' profile, want the 11 protocol checks and 2 referee matches", live)
	}
	failed := map[string]int{}
	for _, r := range runProfile(t, dialect, check.Bundle, check.Protocol, check.Rules) {
		if r.Failure() != nil {
			failed[r.Game+"/"+r.Level]++
		}
	}
	for _, game := range conformance.Slugs() {
		for _, level := range []string{check.Protocol, check.Rules} {
			if failed[game+"/"+level] == 0 {
				t.Errorf("the bundle's profile passes every %s %s check against the card dialect", game, level)
			}
		}
	}
}

// TestCardProfilePassesTheBundle: this bundle implements the cards too.
func TestCardProfilePassesTheBundle(t *testing.T) {
	t.Parallel()
	for _, r := range runProfile(t, bundle(t), check.Card, check.Protocol, check.Rules) {
		if r.Failure() != nil {
			t.Errorf("%s: %v", r.Ref(), r.Err)
		}
	}
}

// TestCardProfileStillJudgesTheRules: the cards' profile fails a live
// match that breaks the card's opening, at both levels.
func TestCardProfileStillJudgesTheRules(t *testing.T) {
	t.Parallel()
	broken := func(clock func() time.Time) http.Handler {
		dialect := cardDialect{testserver.WithLive(t, clock)}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			dialect.ServeHTTP(rec, r)
			body := rec.Body.Bytes()
			if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/matches/") {
				body = bytes.Replace(body, []byte(`"strength":4`), []byte(`"strength":5`), 1)
			}
			w.WriteHeader(rec.Code)
			w.Write(body)
		})
	}
	judged := map[string]bool{}
	for _, r := range runProfile(t, broken, check.Card, check.Protocol, check.Rules) {
		judged[r.Ref()] = r.Failure() != nil
	}
	for _, ref := range []string{"tidebreakers/protocol/live/combat", "tidebreakers/rules/live/match-00", "tidebreakers/rules/live/match-01"} {
		if !judged[ref] {
			t.Errorf("%s passes, or is missing, against a match whose first corner island starts with 5", ref)
		}
	}
}
