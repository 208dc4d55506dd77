package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// faulty is this bundle's server with a planted fault: the answer to the
// n-th action it is sent (counting from 1) is rewritten by edit.
func faulty(t *testing.T, n int, edit func(body []byte) (status int, out []byte)) http.Handler {
	real := testserver.New(t)
	var mu sync.Mutex
	acts := 0
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		real.ServeHTTP(rec, r)
		status, body := rec.Code, rec.Body.Bytes()
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/action") {
			mu.Lock()
			acts++
			if acts == n {
				status, body = edit(body)
			}
			mu.Unlock()
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(status)
		w.Write(body)
	})
}

// setStreak is a fault: the answer's view.streak is 99.
func setStreak(body []byte) (int, []byte) {
	var m map[string]any
	json.Unmarshal(body, &m)
	m["view"].(map[string]any)["streak"] = 99
	out, _ := json.Marshal(m)
	return http.StatusOK, out
}

// runGolden runs the golden level's checks of game whose name contains
// only against h, and answers the report.
func runGolden(t *testing.T, h http.Handler, game, only string) *conformance.Report {
	t.Helper()
	checks, err := conformance.Checks(conformance.Options{Games: []string{game}, Levels: []string{check.Golden}, Only: only})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	results := conformance.Run(context.Background(), check.HandlerTarget(h), checks, 1, nil)
	return conformance.NewReport("http://in-process", check.Bundle, start, time.Since(start), results)
}

func writeHTML(t *testing.T, rep *conformance.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// pageData is the JSON the report's page carries for its viewer.
type pageData struct {
	Failures []struct {
		Ref, Path, Want, Got, Text string
		Step                       int
		Received, Expected         golden.Case // reading a compact case expands it
	}
}

var dataScript = regexp.MustCompile(`(?s)<script type="application/json" id="report-data">(.*?)</script>`)

// readData parses the page's data back.
func readData(t *testing.T, page string) *pageData {
	t.Helper()
	m := dataScript.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page holds no report-data script")
	}
	var d pageData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("the page's data: %v", err)
	}
	return &d
}

// firstRebuilt is the first step of c that keeps only its digest and
// whose answer, on the reference, has a view.
func firstRebuilt(t *testing.T, c *golden.Case) (int, *golden.Case) {
	t.Helper()
	whole, err := conformance.Transcript(context.Background(), c, reference(t))
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range c.Steps {
		if i > 0 && s.Answer == nil && strings.Contains(string(whole.Steps[i].Answer), `"view"`) {
			return i, whole
		}
	}
	t.Fatalf("%s keeps every answer with a view", c.Ref())
	return 0, nil
}

