package lambdaedge

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/aws/aws-lambda-go/events"
)

// event is one front door's request event.
type event interface {
	// parts is what the event says of its request.
	parts() parts
	// requestID is the front door's id of the request, "" if it has none.
	requestID() string
	// response is w's answer in the shape this front door expects.
	response(w *response) any
}

// UnsupportedEventError fails an invocation whose event is not an HTTP
// request of a front door the adapter serves.
type UnsupportedEventError struct {
	// What says what the event was instead.
	What string
}

func (e *UnsupportedEventError) Error() string {
	return "lambdaedge: the event is not an HTTP request from an API Gateway REST API (payload 1.0), " +
		"an HTTP API (payload 2.0), a function URL or an ALB; it is " + e.What
}

// shape is what parse reads of an event to tell its front door.
type shape struct {
	Version        string `json:"version"`
	HTTPMethod     string `json:"httpMethod"`
	MethodArn      string `json:"methodArn"`
	RouteArn       string `json:"routeArn"`
	RequestContext struct {
		APIID        string `json:"apiId"`
		ConnectionID string `json:"connectionId"`
		HTTP         struct {
			Method string `json:"method"`
		} `json:"http"`
		ELB struct {
			TargetGroupArn string `json:"targetGroupArn"`
		} `json:"elb"`
	} `json:"requestContext"`
}

// parse reads an event of one of the front doors, told apart strictly:
// an ALB's has requestContext.elb.targetGroupArn and httpMethod; payload
// 2.0 (HTTP APIs and function URLs) has version "2.0" and
// requestContext.http.method; payload 1.0 (REST APIs, and HTTP APIs asked
// for it) has no version or "1.0", httpMethod and requestContext.apiId.
// API Gateway's authorizer requests and WebSocket messages look much like
// these, and are refused by their methodArn or routeArn and their
// requestContext.connectionId.
func parse(payload []byte) (event, error) {
	var s shape
	if err := json.Unmarshal(payload, &s); err != nil {
		return nil, &UnsupportedEventError{What: "not a JSON object"}
	}
	rc := s.RequestContext
	var ev event
	var kind string
	switch {
	case s.MethodArn != "" || s.RouteArn != "":
		return nil, &UnsupportedEventError{What: "an API Gateway authorizer request"}
	case rc.ConnectionID != "":
		return nil, &UnsupportedEventError{What: "an API Gateway WebSocket message"}
	case rc.ELB.TargetGroupArn != "" && s.HTTPMethod != "":
		ev, kind = &albEvent{}, "an ALB event"
	case s.Version == "2.0" && rc.HTTP.Method != "":
		ev, kind = &httpEvent{}, "a payload 2.0 event"
	case (s.Version == "" || s.Version == "1.0") && s.HTTPMethod != "" && rc.APIID != "":
		ev, kind = &restEvent{}, "a payload 1.0 event"
	default:
		var keys map[string]json.RawMessage
		if json.Unmarshal(payload, &keys); keys == nil {
			return nil, &UnsupportedEventError{What: "not a JSON object"}
		}
		return nil, &UnsupportedEventError{What: describe(keys)}
	}
	if err := json.Unmarshal(payload, ev); err != nil {
		return nil, &UnsupportedEventError{What: fmt.Sprintf("shaped like %s but its fields do not decode: %v", kind, err)}
	}
	return ev, nil
}

// describe names an object's first keys, to tell what an event was.
func describe(obj map[string]json.RawMessage) string {
	if len(obj) == 0 {
		return "an empty object"
	}
	keys := slices.Sorted(maps.Keys(obj))
	if len(keys) > 8 {
		keys = append(keys[:8], "…")
	}
	return "an object with the keys " + strings.Join(keys, ", ")
}

// restEvent is payload format 1.0: REST APIs, and HTTP APIs set to it. Its
// query and headers come decoded and, when multiValue* is present, whole.
type restEvent events.APIGatewayProxyRequest

