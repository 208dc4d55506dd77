package agents

import (
	"errors"
	"fmt"
	"maps"
	"slices"
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
// "_", "." and "'" between them, beginning with a letter or a digit. Its
// letters and digits are of one script, or of one of the mixes a
// language writes (Unicode's "highly restrictive" level, UTS #39): so
// "Ada" with a Cyrillic "А" is refused, rather than a second name that
// looks like the first.
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
	if err := oneScript(display); err != nil {
		return "", "", err
	}
	nick, err := precis.Nickname.String(display)
	if err != nil {
		return "", "", fmt.Errorf("the name %q: %v", display, err)
	}
	return display, norm.NFKC.String(cases.Fold().String(nick)), nil
}

// scriptMixes are the mixes of scripts a name may hold (UTS #39's highly
// restrictive level): any one script, or Latin with those of Japanese,
// Chinese and Korean.
var scriptMixes = []map[string]bool{
	{"Latin": true, "Han": true, "Hiragana": true, "Katakana": true},
	{"Latin": true, "Han": true, "Bopomofo": true},
	{"Latin": true, "Han": true, "Hangul": true},
}

// oneScript refuses a name whose letters and digits mix scripts beyond
// scriptMixes; characters of every script (Common, Inherited: ASCII
// digits, spaces, marks) go with any.
func oneScript(name string) error {
	seen := map[string]bool{}
	for _, r := range name {
		if sc := scriptOf(r); sc != "" {
			seen[sc] = true
		}
	}
	if len(seen) <= 1 {
		return nil
	}
	for _, mix := range scriptMixes {
		if allIn(seen, mix) {
			return nil
		}
	}
	return fmt.Errorf("a name's letters are of one script (or Latin with Han, Kana or Hangul), not %s", strings.Join(slices.Sorted(maps.Keys(seen)), " and "))
}

func allIn(seen, mix map[string]bool) bool {
	for sc := range seen {
		if !mix[sc] {
			return false
		}
	}
	return true
}

// scriptOf is the script of r, empty for characters every script uses.
func scriptOf(r rune) string {
	if r < 0x80 {
		if unicode.IsLetter(r) {
			return "Latin"
		}
		return ""
	}
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return ""
	}
	for _, name := range scriptNames {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return ""
}

// scriptNames are unicode.Scripts' names in order, so that looking a
// character's script up takes the same steps every time.
var scriptNames = slices.Sorted(maps.Keys(unicode.Scripts))
