package live

import (
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// A match is kept in the store as JSON, read and written by every request
// that touches it: encoding/json/v2's reference implementation reads and
// writes a match of 6 KB in 28-32 µs where encoding/json takes 64-94 µs
// (go test ./play/live -run X -bench MatchCodec), and with these options
// writes the same bytes encoding/json writes (TestMatchCodec), so that
// matches stored by an earlier server read alike and a request that
// changes nothing writes nothing.
var writeMatch = jsonv2.JoinOptions(jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true), jsonv2.Deterministic(true),
	jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true))

// encodeMatch is m as the store keeps it.
func encodeMatch(m *Match) []byte {
	data, _ := jsonv2.Marshal(m, writeMatch) // a Match always encodes
	return data
}

// decodeMatch reads a match the store keeps into m.
func decodeMatch(data []byte, m *Match) error { return jsonv2.Unmarshal(data, m) }
