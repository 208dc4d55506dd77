package brinebell

import (
	"encoding/json"
	"fmt"
	"strconv"

	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/play"
)

// goal is the game's goal, in the index and the spec alike.
var goal = "Carry island passengers to their docks for points. Sail on as long as you like, or bank what you have earned; the run also ends once " + strconv.Itoa(engine.MaxDepartures) + " waiting passengers give up. No clock or score limit ends it."

// Spec describes the game.
func (Game) Spec() play.Spec {
	return play.Spec{
		Slug: "brinebell",
		Name: "Brinebell",
		Goal: goal,
		Scoring: "Each delivery is worth its base (traveller 100, courier 160, cart 180) plus a patience bonus: +40 if patience*3 >= maximum*2, else +20 if patience*3 >= maximum, else nothing. " +
			"An exchange that delivers n passengers scores multiplier x (those values + 40*(n-1)), the multiplier being min(3, 1 + floor(streak/8)) read before the exchange; the streak then grows by n. " +
			"Each time total deliveries pass a multiple of 20, +300 outside the multiplier. A waiting passenger giving up resets the streak to 0 but takes no points. Empty exchanges and banking score nothing.",
		Rules: []string{
			"Ids start at 0. Docks in ring order: 0 Bell Quay, 1 Orchard, 2 Shellbank, 3 Lantern, 4 Windmill. Ferries: 0 is Ferry A, 1 is Ferry B.",
			"At first Bell Quay, Orchard and Shellbank are open; Ferry A is idle at Bell Quay, where two travellers wait, bound for Orchard and Shellbank.",
			"Before the start only {type:start} is legal; it puts Ferry A into service at Bell Quay, and the next tick exchanges there. After the run ends no action is legal.",
			fmt.Sprintf("Only advance moves time: {type:advance,ticks:n} runs exactly n ticks one after another (n whole, 1..%d), at %d ticks per second. Orders and bank take no time.", engine.MaxAdvance, engine.TicksPerSecond),
			fmt.Sprintf("A crossing between neighbours on the ring 0-1-2-3-4-0 takes %d ticks; between any other two docks, %d. A crossing cannot be redirected once begun.", engine.AdjacentTicks, engine.FarTicks),
			"{type:order,ferry:f,dock:d}: an idle ferry sets out for d at once (it first moves on the next tick), or, if d is its own dock, begins a fresh service there. A ferry in service or sailing keeps one queued destination, which the order replaces; ordering its service dock or its sailing destination clears the queue.",
			fmt.Sprintf("Reaching a dock begins a %d-tick service; its exchange happens on the service's first tick, which is the next tick. When the service ends the ferry sets out for its queued destination, or stays idle.", engine.ServiceTicks),
			fmt.Sprintf("An exchange first delivers every rider bound for that dock, then boards the waiting passengers there in order of arrival (spawn tick, then id) while seats last. A ferry has %d seats: travellers and couriers take one, carts two; a cart that does not fit is passed over and a later passenger may board. Passengers arriving during a service wait for another one.", engine.Seats),
			"Riders stay aboard until their own destination. Patience drains by 2 each tick while waiting and by 1 while riding, never below 0. A waiting passenger at 0 gives up and leaves; a rider at 0 still delivers for its base points.",
			fmt.Sprintf("Each tick: the clock advances; due unlocks and arrivals; patience and give-ups; services, Ferry A before Ferry B (each reads the multiplier at its own exchange); ferries that were already sailing move; the run ends if %d have given up (that tick's exchanges still count); passengers and events resolved %d or more ticks ago are dropped from view.", engine.MaxDepartures, engine.RetireTicks),
			"Before passenger index 9 (id 8) Lantern opens; before index 17 (id 16) Windmill opens; before index 25 (id 24) Ferry B joins, idle at Lantern.",
			"Arrivals follow a seeded generator: blocks of six with one courier, one cart and a pair sharing a route, at most three passengers in a row from one dock, at most " + strconv.Itoa(engine.DockCap) + " waiting per dock and " + strconv.Itoa(engine.TotalCap) + " in all (overflow moves a passenger to another dock), and tiers of arrival intervals and patience that tighten as the run goes on. Future arrivals are private. /docs/api/brinebell gives the generator in full.",
			"{type:bank} ends the run at once with the points earned, even at sea or at zero.",
			"An invalid or illegal action is refused with ok:false and changes nothing.",
		},
		Options:       Game{}.Info().OptionDocs(),
		ActionGrammar: json.RawMessage(actionSchema),
		LegalActions:  "legalActions lists every legal action, each exactly as it may be sent; advance appears once, with ticks " + strconv.Itoa(listedTicks) + " (one second).",
		ActionRanges:  "actionRanges gives, for each action field that takes a range, its bounds: advance's ticks is any whole number from 1 to " + strconv.Itoa(engine.MaxAdvance) + ".",
		Observation: "The observation text gives the clock, score, streak, multiplier, deliveries and give-ups; every dock and its waiting line; every ferry's mode, timer, route, queue and riders; " +
			"each passenger's kind, origin, destination, patience and maximum patience; and the events of the last " + strconv.Itoa(engine.RetireTicks) + " ticks. The view field carries the same facts as JSON.",
		Randomness: "Arrivals come from the seed through SplitMix64 streams 1 (overflow order) and 2 (block plans); /docs/api/brinebell documents every draw.",
		Docs:       "/docs/api/brinebell",
	}
}
