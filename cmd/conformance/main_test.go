package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
)

// TestRunAgainstAServer checks golden cases and bot exchanges against
// this implementation over real HTTP, the way the command does, and
// writes both reports.
func TestRunAgainstAServer(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	dir := t.TempDir()
	cfg := config{opts: conformance.Options{Levels: []string{"golden"}, Only: "seed001"}, parallel: 2,
		report: filepath.Join(dir, "out.json"), junit: filepath.Join(dir, "out.xml"), html: filepath.Join(dir, "out.html")}
	var out bytes.Buffer
	if code := run(&out, check.NewTarget(srv.URL), cfg); code != 0 {
		t.Fatalf("run exited %d:\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "ok   tinrail/golden/") || !strings.Contains(out.String(), "passed, 0 failed") {
		t.Errorf("printed:\n%s", out.String())
	}
	var rep conformance.Report
	if err := json.Unmarshal(must(os.ReadFile(cfg.report)), &rep); err != nil || rep.Passed == 0 || rep.Failed != 0 || len(rep.Results) != rep.Passed {
		t.Errorf("report: %+v, %v", rep, err)
	}
	var junit struct {
		Tests int `xml:"tests,attr"`
	}
	if err := xml.Unmarshal(must(os.ReadFile(cfg.junit)), &junit); err != nil || junit.Tests != rep.Passed {
		t.Errorf("junit: %+v, %v", junit, err)
	}
	if page := string(must(os.ReadFile(cfg.html))); !strings.Contains(page, fmt.Sprintf("%d passed, 0 failed", rep.Passed)) || strings.Contains(page, `id="failures"`) {
		t.Errorf("the HTML report of a passing run:\n%s", page)
	}
	cfg = config{opts: conformance.Options{Games: []string{"tron"}, Levels: []string{"golden"}, Only: "100x100"}, parallel: 2}
	if code := run(io.Discard, check.NewTarget(srv.URL), cfg); code != 0 {
		t.Errorf("run of tron's cases and bot exchanges exited %d", code)
	}
}

// TestUsageErrors: an unknown game or level, a filter that leaves
// nothing, or fewer than 0 seeds (0 is the default), is a usage error (exit 2), not "0 passed, 0 failed"; so is a
// server that cannot be reached.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	for _, opts := range []conformance.Options{
		{Games: []string{"chess"}},
		{Levels: []string{"deep"}},
		{Games: []string{"tinrail"}, Levels: []string{"golden"}, Only: "no check has this name"},
		{Games: []string{"tinrail"}, Seeds: -1},
	} {
		if code := run(io.Discard, check.NewTarget(srv.URL), config{opts: opts, parallel: 1}); code != 2 {
			t.Errorf("%+v: exit %d, want 2", opts, code)
		}
	}
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	if code := run(io.Discard, check.NewTarget(dead.URL), config{parallel: 1}); code != 2 {
		t.Errorf("a server that is down: exit %d, want 2", code)
	}
}

// TestGamesNotServed: against a server of Tinrail alone, each other game
// is one failed line, "not served", in place of its checks, and every
// Tinrail check passes.
func TestGamesNotServed(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.Of(t, tinrail.Game{}))
	defer srv.Close()
	var out bytes.Buffer
	code := run(&out, check.NewTarget(srv.URL), config{opts: conformance.Options{Levels: []string{check.Protocol}}, parallel: 4})
	text := out.String()
	t.Log(text)
	if code != 1 || strings.Count(text, "FAIL") != 3 || strings.Count(text, "is not served") != 3 ||
		!strings.Contains(text, "tron/protocol/not served") || !strings.Contains(text, "3 failed") {
		t.Errorf("exit %d:\n%s", code, text)
	}
}

// TestAFailureIsPlaced: against a server whose answers have one word
// changed deep in the observation, the command exits 1 and shows the
// case, the step, the action sent and the line of text that differs.
func TestAFailureIsPlaced(t *testing.T) {
	t.Parallel()
	real := testserver.New(t)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		real.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if r.Method == "POST" {
			body = bytes.Replace(body, []byte("Your hand"), []byte("Your hands"), 1)
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
	cfg := config{opts: conformance.Options{Games: []string{"tinrail"}, Levels: []string{"golden"}, Only: "easy-seed001-reckless", Exact: true}, parallel: 1,
		html: filepath.Join(t.TempDir(), "out.html")}
	var out bytes.Buffer
	if code := run(&out, check.HandlerTarget(h), cfg); code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, out.String())
	}
	if page := string(must(os.ReadFile(cfg.html))); !strings.Contains(page, `id="failures"`) || !strings.Contains(page, "open at step 1") {
		t.Errorf("the HTML report shows no failure at step 1 to open")
	}
	t.Logf("the command printed:\n%s", out.String())
	for _, s := range []string{"FAIL tinrail/golden/easy-seed001-reckless", "action 1 {", "observation (line", "+ ", "Your hands", "0 passed, 1 failed"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("the output lacks %q:\n%s", s, out.String())
		}
	}
}

