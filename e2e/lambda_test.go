// Package e2e runs the real Lambda binary under the AWS Lambda Runtime
// Interface Emulator and plays golden matches through API Gateway v2
// events.
package e2e

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

// rieBinary finds aws-lambda-rie: $RIE_BIN, the repository's .bin (where
// make test installs it), or PATH. Without it the test is skipped, unless
// E2E_REQUIRED is set, as it is in CI.
func rieBinary(t *testing.T) string {
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
// Makefile builds it for Lambda.
func buildBootstrap(t *testing.T, pkg string) string {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "bootstrap")
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, b)
	}
	return out
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// emulator is a running aws-lambda-rie with a bootstrap.
type emulator struct {
	invokeURL string
	log       *bytes.Buffer
	// listening is the time from starting the emulator to its port
	// accepting connections; firstAnswer the time from then to the
	// function's first answer (the bootstrap starts on the first invoke).
	listening, firstAnswer time.Duration
}

const testKeys = "1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="

func startEmulator(t *testing.T, bootstrap string) *emulator {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(rieBinary(t), "--runtime-interface-emulator-address", addr, bootstrap)
	cmd.Dir = filepath.Dir(bootstrap)
	cmd.Env = append(os.Environ(), "TOKEN_KEYS="+testKeys, "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256")
	e := &emulator{invokeURL: "http://" + addr + "/2015-03-31/functions/function/invocations", log: &bytes.Buffer{}}
	cmd.Stdout, cmd.Stderr = e.log, e.log
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Since(start) > 20*time.Second {
			t.Fatalf("the emulator never listened:\n%s", e.log)
		}
		time.Sleep(time.Millisecond)
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
	var out events.APIGatewayV2HTTPResponse
	payload, _ := json.Marshal(ev)
	res, err := http.Post(e.invokeURL, "application/json", bytes.NewReader(payload))
	if err != nil {
		return out, err
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var fnErr struct {
		ErrorType    string `json:"errorType"`
		ErrorMessage string `json:"errorMessage"`
	}
	if json.Unmarshal(data, &fnErr); fnErr.ErrorType != "" {
		return out, fmt.Errorf("function error %s: %s", fnErr.ErrorType, fnErr.ErrorMessage)
	}
	if res.StatusCode != http.StatusOK {
		return out, fmt.Errorf("emulator answered %d: %s", res.StatusCode, data)
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, fmt.Errorf("not an API Gateway response: %s", data)
	}
	return out, nil
}

// lambdaClient is a conformance client that speaks API Gateway v2 events.
type lambdaClient struct{ e *emulator }

func (c lambdaClient) Init(game string, query map[string]string) (int, []byte, error) {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return c.do(get("/api/games/" + game + "/init?" + q.Encode()))
}

func (c lambdaClient) Action(game string, body []byte) (int, []byte, error) {
	return c.do(post("/api/games/"+game+"/action", body))
}

func (c lambdaClient) do(ev events.APIGatewayV2HTTPRequest) (int, []byte, error) {
	res, err := c.e.invoke(ev)
	if err != nil {
		return 0, nil, err
	}
	body := []byte(res.Body)
	if res.IsBase64Encoded {
		if body, err = base64.StdEncoding.DecodeString(res.Body); err != nil {
			return 0, nil, err
		}
	}
	return res.StatusCode, body, nil
}

var initDuration = regexp.MustCompile(`Init Duration: ([0-9.]+ ms)`)

// TestGameFunctions plays golden matches of every game through its real
// bootstrap under the emulator, and checks the error path.
func TestGameFunctions(t *testing.T) {
	for _, game := range []string{"tinrail", "brinebell"} {
		t.Run(game, func(t *testing.T) {
			e := startFunction(t, game)
			ts, err := conformance.Load(golden.Files, game)
			if err != nil || len(ts) == 0 {
				t.Fatalf("no golden transcripts: %v", err)
			}
			played, start := 0, time.Now()
			for i := range ts {
				if !slices.ContainsFunc(ts[i].Covers, func(c string) bool { return strings.HasPrefix(c, "refusal") }) && i%5 != 0 {
					continue
				}
				if err := conformance.Replay(&ts[i], lambdaClient{e}); err != nil {
					t.Fatalf("%v\nemulator log:\n%s", err, tail(e.log.String()))
				}
				played++
			}
			t.Logf("replayed %d golden matches through the Lambda function in %s", played, time.Since(start).Round(time.Millisecond))
			res, err := e.invoke(post("/api/games/"+game+"/action", []byte(`{"state":"AAAA","action":{"type":"bank"}}`)))
			if err != nil || res.StatusCode != 400 || !strings.Contains(res.Body, `"token_malformed"`) {
				t.Errorf("bad token through Lambda: %v %d %s", err, res.StatusCode, res.Body)
			}
			if res.Headers["Content-Type"] != "application/json; charset=utf-8" {
				t.Errorf("content type %q", res.Headers["Content-Type"])
			}
		})
	}
}

// TestCatalogFunction serves the index, llms.txt and JSON errors for any
// other route through the catalog function.
func TestCatalogFunction(t *testing.T) {
	e := startFunction(t, "catalog")
	res, err := e.invoke(get("/api/games"))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("index: %v %+v", err, res)
	}
	var idx struct {
		Games []struct{ Slug, InitURL string }
	}
	json.Unmarshal([]byte(res.Body), &idx)
	if len(idx.Games) != 2 || idx.Games[0].InitURL != "https://api.example.test/api/games/tinrail/init" {
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
}

// startFunction builds functions/<name>, reports its size and start-up,
// and runs it under the emulator.
func startFunction(t *testing.T, name string) *emulator {
	t.Helper()
	bootstrap := buildBootstrap(t, "./functions/"+name)
	info, _ := os.Stat(bootstrap)
	t.Logf("%s bootstrap for this machine: %.1f MB", name, float64(info.Size())/1e6)
	if info.Size() >= 15<<20 {
		t.Errorf("the bootstrap is %d bytes, over the 15 MB budget", info.Size())
	}
	e := startEmulator(t, bootstrap)
	t.Logf("emulator listening after %s; first invoke (bootstrap start, init, answer) took %s",
		e.listening.Round(time.Millisecond), e.firstAnswer.Round(100*time.Microsecond))
	if m := initDuration.FindStringSubmatch(e.log.String()); m != nil {
		t.Logf("function init duration reported by the emulator: %s", m[1])
	}
	return e
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
