// Package lambdaedge runs an http.Handler behind API Gateway HTTP APIs
// (payload format 2.0) on AWS Lambda: it turns each event into an
// *http.Request and the handler's answer into the event's response.
package lambdaedge

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
)

// Handler adapts h to a Lambda handler for API Gateway v2 HTTP events.
func Handler(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return func(ctx context.Context, e events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		req, err := Request(ctx, e)
		if err != nil {
			return events.APIGatewayV2HTTPResponse{}, err
		}
		w := &response{header: http.Header{}}
		h.ServeHTTP(w, req)
		return w.event(), nil
	}
}

// Request builds the *http.Request an API Gateway v2 event describes.
func Request(ctx context.Context, e events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	body := []byte(e.Body)
	if e.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(e.Body); err != nil {
			return nil, err
		}
	}
	target := e.RawPath
	if target == "" {
		target = "/"
	}
	if e.RawQueryString != "" {
		target += "?" + e.RawQueryString
	}
	method := e.RequestContext.HTTP.Method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range e.Headers {
		req.Header.Set(k, v)
	}
	if len(e.Cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(e.Cookies, "; "))
	}
	req.Host = req.Header.Get("Host")
	if req.Host == "" {
		req.Host = e.RequestContext.DomainName
	}
	req.RemoteAddr = e.RequestContext.HTTP.SourceIP
	req.RequestURI = target
	return req, nil
}

// response collects what the handler writes.
type response struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *response) Header() http.Header { return w.header }

func (w *response) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *response) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// event is the collected answer as API Gateway expects it: headers joined,
// cookies apart, and a body in base64 unless it is UTF-8 text.
func (w *response) event() events.APIGatewayV2HTTPResponse {
	out := events.APIGatewayV2HTTPResponse{StatusCode: w.status, Headers: map[string]string{}}
	if out.StatusCode == 0 {
		out.StatusCode = http.StatusOK
	}
	for k, vs := range w.header {
		if k == "Set-Cookie" {
			out.Cookies = append(out.Cookies, vs...)
			continue
		}
		out.Headers[k] = strings.Join(vs, ", ")
	}
	if utf8.Valid(w.body.Bytes()) {
		out.Body = w.body.String()
	} else {
		out.Body = base64.StdEncoding.EncodeToString(w.body.Bytes())
		out.IsBase64Encoded = true
	}
	return out
}
