package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestConformanceReport runs the conformance command against a server
// with a planted fault, a wrong streak in its answer to one action of a
// golden Brinebell case (at a step whose answer the golden file keeps
// only the digest of), and writes its -html report. Opened from the file
// in chromium, with no server, the report's "open at step N" shows the
// replay viewer at the failing step: the received board (the streak 99)
// and the expected one (the reference's streak) both drawn, the
// difference listed; a step back, the two answers are the same. It keeps
// a screenshot in .artifacts/conformance-report.png.
func TestConformanceReport(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	const name = "seed001-dispatch"
	c, whole := goldenCase(t, "brinebell", name)
	step := -1
	for i := 20; i < len(c.Steps) && step < 0; i++ {
		if c.Steps[i].Answer == nil && hasView(whole.Steps[i].Answer) && hasView(whole.Steps[i-1].Answer) {
			step = i
		}
	}
	if step < 0 {
		t.Fatalf("%s has no step from 20 on that keeps only a digest, after one with a view", c.Ref())
	}
	var want struct{ View struct{ Streak int } }
	if err := json.Unmarshal(whole.Steps[step].Answer, &want); err != nil || want.View.Streak == 99 {
		t.Fatalf("step %d: %v, streak %d", step, err, want.View.Streak)
	}

	srv := httptest.NewServer(plant(testserver.New(t), step, func(view map[string]any) { view["streak"] = 99 }))
	defer srv.Close()
	report := filepath.Join(t.TempDir(), "report.html")
	cmd := exec.Command(buildCommand(t, "./cmd/conformance"), "-base-url", srv.URL, "-game", "brinebell", "-level", "golden", "-run", name, "-html", report)
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(out), "FAIL brinebell/golden/"+name) {
		t.Fatalf("the command exited %d (%v), want 1 with the case failed:\n%s", code, err, out)
	}
	size, err := os.Stat(report)
	if err != nil {
		t.Fatal(err)
	}
	srv.Close() // the report needs no server

	n := strconv.Itoa(step)
	open := `#failures article[data-name="` + name + `"] button.open-step`
	b.do(chromedp.Navigate("file://"+report), chromedp.WaitVisible(open))
	if label := b.text(open); label != "open at step "+n {
		t.Errorf("the button says %q, want %q", label, "open at step "+n)
	}
	b.do(chromedp.Click(open), chromedp.WaitVisible("#replay"), atStep(step, step),
		until(`document.querySelector("#expected-board .bb") && document.querySelector("#board .bb")`))
	board := func(sel string) map[string]string {
		t.Helper()
		var d map[string]string
		if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify({...document.querySelector("`+sel+` .bb").dataset})`)), &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	got, exp := board("#board"), board("#expected-board")
	streak := strconv.Itoa(want.View.Streak)
	if got["step"] != n || got["streak"] != "99" || exp["step"] != n || exp["streak"] != streak || got["clock"] != exp["clock"] {
		t.Errorf("at step %d the received board shows %v, the expected %v; want both step %d, streak 99 received and %s expected", step, got, exp, step, streak)
	}
	diff, stop := b.text("#diff-list"), b.text("#diff-failure")
	if !strings.Contains(diff, "view.streak: expected "+streak+", received 99") || !strings.Contains(stop, "view.streak") {
		t.Errorf("the differences at step %d: %q (%q), want view.streak expected %s, received 99", step, diff, stop, streak)
	}
	if e := b.text("#error"); e != "" {
		t.Errorf("the viewer says %q", e)
	}
	b.screenshot("conformance-report.png")

	// A step back the implementation answered as expected.
	b.do(chromedp.KeyEvent(kb.ArrowLeft), atStep(step-1, step))
	got, exp = board("#board"), board("#expected-board")
	if prev := strconv.Itoa(step - 1); got["step"] != prev || exp["step"] != prev || got["streak"] != exp["streak"] {
		t.Errorf("at step %d the received board shows %v, the expected %v; want both step %d, one streak", step-1, got, exp, step-1)
	}
	if diff := b.text("#diff-list"); !strings.HasPrefix(diff, "No difference") {
		t.Errorf("the differences at step %d: %q, want none", step-1, diff)
	}
	t.Logf("the failure at step %d of %s: a report of %d bytes; screenshot in .artifacts/conformance-report.png", step, c.Ref(), size.Size())
}

// TestConformanceReportGames is TestConformanceReport for a golden case
// of each other game, the report written in process: the answer to one
// action has a field too many in its view. Opened at the failing step,
// the report draws the received and the expected board, each with the
// game's renderer, and lists the field.
func TestConformanceReportGames(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	for _, tt := range []struct{ game, name string }{
		{"tinrail", "wise-seed031-cautious"}, {"tron", "p4-30x30-easy-seed015-easy"}, {"tidebreakers", "p2-sample-seed000-random"},
	} {
		c, whole := goldenCase(t, tt.game, tt.name)
		step := 5
		for step < len(c.Steps) && !hasView(whole.Steps[step].Answer) {
			step++
		}
		h := plant(testserver.New(t), step, func(view map[string]any) { view["planted"] = 1 })
		checks, err := conformance.Checks(conformance.Options{Games: []string{tt.game}, Levels: []string{check.Golden}, Only: tt.name})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		rep := conformance.NewReport("http://in-process", check.Bundle, start, time.Since(start),
			conformance.Run(context.Background(), check.HandlerTarget(h), checks, 1, nil))
		var page bytes.Buffer
		if err := rep.WriteHTML(&page); err != nil {
			t.Fatal(err)
		}
		report := filepath.Join(t.TempDir(), "report.html")
		if err := os.WriteFile(report, page.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		open := `#failures article[data-name="` + tt.name + `"] button.open-step`
		b.do(chromedp.Navigate("file://"+report), chromedp.WaitVisible(open), chromedp.Click(open), atStep(step, step),
			until(`document.querySelector("#board > div > *") && document.querySelector("#expected-board > div > *")`))
		drawn := eval[string](b, `document.getElementById("expected-board").dataset.step`)
		diff, e := b.text("#diff-list"), b.text("#error")
		if drawn != strconv.Itoa(step) || !strings.Contains(diff, "view.planted: expected (absent), received 1") || e != "" {
			t.Errorf("%s at step %d: the expected board is step %s's, the differences %q, the viewer says %q", c.Ref(), step, drawn, diff, e)
		}
		b.screenshot("conformance-report-" + tt.game + ".png")
	}
}

