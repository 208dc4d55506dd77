package play

import (
	"encoding/json"
	"time"
)

// Info describes a game: in the index, in the contract, and to the edges.
type Info struct {
	Slug        string
	Name        string
	Genre       string
	Description string
	Goal        string
	// Options are the init options the game reads besides the seed.
	Options []Option
	// ActionSchema is the game's action grammar as JSON Schema: the one
	// file its parser follows, its spec sends and openapi.yaml repeats.
	ActionSchema json.RawMessage
	// EchoStateToken: answers carry the state under "stateToken" as well as
	// "state", for agents written against a card that calls it that.
	EchoStateToken bool
	// MaxToken is the longest state token, in characters, the game may
	// answer; a test holds every golden answer to it.
	MaxToken int
	// Boards names the options that change how hard a match is (the
	// opponent, the number of players, the grid): ranked runs are compared
	// on boards, one for each of their values (see Board).
	Boards []string
	// BoardValues are the values of a Boards option that make a board,
	// for an option whose every value would make too many to compare
	// (Tron's grid sides): a ranked match with another value plays
	// unboarded. An option it does not name boards every value.
	BoardValues map[string][]string
}

// SeedDoc documents the seed option every game takes.
const SeedDoc = "integer 0..9007199254740991; the same seed plays out the same way. Missing: the server picks one, keeps it sealed in the state and reports it in the answer that ends the match."

// OptionDocs documents every init option of the game, the seed included.
func (i Info) OptionDocs() map[string]string {
	docs := map[string]string{"seed": SeedDoc}
	for _, o := range i.Options {
		docs[o.Name] = o.Doc
	}
	return docs
}

// Option is an init option: its name and the values it takes, the first
// being the default; or, without Values, the whole numbers from Min to Max.
type Option struct {
	Name     string
	Values   []string
	Min, Max int
	// Default is the value of a numeric option when absent.
	Default string
	Doc     string
}

// Game is one game served through the core.
type Game interface {
	Info() Info
	// Spec is the self-documenting description sent with every new match.
	Spec() Spec
	// New starts a match from a seed and the init options, already checked
	// against Info().Options (an absent option is not in the map).
	New(seed uint64, options map[string]string) (Match, error)
	// Decode restores a match from bytes made by its MarshalBinary.
	Decode(state []byte) (Match, error)
}

// Answerer is a game whose bot also plays for an outside arena: Answer
// answers one message of the arena's protocol with the reply's JSON value.
// options configure the bot (the grid it plays on, say); an unreadable
// message or option answers an *Error. Everything the bot needs is in the
// message: it keeps nothing between calls.
type Answerer interface {
	Answer(message []byte, options map[string]string) (any, error)
}

// Match is one game in progress.
type Match interface {
	// Phase says who must act now.
	Phase() Phase
	// Act applies one move per seat in Phase().ToAct, together. A refused
	// move answers an *Error of kind KindRefusal and changes nothing. The
	// events say what the moves caused, for the answer's "events". now is
	// the service clock's time, for games whose rules read it.
	Act(moves []Move, now time.Time) (events []any, err error)
	// BotMove is the action the bot sitting in seat s chooses now, from
	// what that seat may see; ok is false when no bot sits there.
	BotMove(s Seat) (action json.RawMessage, ok bool)
	// View is everything seat s may see of the match.
	View(s Seat) Presentation
	MarshalBinary() ([]byte, error)
}

// Presentation is what one seat sees of a match.
type Presentation struct {
	Observation string
	// LegalActions lists every action the seat may send now, each exactly
	// as it may be sent.
	LegalActions any
	// ActionRanges describes, when a field of an action takes a range of
	// values, that range (legalActions then lists one value of it).
	ActionRanges any
	Score        int
	GameOver     bool
	// Result describes the end; nil while the match is open.
	Result any
	// Turn says who is to act, from the seat's side ("you", "over").
	Turn string
	View any
}

// Spec is how a game documents itself to agents; init sends it as
// "spec". ActionExample, LegalActions and ActionRanges are for the games
// that say more about their actions.
type Spec struct {
	Slug          string            `json:"slug"`
	Name          string            `json:"name"`
	Goal          string            `json:"goal"`
	Scoring       string            `json:"scoring"`
	Rules         []string          `json:"rules"`
	Options       map[string]string `json:"options"`
	ActionGrammar json.RawMessage   `json:"actionGrammar"`
	ActionExample any               `json:"actionExample,omitempty"`
	LegalActions  string            `json:"legalActions,omitempty"`
	ActionRanges  string            `json:"actionRanges,omitempty"`
	Observation   string            `json:"observation"`
	Randomness    string            `json:"randomness"`
	Docs          string            `json:"docs"`
}
