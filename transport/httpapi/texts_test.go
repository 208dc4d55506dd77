package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestLLMSTellsWhichAnswersCarryEvents: llms.txt names, on the line that
// promises "events", exactly the games whose action answers carry them,
// and says of each other game that its answers carry none.
func TestLLMSTellsWhichAnswersCarryEvents(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	llms := string(do(t, h, "GET", "/llms.txt", "").Body)
	promise, _, found := strings.Cut(llms, ` answers add "events"`)
	if !found {
		t.Fatalf(`llms.txt has no line saying which answers add "events":\n%s`, llms)
	}
	promise = promise[strings.LastIndexByte(promise, '\n')+1:]
	for _, g := range games.All() {
		info := g.Info()
		env := initMatch(t, h, info.Slug, "seed=7")
		first, _ := json.Marshal(env["legalActions"].([]any)[0])
		answer := do(t, h, "POST", "/api/games/"+info.Slug+"/action", actionBody(env["state"].(string), string(first))).JSON(t)
		if answer["ok"] != true {
			t.Fatalf("%s: the first legal action is refused: %v", info.Slug, answer)
		}
		_, carries := answer["events"]
		if carries != strings.Contains(promise, info.Name) {
			t.Errorf(`%s's answers carry events: %v; llms.txt says %q add "events"`, info.Name, carries, promise)
		}
		if !carries && !strings.Contains(llms, info.Name+" answers carry none") {
			t.Errorf("llms.txt does not say that %s's answers carry no events", info.Name)
		}
	}
}

// TestSeedBoundWrittenInFull: the texts an agent reads (llms.txt, the
// contract, every game's docs and spec) write the largest seed as
// 9007199254740991, never as a float or a power of two.
func TestSeedBoundWrittenInFull(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	texts := map[string]string{}
	for _, path := range []string{"/llms.txt", "/openapi.yaml"} {
		texts[path] = string(do(t, h, "GET", path, "").Body)
	}
	for _, g := range games.All() {
		slug := g.Info().Slug
		texts["/docs/api/"+slug] = string(do(t, h, "GET", "/docs/api/"+slug, "").Body)
		spec, _ := json.Marshal(initMatch(t, h, slug, "seed=7")["spec"])
		texts[slug+" spec"] = string(spec)
	}
	for name, text := range texts {
		if !strings.Contains(text, "9007199254740991") {
			t.Errorf("%s does not state the largest seed, 9007199254740991", name)
		}
		for _, other := range []string{"e+15", "2^53", "2**53", "1<<53"} {
			if strings.Contains(text, other) {
				t.Errorf("%s writes the largest seed as %q", name, other)
			}
		}
	}
}

// TestBrinebellDocsCiteNoCard: the Brinebell docs state each rule
// themselves; a reader has no rule card to look things up in.
func TestBrinebellDocsCiteNoCard(t *testing.T) {
	t.Parallel()
	docs := string(do(t, testserver.New(t), "GET", "/docs/api/brinebell", "").Body)
	for i, line := range strings.Split(docs, "\n") {
		if strings.Contains(strings.ToLower(line), "card") {
			t.Errorf("docs/brinebell.md:%d cites the card: %s", i+1, line)
		}
	}
}