// goldenCase is the golden case name of game, and its whole transcript
// on the reference.
func goldenCase(t *testing.T, game, name string) (*golden.Case, *golden.Case) {
	t.Helper()
	cases, err := golden.Load(golden.Files, game)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cases {
		if cases[i].Name == name {
			ref, err := conformance.Reference()
			if err != nil {
				t.Fatal(err)
			}
			whole, err := conformance.Transcript(context.Background(), &cases[i], ref)
			if err != nil {
				t.Fatal(err)
			}
			return &cases[i], whole
		}
	}
	t.Fatalf("no golden case %s/%s", game, name)
	return nil, nil
}

func hasView(answer json.RawMessage) bool {
	var a struct{ View json.RawMessage }
	return json.Unmarshal(answer, &a) == nil && len(a.View) > 0 && string(a.View) != "null"
}

// plant is h with a planted fault: edit changes the view of its answer to
// the n-th action it is sent (from 1).
func plant(h http.Handler, n int, edit func(view map[string]any)) http.Handler {
	var mu sync.Mutex
	acts := 0
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/action") {
			mu.Lock()
			if acts++; acts == n {
				var m map[string]any
				if json.Unmarshal(body, &m) == nil {
					if v, ok := m["view"].(map[string]any); ok {
						edit(v)
						body, _ = json.Marshal(m)
					}
				}
			}
			mu.Unlock()
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
}

// buildCommand builds a command of the repository for this machine.
func buildCommand(t *testing.T, pkg string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, b)
	}
	return out
}
