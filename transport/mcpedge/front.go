package mcpedge

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Options configure the Streamable HTTP handler.
type Options struct {
	// Origins are the web origins ("https://example.com", scheme, host
	// and port as a browser sends them) whose pages may call the server,
	// besides its own; "*" allows every origin. A request without an
	// Origin header (any client that is not a web page) is always served.
	Origins []string
}

// ParseOrigins reads a comma-separated list of origins (a flag's or an
// environment variable's), leaving out blanks.
func ParseOrigins(list string) []string {
	var out []string
	for _, o := range strings.Split(list, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// Handler serves srv over Streamable HTTP, statelessly (no MCP session:
// the state token carries the match, so any instance answers any request)
// and with JSON answers rather than event streams, so that it runs on
// Lambda behind API Gateway.
//
// Before the SDK sees a request, the handler reads it as strictly as the
// HTTP edge reads every body, and answers what it refuses as JSON (a
// JSON-RPC error, see httpapi.WriteRPCError): a web page of an origin
// opts does not allow (origin_forbidden, 403, as MCP's transport asks of
// servers, against pages driving a local server); a method but POST
// (405); a body over MaxBody (413); a body that is not one JSON object
// without repeated keys, of at most MaxValues values (bad_json); a batch, which the current protocol
// revision does not have, or a message with members JSON-RPC does not
// define or a request whose params hold members its method does not
// define (invalid_request). One request is then one message, so it costs
// what one tool call costs. What the SDK itself refuses is answered as
// JSON too.
func Handler(srv *Server, opts Options) http.Handler {
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv.Server },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, MaxRequestBodyBytes: MaxBody})
	return &front{sdk: sdk, origins: opts.Origins, tools: srv.tools}
}

// MaxBody is the largest /mcp body read: 16 KiB, four times the longest
// argument any tool takes (a Tron state token, under 4 KB). The SDK reads
// a message several times over, so a body of the other routes' 64 KiB
// would cost several times what they do.
const MaxBody = 16 << 10

// MaxValues is the most JSON values a /mcp message may hold. No tool's
// arguments hold an array, and the largest message a client sends
// (initialize, its capabilities) holds a few dozen; a body built of
// values is refused after reading MaxValues of them, before the SDK
// parses it.
const MaxValues = 1024

// front checks a request before the SDK's handler serves it, or calls a
// tool itself (direct).
type front struct {
	sdk     http.Handler
	origins []string
	tools   map[string]mcp.ToolHandler
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !play.HasClient(r.Context()) {
		r = r.WithContext(play.WithClient(r.Context(), r.RemoteAddr))
	}
	h := w.Header()
	h.Del("Access-Control-Allow-Origin")
	origin := r.Header.Get("Origin")
	if origin != "" {
		h.Add("Vary", "Origin")
		if !f.allows(origin, r.Host) {
			httpapi.WriteRPCError(w, r, nil, play.Errorf(play.CodeOriginForbidden,
				"pages from %q may not call this MCP server; its operator can allow that origin", cut(origin, maxQuoted)))
			return
		}
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", "X-Request-Id, Mcp-Session-Id")
	}
	switch r.Method {
	case http.MethodOptions:
		h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, X-Request-Id")
		h.Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	case http.MethodPost:
	default:
		httpapi.WriteRPCError(w, r, nil, httpapi.MethodNotAllowed(r, http.MethodOptions, http.MethodPost))
		return
	}
	body, err := httpapi.ReadBody(w, r, MaxBody)
	if err != nil {
		httpapi.WriteRPCError(w, r, nil, err)
		return
	}
	m, err := checkMessage(body)
	if err != nil {
		var id json.RawMessage
		if m != nil {
			id = m.id
		}
		httpapi.WriteRPCError(w, r, id, err)
		return
	}
	if h := f.direct(r, m); h != nil {
		call(w, r, m, h)
		return
	}
	rec := &answer{header: http.Header{}}
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	f.sdk.ServeHTTP(rec, r)
	rec.send(w, r)
}

