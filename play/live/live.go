// Package live is live play on the core: a match several seats play, kept
// in a play.Store between requests, its seats held by secret tokens (256
// random bits, kept only as their SHA-256, compared in constant time), its
// bots seated as policies, its lobby and time limits rules read at the
// injected clock. Nothing runs between requests: whatever is due (the
// lobby filling its empty seats with bots, the bots' turns, the game's
// clock rules) happens when the next request reads or acts on the match,
// which it then saves under the store's conditional write. Every player's
// move goes through Server.Act: in a game in turns it is played at once;
// in a game in rounds (Rules.Rounds) it stays hidden until every seat to
// act has moved or the round's deadline has passed. A game plays live by
// giving its Rules; its API (routes, names, the public state) is a thin
// facade over Server.
package live

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/wire"
)

// Rules are what a game tells the core of its live matches.
type Rules interface {
	// Kind names the game's live matches in the store.
	Kind() string
	// Seats bounds how many seats a match has.
	Seats() (min, max int)
	// Policies are the bots that may sit at a seat, the default first.
	Policies() []string
	// Lobby is how long a match waits for players before bots fill its
	// empty seats.
	Lobby() time.Duration
	// Rounds reports whether the game's seats to act move at once, in
	// rounds (Tron's cycles): each move then stays hidden until its round
	// resolves, once every seat to act has moved or at the round's
	// deadline. Otherwise one seat acts at a time, and its move is
	// played when it is made.
	Rounds() bool
	// Start deals a match of seats seats from seed, with the options its
	// creator chose (the facade has checked them).
	Start(seed uint64, seats int, options map[string]string) (Table, error)
	// Restore reads a match saved by its Table's AppendBinary, and, for a
	// Chunked table, the sealed chunks of its record, which the store
	// keeps apart (see chunks.go), in order; none for a table that seals
	// none.
	Restore(state []byte, chunks [][]byte) (Table, error)
}

// Table is a live match's game, as the core drives it. Moves are JSON in
// the game's action grammar, whoever makes them: a player, through Act, or
// a bot.
type Table interface {
	// Phase says who must act now.
	Phase() play.Phase
	// Check refuses, with a *play.Error, a move seat s may not make now as
	// far as the game can tell before the move is played (its grammar).
	Check(s play.Seat, move json.RawMessage) error
	// BotMove is policy's move for seat s now, not yet played.
	BotMove(s play.Seat, policy string) (json.RawMessage, error)
	// Play plays the moves of the seats to act: in a game in turns the
	// one move of the seat to act, refused with a *play.Error when the
	// rules forbid it, and then changing nothing; in a game in rounds a move for each seat that
	// moved in time (a seat to act without one fell silent, and the
	// game's rule for a silent seat applies to it).
	Play(moves []play.Move) error
	// Due plays the rules the clock sets off, the match having started at
	// started (a time limit, say), and reports whether it changed the
	// match.
	Due(started, now time.Time) bool
	// Recorded is the public log's entries the last change added, each as
	// JSON.
	Recorded() []json.RawMessage
	// Clone is a copy of the table that plays on without changing this
	// one, nor changed by it. The core keeps the matches it serves
	// decoded and plays each request on a clone, so a clone should cost
	// the table as it stands (its board), not its history.
	Clone() Table
	// AppendBinary appends the table as the store keeps it, for Restore.
	AppendBinary(b []byte) ([]byte, error)
}

// Seat is one seat of a match as the store keeps it: a bot's policy, or a
// player's name and the hash of its token (none until someone joins).
type Seat struct {
	Name string `json:"name"`
	// Bot is the policy playing the seat; its key is the one live
	// Tidebreakers matches were first stored under.
	Bot   string `json:"captain,omitempty"`
	Token []byte `json:"token,omitempty"` // SHA-256 of the seat's token
	// Agent is the agent whose key took the seat (see play.WithAgent);
	// nil for an anonymous player or a bot.
	Agent *play.AgentRef `json:"agent,omitempty"`
}

