package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// Message is what the arena sends a bot, the botsArena envelope: init
// once a fight, or play-turn with the board as the bot's seat sees it;
// game-id is the fight's code.
type Message = live.BotMessage

// The arena's actions.
const (
	ActionInit     = live.BotInit
	ActionPlayTurn = live.BotPlayTurn
)

// emptyBoard is an init message's board.
var emptyBoard = json.RawMessage(`""`)

// noExpiry is when the arena's records expire: never.
var noExpiry time.Time

// Failure is why a call to a bot failed, in the arena's words: what its
// owner reads.
type Failure struct{ Reason string }

func (f *Failure) Error() string { return f.Reason }

// failf is a Failure.
func failf(format string, args ...any) *Failure {
	return &Failure{Reason: fmt.Sprintf(format, args...)}
}

// call sends msg to bot (its id and URL) and reads the reply's members
// (the reply must be one JSON object, status 200); it answers the time the
// call took, and a *Failure for a bot that did not answer as the
// protocol says.
func (a *Arena) call(ctx context.Context, id, url string, msg *Message) (*wire.Object, time.Duration, error) {
	body, err := json.Marshal(msg)
	if err != nil {
		return nil, 0, err
	}
	r, err := a.caller.Post(ctx, id, url, body)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err() // the arena is stopping: the bot did nothing wrong
		}
		return nil, 0, failf("the call failed: %v", err)
	}
	if r.Status != http.StatusOK {
		return nil, r.Took, failf("it answered status %d, not 200", r.Status)
	}
	o, err := wire.ReadObject(r.Body, "the reply")
	if err != nil {
		return nil, r.Took, failf("its reply is not one JSON object: %v", err)
	}
	return o, r.Took, nil
}

// greet sends bot its init message and checks its reply: a JSON object
// whose "challenge", if verify, is the bot's secret. It answers how long
// the bot took.
func (a *Arena) greet(ctx context.Context, b *Bot, msg *Message, verify bool) (time.Duration, error) {
	o, took, err := a.call(ctx, b.ID, b.URL, msg)
	if err != nil || !verify {
		return took, err
	}
	secret, err := o.String("challenge")
	if err != nil || !b.checkChallenge(secret) {
		return took, failf("its init reply does not return the challenge its owner was given at registration, as \"challenge\"")
	}
	return took, nil
}

// play asks a bot its move: the reply's "play", read by the game.
func (a *Arena) play(ctx context.Context, id, url string, msg *Message) (json.RawMessage, time.Duration, error) {
	o, took, err := a.call(ctx, id, url, msg)
	if err != nil {
		return nil, took, err
	}
	if !o.Has("play") {
		return nil, took, failf(`its reply has no "play"`)
	}
	return o.Raw("play"), took, nil
}

// Verify has a pending bot prove its owner controls its URL: the arena
// sends it an init message (game-id "verify-" and its id) and its reply
// must return, as "challenge", the secret its owner was given at
// registration, as ACME's HTTP challenge has a server return what only
// the account's holder knows. The bot is then active. Only its owner may
// ask, VerifiesPerMinute times a minute from one client; a bot that
// fails stays pending (PendingFor at most), and the error says why.
func (a *Arena) Verify(ctx context.Context, game, id string) (*Bot, error) {
	b, err := a.Bot(ctx, game, id)
	if err != nil {
		return nil, err
	}
	if owner, ok := play.AgentOf(ctx); !ok || owner.ID != b.Owner.ID {
		return nil, play.Errorf(play.CodeForbidden, "bot %s is agent %s's; only its owner may verify it", id, b.Owner.ID)
	}
	if b.State != Pending {
		return b, nil
	}
	if err := a.verifies.Take(ctx); err != nil {
		return nil, err
	}
	took, err := a.greet(ctx, b, &Message{GameID: "verify-" + b.ID, Action: ActionInit, Game: game, Board: emptyBoard, Players: a.players(b)}, true)
	if f, ok := err.(*Failure); ok {
		return nil, play.Errorf(play.CodeChallengeFailed, "bot %s did not prove its URL: %s", id, f.Reason)
	}
	if err != nil {
		return nil, err
	}
	return a.changeBot(ctx, game, id, func(b *Bot) error {
		if b.State == Pending {
			b.State = Active
		}
		b.answered(a.clock(), took)
		return nil
	})
}

// answered records a reply of b that took took, at now.
func (b *Bot) answered(now time.Time, took time.Duration) {
	b.Answered = now.UnixMilli()
	b.Times = append(b.Times, took.Milliseconds())
	if len(b.Times) > KeptTimes {
		b.Times = b.Times[len(b.Times)-KeptTimes:]
	}
}