// TestHTMLReportOfAFailure: against a server whose answer to one action
// of a golden Brinebell case has a wrong streak, at a step the golden file
// keeps only the digest of, the JSON report and the HTML page carry both
// sides of the match to the failing step: what the server answered, the
// wrong streak included, and the case's answers rebuilt on the reference.
// The page shows the failure with an "open at step N" button, and inlines
// the viewer, its renderers and report.js, with no link to fetch.
func TestHTMLReportOfAFailure(t *testing.T) {
	t.Parallel()
	cases, err := golden.Load(golden.Files, "brinebell")
	if err != nil {
		t.Fatal(err)
	}
	c := &cases[0]
	step, whole := firstRebuilt(t, c)
	rep := runGolden(t, faulty(t, step, setStreak), "brinebell", c.Name)
	if rep.Failed != 1 || rep.Results[0].Failure == nil {
		t.Fatalf("report: %d failed, results %+v", rep.Failed, rep.Results)
	}
	f := rep.Results[0].Failure
	if f.Step != step || f.Path != "view.streak" || f.Got != "99" || f.Received == nil || f.Expected == nil {
		t.Fatalf("failure at step %d path %s got %s (received %v, expected %v), want step %d view.streak 99 with both sides", f.Step, f.Path, f.Got, f.Received != nil, f.Expected != nil, step)
	}

	page := writeHTML(t, rep)
	for _, s := range []string{`id="failures"`, `id="f1"`, "brinebell/golden/" + c.Name, `data-step="` + strconv.Itoa(step) + `"`,
		"open at step " + strconv.Itoa(step), `<code class="path">view.streak</code>`, `<html lang="en" data-viewer="embedded">`,
		`Viewer.register("brinebell"`, "/* report.js */", "/* viewer.js */", ".bb-board", "Viewer.onStep("} {
		if !strings.Contains(page, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	offline := strings.NewReplacer("http://in-process", "", "http://www.w3.org/2000/svg", "").Replace(page) // the base URL, the SVG namespace
	for _, s := range []string{"<script src", "<link", "http://", "https://"} {
		if strings.Contains(offline, s) {
			t.Errorf("the page holds %q: it must open offline", s)
		}
	}
	d := readData(t, page)
	if len(d.Failures) != 1 {
		t.Fatalf("the page's data holds %d failures, want 1", len(d.Failures))
	}
	checkSides(t, c, whole, step, &d.Failures[0].Received, &d.Failures[0].Expected)
	if d.Failures[0].Ref != "brinebell/golden/"+c.Name || d.Failures[0].Step != step || d.Failures[0].Path != "view.streak" {
		t.Errorf("the page's data names %s step %d path %s", d.Failures[0].Ref, d.Failures[0].Step, d.Failures[0].Path)
	}

	// The JSON report carries both sides too, and a report read back from
	// it writes the same page data.
	var b bytes.Buffer
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back conformance.Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	rf := back.Results[0].Failure
	checkSides(t, c, whole, step, rf.Received, rf.Expected)
	d = readData(t, writeHTML(t, &back))
	checkSides(t, c, whole, step, &d.Failures[0].Received, &d.Failures[0].Expected)
	t.Logf("one failure at step %d of %s: a page of %d bytes, its data %d", step, c.Ref(), len(page), len(dataScript.FindString(page)))
}

// checkSides holds a failure's transcripts to case c, failing at step
// with the streak 99: received and expected have steps 0 to step, every
// answer kept, the same as the reference's (whole) up to the failing one,
// where only the received streak differs.
func checkSides(t *testing.T, c, whole *golden.Case, step int, received, expected *golden.Case) {
	t.Helper()
	received, err := received.Expand() // idempotent on an expanded case
	if err != nil {
		t.Fatal(err)
	}
	if expected, err = expected.Expand(); err != nil {
		t.Fatal(err)
	}
	if len(received.Steps) != step+1 || len(expected.Steps) != step+1 || !received.Full || !expected.Full {
		t.Fatalf("%d steps received (full %v), %d expected (full %v), want %d, each full", len(received.Steps), received.Full, len(expected.Steps), expected.Full, step+1)
	}
	if received.Game != c.Game || received.Name != c.Name || expected.Name != c.Name {
		t.Errorf("the transcripts are of %s and %s, want %s", received.Ref(), expected.Ref(), c.Ref())
	}
	for i := range step + 1 {
		e, r := expected.Steps[i], received.Steps[i]
		if m, err := conformance.Compare(whole.Steps[i].Answer, e.Answer); err != nil || m != nil || e.Digest != c.Steps[i].Digest {
			t.Errorf("expected step %d differs from the reference's: %v %v (digest %s, the case's %s)", i, m, err, e.Digest, c.Steps[i].Digest)
		}
		if !sameAction(r.Action, c.Steps[i].Action) || !sameAction(e.Action, c.Steps[i].Action) {
			t.Errorf("step %d: actions %s and %s, want %s", i, r.Action, e.Action, c.Steps[i].Action)
		}
		m, err := conformance.Compare(e.Answer, r.Answer)
		switch {
		case err != nil:
			t.Fatal(err)
		case i < step && m != nil:
			t.Errorf("step %d: the received answer differs from the expected at %s", i, m.Path)
		case i == step && (m == nil || m.Path != "view.streak" || m.Got != "99" || r.Digest == e.Digest):
			t.Errorf("the failing step: the received answer differs from the expected at %v (digests %s, %s), want view.streak 99", m, r.Digest, e.Digest)
		}
	}
}

// sameAction reports whether two actions are the same JSON but for spaces.
func sameAction(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && ca.String() == cb.String()
}

// TestHTMLReportOfAPassingRun: a run with no failure writes the summary
// and every result, and no failures section, no viewer and no data.
func TestHTMLReportOfAPassingRun(t *testing.T) {
	t.Parallel()
	rep := runGolden(t, testserver.New(t), "tinrail", "seed001")
	if rep.Failed != 0 || rep.Passed < 2 {
		t.Fatalf("%d passed, %d failed", rep.Passed, rep.Failed)
	}
	page := writeHTML(t, rep)
	for _, s := range []string{`id="summary"`, "<td>tinrail</td><td>golden</td><td>" + strconv.Itoa(rep.Passed) + "</td><td>0</td>",
		rep.Results[0].Name, strconv.Itoa(rep.Passed) + " passed, 0 failed, 0 skipped", `class="passed"`} {
		if !strings.Contains(page, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	for _, s := range []string{`id="failures"`, "report-data", "open at step", "Viewer.register", `id="viewer"`} {
		if strings.Contains(page, s) {
			t.Errorf("the page of a passing run holds %q", s)
		}
	}
	t.Logf("a passing run of %d checks: a page of %d bytes", rep.Passed, len(page))
}

// TestHTMLReportOfAnswerNotJSON: a server that answers an action with an
// HTML page trying to end the report's script element fails there; the
// received transcript keeps the steps before it and the failing step
// without an answer, the page keeps the body as text, and nothing of it
// is markup in the page.
func TestHTMLReportOfAnswerNotJSON(t *testing.T) {
	t.Parallel()
	const evil = `</script><script>alert(1)</script><!-- & \u2028`
	rep := runGolden(t, faulty(t, 3, func([]byte) (int, []byte) { return http.StatusInternalServerError, []byte(evil) }),
		"tinrail", "easy-seed001-reckless")
	f := rep.Results[0].Failure
	if rep.Failed != 1 || f == nil || f.Step != 3 || f.Received == nil || f.Expected == nil {
		t.Fatalf("report: %+v", rep.Results[0])
	}
	page := writeHTML(t, rep)
	if strings.Contains(page, "<script>alert") || strings.Count(page, "</script>") != strings.Count(page, "<script") {
		t.Errorf("the body became markup in the page")
	}
	d := readData(t, page)
	got := &d.Failures[0]
	if !strings.Contains(got.Text, evil) || !strings.HasPrefix(got.Text, "HTTP 500") {
		t.Errorf("the failing answer as text: %q", got.Text)
	}
	if n := len(got.Received.Steps); n != 4 || got.Received.Steps[3].Answer != nil || got.Received.Steps[2].Answer == nil || got.Received.Full {
		t.Errorf("received %d steps, the last with answer %s, full %v; want 4, the failing one without", n, got.Received.Steps[n-1].Answer, got.Received.Full)
	}
	if n := len(got.Expected.Steps); n != 4 || got.Expected.Steps[3].Answer == nil {
		t.Errorf("expected %d steps, want 4 each with an answer", n)
	}
}

// TestReplayFailureWraps: Replay's failure is a *ReplayFailure that
// errors.As still finds the placed *check.Failure in, with the same
// message.
func TestReplayFailureWraps(t *testing.T) {
	t.Parallel()
	cases, err := golden.Load(golden.Files, "tinrail")
	if err != nil {
		t.Fatal(err)
	}
	impl := rewrite{Transport: check.HandlerTarget(testserver.New(t)).Loop(), edit: func(m map[string]any) { m["score"] = 1234.5 }}
	err = conformance.Replay(context.Background(), &cases[0], impl, reference(t), false)
	var rf *conformance.ReplayFailure
	var f *check.Failure
	if !errors.As(err, &rf) || !errors.As(err, &f) || f != rf.Failure || err.Error() != f.Error() || f.Step != 0 || f.Path != "score" {
		t.Fatalf("Replay = %v (%T)", err, err)
	}
	if len(rf.Received.Steps) != 1 || len(rf.Expected.Steps) != 1 || rf.Text != "" {
		t.Errorf("received %d steps, expected %d, text %q; want the init alone", len(rf.Received.Steps), len(rf.Expected.Steps), rf.Text)
	}
}
