package brinebell

import "encoding/json"

// Spec documents Brinebell for agents; init sends it with every new run.
type Spec struct {
	Slug          string            `json:"slug"`
	Name          string            `json:"name"`
	Goal          string            `json:"goal"`
	Scoring       string            `json:"scoring"`
	Rules         []string          `json:"rules"`
	Options       map[string]string `json:"options"`
	ActionGrammar json.RawMessage   `json:"actionGrammar"`
	LegalActions  string            `json:"legalActions"`
	Observation   string            `json:"observation"`
	Randomness    string            `json:"randomness"`
	Docs          string            `json:"docs"`
}

// actionGrammar is the rule card's JSON Schema of an action.
const actionGrammar = `{"type":"object","oneOf":[` +
	`{"type":"object","properties":{"type":{"const":"start"}},"required":["type"],"additionalProperties":false},` +
	`{"type":"object","properties":{"type":{"const":"bank"}},"required":["type"],"additionalProperties":false},` +
	`{"type":"object","properties":{"type":{"const":"advance"},"ticks":{"type":"integer","minimum":1,"maximum":90}},"required":["type","ticks"],"additionalProperties":false},` +
	`{"type":"object","properties":{"type":{"const":"order"},"ferry":{"type":"integer","minimum":0,"maximum":1},"dock":{"type":"integer","minimum":0,"maximum":4}},"required":["type","ferry","dock"],"additionalProperties":false}]}`

// Spec describes the game.
func (Game) Spec() any {
	return Spec{
		Slug: "brinebell",
		Name: "Brinebell",
		Goal: "Carry island passengers to their docks for points. Sail on as long as you like, or bank what you have earned; the run also ends once five waiting passengers give up. No clock or score limit ends it.",
		Scoring: "Each delivery is worth its base (traveller 100, courier 160, cart 180) plus a patience bonus: +40 if patience*3 >= maximum*2, else +20 if patience*3 >= maximum, else nothing. " +
			"An exchange that delivers n passengers scores multiplier x (those values + 40*(n-1)), the multiplier being min(3, 1 + floor(streak/8)) read before the exchange; the streak then grows by n. " +
			"Each time total deliveries pass a multiple of 20, +300 outside the multiplier. A waiting passenger giving up resets the streak to 0 but takes no points. Empty exchanges and banking score nothing.",
		Rules: []string{
			"Ids start at 0. Docks in ring order: 0 Bell Quay, 1 Orchard, 2 Shellbank, 3 Lantern, 4 Windmill. Ferries: 0 is Ferry A, 1 is Ferry B.",
			"At first Bell Quay, Orchard and Shellbank are open; Ferry A is idle at Bell Quay, where two travellers wait, bound for Orchard and Shellbank.",
			"Before the start only {type:start} is legal; it puts Ferry A into service at Bell Quay, and the next tick exchanges there. After the run ends no action is legal.",
			"Only advance moves time: {type:advance,ticks:n} runs exactly n ticks one after another (n whole, 1..90), at 30 ticks per second. Orders and bank take no time.",
			"A crossing between neighbours on the ring 0-1-2-3-4-0 takes 54 ticks; between any other two docks, 84. A crossing cannot be redirected once begun.",
			"{type:order,ferry:f,dock:d}: an idle ferry sets out for d at once (it first moves on the next tick), or, if d is its own dock, begins a fresh service there. A ferry in service or sailing keeps one queued destination, which the order replaces; ordering its service dock or its sailing destination clears the queue.",
			"Reaching a dock begins a 24-tick service; its exchange happens on the service's first tick, which is the next tick. When the service ends the ferry sets out for its queued destination, or stays idle.",
			"An exchange first delivers every rider bound for that dock, then boards the waiting passengers there in order of arrival (spawn tick, then id) while seats last. A ferry has 4 seats: travellers and couriers take one, carts two; a cart that does not fit is passed over and a later passenger may board. Passengers arriving during a service wait for another one.",
			"Riders stay aboard until their own destination. Patience drains by 2 each tick while waiting and by 1 while riding, never below 0. A waiting passenger at 0 gives up and leaves; a rider at 0 still delivers for its base points.",
			"Each tick: the clock advances; due unlocks and arrivals; patience and give-ups; services, Ferry A before Ferry B (each reads the multiplier at its own exchange); ferries that were already sailing move; the run ends if five have given up (that tick's exchanges still count); passengers and events resolved 60 or more ticks ago are dropped from view.",
			"Before passenger index 9 (id 8) Lantern opens; before index 17 (id 16) Windmill opens; before index 25 (id 24) Ferry B joins, idle at Lantern.",
			"Arrivals follow a seeded generator: blocks of six with one courier, one cart and a pair sharing a route, at most three passengers in a row from one dock, at most 6 waiting per dock and 24 in all (overflow moves a passenger to another dock), and tiers of arrival intervals and patience that tighten as the run goes on. Future arrivals are private. /docs/api/brinebell gives the generator in full.",
			"{type:bank} ends the run at once with the points earned, even at sea or at zero.",
			"An invalid or illegal action is refused with ok:false and changes nothing.",
		},
		Options:       map[string]string{"seed": "integer 0..9007199254740991; the same seed gives the same arrivals. Missing: the server picks one and reports it."},
		ActionGrammar: json.RawMessage(actionGrammar),
		LegalActions: "legalActions lists every legal action once, as it would be sent, except that advance appears once as " +
			`{"type":"advance","ticks":{"min":1,"max":90}}: pick any whole number in that range for ticks.`,
		Observation: "The observation text gives the clock, score, streak, multiplier, deliveries and give-ups; every dock and its waiting line; every ferry's mode, timer, route, queue and riders; " +
			"each passenger's kind, origin, destination, patience and maximum patience; and the events of the last 60 ticks. The view field carries the same facts as JSON.",
		Randomness: "Arrivals come from the seed through SplitMix64 streams 1 (overflow order) and 2 (block plans); /docs/api/brinebell documents every draw.",
		Docs:       "/docs/api/brinebell",
	}
}
