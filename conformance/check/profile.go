package check

import "fmt"

// Profile is what a run holds an implementation to.
type Profile int

const (
	// Bundle holds an implementation to this bundle's documented contract:
	// openapi.yaml, docs/<game>.md, the error codes and statuses, and the
	// extensions (ranked play, answer shapes, events, views, ...).
	Bundle Profile = iota
	// Card holds it only to what the rule cards and the common API they
	// assume fix (../shared/spec): the cards' routes, fields and rules,
	// any 2xx for a success and any 4xx for a refusal, and "a refused
	// request changes nothing". What the cards leave open (status codes
	// beyond their class, error codes, fields and names the cards do not
	// give) is not judged; checks of the bundle's contract alone are
	// reported skipped, with what the cards leave open.
	Card
)

// Profiles names every profile, in flag order.
var Profiles = []string{"bundle", "card"}

// String is the profile's name.
func (p Profile) String() string {
	if int(p) < len(Profiles) && p >= 0 {
		return Profiles[p]
	}
	return fmt.Sprintf("Profile(%d)", int(p))
}

// ParseProfile reads a profile's name.
func ParseProfile(name string) (Profile, error) {
	for i, n := range Profiles {
		if n == name {
			return Profile(i), nil
		}
	}
	return Bundle, fmt.Errorf("unknown profile %q; the profiles are bundle and card", name)
}

// Success reports whether status answers a request that succeeded: want
// exactly under the bundle's profile, any 2xx under the cards'.
func (t Target) Success(status, want int) bool {
	if t.Profile == Card {
		return status >= 200 && status < 300
	}
	return status == want
}

// Refusal reports whether status answers a refused request: want exactly
// under the bundle's profile, any 4xx under the cards'.
func (t Target) Refusal(status, want int) bool {
	if t.Profile == Card {
		return status >= 400 && status < 500
	}
	return status == want
}

// StatusText is what a profile wants of a status, for a failure: want,
// or its class under the cards' profile.
func (t Target) StatusText(want int) string {
	if t.Profile == Card {
		return fmt.Sprintf("%dxx", want/100)
	}
	return fmt.Sprint(want)
}
