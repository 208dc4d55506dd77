package lambdaedge

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/lambdasamples"
)

// TestUnsupportedEvents: an event that is no HTTP request of a front door
// the adapter serves fails the invocation, says what it was, and never
// reaches the handler. Among them are API Gateway's authorizer requests
// and WebSocket messages, which look much like requests.
func TestUnsupportedEvents(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Errorf("the handler saw %s %s", r.Method, r.URL) })
	for _, tt := range []struct {
		name string
		ev   any
		what string
	}{
		{"empty", []byte(`{}`), "an empty object"},
		{"null", []byte(`null`), "not a JSON object"},
		{"array", []byte(`[]`), "not a JSON object"},
		{"text", []byte(`"GET /"`), "not a JSON object"},
		{"SQS", lambdasamples.Load(t, "sqs-event.json"), "an object with the keys Records"},
		{"S3", lambdasamples.Load(t, "s3-event.json"), "an object with the keys Records"},
		{"token authorizer", lambdasamples.Load(t, "apigw-custom-auth-request.json"), "an API Gateway authorizer request"},
		{"request authorizer", lambdasamples.Load(t, "apigw-custom-auth-request-type-request.json"), "an API Gateway authorizer request"},
		{"HTTP API authorizer 1.0", lambdasamples.Load(t, "apigw-v2-custom-authorizer-v1-request.json"), "an API Gateway authorizer request"},
		{"HTTP API authorizer 2.0", lambdasamples.Load(t, "apigw-v2-custom-authorizer-v2-request.json"), "an API Gateway authorizer request"},
		{"WebSocket", lambdasamples.Load(t, "apigw-websocket-request.json"), "an API Gateway WebSocket message"},
		{"no method", []byte(`{"version":"2.0","rawPath":"/"}`), "an object with the keys rawPath, version"},
		{"REST without an API", []byte(`{"httpMethod":"GET","path":"/"}`), "an object with the keys httpMethod, path"},
		{"unknown version", []byte(`{"version":"3.0","httpMethod":"GET","requestContext":{"apiId":"a","http":{"method":"GET"}}}`),
			"an object with the keys httpMethod, requestContext, version"},
		{"fields of the wrong type", []byte(`{"version":"2.0","requestContext":{"http":{"method":"GET"}},"headers":{"a":1}}`),
			"shaped like a payload 2.0 event but its fields do not decode"},
	} {
		out, _, err := invoke(t, h, tt.ev)
		var unsupported *UnsupportedEventError
		if !errors.As(err, &unsupported) || !strings.Contains(err.Error(), tt.what) || out != nil {
			t.Errorf("%s: %v, answered %s", tt.name, err, out)
		}
	}
	many := map[string]int{}
	for _, k := range strings.Split("a b c d e f g h i j k", " ") {
		many[k] = 1
	}
	if _, _, err := invoke(t, h, many); err == nil || !strings.HasSuffix(err.Error(), "the keys a, b, c, d, e, f, g, h, …") {
		t.Errorf("many keys: %v", err)
	}
}

// TestUnreadableEvents: an event of a known shape that is no readable
// request is answered, in its front door's shape, with a JSON 4xx, never a
// failed invocation, and never reaches the handler; its log line says so.
func TestUnreadableEvents(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Errorf("the handler saw %s %s", r.Method, r.URL) })
	type shapeEdit struct {
		sample     string
		path, meth func(ev map[string]any, v string)
		query      func(ev map[string]any, v string)
	}
	shapes := []shapeEdit{
		{"apigw-v2-request-no-authorizer.json",
			func(ev map[string]any, v string) { ev["rawPath"] = v },
			func(ev map[string]any, v string) {
				ev["requestContext"].(map[string]any)["http"].(map[string]any)["method"] = v
			},
			func(ev map[string]any, v string) { ev["rawQueryString"] = v }},
		{"apigw-request.json",
			func(ev map[string]any, v string) { ev["path"] = v },
			func(ev map[string]any, v string) { ev["httpMethod"] = v },
			nil},
		{"alb-lambda-target-request-headers-only.json",
			func(ev map[string]any, v string) { ev["path"] = v },
			func(ev map[string]any, v string) { ev["httpMethod"] = v },
			func(ev map[string]any, v string) { ev["queryStringParameters"] = map[string]any{"seed": v} }},
	}
	tests := []struct {
		name   string
		edit   func(shapeEdit, map[string]any)
		status int
		code   string
	}{
		{"body not base64", func(_ shapeEdit, ev map[string]any) { ev["body"], ev["isBase64Encoded"] = "%%%not base64", true }, 400, "bad_json"},
		{"control character in path", func(s shapeEdit, ev map[string]any) { s.path(ev, "/api/games/\x00/init") }, 400, "invalid_request"},
		{"path without slash", func(s shapeEdit, ev map[string]any) { s.path(ev, "api/games") }, 400, "invalid_request"},
		{"control character in query", func(s shapeEdit, ev map[string]any) { s.query(ev, "1\x7f\n") }, 400, "invalid_request"},
		{"method not a token", func(s shapeEdit, ev map[string]any) { s.meth(ev, "GE T") }, 405, "method_not_allowed"},
		{"method with a newline", func(s shapeEdit, ev map[string]any) { s.meth(ev, "GET\n") }, 405, "method_not_allowed"},
	}
	for _, s := range shapes {
		for _, tt := range tests {
			if s.query == nil && strings.Contains(tt.name, "query") {
				continue // payload 1.0 sends the query decoded, as a map: any text in it is encodable
			}
			ev := lambdasamples.Load(t, s.sample)
			tt.edit(s, ev)
			out, line, err := invoke(t, h, ev)
			var res struct {
				StatusCode        int
				Body              string
				Headers           map[string]string
				MultiValueHeaders map[string][]string
			}
			json.Unmarshal(out, &res)
			var body struct {
				Error struct{ Code, Message string }
			}
			json.Unmarshal([]byte(res.Body), &body)
			ctype := res.Headers["Content-Type"]
			if vs := res.MultiValueHeaders["Content-Type"]; len(vs) == 1 {
				ctype = vs[0]
			}
			if err != nil || res.StatusCode != tt.status || body.Error.Code != tt.code || body.Error.Message == "" ||
				ctype != "application/json; charset=utf-8" || line.Status != tt.status || line.RequestID == "" {
				t.Errorf("%s, %s: %v %s; log %+v", s.sample, tt.name, err, out, line)
			}
		}
	}
}

// TestEscapePath: an escaped path passes unchanged; what cannot stand in
// one is escaped; control characters and relative paths are refused.
func TestEscapePath(t *testing.T) {
	for in, want := range map[string]string{
		"/api/games/tinrail/init": "/api/games/tinrail/init",
		"/a%20b/%2F":              "/a%20b/%2F",
		"/a b":                    "/a%20b",
		"/a?b#c":                  "/a%3Fb%23c",
		"/100%":                   "/100%25",
		"/%zz/%4":                 "/%25zz/%254",
		"/é":                      "/%C3%A9",
		"/":                       "/",
		"/a\x00":                  "",
		"/a\x7f":                  "",
		"a":                       "",
		"":                        "",
	} {
		got, err := escapePath(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("escapePath(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