// TestPrintCase writes a case as a readable transcript with every answer,
// and with -json as the JSON transcript: every step's answer kept, each
// with the digest the case pins.
func TestPrintCase(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	code := printCase(&out, "tinrail/easy-seed001-reckless", false)
	if code != 0 || !bytes.Contains(out.Bytes(), []byte("## action 3:")) || !bytes.Contains(out.Bytes(), []byte("-- observation --\nTinrail against G-Bot Easy")) {
		t.Errorf("exit %d, printed:\n%.500s", code, out.String())
	}
	if code := printCase(io.Discard, "tinrail/no-such-case", false); code != 2 {
		t.Errorf("an unknown case: exit %d, want 2", code)
	}
	out.Reset()
	if code := printCase(&out, "tinrail/easy-seed001-reckless", true); code != 0 {
		t.Fatalf("-json: exit %d", code)
	}
	var got golden.Case
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || !got.Full || got.Name != "easy-seed001-reckless" {
		t.Fatalf("-json: %v %.300s", err, out.String())
	}
	cases, _ := golden.Load(golden.Files, "tinrail")
	for _, c := range cases {
		if c.Name != got.Name {
			continue
		}
		for i, st := range got.Steps {
			if d, err := golden.Digest(st.Answer); err != nil || d != c.Steps[i].Digest {
				t.Errorf("-json step %d: the answer's digest %s (%v), want %s", i, d, err, c.Steps[i].Digest)
			}
		}
	}
}

// TestBinarySize builds the command as go build does and holds it to its
// 18.5 MB budget. It was 12 MB while the command replayed golden cases
// only; the protocol level's contract validator (jsonschema and a YAML
// reader, about 2 MB) and the five referees of the rules level (about
// 1.3 MB) came with issue 10, and Go 1.27 adds about 1 MB to the same
// code; the HTML report's inlined viewer (0.3 MB) and the reference
// server's agents and boards (x/text's PRECIS and case tables, 0.25 MB)
// came with issues 19 and 20; the bot level (the arena's trial: its
// calls to bots, the live servers it plays on, a memory store), 0.9 MB,
// with issue 34. kin-openapi stays out.
func TestBinarySize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	out := filepath.Join(t.TempDir(), "conformance")
	cmd := exec.Command("go", "build", "-o", out, ".")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cmd/conformance as go build makes it: %.1f MB", float64(info.Size())/1e6)
	if info.Size() >= 18.5e6 {
		t.Errorf("%d bytes, over the 18.5 MB budget", info.Size())
	}
	if strings.Contains(string(must(exec.Command("go", "list", "-deps", ".").Output())), "kin-openapi") {
		t.Error("the conformance command links kin-openapi")
	}
}

func must(b []byte, _ error) []byte { return b }

// TestVerifyRanked plays a ranked Tinrail match to its end over HTTP,
// then checks it with -verify-ranked; a ledger whose score was altered,
// and a match still open, fail.
func TestVerifyRanked(t *testing.T) {
	t.Parallel()
	real := testserver.New(t)
	target := check.HandlerTarget(real)
	s, err := client.Start(context.Background(), target.Loop(), "tinrail", map[string]string{"ranked": "true", "opponent": "easy"})
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Ranked string `json:"ranked"`
	}
	json.Unmarshal(s.Last.Body, &head)
	name := "tinrail/" + head.Ranked
	if code := verifyRanked(io.Discard, target, name); code != 1 {
		t.Errorf("an open match: exit %d, want 1", code)
	}
	for !s.Last.GameOver {
		var env struct {
			LegalActions []json.RawMessage `json:"legalActions"`
		}
		json.Unmarshal(s.Last.Body, &env)
		if _, err := s.Act(context.Background(), env.LegalActions[0]); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if code := verifyRanked(&out, target, name); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	altered := check.HandlerTarget(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		real.ServeHTTP(rec, r)
		w.Write(bytes.Replace(rec.Body.Bytes(), []byte(`"score":`), []byte(`"score":1`), 1))
	}))
	if code := verifyRanked(&out, altered, name); code != 1 {
		t.Errorf("a ledger with its score altered: exit %d, want 1", code)
	}
}

// TestVerifyRankedPages: a ranked Brinebell run longer than a few pages
// of the ledger (play.RankedPage actions) is shown and verified whole.
func TestVerifyRankedPages(t *testing.T) {
	t.Parallel()
	target := check.HandlerTarget(testserver.New(t))
	s, err := client.Start(context.Background(), target.Loop(), "brinebell", map[string]string{"ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Ranked string `json:"ranked"`
	}
	json.Unmarshal(s.Last.Body, &head)
	actions := 0
	for ; !s.Last.GameOver; actions++ {
		action := `{"type":"advance","ticks":5}`
		if actions == 0 {
			action = `{"type":"start"}`
		}
		if _, err := s.Act(context.Background(), json.RawMessage(action)); err != nil {
			t.Fatal(err)
		}
	}
	if actions <= 2*play.RankedPage {
		t.Fatalf("the run ended after %d actions, within two pages", actions)
	}
	var out bytes.Buffer
	if code := verifyRanked(&out, target, "brinebell/"+head.Ranked); code != 0 || !strings.Contains(out.String(), fmt.Sprintf("%d actions", actions)) {
		t.Errorf("exit %d: %s (the run took %d actions)", code, out.String(), actions)
	}
}
