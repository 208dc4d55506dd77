package live

import (
	"encoding/binary"
	"encoding/json"
	"errors"
)

// A match is stored as
//
//	storedFormat | the length of its JSON (uvarint) | the JSON of the
//	match but its table's state | the table's state (AppendBinary's)
//
// so that the table's state, which grows with the match (a live Tron
// match's record of its rounds), is written as it is, not as base64 in
// the JSON: a request copies it, and does no more with it. A match stored
// before is the JSON of the whole match, the state as base64 in it; it
// starts with '{', never storedFormat, and reads as ever.
const storedFormat = 1

// encode is m as the store keeps it, its table's state as the table
// writes it now; size, the length of the match as last stored, sizes its
// buffer.
func (m *Match) encode(size int) ([]byte, error) {
	head := *m
	head.State = nil
	j, err := json.Marshal(&head)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, max(size+64, 1+binary.MaxVarintLen64+len(j)))
	b = append(b, storedFormat)
	b = binary.AppendUvarint(b, uint64(len(j)))
	b = append(b, j...)
	if m.Table == nil {
		return b, nil
	}
	return m.Table.AppendBinary(b)
}

// decodeMatch reads a match as encode wrote it, or as JSON.
func decodeMatch(data []byte) (*Match, error) {
	j, state, err := StoredParts(data)
	if err != nil {
		return nil, err
	}
	m := &Match{}
	if err := json.Unmarshal(j, m); err != nil {
		return nil, err
	}
	if state != nil {
		if m.State != nil {
			return nil, errors.New("a stored match with its state in its JSON and after it")
		}
		m.State = state
	}
	return m, nil
}

// StoredParts splits a match as the store keeps it into its JSON and its
// table's state (nil for a match in its lobby, or stored as JSON alone,
// its state in the JSON): what a reader of a store's matches, a test say,
// reads of one.
func StoredParts(data []byte) (j, state []byte, err error) {
	if len(data) > 0 && data[0] == '{' {
		return data, nil, nil
	}
	if len(data) == 0 || data[0] != storedFormat {
		return nil, nil, errors.New("a stored match of an unknown format")
	}
	n, k := binary.Uvarint(data[1:])
	if k <= 0 || n > uint64(len(data)-1-k) {
		return nil, nil, errors.New("a stored match with a bad length")
	}
	j, state = data[1+k:1+k+int(n)], data[1+k+int(n):]
	if len(state) == 0 {
		state = nil
	}
	return j, state, nil
}
