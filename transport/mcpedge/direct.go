package mcpedge

import (
	"bytes"
	"encoding/json"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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
// tools/call: the result, or the handler's error, as a JSON-RPC response.
func call(w http.ResponseWriter, r *http.Request, m *message, h mcp.ToolHandler) {
	res, err := h(r.Context(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: m.tool, Arguments: m.args}})
	var b bytes.Buffer
	if err == nil {
		b.WriteString(`{"jsonrpc":"2.0","id":`)
		b.Write(m.id)
		b.WriteString(`,"result":`)
		err = writeResult(&b, res)
		b.WriteByte('}')
	}
	if err != nil {
		httpapi.WriteRPCError(w, r, m.id, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache, no-transform")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
}

// writeResult writes res as the SDK's encoding writes it. A result as the
// tools make them (one text and the structured content, which result and
// failed build) is written in one pass; encoding/json, through the SDK's
// MarshalJSON, would compact the structured content three times over
// (most of the cost of a call). Any other result is the SDK's to encode.
func writeResult(b *bytes.Buffer, res *mcp.CallToolResult) error {
	var text *mcp.TextContent
	if len(res.Content) == 1 {
		text, _ = res.Content[0].(*mcp.TextContent)
	}
	raw, _ := res.StructuredContent.(json.RawMessage)
	if res.Meta != nil || text == nil || text.Meta != nil || text.Annotations != nil || len(raw) == 0 {
		data, err := json.Marshal(res)
		b.Write(data)
		return err
	}
	quoted, err := json.Marshal(text.Text)
	if err != nil {
		return err
	}
	b.Grow(len(quoted) + len(raw) + 80)
	b.WriteString(`{"content":[{"type":"text","text":`)
	b.Write(quoted)
	b.WriteString(`}],"structuredContent":`)
	b.Write(compactHTML(b.AvailableBuffer(), raw))
	if res.IsError {
		b.WriteString(`,"isError":true`)
	}
	b.WriteByte('}')
	return nil
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

// special are the bytes compactHTML looks at.
var special = func() (t [256]bool) {
	for _, c := range []byte("\"\\<>& \t\n\r\xe2") {
		t[c] = true
	}
	return t
}()

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
