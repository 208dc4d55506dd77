package lambdaedge

import (
	"context"
	"encoding/base64"
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
