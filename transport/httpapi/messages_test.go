package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// message is the message of an error answer.
func message(t *testing.T, e contracttest.Exchange) string {
	t.Helper()
	errObj, _ := e.JSON(t)["error"].(map[string]any)
	m, _ := errObj["message"].(string)
	return m
}

// TestSeedRefusalSaysWhatASeedIs: a seed that is no whole number from 0
// to 9007199254740991 is refused, for every game, with a reason that says
// so, the bound written in full, and quotes what was sent.
func TestSeedRefusalSaysWhatASeedIs(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	for _, g := range games.All() {
		slug := g.Info().Slug
		for _, seed := range []string{"abc", "-1", "1.5", "1e3", "", "9007199254740992", "18446744073709551616"} {
			e := do(t, h, "GET", "/api/games/"+slug+"/init?seed="+url.QueryEscape(seed), "")
			m := message(t, e)
			if e.Status != 400 || e.Code(t) != "invalid_request" ||
				!strings.Contains(m, "seed must be a whole number from 0 to 9007199254740991") || !strings.Contains(m, `"`+seed+`"`) {
				t.Errorf("%s init?seed=%s: %d %s", slug, seed, e.Status, e.Body)
			}
		}
	}
}

// TestStateNotAString: a state (or stateToken) that is not a string is
// token_malformed with a reason that says it must be the string the last
// answer carried, and what was sent instead.
func TestStateNotAString(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	action := `{"type":"place","tileIndex":0,"rotation":0}`
	for _, field := range []string{"state", "stateToken"} {
		for _, v := range []string{`{"token":"abc"}`, `["abc"]`, `5`, `true`, `null`} {
			e := do(t, h, "POST", "/api/games/tinrail/action", `{"`+field+`":`+v+`,"action":`+action+`}`)
			m := message(t, e)
			if e.Status != 400 || e.Code(t) != "token_malformed" ||
				!strings.HasPrefix(m, field+" must be a string: the token from the last answer") || !strings.HasSuffix(m, "not "+v) {
				t.Errorf("%s %s: %d %s", field, v, e.Status, e.Body)
			}
		}
	}
	e := do(t, h, "POST", "/api/games/tinrail/action", `{"state":"a+b/c","action":`+action+`}`)
	if m := message(t, e); e.Code(t) != "token_malformed" || !strings.Contains(m, "base64url") {
		t.Errorf("state not base64url: %d %s", e.Status, e.Body)
	}
}
