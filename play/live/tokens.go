package live

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"

	"github.com/agentgames/bundle/play"
)

// Match codes are CodeLength symbols of Crockford's base 32 (digits and
// capitals without I, L, O and U, which read like others): 50 random
// bits, so that nobody can fill the space of codes nor find matches by
// trying codes. Codes are read without regard to case. Crockford is that
// alphabet, which MCP's match handles draw from too.
const (
	Crockford  = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	CodeLength = 10
	// maxCode bounds the length of a code read from a request; older
	// servers gave out shorter codes.
	maxCode = 32
)

// codeDraws is how many codes Create draws before it gives up: with 2^50
// codes, a second draw is already a sign of trouble.
const codeDraws = 8

// SeatOf finds the seat a token holds, comparing hashes in constant time.
func (m *Match) SeatOf(token string) (int, bool) {
	h := sha256.Sum256([]byte(token))
	found := -1
	for i, st := range m.Seats {
		if st.Token != nil && subtle.ConstantTimeCompare(st.Token, h[:]) == 1 {
			found = i
		}
	}
	return found, found >= 0
}

// Player is the seat token holds in a match under way: forbidden when it
// holds none, not_your_turn while the match is in its lobby.
func (m *Match) Player(token string) (int, error) {
	seat, ok := m.SeatOf(token)
	switch {
	case !ok:
		return -1, play.Errorf(play.CodeForbidden, "that token holds no seat of match %s", m.Code)
	case m.Table == nil:
		return -1, play.Errorf(play.CodeNotYourTurn, "match %s is still in its lobby", m.Code)
	}
	return seat, nil
}

// newToken makes a seat token (256 random bits, base64url) and the hash
// the store keeps of it.
func newToken() (string, []byte) {
	var b [32]byte
	rand.Read(b[:])
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(tok))
	return tok, h[:]
}

// newCode draws a match code.
func newCode() string { return Symbols(CodeLength) }

// Symbols draws n symbols of Crockford's base 32, each uniform over
// them: 5 random bits a symbol.
func Symbols(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = Crockford[b[i]%byte(len(Crockford))] // 256 is a multiple of 32
	}
	return string(b)
}

// canonicalCode answers a code as the store keeps it (in capitals), and
// whether it can be a code at all: 1 to maxCode letters and digits.
func canonicalCode(code string) (string, bool) {
	if code == "" || len(code) > maxCode {
		return code, false
	}
	b := []byte(code)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return code, false
		}
	}
	return string(b), true
}