// Match is a live match as the store keeps it, and as a facade reads and
// changes it inside Server.Update.
type Match struct {
	Code    string `json:"code"`
	Players int    `json:"players"`
	Filler  string `json:"filler"` // the policy that fills empty seats
	Seats   []Seat `json:"seats"`
	Created int64  `json:"created"`           // unix milliseconds
	Started int64  `json:"started,omitempty"` // unix milliseconds, once the table is dealt
	// State is the table's state as the match was stored, which Restore
	// reads into Table; a request writes its Table's (see encode).
	State []byte            `json:"state,omitempty"`
	Log   []json.RawMessage `json:"log"`
	// Played: someone besides the creator has joined, or a player has
	// acted; the match is then kept play.Retention after its last write,
	// and Unplayed after its creation until then.
	Played bool `json:"played,omitempty"`
	// RoundMillis is how long a round of a simultaneous match waits for
	// its seats' moves; Deadline is when the round being played resolves
	// (unix milliseconds), and Pending the moves it has so far.
	RoundMillis int64 `json:"roundMillis,omitempty"`
	// Options are the match's options, as its creator chose them.
	Options  map[string]string `json:"options,omitempty"`
	Deadline int64             `json:"deadline,omitempty"`
	Pending  []Pending         `json:"pending,omitempty"`
	// Unrated: the match ended with an agent in it, and the rater has
	// not been told yet; the write that ends a match sets it, and the
	// request that tells the rater clears it, so a rating a crash lost
	// is told by the match's next request.
	Unrated bool `json:"unrated,omitempty"`
	// Chunks is how many sealed chunks of a Chunked table's record the
	// store keeps apart from the match, and ChunksExpire when they expire
	// (unix milliseconds): see chunks.go.
	Chunks       int   `json:"chunks,omitempty"`
	ChunksExpire int64 `json:"chunksExpire,omitempty"`
	// Held: the match's rounds wait for its players however long they
	// take, with no deadline: its player seats are driven by the arena
	// (package play/arena), which bounds its bots' time itself and may be
	// interrupted, so that a reader never plays a round for a driver that
	// is away (see Open).
	Held bool `json:"held,omitempty"`
	// Table is the game, once the lobby has closed; nil before.
	Table   Table `json:"-"`
	version uint64
	// resolved counts the rounds this request has resolved.
	resolved int
}

// Joined reports whether seat i is taken, by a bot or a player.
func (m *Match) Joined(i int) bool { return m.Seats[i].Bot != "" || m.Seats[i].Token != nil }

// full reports whether every seat is taken.
func (m *Match) full() bool {
	for i := range m.Seats {
		if !m.Joined(i) {
			return false
		}
	}
	return true
}

// keep records the log entries the table's last change added.
func (m *Match) keep() {
	m.Log = append(m.Log, m.Table.Recorded()...)
}

// Unplayed is how long a match is kept after its creation while nobody
// has joined it (besides its creator) and nobody has acted in it, so that
// matches created and left cost little; play.Retention after its last
// write once it has been played.
const Unplayed = time.Hour

// expires is when the store may drop the match, written at now.
func (m *Match) expires(now time.Time) time.Time {
	if m.Played {
		return now.Add(play.Retention)
	}
	return time.UnixMilli(m.Created).Add(Unplayed)
}

// MaxName is the longest player name kept, in characters.
const MaxName = agents.MaxSeatName

// ReadName reads the optional "name" member of a create or join request,
// cut to MaxName characters.
func ReadName(o *wire.Object) (string, error) {
	if !o.Has("name") {
		return "", nil
	}
	s, err := o.String("name")
	if r := []rune(s); len(r) > MaxName {
		s = string(r[:MaxName])
	}
	return s, err
}

// PlayerName is the name a seat's player goes by: the one given, or
// "Player n".
func PlayerName(name string, seat int) string {
	if name == "" {
		return fmt.Sprintf("Player %d", seat+1)
	}
	return name
}
