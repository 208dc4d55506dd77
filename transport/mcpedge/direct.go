package mcpedge

import (
	"encoding/json"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/transport/httpapi"
)

// A plain tools/call is most of what agents send, and the SDK's stateless
// handler serves each request by connecting a session of its own to the
// server, decoding the message and its parts several times over (each
// decode with a 32 KiB buffer) and encoding the result as many: some 420
// µs and 380 KB for a Tinrail action whose HTTP route costs 31 µs and 20
// KB (go test -bench ActionCost ./transport/mcpedge). The front calls the
// tool's handler itself when the request is one the SDK would serve
// exactly so, and the SDK serves every other request: initialize, the
// lists, resources, prompts, notifications, a call with _meta, a call of
// a tool the server has not, and any request whose headers the SDK would
// refuse or read otherwise. TestDirectAnswersAsTheSDK holds the two ways
// to the same bytes.

// directVersions are the protocol revisions whose tools/call the front
// answers itself: those the SDK speaks in its stateless mode with the
// session state it synthesizes (a request without the header, or of an
// older or newer revision, goes to the SDK).
var directVersions = []string{"2025-03-26", "2025-06-18", "2025-11-25"}

// direct is the handler of m's tool when the front may call it itself,
// nil when the SDK must serve r.
func (f *front) direct(r *http.Request, m *message) mcp.ToolHandler {
	if m.method != "tools/call" || m.id == nil || m.tool == "" {
		return nil
	}
	h := f.tools[m.tool]
	if h == nil || !slices.Contains(directVersions, r.Header.Get("Mcp-Protocol-Version")) {
		return nil
	}
	if media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || media != "application/json" {
		return nil
	}
	if json, stream := accepts(r.Header.Values("Accept")); !json || !stream {
		return nil
	}
	if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && local != nil && loopback(local.String()) && !loopback(r.Host) {
		return nil // the SDK refuses a loopback server's request for another host (DNS rebinding)
	}
	return h
}

// call answers m by calling its tool's handler h, as the SDK answers a
// tools/call: the result, or the handler's error, as a JSON-RPC response,
// written whole in one buffer.
func call(w http.ResponseWriter, r *http.Request, m *message, h mcp.ToolHandler) {
	res, err := h(r.Context(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: m.tool, Arguments: m.args}})
	var b []byte
	if err == nil {
		b = append(append(append(make([]byte, 0, resultSize(res)+len(m.id)+64), `{"jsonrpc":"2.0","id":`...), m.id...), `,"result":`...)
		b, err = appendResult(b, res)
		b = append(b, '}')
	}
	if err != nil {
		httpapi.WriteRPCError(w, r, m.id, err)
		return
	}
	w.Header()["Cache-Control"] = noTransform
	w.Header()["Content-Type"] = jsonType
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// The headers of a direct answer, shared (see httpapi's header values).
var (
	noTransform = []string{"no-cache, no-transform"}
	jsonType    = []string{"application/json"}
)

// resultSize is about the size of res written: its text and structured
// content, and room for their escapes.
func resultSize(res *mcp.CallToolResult) int {
	n := 128
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			n += len(t.Text) + len(t.Text)/8
		}
	}
	raw, _ := res.StructuredContent.(json.RawMessage)
	return n + len(raw) + len(raw)/16
}

// appendResult appends res as the SDK's encoding writes it. A result as
// the tools make them (one text and the structured content, which result
// and failed build) is written in one pass; encoding/json, through the
// SDK's MarshalJSON, would compact the structured content three times
// over (most of the cost of a call). Any other result is the SDK's to
// encode.
func appendResult(b []byte, res *mcp.CallToolResult) ([]byte, error) {
	var text *mcp.TextContent
	if len(res.Content) == 1 {
		text, _ = res.Content[0].(*mcp.TextContent)
	}
	raw, _ := res.StructuredContent.(json.RawMessage)
	if res.Meta != nil || text == nil || text.Meta != nil || text.Annotations != nil || len(raw) == 0 {
		data, err := json.Marshal(res)
		return append(b, data...), err
	}
	b = append(b, `{"content":[{"type":"text","text":`...)
	b, err := appendQuoted(b, text.Text)
	if err != nil {
		return b, err
	}
	b = compactHTML(append(b, `}],"structuredContent":`...), raw)
	if res.IsError {
		b = append(b, `,"isError":true`...)
	}
	return append(b, '}'), nil
}

// appendQuoted appends s as encoding/json's Marshal quotes it (escaping
// <, > and & too): as wire writes a string when s has neither those nor
// invalid UTF-8, where the two write the same bytes, and through
// encoding/json otherwise.
func appendQuoted(b []byte, s string) ([]byte, error) {
	if !strings.ContainsAny(s, "<>&") && utf8.ValidString(s) {
		return wire.AppendString(b, s), nil
	}
	q, err := json.Marshal(s)
	return append(b, q...), err
}

// compactHTML appends raw, JSON the server encoded, to dst as
// encoding/json writes a json.RawMessage: without the space between
// tokens, and with <, >, & and U+2028, U+2029 in strings escaped, in one
// pass that copies the runs of plain bytes whole (json.Compact, which
// validates too, costs several times more, and the SDK's encoding runs it
// three times).
func compactHTML(dst, raw []byte) []byte {
	in := false
	from := 0
	for i := 0; i < len(raw); i++ {
		if in {
			for i < len(raw) && !specialInString[raw[i]] {
				i++ // a string's text, spaces and all, is copied in runs
			}
			if i == len(raw) {
				break
			}
		}
		c := raw[i]
		if !special[c] {
			continue
		}
		dst = append(dst, raw[from:i]...)
		from = i + 1
		switch {
		case c == '"':
			in = !in
			dst = append(dst, c)
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'): // dropped
		case !in:
			dst = append(dst, c)
		case c == '\\':
			from = min(i+2, len(raw)) // the escaped byte is copied with the run
			dst = append(dst, raw[i:from]...)
			i = from - 1
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		case c == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xA8:
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[raw[i+2]&0xF])
			i += 2
			from = i + 1
		default: // a space in a string, or another rune starting with 0xE2
			dst = append(dst, c)
		}
	}
	return append(dst, raw[from:]...)
}

// special are the bytes compactHTML looks at, and specialInString those
// it looks at in a string.
var special, specialInString = bytesIn("\"\\<>& \t\n\r\xe2"), bytesIn("\"\\<>&\xe2")

// bytesIn is the set of the bytes of s.
func bytesIn(s string) (t [256]bool) {
	for _, c := range []byte(s) {
		t[c] = true
	}
	return t
}

const hex = "0123456789abcdef"

// accepts reads Accept as the SDK does: whether it takes JSON and event
// streams.
func accepts(values []string) (json, stream bool) {
	for _, v := range values {
		for _, token := range strings.Split(v, ",") {
			base, _, _ := strings.Cut(token, ";")
			switch strings.ToLower(strings.TrimSpace(base)) {
			case "application/json", "application/*":
				json = true
			case "text/event-stream", "text/*":
				stream = true
			case "*/*":
				json, stream = true, true
			}
		}
	}
	return json, stream
}

// loopback reports whether a host (or host:port) is a loopback address or
// localhost, as the SDK reads it.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = strings.Trim(addr, "[]")
	}
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
