package livewire

// TronState is the public state of a live Tron match (openapi.yaml's
// TronLiveState).
type TronState struct {
	Code        string      `json:"code"`
	Players     int         `json:"players"`
	Width       int         `json:"width"`
	Height      int         `json:"height"`
	Phase       string      `json:"phase"`
	Round       int         `json:"round"`
	Deadline    *int64      `json:"deadline"`
	RoundMillis int64       `json:"roundMillis"`
	Over        bool        `json:"over"`
	Places      []int       `json:"places"`
	Seats       []TronSeat  `json:"seats"`
	Log         []TronEntry `json:"log"`
	// Since is the round a state read since one gives (its trails hold
	// only the cells laid after it); nil in the whole state.
	Since *int `json:"since,omitempty"`
}

// TronSeat is a seat of a live Tron match's public state: its cycle's
// trail lists its head first, as the stateless game's board does.
type TronSeat struct {
	Seat   int      `json:"seat"`
	Name   string   `json:"name"`
	Bot    bool     `json:"bot"`
	Joined bool     `json:"joined"`
	Moved  bool     `json:"moved"`
	Alive  bool     `json:"alive"`
	Died   int      `json:"died"`
	Trail  [][2]int `json:"trail"`
}

// TronEntry is an entry of a live Tron match's log: the cycles that died
// in a round, and those of them out for not moving in time.
type TronEntry struct {
	Round  int   `json:"round"`
	Died   []int `json:"died"`
	Silent []int `json:"silent,omitempty"`
}

// Head is the seat's cycle's head, and whether it has one.
func (s TronSeat) Head() ([2]int, bool) {
	if len(s.Trail) == 0 {
		return [2]int{}, false
	}
	return s.Trail[0], true
}
