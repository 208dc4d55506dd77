package golden

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Private lists the answer fields an implementation writes its own way.
var Private = []string{"state", "stateToken", "spec", "reason"}

// Recorded strips an answer down to what a case keeps of it: everything
// but the state tokens and the spec, in canonical form (see Canonical).
func Recorded(answer []byte) (json.RawMessage, error) {
	m, err := object(answer)
	if err != nil {
		return nil, err
	}
	delete(m, "state")
	delete(m, "stateToken")
	delete(m, "spec")
	return canonical(m)
}

// Digest is the fingerprint of what an agent sees in an answer: the first
// 16 hex digits of the SHA-256 of its canonical form without the private
// fields. Two answers that Compare finds equal have the same digest.
func Digest(answer []byte) (string, error) {
	m, err := object(answer)
	if err != nil {
		return "", err
	}
	for _, k := range Private {
		delete(m, k)
	}
	c, err := canonical(m)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	return hex.EncodeToString(sum[:8]), nil
}

func object(answer []byte) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(answer, &m); err != nil || m == nil {
		return nil, fmt.Errorf("the answer is not a JSON object: %.100s", answer)
	}
	return m, nil
}

// canonical writes a decoded JSON value the one way Go writes it: object
// keys sorted, numbers as float64 (every number in an answer is a whole
// number below 2^53, written without exponent), no HTML escaping.
func canonical(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
