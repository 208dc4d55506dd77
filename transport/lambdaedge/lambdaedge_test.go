package lambdaedge

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/agentgames/bundle/internal/lambdasamples"
)

// seen is the request a recording handler saw.
type seen struct {
	r    *http.Request
	body string
}

// recorder answers 201 with two cookies, a repeated header and a small
// JSON body, and notes the request.
func recorder(s *seen) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s.r, s.body = r, string(b)
		w.Header().Add("Set-Cookie", "a=1")
		w.Header().Add("Set-Cookie", "b=2")
		w.Header().Add("Vary", "Origin")
		w.Header().Add("Vary", "Accept")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"ok":true}`))
	})
}

// invoke sends ev to an adapter of h, in a Lambda context with the
// invocation id "lambda-req-1", and returns the answer as raw JSON and
// the log line.
func invoke(t *testing.T, h http.Handler, ev any) (json.RawMessage, logLine, error) {
	t.Helper()
	payload, ok := ev.([]byte)
	if !ok {
		var err error
		if payload, err = json.Marshal(ev); err != nil {
			t.Fatal(err)
		}
	}
	var logs bytes.Buffer
	a := &adapter{h: h, log: slog.New(slog.NewJSONHandler(&logs, nil))}
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "lambda-req-1"})
	out, err := a.Invoke(ctx, payload)
	var line logLine
	if err == nil {
		if strings.Count(logs.String(), "\n") != 1 || json.Unmarshal(logs.Bytes(), &line) != nil {
			t.Errorf("want one JSON log line, got %q", logs.String())
		}
	} else if logs.Len() != 0 {
		t.Errorf("a failed invocation logged a request: %s", logs.String())
	}
	return out, line, err
}

// logLine is the part of a request's log line these tests read.
type logLine struct {
	Method, Path, RequestID, RemoteIP string
	Status                            int
}

// keys are the top-level keys of a JSON object that are not null.
func keys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("the answer is not a JSON object: %s", raw)
	}
	var out []string
	for k, v := range m {
		if v != nil {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// TestRESTAPI: aws-lambda-go's REST API samples, as they are and edited,
// reach the handler as the request they describe, and the answer comes
// back with multi-value headers, since the event had them.
func TestRESTAPI(t *testing.T) {
	for _, name := range []string{"apigw-request.json", "apigw-restapi-openapi-request.json"} {
		t.Run(name, func(t *testing.T) {
			var s seen
			out, line, err := invoke(t, recorder(&s), lambdasamples.Load(t, name))
			if err != nil {
				t.Fatal(err)
			}
			r := s.r
			switch {
			case r.Method != "POST" || r.URL.Path != "/hello/world" || r.URL.RawQuery != "name=me" || r.RequestURI != "/hello/world?name=me":
				t.Errorf("request line %s %s", r.Method, r.RequestURI)
			case s.body != "{\r\n\t\"a\": 1\r\n}":
				t.Errorf("body %q", s.body)
			case r.Host != "gy415nuibc.execute-api.us-east-1.amazonaws.com" || r.RemoteAddr != "192.168.196.186":
				t.Errorf("host %q remote %q", r.Host, r.RemoteAddr)
			case r.Header.Get("Headername") != "headerValue" || r.Header.Get("X-Forwarded-Proto") != "https":
				t.Errorf("headers %v", r.Header)
			}
			var res events.APIGatewayProxyResponse
			json.Unmarshal(out, &res)
			if got := keys(t, out); !slices.Equal(got, []string{"body", "multiValueHeaders", "statusCode"}) {
				t.Errorf("answer keys %v: %s", got, out)
			}
			h := http.Header(res.MultiValueHeaders)
			if res.StatusCode != 201 || res.Body != `{"ok":true}` || !slices.Equal(h["Set-Cookie"], []string{"a=1", "b=2"}) ||
				!slices.Equal(h["Vary"], []string{"Origin", "Accept"}) || h.Get("X-Request-Id") != "deef4878-7910-11e6-8f14-25afc3e9ae33" {
				t.Errorf("answer %s", out)
			}
			if line.RequestID != "deef4878-7910-11e6-8f14-25afc3e9ae33" || line.Status != 201 || line.RemoteIP != "192.168.196.186" {
				t.Errorf("log %+v", line)
			}
		})
	}
	t.Run("edited", func(t *testing.T) {
		ev := lambdasamples.Load(t, "apigw-request.json")
		ev["path"] = "/api/games/tinrail/init"
		ev["httpMethod"] = "GET"
		ev["multiValueQueryStringParameters"] = map[string]any{"seed": []string{"1", "2"}, "q": []string{"a b&c=d"}}
		ev["multiValueHeaders"].(map[string]any)["X-Multi"] = []string{"1", "2"}
		ev["body"], ev["isBase64Encoded"] = base64.StdEncoding.EncodeToString([]byte("\xff\x00")), true
		var s seen
		if _, _, err := invoke(t, recorder(&s), ev); err != nil {
			t.Fatal(err)
		}
		q := s.r.URL.Query()
		if s.r.Method != "GET" || s.r.URL.Path != "/api/games/tinrail/init" || !slices.Equal(q["seed"], []string{"1", "2"}) ||
			q.Get("q") != "a b&c=d" || len(q) != 2 || !slices.Equal(s.r.Header["X-Multi"], []string{"1", "2"}) || s.body != "\xff\x00" {
			t.Errorf("%s %s %v body %q", s.r.Method, s.r.URL, s.r.Header, s.body)
		}
	})
	t.Run("single-value", func(t *testing.T) {
		ev := lambdasamples.Load(t, "apigw-request.json")
		delete(ev, "multiValueHeaders")
		delete(ev, "multiValueQueryStringParameters")
		var s seen
		out, _, err := invoke(t, recorder(&s), ev)
		if err != nil {
			t.Fatal(err)
		}
		var res events.APIGatewayProxyResponse
		json.Unmarshal(out, &res)
		if got := keys(t, out); !slices.Equal(got, []string{"body", "headers", "statusCode"}) ||
			res.Headers["Vary"] != "Origin, Accept" || res.Headers["Set-Cookie"] != "a=1" || s.r.URL.RawQuery != "name=me" ||
			s.r.Header.Get("User-Agent") != "PostmanRuntime/2.4.5" {
			t.Errorf("answer %s to %s %v", out, s.r.URL, s.r.Header)
		}
	})
}

// TestHTTPAPIAndFunctionURL: aws-lambda-go's payload 2.0 samples (HTTP
// APIs under each authorizer, and a function URL) reach the handler as
// they are, and the answer carries its cookies apart.
func TestHTTPAPIAndFunctionURL(t *testing.T) {
	for _, name := range []string{"apigw-v2-request-no-authorizer.json", "apigw-v2-request-iam.json",
		"apigw-v2-request-jwt-authorizer.json", "apigw-v2-request-lambda-authorizer.json", "lambda-urls-request.json"} {
		t.Run(name, func(t *testing.T) {
			ev := lambdasamples.Load(t, name)
			var s seen
			out, line, err := invoke(t, recorder(&s), ev)
			if err != nil {
				t.Fatal(err)
			}
			var e events.APIGatewayV2HTTPRequest
			b, _ := json.Marshal(ev)
			json.Unmarshal(b, &e)
			r := s.r
			if r.Method != e.RequestContext.HTTP.Method || r.URL.Path != e.RawPath || r.URL.RawQuery != e.RawQueryString ||
				r.RemoteAddr != e.RequestContext.HTTP.SourceIP || s.body != e.Body {
				t.Errorf("request %s %s from %s body %q", r.Method, r.URL, r.RemoteAddr, s.body)
			}
			var res events.APIGatewayV2HTTPResponse
			json.Unmarshal(out, &res)
			if res.StatusCode != 201 || !slices.Equal(res.Cookies, []string{"a=1", "b=2"}) || res.Headers["Set-Cookie"] != "" ||
				res.Headers["Vary"] != "Origin, Accept" || res.Headers["X-Request-Id"] != e.RequestContext.RequestID || res.Body != `{"ok":true}` {
				t.Errorf("answer %s", out)
			}
			if line.RequestID != e.RequestContext.RequestID {
				t.Errorf("logged id %q, want %q", line.RequestID, e.RequestContext.RequestID)
			}
		})
	}
	t.Run("function URL details", func(t *testing.T) {
		var s seen
		if _, _, err := invoke(t, recorder(&s), lambdasamples.Load(t, "lambda-urls-request.json")); err != nil {
			t.Fatal(err)
		}
		r := s.r
		if !slices.Equal(r.URL.Query()["parameter1"], []string{"value1", "value2"}) || r.Header.Get("Cookie") != "cookie1; cookie2" ||
			r.Header.Get("Header2") != "value1,value2" || r.Host != "<url-id>.lambda-url.us-west-2.on.aws" {
			t.Errorf("%s %v host %q", r.URL, r.Header, r.Host)
		}
	})
	t.Run("decoded path", func(t *testing.T) {
		ev := lambdasamples.Load(t, "apigw-v2-request-no-authorizer.json")
		ev["rawPath"], ev["rawQueryString"] = "/a b/c?d#e/ü", "x=1"
		var s seen
		if _, _, err := invoke(t, recorder(&s), ev); err != nil {
			t.Fatal(err)
		}
		if s.r.URL.Path != "/a b/c?d#e/ü" || s.r.URL.RawQuery != "x=1" {
			t.Errorf("path %q query %q", s.r.URL.Path, s.r.URL.RawQuery)
		}
	})
}

// TestALB: aws-lambda-go's ALB samples, with and without multi-value
// headers, reach the handler as they are; the answer comes back in the
// same header mode with the status line's text; the query, which the load
// balancer leaves percent-encoded, is not encoded twice; the id logged is
// the invocation's, since ALB gives none.
func TestALB(t *testing.T) {
	for _, tt := range []struct {
		name, remote string
		multi        bool
	}{
		{"alb-lambda-target-request-headers-only.json", "25.12.198.67", false},
		{"alb-lambda-target-request-multivalue-headers.json", "72.21.198.67", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s seen
			out, line, err := invoke(t, recorder(&s), lambdasamples.Load(t, tt.name))
			if err != nil {
				t.Fatal(err)
			}
			r := s.r
			if r.Method != "GET" || r.URL.Path != "/" || r.URL.RawQuery != "key=hello" || r.RemoteAddr != tt.remote ||
				r.Header.Get("X-Myheader") != "123" || !strings.HasPrefix(r.Host, "lambda-test-alb-") {
				t.Errorf("request %s %s from %s host %s", r.Method, r.URL, r.RemoteAddr, r.Host)
			}
			var res events.ALBTargetGroupResponse
			json.Unmarshal(out, &res)
			want := []string{"body", "headers", "isBase64Encoded", "statusCode", "statusDescription"}
			if tt.multi {
				want = []string{"body", "isBase64Encoded", "multiValueHeaders", "statusCode", "statusDescription"}
			}
			if got := keys(t, out); !slices.Equal(got, want) || res.StatusCode != 201 || res.StatusDescription != "201 Created" {
				t.Errorf("answer %s", out)
			}
			if tt.multi && (!slices.Equal(res.MultiValueHeaders["Set-Cookie"], []string{"a=1", "b=2"}) || res.MultiValueHeaders["X-Request-Id"][0] != "lambda-req-1") ||
				!tt.multi && (res.Headers["Vary"] != "Origin, Accept" || res.Headers["X-Request-Id"] != "lambda-req-1") {
				t.Errorf("headers in %s", out)
			}
			if line.RequestID != "lambda-req-1" || line.RemoteIP != tt.remote {
				t.Errorf("log %+v", line)
			}
		})
	}
	t.Run("encoded query", func(t *testing.T) {
		ev := lambdasamples.Load(t, "alb-lambda-target-request-headers-only.json")
		ev["queryStringParameters"] = map[string]any{"q": "a%20b%26c", "plus": "x+y"}
		ev["headers"].(map[string]any)["x-forwarded-for"] = "203.0.113.1, 10.0.0.2"
		var s seen
		if _, _, err := invoke(t, recorder(&s), ev); err != nil {
			t.Fatal(err)
		}
		if q := s.r.URL.Query(); q.Get("q") != "a b&c" || q.Get("plus") != "x y" || len(q) != 2 || s.r.RemoteAddr != "10.0.0.2" {
			t.Errorf("query %q from %s", s.r.URL.RawQuery, s.r.RemoteAddr)
		}
	})
	t.Run("multi-value query", func(t *testing.T) {
		ev := lambdasamples.Load(t, "alb-lambda-target-request-multivalue-headers.json")
		ev["multiValueQueryStringParameters"] = map[string]any{"k": []string{"1", "%32"}}
		ev["multiValueHeaders"].(map[string]any)["x-multi"] = []string{"1", "2"}
		var s seen
		if _, _, err := invoke(t, recorder(&s), ev); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.r.URL.Query()["k"], []string{"1", "2"}) || !slices.Equal(s.r.Header["X-Multi"], []string{"1", "2"}) {
			t.Errorf("query %q headers %v", s.r.URL.RawQuery, s.r.Header)
		}
	})
}

// TestBinaryAnswer: an answer that is not UTF-8 goes back in base64 in
// every shape.
func TestBinaryAnswer(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte{0xff, 0x00}) })
	for _, name := range []string{"apigw-request.json", "apigw-v2-request-no-authorizer.json", "lambda-urls-request.json",
		"alb-lambda-target-request-headers-only.json", "alb-lambda-target-request-multivalue-headers.json"} {
		out, _, err := invoke(t, h, lambdasamples.Load(t, name))
		var res struct {
			StatusCode      int
			Body            string
			IsBase64Encoded bool
		}
		json.Unmarshal(out, &res)
		if got, _ := base64.StdEncoding.DecodeString(res.Body); err != nil || res.StatusCode != 200 || !res.IsBase64Encoded || string(got) != "\xff\x00" {
			t.Errorf("%s: %v %s", name, err, out)
		}
	}
}
