package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/client"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/games"
	tinrailgame "github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/transcripttest"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/storetest"
)

// maxPayload is the most a synchronous Lambda invocation may answer: 6
// MiB of the function's JSON response, the body inside it escaped as a
// JSON string (API Gateway HTTP APIs take up to 10 MB of body).
const maxPayload = 6 << 20

// tableEnv is the environment that gives a function a fresh table of
// the DynamoDB-API server at $DYNAMODB_ENDPOINT for its ranked ledgers,
// as MATCHES_TABLE gives it one on AWS; none without the server.
func tableEnv(t *testing.T) []string {
	t.Helper()
	endpoint := os.Getenv("DYNAMODB_ENDPOINT")
	if endpoint == "" {
		return nil
	}
	return []string{"MATCHES_TABLE=" + storetest.NewTable(t, storetest.DynamoClient(t)), "AWS_ENDPOINT_URL_DYNAMODB=" + endpoint,
		"AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test"}
}

// fetched is one answer, through the function or the local server.
type fetched struct {
	status int
	header http.Header
	body   []byte
	// payload is the size of the function's response to the invocation.
	payload int
}

// viaLambda sends GET target to the function as the HTTP API would, and
// reads its answer as the API would write it, the body decoded from
// base64 if the function sent it so.
func viaLambda(t *testing.T, e *emulator, target string) fetched {
	t.Helper()
	res, n, err := e.invokeSized(get(target))
	if err != nil {
		t.Fatalf("GET %s through the function: %v\n%s", target, err, tail(e.log.String()))
	}
	body, err := bodyOf(res)
	if err != nil {
		t.Fatalf("GET %s through the function: the body is not base64: %v", target, err)
	}
	h := http.Header{}
	for k, v := range res.Headers {
		h.Set(k, v)
	}
	if res.Cookies != nil {
		t.Errorf("GET %s through the function sets cookies: %q", target, res.Cookies)
	}
	return fetched{status: res.StatusCode, header: h, body: body, payload: n}
}

