package live

import (
	"time"

	"github.com/agentgames/bundle/play/ratings"
)

// Game is one live game as every edge serves it, from this one
// descriptor: its rules (what the core plays), its API (how its requests
// read and what anyone may see of a match), the paths and operations of
// that API, the fixed ratings of its bots, and what its MCP tools say.
// The registry of live games (games.Live) lists one Game a game; the
// assembly, the HTTP and MCP edges and the conformance suite iterate it
// and name no game.
type Game struct {
	// Slug names the game: its boards of ratings, its transcripts, the
	// handles of its seats.
	Slug string
	// Title is its name for people ("Tron").
	Title string
	// Base is where its match API's paths start: POST Base creates a
	// match, GET Base/{code} reads one, POST Base/{code}/{op} joins or
	// acts (see Server.Serve).
	Base  string
	Rules Rules
	API   API
	// Ops are the actions a match's path may name besides join, each a
	// POST whose body is the seat's token and the action's fields.
	Ops []string
	// Anchors are the fixed ratings of the game's bots on its boards of
	// ratings (package play/boards), so that an agent's rating means
	// something from its first match.
	Anchors map[string]ratings.Rating
	// Guide is its section of llms.txt, after its heading: how an agent
	// plays its matches over HTTP, every "{base}" the server's address.
	Guide string
	// Page is the folder of web/ that holds its page, where a person
	// plays and watches its matches, served at /Page/.
	Page string
	// Tools are its MCP tools' words.
	Tools Tools
	// Bots is how bots called by URL play its seats in the arena; nil
	// for a game the arena does not hold.
	Bots Bots
}

// Tools are what a live game's MCP tools say (package transport/mcpedge
// builds them, their input schemas drawn from openapi.yaml's operations
// at Base). The tools are Prefix_create, Prefix_join, Prefix_state and
// Prefix_Act.
type Tools struct {
	Prefix string
	// Act names the tool that plays a move: with one op, its arguments
	// are the op's body; with several, its "action" is a move in the
	// game's grammar whose "type" names the op.
	Act string
	// Intro is what the server's instructions say of the matches, after
	// "Live <Title> matches," ("shared by players, agents and bots").
	Intro string
	// Use is what they say of the state and act tools, after saying that
	// the create and join tools seat the caller.
	Use string
	// About is what the create tool says of a match, after it says that
	// it opens one and seats the caller.
	About string
	// State is what the state tool says it answers.
	State string
	// Move is what the act tool says it does.
	Move string
	// Texts draw a match for a model.
	Texts Texts
}

// Texts are a live game's words for a model on its matches: public is the
// game's public state (API.Public's), seat the caller's (-1 for a watcher
// without a token), now the server's clock, handle the seat's handle when
// it goes by one (the text then tells the caller to send it instead of
// code and token).
type Texts interface {
	// State draws the match for the holder of seat: the board, and what
	// they may do now.
	State(public any, seat int, now time.Time, handle string) string
	// Seated is what a create or join answers its caller besides its seat:
	// the match as it stands, what to do now and how.
	Seated(public any, seat int, now time.Time, handle string) string
}
