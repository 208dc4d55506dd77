package mcpedge

import (
	"context"
	"encoding/json"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/transport/httpapi"
)

// The live Tron tools ask what the live Tron API's paths ask (POST
// /api/games/tron/matches, GET .../{code}, POST .../{code}/join and
// .../{code}/move), the code as an argument.

// TronLive is what the live Tron tools ask of the live Tron matches: the
// match API's operations, and the seat a token holds (or -1 and
// forbidden), so that their texts draw the grid for the caller and say
// where it may steer.
type TronLive interface {
	httpapi.Live
	// View answers a match's public state and the seat token holds in it.
	View(ctx context.Context, code, token string) (*tronlive.State, int, error)
}

// addTronLive adds tron_live_create, tron_live_join, tron_live_state and
// tron_live_move; with ag's registry, tron_live_create and tron_live_join
// take agent_key (see liveAgent).
func addTronLive(srv *mcp.Server, l TronLive, ag Agents, hs *Handles) {
	code := map[string]any{"type": "string", "description": "the match's code, from tron_live_create"}
	name := map[string]any{"type": "string", "description": "your name (cut to 40 characters)"}
	token := map[string]any{"type": "string", "description": "your seat's secret token, from tron_live_create or tron_live_join"}
	integer := func(lo, hi int64, doc string) map[string]any {
		return map[string]any{"type": "integer", "minimum": lo, "maximum": hi, "description": doc}
	}
	object := func(props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	seated := liveSeating(ag, "tron")
	srv.AddTool(&mcp.Tool{
		Name:  "tron_live_create",
		Title: "Create a live Tron match",
		Description: seated.describe("Opens a live Tron match and seats you at seat 0: answers its code and your seat's secret token. " +
			"Every living cycle moves at once each round; a round resolves once every living cycle has moved, or at its deadline " +
			"(roundMillis after it began), when a cycle that has not moved is out. Others join with tron_live_join; empty seats wait 10 seconds, " +
			"then bots fill them. bots seats (from seat 1) are bots at once, so with bots = players - 1 the match starts immediately."),
		InputSchema: seated.schema(object(map[string]any{
			"players":     integer(engine.MinPlayers, engine.MaxPlayers, "how many cycles"),
			"name":        name,
			"bots":        integer(0, engine.MaxPlayers-1, "how many other seats are bots at once"),
			"bot":         map[string]any{"type": "string", "enum": tron.Bots(), "description": "the bots' kind (default " + tron.Bots()[0] + ")"},
			"width":       integer(engine.MinSide, engine.MaxSide, "the grid's cells across (default 30)"),
			"height":      integer(engine.MinSide, engine.MaxSide, "the grid's cells down (default 30)"),
			"roundMillis": integer(tronlive.MinRound.Milliseconds(), tronlive.MaxRound.Milliseconds(), "how long a round waits for moves, in milliseconds (default 30000)"),
		}, "players")),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "tron", "create", func(j *tronlive.Joined, handle string, credit func(int) string) string {
			return tronJoined(ctx, l, j, handle, credit)
		})
	})
	srv.AddTool(&mcp.Tool{
		Name:         "tron_live_join",
		Title:        "Join a live Tron match",
		Description:  seated.describe("Takes the first empty seat of a live Tron match in its lobby: answers your seat and its secret token."),
		InputSchema:  seated.schema(object(map[string]any{"code": code, "name": name}, "code")),
		OutputSchema: outputSchema("LiveJoined"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return joinTool(ctx, req, l, ag, hs, "tron", "join", func(j *tronlive.Joined, handle string, credit func(int) string) string {
			return tronJoined(ctx, l, j, handle, credit)
		})
	})
	srv.AddTool(&mcp.Tool{
		Name:  "tron_live_state",
		Title: "Read a live Tron match",
		Description: "Answers the public state of a live Tron match (after the rounds that are due): the trails, which seats have moved " +
			"in the round being played (not where), its deadline, the crashes; its text draws the grid. With your seat's token, the text also " +
			"marks your head, says whether you have moved this round and which directions are safe now.",
		InputSchema:  hs.seatSchema(object(map[string]any{"code": code, "token": token}, "code")),
		OutputSchema: outputSchema("TronLiveState"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, "tron", func(args json.RawMessage) (*tronlive.State, int, error) {
			return readMatch[*tronlive.State](ctx, l, req.Params.Name, args)
		}, tronText)
	})
	srv.AddTool(&mcp.Tool{
		Name:  "tron_live_move",
		Title: "Steer your cycle in a live Tron match",
		Description: "Steers your cycle for the round being played: x+ adds 1 to x (right), x- takes 1 from x, y+ adds 1 to y (down), y- takes 1 from y. " +
			"One move a round (a second is the error already_moved; the first stands), hidden from the others until the round resolves. " +
			"Answers the public state; its text says what you may do next.",
		InputSchema: hs.seatSchema(object(map[string]any{"code": code, "token": token,
			"dir": map[string]any{"type": "string", "enum": []string{"x+", "x-", "y+", "y-"}, "description": "where your cycle goes this round"},
		}, "code", "token", "dir")),
		OutputSchema: outputSchema("TronLiveState"),
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return seatTool(ctx, req, hs, "tron", func(args json.RawMessage) (*tronlive.State, int, error) {
			return moveTron(ctx, l, args)
		}, tronText)
	})
}

// tronText is tronStateText now, for seatTool.
func tronText(st *tronlive.State, seat int, handle string) string {
	return tronStateText(st, seat, time.Now(), handle)
}

// moveTron sends the move tron_live_move's arguments hold (the token
// and the direction are the request's body), and answers the state after
// it and the token's seat (-1 if it cannot be read after the move).
func moveTron(ctx context.Context, l TronLive, args json.RawMessage) (*tronlive.State, int, error) {
	code, m, err := matchArgs(args)
	if err != nil {
		return nil, -1, err
	}
	return actMatch[*tronlive.State](ctx, l, "move", code, m)
}
