package agents

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// MinName and MaxName bound a name's length, in characters as shown.
const (
	MinName = 3
	MaxName = 32
)

// Fold reads a name to register: it answers the name as it is shown (NFC,
// spaces trimmed and runs of them made one) and as names are compared
// (folded, below), and must pass the RFC 8266 Nickname profile. A name
// is MinName to MaxName characters: letters, marks and digits of any script, spaces, and "-",
// "_", "." and "'" between them, beginning with a letter or a digit. Its
// letters and digits are of one script, or of one of the mixes a
// language writes (Unicode's "highly restrictive" level, UTS #39): so
// "Ada" with a Cyrillic "А" is refused, rather than a second name that
// looks like the first. No character carries more than MaxMarks marks,
// nor one mark twice, so that marks stacked on a letter cannot make a
// name that shows as another.
//
// folded is the name's confusable skeleton (UTS #39, from Unicode's
// confusables table as github.com/mtibben/confusables ships it), taken
// of the name in capitals, case folded and taken again: "ВОТ" (Cyrillic)
// and "BOT", "ΑΒΕ" (Greek) and "abe", "rn" and "m" fold alike, and two
// names that fold alike are one name.
func Fold(name string) (display, folded string, err error) {
	return fold(name, MinName, MaxName)
}

// MaxSeatName is the longest name of a live match's seat, in characters.
const MaxSeatName = 40

// SeatName reads the name a player gives its seat of a live match: held
// to a name's rules (Fold), but 1 to MaxSeatName characters; folded is
// what it is compared with agents' and bots' names in.
func SeatName(name string) (display, folded string, err error) {
	return fold(name, 1, MaxSeatName)
}

// fold is Fold for names of min to max characters.
func fold(name string, least, most int) (display, folded string, err error) {
	if !utf8.ValidString(name) {
		return "", "", errors.New("a name must be UTF-8")
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }); i >= 0 {
		return "", "", fmt.Errorf("a name's only space is the space, not %q", []rune(name[i:])[0])
	}
	display = norm.NFC.String(strings.Join(strings.Fields(name), " "))
	n := utf8.RuneCountInString(display)
	if n < least || n > most {
		return "", "", fmt.Errorf("a name is %d to %d characters, not %d", least, most, n)
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
	if err := fewMarks(display); err != nil {
		return "", "", err
	}
	if _, err := precis.Nickname.String(display); err != nil {
		return "", "", fmt.Errorf("the name %q: %v", display, err)
	}
	return display, skeleton(display), nil
}

// skeleton is the form names are compared in: the confusable skeleton of
// the name's NFKC form in capitals, case folded, and its skeleton again
// (the table maps capitals and small letters each to what they look
// like, so both are taken, from one case so that case never tells two
// names apart).
func skeleton(name string) string {
	s := confusables.Skeleton(cases.Upper(language.Und).String(norm.NFKC.String(name)))
	return confusables.Skeleton(norm.NFKC.String(cases.Fold().String(s)))
}

// MaxMarks is how many combining marks one character of a name may
// carry (Vietnamese writes two).
const MaxMarks = 2

// fewMarks refuses a name with a character that carries more than
// MaxMarks marks, or one mark twice.
func fewMarks(name string) error {
	var marks []rune
	for _, r := range norm.NFD.String(name) {
		if !unicode.Is(unicode.Mn, r) {
			marks = marks[:0]
			continue
		}
		if slices.Contains(marks, r) || len(marks) == MaxMarks {
			return fmt.Errorf("a character of a name carries at most %d marks, each once", MaxMarks)
		}
		marks = append(marks, r)
	}
	return nil
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
