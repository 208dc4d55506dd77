// Package lambdaedge runs the bundle's http.Handler behind API Gateway HTTP
// APIs (payload format 2.0) on AWS Lambda: it turns each event into an
// *http.Request and the handler's answer into the event's response. An
// event that is no readable request (a body that is not base64, a path with
// control characters, a method that is no HTTP token) is answered like any
// other bad request, with a 4xx and { error: { code, message } }, never with
// a failed invocation.
package lambdaedge

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Handler adapts h to a Lambda handler for API Gateway v2 HTTP events.
func Handler(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return func(ctx context.Context, e events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		w := &response{header: http.Header{}}
		req, err := Request(ctx, e)
		if err != nil {
			httpapi.WriteError(w, &http.Request{Method: e.RequestContext.HTTP.Method, URL: &url.URL{Path: e.RawPath}}, err)
			return w.event(), nil
		}
		h.ServeHTTP(w, req)
		return w.event(), nil
	}
}

// Request builds the *http.Request an API Gateway v2 event describes. An
// event it cannot read answers a *play.Error.
func Request(ctx context.Context, e events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	body := []byte(e.Body)
	if e.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(e.Body); err != nil {
			return nil, play.Errorf(play.CodeBadJSON, "the body is marked base64 but is not base64")
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
	if !validMethod(method) {
		return nil, play.Errorf(play.CodeMethodNotAllowed, "the method %q is not an HTTP method", method)
	}
	if !strings.HasPrefix(target, "/") {
		return nil, play.Errorf(play.CodeInvalidRequest, "the path must begin with /")
	}
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "the path or query cannot be read: they must be URL-encoded text without control characters")
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

// validMethod reports whether m is an HTTP token (RFC 9110), as net/http
// itself requires.
func validMethod(m string) bool {
	if m == "" {
		return false
	}
	for i := 0; i < len(m); i++ {
		c := m[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
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
