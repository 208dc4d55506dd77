package tidebreakers

import "github.com/agentgames/bundle/conformance/livewire"

// This file holds the stateless referee's own reading of the loop's
// answers beside the envelope: the view, the events and the result,
// written from docs/tidebreakers.md and openapi.yaml. A log entry reads as
// the live API's (livewire.Entry): the two write it alike.

// action is an action as sent, and an entry of legalActions.
type action struct {
	Type   string `json:"type"`
	Tile   *int   `json:"tile,omitempty"`
	Amount *int   `json:"amount,omitempty"`
	From   *int   `json:"from,omitempty"`
	To     *int   `json:"to,omitempty"`
	Send   *int   `json:"send,omitempty"`
}

// actionRange is an entry of actionRanges.
type actionRange struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	From  *int   `json:"from"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// event is one action taken inside an answer, with what it
// caused.
type event struct {
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

// view is the answer's view.
type view struct {
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
	Log []livewire.Entry `json:"log"`
}

// result is the end of a match.
type result struct {
	Outcome  string `json:"outcome"`
	Ending   string `json:"ending"`
	Winner   *int   `json:"winner"`
	Places   []int  `json:"places"`
	Round    int    `json:"round"`
	Islands  []int  `json:"islands"`
	Strength []int  `json:"strength"`
}

// answer is what an answer of the loop holds beside the envelope.
type answer struct {
	LegalActions []action      `json:"legalActions"`
	ActionRanges []actionRange `json:"actionRanges"`
	Result       *result       `json:"result"`
	View         *view         `json:"view"`
	Events       []event       `json:"events"`
}
