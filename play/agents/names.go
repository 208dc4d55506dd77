package agents

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// MinName and MaxName bound a name's length, in characters as shown.
const (
	MinName = 3
	MaxName = 32
)

// Fold reads a name to register: it answers the name as it is shown (NFC,
// spaces trimmed and runs of them made one) and as names are compared,
// the RFC 8266 Nickname profile's form of it (NFKC, so that "Ｂｏｔ" and
// "Bot" are one name, and lower case). A name is MinName to MaxName
// characters: letters, marks and digits of any script, spaces, and "-",
// "_", "." and "'" between them, beginning with a letter or a digit.
func Fold(name string) (display, folded string, err error) {
	if !utf8.ValidString(name) {
		return "", "", errors.New("a name must be UTF-8")
	}
	display = norm.NFC.String(strings.Join(strings.Fields(name), " "))
	n := utf8.RuneCountInString(display)
	if n < MinName || n > MaxName {
		return "", "", fmt.Errorf("a name is %d to %d characters, not %d", MinName, MaxName, n)
	}
	for i, r := range display {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case i > 0 && (unicode.IsMark(r) || strings.ContainsRune(" -_.'", r)):
		default:
			return "", "", fmt.Errorf("a name holds letters, digits, spaces and - _ . ' and begins with a letter or a digit, not %q", r)
		}
	}
	nick, err := precis.Nickname.String(display)
	if err != nil {
		return "", "", fmt.Errorf("the name %q: %v", display, err)
	}
	return display, norm.NFKC.String(cases.Fold().String(nick)), nil
}
