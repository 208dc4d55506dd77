package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/lambdasamples"
)

// door is one HTTP front door of Lambda: which of aws-lambda-go's sample
// events it sends, how a request goes into that sample, and in which
// header form the answer must come.
type door struct {
	name, sample string
	// point makes the sample a request for method, path and rawQuery
	// (percent-encoded, as a client sends it) with body.
	point func(ev map[string]any, method, path, rawQuery string, body []byte)
	// multi says the answer's headers must be multiValueHeaders, not headers.
	multi bool
	// alb says the answer must carry a statusDescription.
	alb bool
	// repeats says the door can send a query parameter twice.
	repeats bool
}

// doors are the front doors the Lambda functions serve.
var doors = []door{
	{name: "REST API (payload 1.0)", sample: "apigw-request.json", point: pointREST, multi: true, repeats: true},
	{name: "HTTP API (payload 2.0)", sample: "apigw-v2-request-no-authorizer.json", point: pointV2, repeats: true},
	{name: "function URL", sample: "lambda-urls-request.json", point: pointV2, repeats: true},
	{name: "ALB", sample: "alb-lambda-target-request-headers-only.json", point: pointALB, alb: true},
	{name: "ALB, multi-value headers", sample: "alb-lambda-target-request-multivalue-headers.json", point: pointALB, multi: true, alb: true, repeats: true},
}

// pointREST: payload 1.0 carries the query decoded, in maps.
func pointREST(ev map[string]any, method, path, rawQuery string, body []byte) {
	q, _ := url.ParseQuery(rawQuery)
	single := map[string]string{}
	for k, vs := range q {
		single[k] = vs[len(vs)-1]
	}
	ev["httpMethod"], ev["path"] = method, path
	ev["multiValueQueryStringParameters"], ev["queryStringParameters"] = q, single
	ev["pathParameters"] = map[string]string{"proxy": strings.TrimPrefix(path, "/")}
	rc := ev["requestContext"].(map[string]any)
	rc["httpMethod"], rc["path"] = method, "/"+rc["stage"].(string)+path
	setBody(ev, body)
}

// pointV2: payload 2.0 carries the raw query.
func pointV2(ev map[string]any, method, path, rawQuery string, body []byte) {
	ev["rawPath"], ev["rawQueryString"] = path, rawQuery
	delete(ev, "queryStringParameters") // the sample's own; API Gateway derives it from the query
	http := ev["requestContext"].(map[string]any)["http"].(map[string]any)
	http["method"], http["path"] = method, path
	setBody(ev, body)
}

// pointALB: an ALB carries the query still percent-encoded, in maps.
func pointALB(ev map[string]any, method, path, rawQuery string, body []byte) {
	multi := map[string][]string{}
	single := map[string]string{}
	for pair := range strings.SplitSeq(rawQuery, "&") {
		k, v, _ := strings.Cut(pair, "=")
		multi[k] = append(multi[k], v)
		single[k] = v
	}
	ev["httpMethod"], ev["path"] = method, path
	if _, ok := ev["multiValueHeaders"]; ok {
		ev["multiValueQueryStringParameters"] = multi
	} else {
		ev["queryStringParameters"] = single
	}
	setBody(ev, body)
}

// setBody sets the body in base64, as the front doors send a body they
// take for binary.
func setBody(ev map[string]any, body []byte) {
	ev["body"], ev["isBase64Encoded"] = base64.StdEncoding.EncodeToString(body), len(body) > 0
}

// answer is any front door's answer.
type answer struct {
	StatusCode        int                 `json:"statusCode"`
	StatusDescription string              `json:"statusDescription"`
	Headers           map[string]string   `json:"headers"`
	MultiValueHeaders map[string][]string `json:"multiValueHeaders"`
	Body              string              `json:"body"`
	IsBase64Encoded   bool                `json:"isBase64Encoded"`
}

// header is one of the answer's headers, in whichever form it came.
func (a answer) header(k string) string {
	if v, ok := a.Headers[k]; ok {
		return v
	}
	return strings.Join(a.MultiValueHeaders[k], ", ")
}

// invokeRaw sends one event as it is and reads the answer; a function
// error is returned as an error whose text starts with its errorType.
func invokeRaw(e *emulator, ev any) (answer, error) {
	var out answer
	payload, ok := ev.([]byte)
	if !ok {
		payload, _ = json.Marshal(ev)
	}
	res, err := http.Post(e.invokeURL, "application/json", bytes.NewReader(payload))
	if err != nil {
		return out, err
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var fnErr struct{ ErrorType, ErrorMessage string }
	if json.Unmarshal(data, &fnErr); fnErr.ErrorType != "" {
		return out, fmt.Errorf("%s: %s", fnErr.ErrorType, fnErr.ErrorMessage)
	}
	if err := json.Unmarshal(data, &out); err != nil || out.StatusCode == 0 {
		return out, fmt.Errorf("not an HTTP answer (%d): %s", res.StatusCode, data)
	}
	return out, nil
}

// waitForLog waits until the emulator's log holds want.
func waitForLog(e *emulator, want string) bool {
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if strings.Contains(e.log.String(), want) {
			return true
		}
	}
	return false
}

