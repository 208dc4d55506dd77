package lambdaedge

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"strings"
	"unicode/utf8"
)

// response collects what the handler writes, for the front door's answer.
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

// statusCode is the answer's status, 200 if the handler set none.
func (w *response) statusCode() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// encodedBody is the body as the front doors take it: as it is if it is
// UTF-8 text, else in base64 (and then the flag is true).
func (w *response) encodedBody() (string, bool) {
	if utf8.Valid(w.body.Bytes()) {
		return w.body.String(), false
	}
	return base64.StdEncoding.EncodeToString(w.body.Bytes()), true
}

// joined is the answer's headers with one value each: repeated values
// joined by ", " as HTTP allows, except Set-Cookie, which joins with
// nothing: single-value answers keep its first value (payload 2.0 answers
// carry cookies apart).
func (w *response) joined() map[string]string {
	out := make(map[string]string, len(w.header))
	for k, vs := range w.header {
		switch {
		case len(vs) == 0:
		case k == "Set-Cookie":
			out[k] = vs[0]
		default:
			out[k] = strings.Join(vs, ", ")
		}
	}
	return out
}
