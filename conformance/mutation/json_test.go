package mutation

// This file holds the small helpers every game's mutants share to read
// and write requests and answers: decoded JSON (numbers as json.Number,
// as Proxy decodes them), accepted answers, request tokens, and a request
// served in process.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
)

// accepted reports whether a is an accepted answer of game's loop, with
// its view.
func accepted(game string, r *http.Request, a map[string]any) bool {
	return strings.HasPrefix(r.URL.Path, "/api/games/"+game+"/") && a != nil && a["ok"] == true && a["view"] != nil
}

// jsonInt reads a whole number of a decoded answer: a json.Number, or an
// int or float64 a mutant wrote; -1 for anything else.
func jsonInt(v any) int {
	switch n := v.(type) {
	case json.Number:
		i, _ := n.Int64()
		return int(i)
	case int:
		return n
	case float64:
		return int(n)
	}
	return -1
}

// jsonNumber writes a whole number into a decoded answer.
func jsonNumber(i int) json.Number { return json.Number(strconv.Itoa(i)) }

// jsonObject is v as an object, nil when it is not one.
func jsonObject(v any) map[string]any { m, _ := v.(map[string]any); return m }

// jsonList is v as a list, nil when it is not one.
func jsonList(v any) []any { l, _ := v.([]any); return l }

// jsonRecode reads a decoded value into a typed one (a game's view type).
func jsonRecode(v, into any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, into)
}

// requestToken is the token an action request carries ("state", else
// "stateToken"); "" for none, as an init's.
func requestToken(body []byte) string {
	var req struct {
		State      string `json:"state"`
		StateToken string `json:"stateToken"`
	}
	json.Unmarshal(body, &req)
	return cmp.Or(req.State, req.StateToken)
}

// serveJSON has h answer a POST of body to path in process, and decodes
// the answer as an object (nil when it is not one).
func serveJSON(h http.Handler, path string, body any) map[string]any {
	b, _ := json.Marshal(body)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b)))
	var a map[string]any
	d := json.NewDecoder(rec.Body)
	d.UseNumber()
	if d.Decode(&a) != nil {
		return nil
	}
	return a
}