// TestFrontDoors plays Tinrail through the real bootstrap of the game
// function under the emulator by every HTTP front door, each request one
// of aws-lambda-go's own sample events pointed at a real route: the same
// match deals the same way by every door, an action is applied, a query
// parameter sent twice is refused (the query arrives whole), the answer
// comes in the door's own form, every request is logged as JSON under
// the door's request id (the invocation's for an ALB) and the answer
// carries that id. Any other event (`{}`, an SQS batch) fails the
// invocation, so a wiring mistake does not look healthy.
func TestFrontDoors(t *testing.T) {
	rie := rieBinary(t)
	e := startFunction(t, rie, buildBootstrap(t, "./functions/game"), "GAME=tinrail")
	var dealt string
	for _, d := range doors {
		t.Run(d.name, func(t *testing.T) {
			call := func(method, path, rawQuery string, body []byte) answer {
				t.Helper()
				ev := lambdasamples.Load(t, d.sample)
				d.point(ev, method, path, rawQuery, body)
				a, err := invokeRaw(e, ev)
				if err != nil {
					t.Fatalf("%s %s?%s: %v\n%s", method, path, rawQuery, err, tail(e.log.String()))
				}
				if (len(a.MultiValueHeaders) > 0) != d.multi || (len(a.Headers) > 0) == d.multi || (a.StatusDescription != "") != d.alb {
					t.Errorf("%s %s: the answer's form is not the door's: %+v", method, path, a)
				}
				if a.header("Content-Type") != "application/json; charset=utf-8" || a.IsBase64Encoded {
					t.Errorf("%s %s: content type %q, base64 %v", method, path, a.header("Content-Type"), a.IsBase64Encoded)
				}
				return a
			}
			init := call("GET", "/api/games/tinrail/init", "seed=%37&opponent=easy", nil)
			var match map[string]any
			json.Unmarshal([]byte(init.Body), &match)
			state, _ := match["state"].(string)
			if init.StatusCode != 200 || state == "" {
				t.Fatalf("init: %d %s", init.StatusCode, init.Body)
			}
			delete(match, "state")
			delete(match, "stateToken")
			if b, _ := json.Marshal(match); dealt == "" {
				dealt = string(b)
			} else if string(b) != dealt {
				t.Errorf("seed 7 dealt another match by this door:\n%s\nwant\n%s", b, dealt)
			}
			id := init.header("X-Request-Id")
			wantID, _ := lambdasamples.Load(t, d.sample)["requestContext"].(map[string]any)["requestId"].(string)
			if id == "" || wantID != "" && id != wantID {
				t.Errorf("request id %q, want the door's %q", id, wantID)
			}
			if !waitForLog(e, `"route":"GET /api/games/{slug}/init","status":200`) || !waitForLog(e, `"requestId":"`+id+`"`) {
				t.Errorf("no JSON log line for %s:\n%s", id, tail(e.log.String()))
			}

			act := call("POST", "/api/games/tinrail/action", "",
				[]byte(`{"state":"`+state+`","action":{"type":"place","tileIndex":0,"rotation":1}}`))
			if act.StatusCode != 200 || !strings.Contains(act.Body, `"ok":true`) {
				t.Errorf("action: %d %.300s", act.StatusCode, act.Body)
			}
			if d.repeats {
				twice := call("GET", "/api/games/tinrail/init", "seed=7&seed=8", nil)
				if twice.StatusCode != 400 || !strings.Contains(twice.Body, `"invalid_request"`) {
					t.Errorf("seed sent twice: %d %s", twice.StatusCode, twice.Body)
				}
			}
			if strings.Contains(e.log.String(), state) {
				t.Error("the log shows a state token")
			}
		})
	}
	for _, c := range []struct {
		name string
		ev   any
	}{{"empty", []byte(`{}`)}, {"SQS", lambdasamples.Load(t, "sqs-event.json")}} {
		a, err := invokeRaw(e, c.ev)
		if err == nil || !strings.HasPrefix(err.Error(), "UnsupportedEventError: ") || !strings.Contains(err.Error(), "not an HTTP request") {
			t.Errorf("%s event: %v %+v", c.name, err, a)
		}
	}
	if !slices.ContainsFunc(strings.Split(e.log.String(), "\n"), func(l string) bool { return strings.HasPrefix(l, `{"time":`) }) {
		t.Errorf("no JSON line in the log:\n%s", tail(e.log.String()))
	}
}
