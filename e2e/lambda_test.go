package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/golden"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/transport/httpapi"
)

// rieBinary finds aws-lambda-rie: $RIE_BIN, the repository's .bin (where
// make test installs it), or PATH. Without it the test is skipped, unless
// E2E_REQUIRED is set, as it is in CI.
func rieBinary(t testing.TB) string {
	t.Helper()
	for _, p := range []string{os.Getenv("RIE_BIN"), "../.bin/aws-lambda-rie"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				abs, _ := filepath.Abs(p)
				return abs
			}
		}
	}
	if p, err := exec.LookPath("aws-lambda-rie"); err == nil {
		return p
	}
	if os.Getenv("E2E_REQUIRED") != "" {
		t.Fatal("aws-lambda-rie not found: run make test, which installs it into .bin")
	}
	t.Skip("aws-lambda-rie not found (make test installs it)")
	return ""
}

// buildBootstrap builds a function's bootstrap for this machine, as the
// Makefile builds it for Lambda but without -trimpath, which changes only
// the file names a stack trace shows, and would compile every package
// again instead of reusing the tests' compilations.
func buildBootstrap(t testing.TB, pkg string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "bootstrap")
	goBuild(t, out, pkg)
	return out
}

// buildBootstraps builds several functions' bootstraps as buildBootstrap
// does, in one go build, which links them side by side; each is named
// after its package's folder.
func buildBootstraps(t testing.TB, pkgs ...string) []string {
	t.Helper()
	dir := t.TempDir()
	goBuild(t, dir+string(filepath.Separator), pkgs...)
	out := make([]string, len(pkgs))
	for i, pkg := range pkgs {
		out[i] = filepath.Join(dir, filepath.Base(pkg))
	}
	return out
}

// goBuild builds pkgs for Lambda into out, a file for one package or a
// folder (ending in a separator) for several.
func goBuild(t testing.TB, out string, pkgs ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"build", "-tags", "lambda.norpc", "-ldflags=-s -w", "-o", out}, pkgs...)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", strings.Join(pkgs, " "), err, b)
	}
}

// freeAddrs draws n distinct addresses on loopback whose ports are free
// now, for an emulator to listen on: each drawn while the others are
// held, since two drawn one after the other may be one port (an emulator
// given one port twice fails to start).
func freeAddrs(t testing.TB, n int) []string {
	t.Helper()
	out := make([]string, n)
	for i := range out {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close() // held until all are drawn, so that no two are one port
		out[i] = l.Addr().String()
	}
	return out
}

// emulator is a running aws-lambda-rie with a bootstrap.
type emulator struct {
	invokeURL string
	log       *bytes.Buffer
	// listening is the time from starting the emulator to its port
	// accepting connections; firstAnswer the time from then to the
	// function's first answer (the bootstrap starts on the first invoke).
	listening, firstAnswer time.Duration
	// pid is the emulator's process; the function's is its child.
	pid int
	// stop ends the emulator. Each emulator's runtime API has a port of
	// its own, so that two functions can run side by side.
	stop func()
}

const testKeys = "1:mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw="