// allows reports whether a page of origin may call the server at host:
// its own origin, or one the options name.
func (f *front) allows(origin, host string) bool {
	if slices.Contains(f.origins, "*") || slices.Contains(f.origins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Path == "" && strings.EqualFold(u.Host, host)
}

// paramsOf are the members the params of each method that carries the
// caller's input may hold (MCP's schema); "_meta" is allowed everywhere.
// The params of other methods (initialize's capabilities, say, which the
// protocol extends) are left to the SDK.
var paramsOf = map[string][]string{
	"tools/call":               {"name", "arguments", "_meta"},
	"prompts/get":              {"name", "arguments", "_meta"},
	"resources/read":           {"uri", "_meta"},
	"tools/list":               {"cursor", "_meta"},
	"prompts/list":             {"cursor", "_meta"},
	"resources/list":           {"cursor", "_meta"},
	"resources/templates/list": {"cursor", "_meta"},
	"ping":                     {"_meta"},
}

// checkMessage reads body as one JSON-RPC request or notification of MCP,
// strictly, and answers its id (nil when it has none, or is unreadable).
func checkMessage(body []byte) (*message, error) {
	o, err := wire.ReadObjectAtMost(body, "", MaxValues)
	if err != nil {
		if t := bytes.TrimSpace(body); len(t) > 0 && t[0] == '[' && wire.CheckAtMost(body, MaxValues) == nil {
			return nil, play.Errorf(play.CodeInvalidRequest, "JSON-RPC batches are not taken: the protocol revisions this server speaks send one message a request")
		}
		return nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON-RPC message, a JSON object of at most %d values: %v", MaxValues, err)
	}
	m := &message{}
	if raw := o.Raw("id"); raw != nil && (raw[0] == '"' || raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') && len(raw) <= 128 {
		m.id = raw
	}
	if err := o.Only("a JSON-RPC request", "jsonrpc", "id", "method", "params"); err != nil {
		return m, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	if v, err := o.String("jsonrpc"); err != nil || v != "2.0" {
		return m, play.Errorf(play.CodeInvalidRequest, `jsonrpc must be "2.0"`)
	}
	method, err := o.String("method")
	m.method = method
	if err != nil {
		return m, play.Errorf(play.CodeInvalidRequest, "method must be a string: this server takes requests and notifications")
	}
	if raw := o.Raw("id"); raw != nil && m.id == nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "id must be a string or a number")
	}
	raw := o.Raw("params")
	if raw == nil {
		return m, nil
	}
	params, err := wire.ReadObject(raw, "params")
	if err != nil {
		return m, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	if names, ok := paramsOf[method]; ok {
		if err := params.Only("the params of "+method, names...); err != nil {
			return m, play.Errorf(play.CodeInvalidRequest, "%v", err)
		}
		for _, name := range []string{"name", "uri", "cursor"} {
			if v := params.Raw(name); v != nil && v[0] != '"' {
				return m, play.Errorf(play.CodeInvalidRequest, "params.%s must be a string, not %s", name, wire.Brief(v))
			}
		}
		for _, name := range []string{"arguments", "_meta"} {
			if v := params.Raw(name); v != nil && v[0] != '{' {
				return m, play.Errorf(play.CodeInvalidRequest, "params.%s must be an object, not %s", name, wire.Brief(v))
			}
		}
	}
	if method == "tools/call" && params.Raw("_meta") == nil {
		m.tool, _ = params.String("name")
		m.args = params.Raw("arguments")
	}
	return m, nil
}

// message is what the front reads of a JSON-RPC message: its id (nil for
// a notification, or one the front cannot quote), its method, and for a
// tools/call without _meta the tool's name and its arguments (nil when
// absent).
type message struct {
	id     json.RawMessage
	method string
	tool   string
	args   json.RawMessage
}

// answer keeps what the SDK answers, to send it on as it is, or as JSON
// when the SDK refused the request in plain text.
type answer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *answer) Header() http.Header         { return a.header }
func (a *answer) Write(b []byte) (int, error) { return a.body.Write(b) }
func (a *answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

// send writes the answer to w: a refusal the SDK wrote as text becomes a
// JSON-RPC error with the code of its status (the SDK's words, cut, as
// the message).
func (a *answer) send(w http.ResponseWriter, r *http.Request) {
	status := a.status
	if status == 0 {
		status = http.StatusOK
	}
	if status >= 400 && !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		code := play.CodeInvalidRequest
		switch status {
		case http.StatusRequestEntityTooLarge:
			code = play.CodeBodyTooLarge
		case http.StatusNotFound:
			code = play.CodeNotFound
		case http.StatusForbidden:
			code = play.CodeOriginForbidden
		}
		if status >= 500 {
			code = play.CodeInternal
		}
		httpapi.WriteRPCError(w, r, nil, play.Errorf(code, "%s", cut(string(bytes.TrimSpace(a.body.Bytes())), maxQuoted)))
		return
	}
	h := w.Header()
	for k, v := range a.header {
		h[k] = v
	}
	w.WriteHeader(status)
	w.Write(a.body.Bytes())
}

// maxQuoted bounds what an error quotes of a request.
const maxQuoted = 200

// cut shortens s to at most n bytes (and a mark), on a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
