package rules

// This file holds the Tidebreakers referee's own reading of the loop's
// answers: the envelope, the view, the events and the result, written from
// docs/tidebreakers.md and openapi.yaml.

// tidebreakersAction is an action as sent, and an entry of legalActions.
type tidebreakersAction struct {
	Type   string `json:"type"`
	Tile   *int   `json:"tile,omitempty"`
	Amount *int   `json:"amount,omitempty"`
	From   *int   `json:"from,omitempty"`
	To     *int   `json:"to,omitempty"`
	Send   *int   `json:"send,omitempty"`
}

// tidebreakersRange is an entry of actionRanges.
type tidebreakersRange struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	From  *int   `json:"from"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// tidebreakersEvent is one action taken inside an answer, with what it
// caused.
type tidebreakersEvent struct {
	Seat       int    `json:"seat"`
	Type       string `json:"type"`
	Tile       *int   `json:"tile"`
	Amount     *int   `json:"amount"`
	From       *int   `json:"from"`
	To         *int   `json:"to"`
	Send       *int   `json:"send"`
	Result     string `json:"result"`
	Before     *int   `json:"before"`
	After      *int   `json:"after"`
	Eliminated *int   `json:"eliminated"`
	Ended      string `json:"ended"`
}

// tidebreakersLogEntry is one entry of the view's log.
type tidebreakersLogEntry struct {
	Round  int    `json:"round"`
	Kind   string `json:"kind"`
	Seat   *int   `json:"seat"`
	From   *int   `json:"from"`
	To     *int   `json:"to"`
	Sent   *int   `json:"sent"`
	Before *int   `json:"before"`
	After  *int   `json:"after"`
	Ending string `json:"ending"`
}

// tidebreakersView is the answer's view.
type tidebreakersView struct {
	Players    int    `json:"players"`
	You        int    `json:"you"`
	Opponent   string `json:"opponent"`
	Opener     int    `json:"opener"`
	Round      int    `json:"round"`
	Rounds     int    `json:"rounds"`
	Supply     int    `json:"supply"`
	Turn       *int   `json:"turn"`
	Phase      string `json:"phase"`
	SupplyLeft int    `json:"supplyLeft"`
	Islands    []struct {
		Tile     int  `json:"tile"`
		Row      int  `json:"row"`
		Col      int  `json:"col"`
		Owner    *int `json:"owner"`
		Strength int  `json:"strength"`
	} `json:"islands"`
	Captains []struct {
		Seat     int    `json:"seat"`
		Name     string `json:"name"`
		Islands  int    `json:"islands"`
		Strength int    `json:"strength"`
		Out      bool   `json:"out"`
	} `json:"captains"`
	Log []tidebreakersLogEntry `json:"log"`
}

// tidebreakersResult is the end of a match.
type tidebreakersResult struct {
	Outcome  string `json:"outcome"`
	Ending   string `json:"ending"`
	Winner   *int   `json:"winner"`
	Places   []int  `json:"places"`
	Round    int    `json:"round"`
	Islands  []int  `json:"islands"`
	Strength []int  `json:"strength"`
}

// tidebreakersAnswer is an answer of the loop, envelope or refusal.
type tidebreakersAnswer struct {
	OK           bool                 `json:"ok"`
	Code         string               `json:"code"`
	Reason       string               `json:"reason"`
	State        string               `json:"state"`
	Observation  string               `json:"observation"`
	LegalActions []tidebreakersAction `json:"legalActions"`
	ActionRanges []tidebreakersRange  `json:"actionRanges"`
	Score        *int                 `json:"score"`
	GameOver     bool                 `json:"gameOver"`
	Result       *tidebreakersResult  `json:"result"`
	Turn         string               `json:"turn"`
	View         *tidebreakersView    `json:"view"`
	Events       []tidebreakersEvent  `json:"events"`
}
