// Package livewire holds the live match APIs' answers as
// docs/tidebreakers.md and openapi.yaml give them, for the suite's
// protocol and rules levels, which read them alike: the public state and
// its parts (live Tidebreakers' here, live Tron's in tron.go), a join's
// answer, an error, and how to compare and show them. Like the levels, it
// imports nothing of the bundle's implementation.
package livewire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// The answers.
type (
	// Tile is an island of the public state.
	Tile struct {
		Owner    *int `json:"owner"`
		Strength int  `json:"strength"`
	}
	// Seat is a seat of the public state.
	Seat struct {
		Seat   int    `json:"seat"`
		Name   string `json:"name"`
		Bot    bool   `json:"bot"`
		Joined bool   `json:"joined"`
	}
	// Entry is an entry of the public state's log.
	Entry struct {
		Round  int    `json:"round"`
		Kind   string `json:"kind"`
		Seat   *int   `json:"seat"`
		From   *int   `json:"from,omitempty"`
		To     *int   `json:"to,omitempty"`
		Sent   *int   `json:"sent,omitempty"`
		Before *int   `json:"before,omitempty"`
		After  *int   `json:"after,omitempty"`
		Ending string `json:"ending,omitempty"`
	}
	// State is the public state of a match. Its log is kept as sent
	// (null and [] apart), its entries read by Entries when judged.
	State struct {
		Code       string            `json:"code"`
		Players    int               `json:"players"`
		Phase      string            `json:"phase"`
		Round      int               `json:"round"`
		Turn       *int              `json:"turn"`
		SupplyLeft int               `json:"supply_left"`
		Over       bool              `json:"over"`
		Winner     *int              `json:"winner"`
		Places     []int             `json:"places"`
		Ending     string            `json:"ending"`
		Tiles      []Tile            `json:"tiles"`
		TileCounts []int             `json:"tile_counts"`
		Strengths  []int             `json:"strengths"`
		Seats      []Seat            `json:"seats"`
		Log        []json.RawMessage `json:"log"`
	}
	// Joined is the answer of a create or a join.
	Joined struct {
		Code  string `json:"code"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	// Error is an error's answer.
	Error struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
)

// CardState is what of a public state the Tidebreakers card fixes: the
// fields it names whose values it gives (it names phase and log too, but
// not their values, and the tile counts without a field's name).
type CardState struct {
	Tiles      []Tile
	Turn       *int
	SupplyLeft int
	Winner     *int
	Round      int
	Over       bool
}

// Card is s as the card fixes it.
func (s *State) Card() CardState {
	return CardState{Tiles: s.Tiles, Turn: s.Turn, SupplyLeft: s.SupplyLeft, Winner: s.Winner, Round: s.Round, Over: s.Over}
}

// CardFields are the fields of the public state the card names.
var CardFields = []string{"tiles", "turn", "phase", "supply_left", "winner", "round", "over", "log"}

// Decode reads a public state from body into s: under the cards'
// profile (card true) only the fields the card names (CardFields), so
// that a field it leaves open (players, seats, the tile counts) may be
// of any type and shape; otherwise every field, as documented.
func Decode(body []byte, s *State, card bool) error {
	if !card {
		return json.Unmarshal(body, s)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(body, &all); err != nil {
		return err
	}
	fixed := map[string]json.RawMessage{}
	for _, k := range CardFields {
		if v, ok := all[k]; ok {
			fixed[k] = v
		}
	}
	data, _ := json.Marshal(fixed)
	return json.Unmarshal(data, s)
}

// Corners are the grid's corner islands, where captains start.
var Corners = []int{0, 4, 20, 24}

// SeatCorners reads where each of players seats started from an opening
// state: the first corner island each holds (-1 for a seat holding none).
// The card says only "the corners", so a referee of the card reads them.
func (s *State) SeatCorners(players int) []int {
	at := make([]int, players)
	for p := range at {
		at[p] = -1
	}
	for _, i := range Corners {
		if i < len(s.Tiles) {
			if o := s.Tiles[i].Owner; o != nil && *o >= 0 && *o < players && at[*o] < 0 {
				at[*o] = i
			}
		}
	}
	return at
}

// CardFixes reports whether the card fixes the value of the public
// state's field at path (such as tiles[3].owner; "" for the whole
// state): tiles, turn, supply_left, winner, round and over (phase and log
// it names without their values).
func CardFixes(path string) bool {
	root, _, _ := strings.Cut(path, ".")
	root, _, _ = strings.Cut(root, "[")
	return root == "" || slices.Contains([]string{"tiles", "turn", "supply_left", "winner", "round", "over"}, root)
}

// Status is each documented error code's HTTP status.
var Status = map[string]int{"invalid_request": 400, "bad_json": 400, "forbidden": 403, "no_match": 404, "not_found": 404,
	"not_your_turn": 409, "illegal_move": 409, "match_over": 409, "match_full": 409, "already_moved": 409, "body_too_large": 413}

// CodePattern is what a match's code looks like.
var CodePattern = regexp.MustCompile(`^[0-9A-Z]{4,32}$`)

// Ptr is a pointer to v, for the public state's optional numbers.
func Ptr(v int) *int { return &v }

// Entries reads log entries.
func Entries(raw []json.RawMessage) ([]Entry, error) {
	out := make([]Entry, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			return nil, fmt.Errorf("entry %d: %v", i, err)
		}
	}
	return out, nil
}

// SameEntries reports whether two lists of log entries are equal: byte
// for byte, or else as read.
func SameEntries(a, b []json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			x, errx := Entries(a[i : i+1])
			y, erry := Entries(b[i : i+1])
			if errx != nil || erry != nil || !reflect.DeepEqual(x, y) {
				return false
			}
		}
	}
	return true
}

// SameState reports whether two public states are equal.
func SameState(a, b *State) bool {
	x, y := *a, *b
	x.Log, y.Log = nil, nil
	return reflect.DeepEqual(x, y) && SameEntries(a.Log, b.Log)
}

// Show writes a value short, for a failure's Want and Got.
func Show(v any) string {
	switch x := v.(type) {
	case *int:
		if x == nil {
			return "null"
		}
		return fmt.Sprint(*x)
	case string:
		return fmt.Sprintf("%q", x)
	}
	b, _ := json.Marshal(v)
	return check.Brief(string(b), 240)
}

// Common is what every live game's public state shows alike: its code,
// its seats, its phase ("lobby" until it starts), whether it is over and
// its places (null until then). The rest is the game's.
type Common struct {
	Code    string `json:"code"`
	Players int    `json:"players"`
	Phase   string `json:"phase"`
	Over    bool   `json:"over"`
	Places  []int  `json:"places"`
	Seats   []Seat `json:"seats"`
}
