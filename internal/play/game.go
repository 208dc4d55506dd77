// Package play is the heart of the bundle: the stateless loop every game is
// served through. A Game starts matches and restores them from their state;
// the Service seals that state into tokens and answers envelopes. HTTP,
// Lambda and the OpenAPI contract live around it in other packages.
package play

import (
	"encoding/json"
	"net/url"
)

// Info describes a game in the index.
type Info struct {
	Slug        string
	Name        string
	Genre       string
	Description string
	Goal        string
	// EchoStateToken: answers carry the state under "stateToken" as well as
	// "state", for agents written against a card that calls it that.
	EchoStateToken bool
}

// Game is one game served through the loop.
type Game interface {
	Info() Info
	// Spec is the self-documenting description sent with every new match.
	Spec() any
	// New starts a match from a seed and the init request's query options.
	// Bad options answer *Error.
	New(seed uint64, options url.Values) (Match, error)
	// Decode restores a match from bytes made by its MarshalBinary.
	Decode(state []byte) (Match, error)
}

// Match is one game in progress.
type Match interface {
	MarshalBinary() ([]byte, error)
	// Act applies an action, given as the request's JSON value. A refused
	// action answers *engines.Illegal and leaves the match unchanged. The
	// events say what the action caused, for the answer's "events".
	Act(action json.RawMessage) (events any, err error)
	// Present is everything the agent sees of the match.
	Present() Presentation
}

// Presentation is what an agent sees of a match.
type Presentation struct {
	Observation  string
	LegalActions any
	Score        int
	GameOver     bool
	// Result describes the end; nil while the match is open.
	Result any
	// Turn says who is to act, "you" or "over".
	Turn string
	View any
}
