package lambdaedge

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// parts is what an event says of its request, whatever its front door.
type parts struct {
	method, path string
	// rawQuery is the query, percent-encoded, without its "?".
	rawQuery string
	body     string
	// base64 says that body is base64.
	base64 bool
	header http.Header
	// domain is the host to use when the header has no Host.
	domain string
	// remote is the client's IP address.
	remote string
}

// request builds the *http.Request the parts describe. Parts that describe
// no readable request answer a *play.Error.
func (p parts) request(ctx context.Context) (*http.Request, error) {
	body := []byte(p.body)
	if p.base64 {
		var err error
		if body, err = base64.StdEncoding.DecodeString(p.body); err != nil {
			return nil, play.Errorf(play.CodeBadJSON, "the body is marked base64 but is not base64")
		}
	}
	if !validMethod(p.method) {
		return nil, play.Errorf(play.CodeMethodNotAllowed, "the method %s is not an HTTP method", wire.Quote(p.method))
	}
	target, err := escapePath(p.path)
	if err != nil {
		return nil, err
	}
	if p.rawQuery != "" {
		target += "?" + p.rawQuery
	}
	req, err := http.NewRequestWithContext(ctx, p.method, target, bytes.NewReader(body))
	if err != nil {
		return nil, unreadable
	}
	req.Header = p.header
	if req.Host = p.header.Get("Host"); req.Host == "" {
		req.Host = p.domain
	}
	req.RemoteAddr = p.remote
	req.RequestURI = target
	return req, nil
}

// unreadable answers a path or query that cannot be read.
var unreadable = play.Errorf(play.CodeInvalidRequest, "the path or query cannot be read: they must be URL-encoded text without control characters")

// escapePath makes p an escaped path whichever way its front door sent it:
// REST APIs, function URLs and ALBs pass the path on percent-encoded as the
// client sent it, HTTP APIs decode it. The bytes that cannot stand in an
// escaped path (a space, '?', '#', a '%' that begins no escape, non-ASCII)
// are escaped, so that an escaped path passes unchanged and a decoded '?'
// cannot start a query. A path with control characters, or that does not
// begin with '/', is refused.
func escapePath(p string) (string, error) {
	if !strings.HasPrefix(p, "/") {
		return "", play.Errorf(play.CodeInvalidRequest, "the path must begin with /")
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c < ' ' || c == 0x7f:
			return "", unreadable
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			b.WriteByte(c)
		case c == ' ' || c == '?' || c == '#' || c == '%' || c >= 0x80:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func isHex(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

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
