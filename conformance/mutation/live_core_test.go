package mutation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
)

// TestLiveCoreMutantsEveryGame: the core's live checks, written once,
// catch a broken core in every live game: each mutant breaks a promise
// every live game keeps alike, and the named check of each game must
// fail against it.
func TestLiveCoreMutantsEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range []struct{ slug, base string }{
		{"tidebreakers", "/api/matches"}, {"tron", "/api/games/tron/matches"}, {"tinrail", "/api/games/tinrail/matches"},
	} {
		cs, err := conformance.Checks(conformance.Options{Games: []string{g.slug}, Levels: []string{check.Protocol}, Only: "live/"})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			Mutant
			by string
		}{
			{Mutant{Name: "the lobby counts minutes, not seconds", Clock: func(now func() time.Time) func() time.Time {
				start := now()
				return func() time.Time { return start.Add(now().Sub(start) / 60) }
			}}, "lobby-fill"},
			{Mutant{Name: "a join hands out the creator's token", Wrap: coreJoinGivesCreatorToken(g.base)}, "join"},
			{Mutant{Name: "an action's unknown fields are ignored", Wrap: coreUnknownFieldsIgnored(g.base)}, "bad-bodies"},
		} {
			t.Run(g.slug+"/"+m.Name, func(t *testing.T) {
				t.Parallel()
				i := slices.IndexFunc(cs, func(c check.Check) bool { return c.Name == "live/"+m.by })
				if i < 0 {
					t.Fatalf("%s has no check live/%s", g.slug, m.by)
				}
				err := cs[i].Run(context.Background(), m.target(t))
				var f *check.Failure
				if !errors.As(err, &f) {
					t.Fatalf("%s does not catch the mutant %q: %v", cs[i].Ref(), m.Name, err)
				}
				t.Logf("caught by %s: %v", cs[i].Ref(), f)
			})
		}
	}
}

// coreJoinGivesCreatorToken: a join of a match under base answers the
// token its create answered.
func coreJoinGivesCreatorToken(base string) func(http.Handler) http.Handler {
	creators := map[string]any{} // code -> the creator's token
	return Proxy(Edit{Answer: func(r *http.Request, _ []byte, status *int, a map[string]any) bool {
		if *status != 200 || a == nil || r.Method != http.MethodPost {
			return false
		}
		code, _ := a["code"].(string)
		switch {
		case r.URL.Path == base:
			creators[code] = a["token"]
		case strings.HasPrefix(r.URL.Path, base+"/") && strings.HasSuffix(r.URL.Path, "/join") && creators[code] != nil:
			a["token"] = creators[code]
			return true
		}
		return false
	}})
}

// coreUnknownFieldsIgnored: an action of a match under base has its
// members other than the token and its numbers and strings dropped when
// one of them is named "extra", as a lax decoder ignores what it does not
// know.
func coreUnknownFieldsIgnored(base string) func(http.Handler) http.Handler {
	return Proxy(Edit{Request: func(r *http.Request, body []byte) []byte {
		if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, base+"/") || strings.HasSuffix(r.URL.Path, "/join") {
			return body
		}
		var m map[string]any
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if d.Decode(&m) != nil || m["extra"] == nil {
			return body
		}
		delete(m, "extra")
		out, _ := json.Marshal(m)
		return out
	}})
}