func startEmulator(t testing.TB, rie, bootstrap string, env ...string) *emulator {
	t.Helper()
	addrs := freeAddrs(t, 2)
	addr := addrs[0]
	cmd := exec.Command(rie, "--runtime-interface-emulator-address", addr, "--runtime-api-address", addrs[1], bootstrap)
	cmd.Dir = filepath.Dir(bootstrap)
	cmd.Env = append(append(os.Environ(), "TOKEN_KEYS="+testKeys, "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256"), env...)
	e := &emulator{invokeURL: "http://" + addr + "/2015-03-31/functions/function/invocations", log: &bytes.Buffer{}}
	cmd.Stdout, cmd.Stderr = e.log, e.log
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e.pid = cmd.Process.Pid
	e.stop = sync.OnceFunc(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	t.Cleanup(e.stop)
	if !listens(addr, 20*time.Second) {
		t.Fatalf("the emulator never listened:\n%s", e.log)
	}
	e.listening = time.Since(start)
	if _, err := e.invoke(get("/api/games")); err != nil {
		t.Fatalf("first invoke: %v\n%s", err, e.log)
	}
	e.firstAnswer = time.Since(start) - e.listening
	return e
}

func get(target string) events.APIGatewayV2HTTPRequest {
	u, _ := url.Parse(target)
	e := events.APIGatewayV2HTTPRequest{Version: "2.0", RouteKey: "$default", RawPath: u.Path, RawQueryString: u.RawQuery,
		Headers: map[string]string{"host": "api.example.test", "x-forwarded-proto": "https"}}
	e.RequestContext.HTTP.Method = http.MethodGet
	e.RequestContext.HTTP.Path = u.Path
	e.RequestContext.DomainName = "api.example.test"
	return e
}

func post(path string, body []byte) events.APIGatewayV2HTTPRequest {
	e := get(path)
	e.RequestContext.HTTP.Method = http.MethodPost
	e.Headers["content-type"] = "application/json"
	e.Body = base64.StdEncoding.EncodeToString(body)
	e.IsBase64Encoded = true
	return e
}

// invoke sends one event. A function error answers HTTP 200 with an
// errorType: that is reported as an error.
func (e *emulator) invoke(ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	out, _, err := e.invokeSized(ev)
	return out, err
}

// invokeSized is invoke, and the size of the function's response
// payload, which Lambda bounds (see maxPayload).
func (e *emulator) invokeSized(ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, int, error) {
	var out events.APIGatewayV2HTTPResponse
	payload, _ := json.Marshal(ev)
	res, err := http.Post(e.invokeURL, "application/json", bytes.NewReader(payload))
	if err != nil {
		return out, 0, err
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var fnErr struct {
		ErrorType    string `json:"errorType"`
		ErrorMessage string `json:"errorMessage"`
	}
	if json.Unmarshal(data, &fnErr); fnErr.ErrorType != "" {
		return out, len(data), fmt.Errorf("function error %s: %s", fnErr.ErrorType, fnErr.ErrorMessage)
	}
	if res.StatusCode != http.StatusOK {
		return out, len(data), fmt.Errorf("emulator answered %d: %.300s", res.StatusCode, data)
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, len(data), fmt.Errorf("not an API Gateway response: %.300s", data)
	}
	return out, len(data), nil
}

// lambdaTransport is a client.Transport that speaks API Gateway v2 events
// to a function under the emulator.
type lambdaTransport struct{ e *emulator }

func (c lambdaTransport) Init(_ context.Context, game string, query map[string]string) (int, []byte, error) {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return c.do(get("/api/games/" + game + "/init?" + q.Encode()))
}

func (c lambdaTransport) Act(_ context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	body, err := client.ActionBody(field, token, action)
	if err != nil {
		return 0, nil, err
	}
	return c.do(post("/api/games/"+game+"/action", body))
}

func (c lambdaTransport) do(ev events.APIGatewayV2HTTPRequest) (int, []byte, error) {
	res, err := c.e.invoke(ev)
	if err != nil {
		return 0, nil, err
	}
	body, err := bodyOf(res)
	return res.StatusCode, body, err
}

// bodyOf is an answer's body, decoded if the function sent it in base64.
func bodyOf(res events.APIGatewayV2HTTPResponse) ([]byte, error) {
	if res.IsBase64Encoded {
		return base64.StdEncoding.DecodeString(res.Body)
	}
	return []byte(res.Body), nil
}

var initDuration = regexp.MustCompile(`Init Duration: ([0-9.]+ ms)`)

// TestGameFunctions plays golden matches of every game of the registry
// through the real bootstrap of functions/game under the emulator, and
// checks the error paths.
func TestGameFunctions(t *testing.T) {
	rie := rieBinary(t)
	bootstrap := buildBootstrap(t, "./functions/game")
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	others := othersUnderTestKeys(t)
	for _, g := range games.All() {
		game := g.Info().Slug
		t.Run(game, func(t *testing.T) {
			e := startFunction(t, rie, bootstrap, "GAME="+game)
			cases, err := golden.Load(golden.Files, game)
			if err != nil || len(cases) == 0 {
				t.Fatalf("no golden cases: %v", err)
			}
			played, start := 0, time.Now()
			for i := range cases {
				if !slices.ContainsFunc(cases[i].Covers, func(c string) bool { return strings.HasPrefix(c, "refusal") }) && i%5 != 0 {
					continue
				}
				if err := conformance.Replay(context.Background(), &cases[i], lambdaTransport{e}, ref, true); err != nil {
					t.Fatalf("%v\nemulator log:\n%s", err, tail(e.log.String()))
				}
				played++
			}
			t.Logf("replayed %d golden matches through the Lambda function in %s", played, time.Since(start).Round(time.Millisecond))
			exchangeBots(t, e, game)
			runSuite(t, deployed{e: e, mine: []string{"/api/games/" + game + "/", "/api/bots/" + game}, others: others},
				game, func(name string) bool { return !isLive(name) })
			for _, c := range []struct {
				ev     events.APIGatewayV2HTTPRequest
				status int
				code   string
			}{
				{post("/api/games/"+game+"/action", []byte(`{"state":"AAAA","action":{"type":"bank"}}`)), 400, "token_malformed"},
				{get("/api/games/" + game + "/init?seed=%zz"), 400, "invalid_request"},
				{get("/api/games/" + game + "/init?colour=blue"), 400, "invalid_request"},
				{badBase64(post("/api/games/"+game+"/action", nil)), 400, "bad_json"},
				{withPath(get("/"), "/api/games/"+game+"/\x01init"), 400, "invalid_request"},
				{withMethod(get("/api/games/"+game+"/init"), "G(E)T"), 405, "method_not_allowed"},
			} {
				res, err := e.invoke(c.ev)
				if err != nil || res.StatusCode != c.status || !strings.Contains(res.Body, `"`+c.code+`"`) {
					t.Errorf("%s %q: %v %d %s", c.ev.RequestContext.HTTP.Method, c.ev.RawPath, err, res.StatusCode, res.Body)
				}
				if res.Headers["Content-Type"] != "application/json; charset=utf-8" {
					t.Errorf("content type %q", res.Headers["Content-Type"])
				}
			}
		})
	}
}

// exchangeBots sends the golden exchanges of the game's bot endpoint, if
// it has one, through the function: by POST, and the first by GET
// ?message= as well.
func exchangeBots(t *testing.T, e *emulator, game string) {
	all, err := conformance.LoadExchanges(golden.Files, game)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := conformance.GameOf(game)
	for _, x := range all {
		for i, ex := range x.Exchanges {
			path := "/api/bots/" + game + "?" + ex.Query
			evs := []events.APIGatewayV2HTTPRequest{postJSON(path, ex.Message)}
			if i == 0 {
				evs = append(evs, get(path+"&message="+url.QueryEscape(ex.Message)))
			}
			for _, ev := range evs {
				res, err := e.invoke(ev)
				if err == nil {
					err = ex.Check(res.StatusCode, []byte(res.Body), g.Plays)
				}
				if err != nil {
					t.Errorf("bot exchange %q by %s: %v", ex.Name, ev.RequestContext.HTTP.Method, err)
				}
			}
		}
		t.Logf("%d bot exchanges through the Lambda function", len(x.Exchanges))
	}
}

func badBase64(e events.APIGatewayV2HTTPRequest) events.APIGatewayV2HTTPRequest {
	e.Body, e.IsBase64Encoded = "not base64!", true
	return e
}

func withPath(e events.APIGatewayV2HTTPRequest, path string) events.APIGatewayV2HTTPRequest {
	e.RawPath = path
	return e
}

func withMethod(e events.APIGatewayV2HTTPRequest, method string) events.APIGatewayV2HTTPRequest {
	e.RequestContext.HTTP.Method = method
	return e
}

// TestCatalogFunction serves the index, llms.txt and JSON errors for any
// other route through the catalog function, which the HTTP API's $default
// route reaches, then the browser pages, the golden transcripts and a
// ranked match's transcript (see catalogPages, catalogGolden and
// catalogRanked), the ledgers in a DynamoDB table of dynalite when make
// test starts it.
func TestCatalogFunction(t *testing.T) {
	rie := rieBinary(t)
	onAWS := tableEnv(t)
	bootstraps := buildBootstraps(t, "./functions/catalog", "./functions/game")
	e := startFunction(t, rie, bootstraps[0], onAWS...)
	res, err := e.invoke(get("/api/games"))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("index: %v %+v", err, res)
	}
	var idx struct {
		Games []struct{ Slug, InitURL string }
	}
	json.Unmarshal([]byte(res.Body), &idx)
	if len(idx.Games) != len(games.All()) || idx.Games[0].InitURL != "https://api.example.test/api/games/"+games.All()[0].Info().Slug+"/init" {
		t.Errorf("index through Lambda: %s", res.Body)
	}
	for _, c := range []struct {
		ev     events.APIGatewayV2HTTPRequest
		status int
		want   string
	}{
		{get("/llms.txt"), 200, "/api/games/brinebell/init"},
		{get("/docs/api/brinebell"), 200, "# Brinebell"},
		{get("/nowhere"), 404, `"not_found"`},
		{post("/api/games/tinrail/init", nil), 405, `"method_not_allowed"`},
	} {
		res, err := e.invoke(c.ev)
		if err != nil || res.StatusCode != c.status || !strings.Contains(res.Body, c.want) {
			t.Errorf("%s %s: %v %d %.200s", c.ev.RequestContext.HTTP.Method, c.ev.RawPath, err, res.StatusCode, res.Body)
		}
	}
	local := httptest.NewServer(httpapi.Logged(othersUnderTestKeys(t), slog.New(slog.DiscardHandler)))
	t.Cleanup(local.Close)
	t.Run("pages", func(t *testing.T) { catalogPages(t, e, local.URL) })
	t.Run("golden", func(t *testing.T) { catalogGolden(t, e, local.URL) })
	t.Run("ranked", func(t *testing.T) {
		if len(onAWS) == 0 {
			storetest.DynamoClient(t) // skips, or fails under STORE_REQUIRED
		}
		game := startFunction(t, rie, bootstraps[1], append([]string{"GAME=tinrail"}, onAWS...)...)
		catalogRanked(t, game, e)
	})
}

// bootstrapBudget bounds a function's bootstrap (stripped, for this
// machine). It was 15 MiB while the MCP function, the largest, weighed
// 15,696,135 bytes built by the Makefile's Go 1.27.3 (99.8 % of it, mostly
// the AWS and MCP SDKs); live Tinrail took it to 15,773,959, so the budget
// is 15.5 MiB, about half a MiB of room for the next games.
const bootstrapBudget = 31 << 19

// startFunction reports a bootstrap's size and runs it under the
// emulator with the given environment.
func startFunction(t *testing.T, rie, bootstrap string, env ...string) *emulator {
	t.Helper()
	info, _ := os.Stat(bootstrap)
	t.Logf("bootstrap for this machine: %.1f MB", float64(info.Size())/1e6)
	if info.Size() >= bootstrapBudget {
		t.Errorf("the bootstrap is %d bytes, over the %.1f MiB budget", info.Size(), float64(bootstrapBudget)/(1<<20))
	}
	e := startEmulator(t, rie, bootstrap, env...)
	t.Logf("emulator listening after %s; first invoke (bootstrap start, init, answer) took %s",
		e.listening.Round(time.Millisecond), e.firstAnswer.Round(100*time.Microsecond))
	if m := initDuration.FindStringSubmatch(e.log.String()); m != nil {
		t.Logf("function init duration reported by the emulator: %s", m[1])
	}
	return e
}

// BenchmarkColdStart starts a game function and a hello-world
// aws-lambda-go function built the same way fresh under the emulator, in
// turn, once an iteration, and reports the medians of their first answers
// and the ratio, both from the moment the emulator listens and from its
// start (go test ./e2e -run '^$' -bench ColdStart -benchtime 7x).
func BenchmarkColdStart(b *testing.B) {
	rie := rieBinary(b)
	game := buildBootstrap(b, "./functions/game")
	hello := buildBootstrap(b, "./e2e/testdata/hello")
	var games, hellos, gamesFromStart, hellosFromStart []time.Duration
	for b.Loop() {
		for _, run := range []struct {
			into, fromStart *[]time.Duration
			bin             string
			env             []string
		}{{&games, &gamesFromStart, game, []string{"GAME=tinrail"}}, {&hellos, &hellosFromStart, hello, nil}} {
			e := startEmulator(b, rie, run.bin, run.env...)
			*run.into = append(*run.into, e.firstAnswer)
			*run.fromStart = append(*run.fromStart, e.listening+e.firstAnswer)
			e.stop()
		}
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(median(games)), "tinrail-ms")
	b.ReportMetric(ms(median(hellos)), "hello-ms")
	b.ReportMetric(float64(median(games))/float64(median(hellos)), "ratio")
	b.ReportMetric(ms(median(gamesFromStart)), "tinrail-from-start-ms")
	b.ReportMetric(ms(median(hellosFromStart)), "hello-from-start-ms")
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func tail(s string) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}

// TestLiveFunction plays a live Tidebreakers match against a bot seat,
// a live Tron match between two agents and a live Tinrail match between
// two players, through the real live
// bootstrap under the emulator, its matches in a DynamoDB table of the
// dynalite server make test starts, and runs both games' live checks of
// the conformance suite through it.
func TestLiveFunction(t *testing.T) {
	rie := rieBinary(t)
	table := storetest.NewTable(t, storetest.DynamoClient(t))
	endpoint := os.Getenv("DYNAMODB_ENDPOINT")
	e := startFunction(t, rie, buildBootstrap(t, "./functions/live"), "MATCHES_TABLE="+table, "AWS_ENDPOINT_URL_DYNAMODB="+endpoint,
		"AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test")
	call := func(ev events.APIGatewayV2HTTPRequest, out any) int {
		res, err := e.invoke(ev)
		if err != nil {
			t.Fatalf("%v\n%s", err, tail(e.log.String()))
		}
		json.Unmarshal([]byte(res.Body), out)
		return res.StatusCode
	}
	var j live.Joined
	if status := call(postJSON("/api/matches", `{"players":2,"name":"Ada","bots":1}`), &j); status != 200 || j.Code == "" {
		t.Fatalf("create: %d %+v", status, j)
	}
	var st live.State
	call(get("/api/matches/"+j.Code), &st)
	for steps := 0; !st.Over; steps++ {
		if steps > 2000 {
			t.Fatal("no end")
		}
		op, body := tidecaptain.Next(&st, 0, j.Token)
		data, _ := json.Marshal(body)
		if status := call(postJSON("/api/matches/"+j.Code+"/"+op, string(data)), &st); status != 200 {
			t.Fatalf("%s: %d", op, status)
		}
	}
	t.Logf("a live match through the Lambda function and DynamoDB ended by %s in round %d", st.Ending, st.Round)
	runSuite(t, deployed{e: e, mine: []string{"/api/matches"}, others: othersUnderTestKeys(t)}, "tidebreakers", isLive)
	var failure struct{ Error struct{ Code string } }
	if status := call(postJSON("/api/matches/"+j.Code+"/pass", `{"token":"guess"}`), &failure); status != 403 || failure.Error.Code != "forbidden" {
		t.Errorf("a guessed token: %d %+v", status, failure)
	}
	playTron(t, call)
	runSuite(t, deployed{e: e, mine: []string{"/api/games/tron/matches"}, others: othersUnderTestKeys(t)}, "tron", isLive)
	playTinrail(t, call)
}

// playTinrail plays a live Tinrail match between two players to its end
// through call, each placing the first placement its own view lists: a
// seat's view holds its hand, the public state none; the end gives both
// seats places and scores.
func playTinrail(t *testing.T, call func(events.APIGatewayV2HTTPRequest, any) int) {
	t.Helper()
	base := "/api/games/tinrail/matches"
	var seats [2]core.Joined
	if status := call(postJSON(base, `{"players":2,"name":"Ada"}`), &seats[0]); status != 200 {
		t.Fatalf("create a Tinrail match: %d", status)
	}
	if status := call(postJSON(base+"/"+seats[0].Code+"/join", `{"name":"Bo"}`), &seats[1]); status != 200 || seats[1].Seat != 1 {
		t.Fatalf("join the Tinrail match: %d %+v", status, seats[1])
	}
	code := seats[0].Code
	for step := 0; ; step++ {
		var pub map[string]any
		call(get(base+"/"+code), &pub)
		if _, shown := pub["hand"]; shown || pub["over"] == true {
			if shown {
				t.Fatalf("the public state shows a hand: %v", pub)
			}
			if places, _ := pub["places"].([]any); len(places) != 2 {
				t.Fatalf("the end: %v", pub)
			}
			t.Logf("a live Tinrail match between two players through the Lambda function and DynamoDB ended after %d placements: %s, places %v, scores %v",
				step, pub["ending"], pub["places"], pub["scores"])
			return
		}
		turn := int(pub["turn"].(float64))
		var v struct {
			Hand         []json.RawMessage
			LegalActions []struct{ TileIndex, Rotation int }
		}
		if status := call(postJSON(base+"/"+code+"/view", `{"token":"`+seats[turn].Token+`"}`), &v); status != 200 || len(v.Hand) == 0 || len(v.LegalActions) == 0 {
			t.Fatalf("step %d: seat %d's view: %d %+v", step, turn, status, v)
		}
		a := v.LegalActions[step%len(v.LegalActions)]
		body := fmt.Sprintf(`{"token":%q,"tileIndex":%d,"rotation":%d}`, seats[turn].Token, a.TileIndex, a.Rotation)
		if status := call(postJSON(base+"/"+code+"/place", body), &v); status != 200 || step > 40 {
			t.Fatalf("step %d: seat %d places: %d", step, turn, status)
		}
	}
}

// playTron plays a live Tron match between two agents to its end through
// call: every round resolves when the second seat moves, and a second
// move in a round is refused as already_moved; the match's transcript then
// holds every round, the last frame its end.
func playTron(t *testing.T, call func(events.APIGatewayV2HTTPRequest, any) int) {
	t.Helper()
	base := "/api/games/tron/matches"
	var seats [2]tronlive.Joined
	if status := call(postJSON(base, `{"players":2,"name":"Ada","width":7,"height":7}`), &seats[0]); status != 200 {
		t.Fatalf("create a Tron match: %d", status)
	}
	if status := call(postJSON(base+"/"+seats[0].Code+"/join", `{"name":"Bo"}`), &seats[1]); status != 200 || seats[1].Seat != 1 {
		t.Fatalf("join the Tron match: %d %+v", status, seats[1])
	}
	var st tronlive.State
	call(get(base+"/"+seats[0].Code), &st)
	for !st.Over {
		round, moves := st.Round, [2]string{}
		for i, j := range seats {
			moves[i] = freeDir(&st, j.Seat)
		}
		for i, j := range seats {
			if !st.Seats[j.Seat].Alive {
				continue
			}
			body := `{"token":"` + j.Token + `","dir":"` + moves[i] + `"}`
			if status := call(postJSON(base+"/"+j.Code+"/move", body), &st); status != 200 {
				t.Fatalf("round %d, seat %d: %d", round, j.Seat, status)
			}
			if i == 0 {
				var failure struct{ Error struct{ Code string } }
				if status := call(postJSON(base+"/"+j.Code+"/move", body), &failure); status != 409 || failure.Error.Code != "already_moved" {
					t.Fatalf("a second move in round %d: %d %+v", round, status, failure)
				}
			}
		}
		if st.Round != round+1 {
			t.Fatalf("round %d did not resolve once both seats moved: %+v", round, st)
		}
	}
	var tr golden.Case
	if status := call(get(base+"/"+seats[0].Code+"/transcript"), &tr); status != 200 || len(tr.Steps) != st.Round+1 {
		t.Fatalf("the transcript: %d, %d frames for %d rounds", status, len(tr.Steps), st.Round)
	}
	var end struct {
		GameOver bool
		View     tronlive.State
	}
	if json.Unmarshal(tr.Steps[st.Round].Answer, &end); !end.GameOver || end.View.Round != st.Round || !slices.Equal(end.View.Places, st.Places) {
		t.Errorf("the transcript's last frame: %+v; the match ended in round %d, places %v", end, st.Round, st.Places)
	}
	t.Logf("a live Tron match through the Lambda function and DynamoDB ended in round %d, places %v; its transcript holds every round", st.Round, st.Places)
}

// freeDir is a direction that takes seat's cycle to a free cell, if any.
func freeDir(st *tronlive.State, seat int) string {
	taken := map[[2]int]bool{}
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c] = true
		}
	}
	h := st.Seats[seat].Trail[0]
	for _, d := range []struct {
		name   string
		dx, dy int
	}{{"x+", 1, 0}, {"y+", 0, 1}, {"x-", -1, 0}, {"y-", 0, -1}} {
		x, y := h[0]+d.dx, h[1]+d.dy
		if x >= 0 && y >= 0 && x < st.Width && y < st.Height && !taken[[2]int{x, y}] {
			return d.name
		}
	}
	return "x+"
}

// postJSON is a POST event with a plain JSON body.
func postJSON(path, body string) events.APIGatewayV2HTTPRequest {
	e := get(path)
	e.RequestContext.HTTP.Method = http.MethodPost
	e.Headers["content-type"] = "application/json"
	e.Body = body
	return e
}
