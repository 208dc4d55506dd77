package live

import "fmt"

// Ordinal writes a place for a game's texts: 1st, 2nd, 3rd, 4th.
func Ordinal(p int) string {
	suffix := "th"
	if p >= 1 && p <= 3 {
		suffix = [...]string{"st", "nd", "rd"}[p-1]
	}
	return fmt.Sprintf("%d%s", p, suffix)
}

// Send is what a game's text tells the holder of a seat of match code to
// send for it: the handle if it goes by one, else the code and its token.
func Send(code, handle string) string {
	if handle != "" {
		return fmt.Sprintf(`"handle":%q`, handle)
	}
	return fmt.Sprintf(`"code":%q,"token":<your token>`, code)
}