// viaLocal sends GET target to the local server, not following redirects.
func viaLocal(t *testing.T, base, target string) fetched {
	t.Helper()
	f, err := fetchLocal(base, target)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fetchLocal is viaLocal for any goroutine.
func fetchLocal(base, target string) (fetched, error) {
	req, err := http.NewRequest(http.MethodGet, base+target, nil)
	if err != nil {
		return fetched{}, err
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return fetched{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return fetched{status: res.StatusCode, header: res.Header, body: body}, err
}

// sameAsLocal holds the function's answer to the local server's: the
// status, the body byte for byte, and every header but X-Request-Id,
// which differs from one request to the next (both must have it), and
// those the server in front adds: Date, and Content-Length, which
// net/http adds to a short answer that lacks it (where the function sends
// it, it must be the body's length).
func sameAsLocal(t *testing.T, target string, lambda, local fetched) {
	t.Helper()
	if lambda.status != local.status || !bytes.Equal(lambda.body, local.body) {
		t.Errorf("GET %s: the function answers %d with %d bytes, the local server %d with %d bytes", target, lambda.status, len(lambda.body), local.status, len(local.body))
	}
	if n := lambda.header.Get("Content-Length"); n != "" && n != strconv.Itoa(len(lambda.body)) {
		t.Errorf("GET %s: the function's Content-Length %s, for %d bytes", target, n, len(lambda.body))
	}
	if lambda.header.Get("X-Request-Id") == "" || local.header.Get("X-Request-Id") == "" {
		t.Errorf("GET %s: an answer without its X-Request-Id: the function's %v, the local server's %v", target, lambda.header, local.header)
	}
	ours, theirs := lambda.header.Clone(), local.header.Clone()
	for _, h := range []string{"X-Request-Id", "Date", "Content-Length"} {
		ours.Del(h)
		theirs.Del(h)
	}
	if fmt.Sprint(ours) != fmt.Sprint(theirs) {
		t.Errorf("GET %s: the function's headers %v, the local server's %v", target, ours, theirs)
	}
}

// catalogPages fetches every file of the browser pages, each folder's
// index at its slash, and the folders without it, which redirect.
func catalogPages(t *testing.T, e *emulator, local string) {
	start := time.Now()
	files := map[string]string{} // path: file in bundle.Web
	err := fs.WalkDir(bundle.Web, "web", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			path := strings.TrimPrefix(name, "web")
			files[path] = name
			if dir, ok := strings.CutSuffix(path, "/index.html"); ok {
				files[dir+"/"] = name
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/view/", "/view/viewer.js", "/view/style.css", "/view/games/tron.js", "/play/", "/play/play.js", "/tron/", "/tidebreakers/"} {
		if files[p] == "" {
			t.Errorf("bundle.Web has nothing for %s", p)
		}
	}
	for _, path := range slices.Sorted(maps.Keys(files)) {
		want, _ := fs.ReadFile(bundle.Web, files[path])
		got := viaLambda(t, e, path)
		ct := got.header.Get("Content-Type")
		if strings.HasSuffix(path, "/index.html") {
			// net/http's file server sends index.html to its folder.
			if got.status != http.StatusMovedPermanently || got.header.Get("Location") != "./" {
				t.Errorf("GET %s through the function: %d to %q, want 301 to ./", path, got.status, got.header.Get("Location"))
			}
		} else if got.status != http.StatusOK || !bytes.Equal(got.body, want) || !typeFits(path, ct) {
			t.Errorf("GET %s through the function: %d %s, %d bytes, want 200 and the %d bytes of %s", path, got.status, ct, len(got.body), len(want), files[path])
		}
		sameAsLocal(t, path, got, viaLocal(t, local, path))
	}
	for _, dir := range []string{"/view", "/play", "/tron", "/tidebreakers"} {
		got := viaLambda(t, e, dir)
		if got.status != http.StatusMovedPermanently || got.header.Get("Location") != dir+"/" {
			t.Errorf("GET %s through the function: %d to %q, want 301 to %s/", dir, got.status, got.header.Get("Location"), dir)
		}
		sameAsLocal(t, dir, got, viaLocal(t, local, dir))
	}
	for _, path := range []string{"/view/nothing.js", "/view/games/", "/play/../llms.txt"} {
		got := viaLambda(t, e, path)
		sameAsLocal(t, path, got, viaLocal(t, local, path))
	}
	t.Logf("%d files of the pages through the function, as the local server answers them, in %s", len(files), time.Since(start).Round(time.Millisecond))
}

// typeFits says whether ct is the Content-Type a browser needs for path.
func typeFits(path, ct string) bool {
	switch {
	case strings.HasSuffix(path, "/"), strings.HasSuffix(path, ".html"):
		return ct == "text/html; charset=utf-8"
	case strings.HasSuffix(path, ".js"):
		return ct == "text/javascript; charset=utf-8" || ct == "application/javascript"
	case strings.HasSuffix(path, ".css"):
		return ct == "text/css; charset=utf-8"
	}
	return ct != ""
}

// catalogGolden lists every game's golden cases through the function and
// fetches every case's transcript, each the local server's answer, and
// each inside Lambda's response payload limit.
func catalogGolden(t *testing.T, e *emulator, local string) {
	start := time.Now()
	type listed struct {
		slug  string
		cases []golden.Case
		names []string
	}
	var all []listed
	for _, g := range games.All() {
		slug := g.Info().Slug
		target := "/api/games/" + slug + "/golden"
		list := viaLambda(t, e, target)
		sameAsLocal(t, target, list, viaLocal(t, local, target))
		var gallery struct {
			Game  string
			Cases []struct {
				Name  string
				Steps int
			}
		}
		if err := json.Unmarshal(list.body, &gallery); err != nil || list.status != http.StatusOK || gallery.Game != slug {
			t.Fatalf("GET %s through the function: %d %v %.300s", target, list.status, err, list.body)
		}
		cases, err := golden.Load(golden.Files, slug)
		if err != nil || len(gallery.Cases) != len(cases) || len(cases) == 0 {
			t.Fatalf("GET %s lists %d cases, the golden files hold %d (%v)", target, len(gallery.Cases), len(cases), err)
		}
		l := listed{slug: slug, cases: cases}
		for i, c := range gallery.Cases {
			if c.Name != cases[i].Name || c.Steps != len(cases[i].Steps) {
				t.Errorf("%s's case %d is listed as %s of %d steps, the golden file has %s of %d", slug, i, c.Name, c.Steps, cases[i].Name, len(cases[i].Steps))
			}
			l.names = append(l.names, c.Name)
		}
		all = append(all, l)
	}
	path := func(slug, name string) string { return "/api/games/" + slug + "/golden/" + url.PathEscape(name) }
	// The local server replays its cases while the function replays its
	// own.
	count := 0
	for _, l := range all {
		count += len(l.names)
	}
	locals := make(chan fetched, count)
	go func() {
		for _, l := range all {
			for _, name := range l.names {
				f, err := fetchLocal(local, path(l.slug, name))
				if err != nil {
					f = fetched{body: []byte(err.Error())}
				}
				locals <- f
			}
		}
	}()
	var largest struct {
		name          string
		body, payload int
	}
	var costliest struct {
		name string
		cpu  time.Duration
	}
	n, total := 0, 0
	for _, l := range all {
		for i, name := range l.names {
			target := path(l.slug, name)
			before, _ := e.usage()
			got := viaLambda(t, e, target)
			if after, ok := e.usage(); ok && after.cpu-before.cpu > costliest.cpu {
				costliest.name, costliest.cpu = l.slug+"/"+name, after.cpu-before.cpu
			}
			var tr struct {
				Game  string
				Name  string
				Steps []struct{}
			}
			if err := json.Unmarshal(got.body, &tr); err != nil || got.status != http.StatusOK || tr.Game != l.slug || tr.Name != name || len(tr.Steps) != len(l.cases[i].Steps) {
				t.Errorf("GET %s through the function: %d %v, %s/%s of %d steps, want %d", target, got.status, err, tr.Game, tr.Name, len(tr.Steps), len(l.cases[i].Steps))
			}
			sameAsLocal(t, target, got, <-locals)
			if got.payload > maxPayload {
				t.Errorf("GET %s: the function's response payload is %d bytes (a %d-byte body), over Lambda's %d", target, got.payload, len(got.body), maxPayload)
			}
			if got.payload > largest.payload {
				largest.name, largest.body, largest.payload = l.slug+"/"+name, len(got.body), got.payload
			}
			n++
			total += len(got.body)
		}
	}
	t.Logf("%d golden transcripts (%d bytes) through the function, each as the local server answers it, in %s; the largest, %s: a %d-byte body in a %d-byte response payload (Lambda allows %d)",
		n, total, time.Since(start).Round(time.Millisecond), largest.name, largest.body, largest.payload, maxPayload)
	if u, ok := e.usage(); ok {
		t.Logf("the function's costliest transcript, %s, took %s of CPU time (a 256-MB Lambda has %.2f of a vCPU); all of them held, the function's peak resident memory: %.1f MB",
			costliest.name, costliest.cpu, lambdaShare, float64(u.peak)/1e6)
	}
}

// lambdaShare is the share of a vCPU a function of the template's 256 MB
// has: Lambda gives a whole vCPU at 1,769 MB, in proportion below.
const lambdaShare = 256.0 / 1769

// usage is what the function under an emulator has used.
type usage struct {
	cpu  time.Duration // user and system time so far
	peak int64         // peak resident memory, in bytes
}

// usage reads the function's process (the emulator's child) in /proc:
// false where there is none to read.
func (e *emulator) usage() (usage, bool) {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		stat, err := os.ReadFile(dir + "/stat")
		_, rest, ok := bytes.Cut(stat, []byte(") "))
		if err != nil || !ok {
			continue
		}
		f := strings.Fields(string(rest)) // state, ppid, ...: utime and stime are the 12th and 13th
		if len(f) < 13 || f[1] != strconv.Itoa(e.pid) {
			continue
		}
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		u := usage{cpu: time.Duration(utime+stime) * time.Second / clockTicks}
		status, _ := os.ReadFile(dir + "/status")
		for line := range strings.Lines(string(status)) {
			if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
				u.peak = n << 10
			}
		}
		return u, true
	}
	return usage{}, false
}

// clockTicks is Linux's USER_HZ, the unit of /proc's CPU times.
const clockTicks = 100

// nextPage reads a Link header's next page.
var nextPage = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// catalogRanked plays a ranked Tinrail match through the game function,
// recording it as its agent receives it, with a refused action after the
// first, and reads its transcript through the catalog function: while
// the match runs, the accepted steps so far and no seed; once it is
// over, every accepted answer as recorded, byte for byte with its
// digest, the pages chained by Link, the seed last. A match whose first
// page would be its whole transcript is played again, so that the pages
// are chained.
func catalogRanked(t *testing.T, game, catalog *emulator) {
	start := time.Now()
	ctx := context.Background()
	query := map[string]string{"opponent": "easy"}
	for tries := 1; ; tries++ {
		s, err := client.Start(ctx, lambdaTransport{game}, "tinrail", map[string]string{"ranked": "true", "opponent": "easy"})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := s.Record(query)
		if err != nil {
			t.Fatal(err)
		}
		var head struct{ Ranked string }
		if err := json.Unmarshal(s.Last.Body, &head); err != nil || head.Ranked == "" {
			t.Fatalf("a ranked init through the game function: %s", s.Last.Body)
		}
		id := head.Ranked
		var running [][]byte // the pages read while the match ran
		for n := 0; !s.Last.GameOver; n++ {
			action := survivor(t, s.Last)
			if n == 1 {
				action = json.RawMessage(`{"type":"fly"}`)
			}
			a, err := s.Act(ctx, action)
			if err != nil {
				t.Fatalf("action %d through the game function: %v\n%s", n, err, tail(game.log.String()))
			}
			if a.OK == (n == 1) {
				t.Fatalf("action %d %s: %s", n, action, a.Body)
			}
			if n == 3 && !a.GameOver {
				got, pages := rankedTranscript(t, catalog, id)
				running = append(running, pages...)
				transcripttest.Same(t, got, transcripttest.Accepted(t, rec.Steps))
				if _, ok := got.Query["seed"]; ok || bytes.Contains(pages[0], []byte(`"seed"`)) {
					t.Errorf("the running match's transcript shows a seed: %s", pages[0])
				}
			}
		}
		steps := transcripttest.Accepted(t, rec.Steps)
		if len(running) == 0 || len(steps) <= play.TranscriptPage {
			if tries == 20 {
				t.Fatalf("20 ranked matches ended within %d steps", play.TranscriptPage)
			}
			continue
		}
		var final struct{ Seed *uint64 }
		if err := json.Unmarshal(s.Last.Body, &final); err != nil || final.Seed == nil {
			t.Fatalf("the last answer has no seed: %s", s.Last.Body)
		}
		seed := strconv.FormatUint(*final.Seed, 10)
		if bytes.Contains(running[0], []byte(seed)) {
			t.Errorf("the running match's page holds the seed %s", seed)
		}
		got, pages := rankedTranscript(t, catalog, id)
		transcripttest.Same(t, got, steps)
		if got.Query["seed"] != seed || got.Query["opponent"] != "easy" || got.Name != id || got.Game != "tinrail" || !got.Full || got.Format != golden.Format {
			t.Errorf("the finished transcript: %s %s %v full %t format %d, want the seed %s", got.Game, got.Name, got.Query, got.Full, got.Format, seed)
		}
		t.Logf("ranked Tinrail %s (match %d): %d actions through the game function, one refused; its transcript, %d steps in %d pages through the catalog function, as recorded, in %s",
			id, tries, len(rec.Steps)-1, len(got.Steps), len(pages), time.Since(start).Round(time.Millisecond))
		return
	}
}

// rankedTranscript reads a ranked Tinrail match's transcript through the
// function, following the Link headers from page to page, and answers it
// joined and the pages' bodies.
func rankedTranscript(t *testing.T, e *emulator, id string) (*golden.Case, [][]byte) {
	t.Helper()
	var whole *golden.Case
	var bodies [][]byte
	for path := "/api/games/tinrail/ranked/" + id + "/transcript"; path != ""; {
		got := viaLambda(t, e, path)
		var page golden.Case
		if err := json.Unmarshal(got.body, &page); err != nil || got.status != http.StatusOK || len(page.Steps) > play.TranscriptPage {
			t.Fatalf("GET %s through the catalog function: %d %v %.300s", path, got.status, err, got.body)
		}
		if ct := got.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", path, ct)
		}
		bodies = append(bodies, got.body)
		if whole == nil {
			whole = &page
		} else {
			whole.Query, whole.Steps = page.Query, append(whole.Steps, page.Steps...)
		}
		path = ""
		if link := got.header.Get("Link"); link != "" {
			m := nextPage.FindStringSubmatch(link)
			if m == nil || len(page.Steps) != play.TranscriptPage || !strings.Contains(got.header.Get("Access-Control-Expose-Headers"), "Link") {
				t.Fatalf("a page of %d steps links %q (exposed: %q)", len(page.Steps), link, got.header.Get("Access-Control-Expose-Headers"))
			}
			path = m[1]
		}
	}
	return whole, bodies
}

// survivor is a placement from a Tinrail answer's hand that keeps your
// engine on the table if one does, else the first legal action.
func survivor(t *testing.T, a *client.Answer) json.RawMessage {
	t.Helper()
	var env struct {
		LegalActions []json.RawMessage
		View         tinrailgame.View
	}
	if err := json.Unmarshal(a.Body, &env); err != nil || len(env.LegalActions) == 0 {
		t.Fatalf("no legal action: %s", a.Body)
	}
	var board engine.Board
	for _, p := range env.View.Board {
		board.Put(p.Cell, engine.Tile(p.Tile), p.Rotation)
	}
	you := env.View.You
	for _, h := range env.View.Hand {
		for r := range 4 {
			b := board
			b.Put(you.Cell, engine.Tile(h.Tile), r)
			if !b.Ride(engine.Notch{Cell: you.Cell, Port: you.Port}).Off {
				return json.RawMessage(fmt.Sprintf(`{"type":"place","tileIndex":%d,"rotation":%d}`, h.TileIndex, r))
			}
		}
	}
	return env.LegalActions[0]
}