func (e *restEvent) parts() parts {
	q := url.Values(e.MultiValueQueryStringParameters)
	if len(q) == 0 {
		q = url.Values{}
		for k, v := range e.QueryStringParameters {
			q.Set(k, v)
		}
	}
	return parts{method: e.HTTPMethod, path: e.Path, rawQuery: q.Encode(), body: e.Body, base64: e.IsBase64Encoded,
		header: headers(e.MultiValueHeaders, e.Headers), domain: e.RequestContext.DomainName, remote: e.RequestContext.Identity.SourceIP}
}

func (e *restEvent) requestID() string { return e.RequestContext.RequestID }

// response answers with multi-value headers when the event had them.
func (e *restEvent) response(w *response) any {
	body, b64 := w.encodedBody()
	out := events.APIGatewayProxyResponse{StatusCode: w.statusCode(), Body: body, IsBase64Encoded: b64}
	if e.MultiValueHeaders != nil {
		out.MultiValueHeaders = w.header
	} else {
		out.Headers = w.joined()
	}
	return out
}

// httpEvent is payload format 2.0: HTTP APIs and function URLs. Its query
// is raw, its repeated headers joined by commas, its cookies apart.
type httpEvent events.APIGatewayV2HTTPRequest

func (e *httpEvent) parts() parts {
	h := headers(nil, e.Headers)
	if len(e.Cookies) > 0 {
		h.Set("Cookie", strings.Join(e.Cookies, "; "))
	}
	return parts{method: e.RequestContext.HTTP.Method, path: e.RawPath, rawQuery: e.RawQueryString, body: e.Body,
		base64: e.IsBase64Encoded, header: h, domain: e.RequestContext.DomainName, remote: e.RequestContext.HTTP.SourceIP}
}

func (e *httpEvent) requestID() string { return e.RequestContext.RequestID }

// response answers with joined headers and cookies apart.
func (e *httpEvent) response(w *response) any {
	body, b64 := w.encodedBody()
	h := w.joined()
	delete(h, "Set-Cookie")
	return events.APIGatewayV2HTTPResponse{StatusCode: w.statusCode(), Headers: h, Cookies: w.header["Set-Cookie"], Body: body, IsBase64Encoded: b64}
}

// albEvent is an Application Load Balancer's. Its query comes as the
// client sent it, still percent-encoded; its headers are multi-value when
// the target group has multi-value headers on, and then the answer's must
// be too. It carries no request id, and the client's address is the last
// of X-Forwarded-For, which the load balancer appends.
type albEvent events.ALBTargetGroupRequest

func (e *albEvent) parts() parts {
	q := e.MultiValueQueryStringParameters
	if len(q) == 0 {
		q = map[string][]string{}
		for k, v := range e.QueryStringParameters {
			q[k] = []string{v}
		}
	}
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(q)) {
		for _, v := range q[k] {
			pairs = append(pairs, k+"="+v)
		}
	}
	h := headers(e.MultiValueHeaders, e.Headers)
	remote := ""
	if hops := strings.Split(h.Get("X-Forwarded-For"), ","); len(hops) > 0 {
		remote = strings.TrimSpace(hops[len(hops)-1])
	}
	return parts{method: e.HTTPMethod, path: e.Path, rawQuery: strings.Join(pairs, "&"), body: e.Body,
		base64: e.IsBase64Encoded, header: h, remote: remote}
}

func (e *albEvent) requestID() string { return "" }

// response answers in the header mode the event came in, with the status
// line's text ALB requires.
func (e *albEvent) response(w *response) any {
	body, b64 := w.encodedBody()
	status := w.statusCode()
	out := events.ALBTargetGroupResponse{StatusCode: status, StatusDescription: strings.TrimSpace(fmt.Sprintf("%d %s", status, http.StatusText(status))),
		Body: body, IsBase64Encoded: b64}
	if e.MultiValueHeaders != nil {
		out.MultiValueHeaders = w.header
	} else {
		out.Headers = w.joined()
	}
	return out
}

// headers is the request's header: the multi-value form when the event
// has it, else the single-value one.
func headers(multi map[string][]string, single map[string]string) http.Header {
	h := http.Header{}
	if multi != nil {
		for k, vs := range multi {
			for _, v := range vs {
				h.Add(k, v)
			}
		}
		return h
	}
	for k, v := range single {
		h.Add(k, v)
	}
	return h
}
