package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/seal"
)

// suiteSeeds is how many seeds each referee plays through a function:
// the emulator answers one request at a time.
const suiteSeeds = 2

// deployed is an http.RoundTripper shaped like the deployed API: the
// requests a function's routes take (paths starting with one of mine) go
// to that function under the emulator as API Gateway HTTP API events;
// the rest (the index, the other games) to others, in process under the
// same keys, as the template's other functions would answer them.
type deployed struct {
	e      *emulator
	mine   []string
	others http.Handler
}

func (d deployed) RoundTrip(req *http.Request) (*http.Response, error) {
	if !d.routes(req.URL.Path) {
		return check.HandlerTarget(d.others).Client.Transport.RoundTrip(req)
	}
	ev := get(req.URL.RequestURI())
	for k, vs := range req.Header {
		ev.Headers[strings.ToLower(k)] = strings.Join(vs, ", ")
	}
	ev.RequestContext.HTTP.Method = req.Method
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		if len(body) > 0 {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
		}
	}
	res, err := d.e.invoke(ev)
	if err != nil {
		return nil, err
	}
	out, err := bodyOf(res)
	if err != nil {
		return nil, err
	}
	header := http.Header{}
	for k, v := range res.Headers {
		header.Set(k, v)
	}
	return &http.Response{StatusCode: res.StatusCode, Status: http.StatusText(res.StatusCode), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: header, Body: io.NopCloser(bytes.NewReader(out)), ContentLength: int64(len(out)), Request: req}, nil
}

func (d deployed) routes(path string) bool {
	for _, p := range d.mine {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// othersUnderTestKeys is every game in process, sealing under the keys
// the functions under the emulator hold.
func othersUnderTestKeys(t *testing.T) http.Handler {
	t.Helper()
	ring, err := seal.ParseKeyring(testKeys)
	if err != nil {
		t.Fatal(err)
	}
	p, err := assemble.New(assemble.Config{Keys: ring, Games: games.All(), Live: games.Live()})
	if err != nil {
		t.Fatal(err)
	}
	return p.HTTP()
}

// runSuite runs the protocol and rules checks of game whose names pass
// keep through a function, and fails on any failure.
func runSuite(t *testing.T, d deployed, game string, keep func(name string) bool) {
	t.Helper()
	cs, err := conformance.Checks(conformance.Options{Games: []string{game}, Levels: []string{check.Protocol, check.Rules}, Seeds: suiteSeeds})
	if err != nil {
		t.Fatal(err)
	}
	var mine []check.Check
	for _, c := range cs {
		if keep(c.Name) {
			mine = append(mine, c)
		}
	}
	start := time.Now()
	target := check.Target{Base: "https://api.example.test", Client: &http.Client{Transport: d}}
	for _, r := range conformance.Run(context.Background(), target, mine, 1, nil) {
		if why := r.Skipped(); why != "" {
			t.Logf("%s through the function: skipped, %s", r.Ref(), why)
		} else if r.Err != nil {
			t.Errorf("%s through the function: %v\nemulator log:\n%s", r.Ref(), r.Err, tail(d.e.log.String()))
		}
	}
	t.Logf("%d protocol and rules checks of %s passed through the function in %s", len(mine), game, time.Since(start).Round(time.Millisecond))
}

// isLive tells the live match API's checks from the loop's.
func isLive(name string) bool { return strings.HasPrefix(name, "live/") }
