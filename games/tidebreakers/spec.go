package tidebreakers

import (
	"encoding/json"
	"strconv"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/play"
)

func n(v int) string { return strconv.Itoa(v) }

// goal is the game's goal, in the index and the spec alike.
var goal = "Hold " + n(engine.WinIslands) + " islands, or be the last captain with islands. If neither happens by the end of round " + n(engine.MaxRounds) +
	", the captain with the most islands wins and the most total strength breaks a tie; captains tied on both share 1st place and draw, and every captain below them loses."

// Spec describes the game.
func (Game) Spec() play.Spec {
	grid := n(engine.Size) + "x" + n(engine.Size)
	return play.Spec{
		Slug: "tidebreakers",
		Name: "Tidebreakers",
		Goal: goal,
		Scoring: "score is the number of islands you hold. result gives your outcome from your place (win: 1st alone; draw: 1st shared; loss: below 1st, even when no one wins), how the match ended, the winner (null when 1st place is shared), " +
			"every captain's place (places: 1 the best, by islands then strength whatever the ending; captains tied on both share a place and the next is skipped, as in 1, 1, 3), and every captain's islands and strength.",
		Rules: []string{
			"The sea is a " + grid + " grid of islands numbered row*" + n(engine.Size) + " + col, row 0 at the top. Islands are adjacent when they share an edge (no diagonals, no wrap-around).",
			"You hold seat 0; built-in captains hold the others. Seats start in corners, clockwise from the top-left: 2 captains hold 0 and 24, 3 hold 0, 4 and 24, 4 hold 0, 4, 24 and 20. A starting island has strength " + n(engine.StartStrength) + "; every other island is wild with a garrison of " + n(engine.WildStrength) + ".",
			"The seed picks the seat that opens round 1; turns then go in seat order, skipping captains that are out. A round is one turn of every captain still in, counted from that seat.",
			"A turn starts with supply: " + n(engine.BaseSupply) + " a turn in rounds 1-10, +1 every " + n(engine.SupplyEvery) + " rounds, at most +" + n(engine.MaxExtraSupply) + ". Place it with {type:supply,tile,amount} on islands you hold, split as you like, until none is left; only then may you attack or pass.",
			"Then send one expedition, {type:attack,from,to,send}: from an island you hold to an adjacent island you do not hold, sending 1 to strength-1 (at least 1 stays). If send is greater than the garrison you take the island and send - garrison stays there; otherwise the garrison loses send (it may fall to 0 and still belongs to its holder; any expedition takes an island at 0). Or {type:pass}. Either ends your turn.",
			"A captain that loses its last island is out. Holding " + n(engine.WinIslands) + " islands after an expedition wins at once, and so does being the last captain with islands.",
			"When round " + n(engine.MaxRounds) + " is over, the most islands wins, then the most total strength; captains tied at the top on both share 1st place and draw, and the others lose.",
			"The captains reply inside your action: every answer is your turn again or the finished match. Their actions come back in events.",
			"An action that is not in the grammar or not legal now is refused with ok:false and changes nothing.",
		},
		Options:       info.OptionDocs(),
		ActionGrammar: json.RawMessage(actionSchema),
		LegalActions:  "legalActions lists every legal action, each exactly as it may be sent: in the supply phase one supply of all that is left per island you hold; then a pass and one expedition of all but one per route.",
		ActionRanges:  "actionRanges gives the other values the listed actions' fields may take: the supply amount (1 to what is left) and, per island, the strength an expedition may send (1 to strength-1).",
		Observation: "The observation text gives the seats, the round and supply, whose turn and what to send, the board as a picture (each island's holder A-D or . for wild, and its strength), " +
			"every captain's island count and strength (and place, once over), and the recent log of captures, repelled expeditions, eliminations and the end. Once over it says why the match ended, who placed 1st, and your place and outcome. The view and result fields carry the same facts as JSON.",
		Randomness: "The seed draws the opening seat from SplitMix64 stream 1 (Intn(players)). Combat is deterministic; the random captain draws from stream 2^32 + round*256 + seat*16 + supply left. See /docs/api/tidebreakers.",
		Docs:       "/docs/api/tidebreakers",
	}
}
