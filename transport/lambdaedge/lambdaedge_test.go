package lambdaedge

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func TestRoundTrip(t *testing.T) {
	var seen *http.Request
	var body string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		w.Header().Add("Set-Cookie", "a=1")
		w.Header().Add("Vary", "Origin")
		w.Header().Add("Vary", "Accept")
		w.WriteHeader(http.StatusTeapot)
		w.Write([]byte{0xff, 0x00})
	})
	e := events.APIGatewayV2HTTPRequest{
		RawPath:         "/api/games/tinrail/action",
		RawQueryString:  "x=1&y=2",
		Headers:         map[string]string{"content-type": "application/json", "host": "abc.execute-api.eu-west-1.amazonaws.com"},
		Cookies:         []string{"k=v", "j=w"},
		Body:            base64.StdEncoding.EncodeToString([]byte(`{"a":1}`)),
		IsBase64Encoded: true,
	}
	e.RequestContext.HTTP.Method = "POST"
	e.RequestContext.HTTP.SourceIP = "203.0.113.9"
	res, err := Handler(h)(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case seen.Method != "POST" || seen.URL.Path != "/api/games/tinrail/action" || seen.URL.Query().Get("y") != "2":
		t.Errorf("request line: %s %s", seen.Method, seen.URL)
	case body != `{"a":1}`:
		t.Errorf("body %q", body)
	case seen.Header.Get("Content-Type") != "application/json" || seen.Header.Get("Cookie") != "k=v; j=w":
		t.Errorf("headers %v", seen.Header)
	case seen.Host != "abc.execute-api.eu-west-1.amazonaws.com" || seen.RemoteAddr != "203.0.113.9":
		t.Errorf("host %q remote %q", seen.Host, seen.RemoteAddr)
	}
	if res.StatusCode != http.StatusTeapot || res.Headers["Vary"] != "Origin, Accept" || len(res.Cookies) != 1 {
		t.Errorf("response %+v", res)
	}
	if got, _ := base64.StdEncoding.DecodeString(res.Body); !res.IsBase64Encoded || string(got) != "\xff\x00" {
		t.Errorf("binary body %q base64 %v", res.Body, res.IsBase64Encoded)
	}
}

func TestTextBodyAndDefaults(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" || r.Method != "GET" || r.Host != "example.org" {
			t.Errorf("%s %s host %s", r.Method, r.URL, r.Host)
		}
		w.Write([]byte("héllo"))
	})
	e := events.APIGatewayV2HTTPRequest{}
	e.RequestContext.DomainName = "example.org"
	res, err := Handler(h)(context.Background(), e)
	if err != nil || res.StatusCode != 200 || res.Body != "héllo" || res.IsBase64Encoded {
		t.Fatalf("%+v %v", res, err)
	}
}

// TestUnreadableEvents: an event that is no readable request is answered
// with a JSON 4xx, never a failed invocation, and never reaches the
// handler.
func TestUnreadableEvents(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the handler saw %s %s", r.Method, r.URL)
	})
	tests := []struct {
		name   string
		edit   func(*events.APIGatewayV2HTTPRequest)
		status int
		code   string
	}{
		{"body not base64", func(e *events.APIGatewayV2HTTPRequest) { e.Body, e.IsBase64Encoded = "%%%not base64", true }, 400, "bad_json"},
		{"control character in path", func(e *events.APIGatewayV2HTTPRequest) { e.RawPath = "/api/games/\x00/init" }, 400, "invalid_request"},
		{"bad escape in path", func(e *events.APIGatewayV2HTTPRequest) { e.RawPath = "/api/%zz" }, 400, "invalid_request"},
		{"control character in query", func(e *events.APIGatewayV2HTTPRequest) { e.RawQueryString = "seed=1\x7f\n" }, 400, "invalid_request"},
		{"path without slash", func(e *events.APIGatewayV2HTTPRequest) { e.RawPath = "api/games" }, 400, "invalid_request"},
		{"method not a token", func(e *events.APIGatewayV2HTTPRequest) { e.RequestContext.HTTP.Method = "GE T" }, 405, "method_not_allowed"},
		{"method with a newline", func(e *events.APIGatewayV2HTTPRequest) { e.RequestContext.HTTP.Method = "GET\n" }, 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		e := events.APIGatewayV2HTTPRequest{RawPath: "/api/games", Headers: map[string]string{}}
		e.RequestContext.HTTP.Method = "GET"
		tt.edit(&e)
		res, err := Handler(h)(context.Background(), e)
		var body struct {
			Error struct{ Code, Message string }
		}
		json.Unmarshal([]byte(res.Body), &body)
		if err != nil || res.StatusCode != tt.status || body.Error.Code != tt.code || body.Error.Message == "" ||
			res.Headers["Content-Type"] != "application/json; charset=utf-8" {
			t.Errorf("%s: %v %d %s %v", tt.name, err, res.StatusCode, res.Body, res.Headers)
		}
	}
}
