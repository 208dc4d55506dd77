package mcpedge

import (
	"fmt"
	"strings"

	"github.com/agentgames/bundle/play"
)

// answerText is an answer of act_<slug> for a model to read; a match
// played by handle names its handle instead of its state token.
func answerText(slug string, a play.Answer, handle string) string {
	if r, ok := a.(*play.Refusal); ok {
		return refusalText(slug, r, handle)
	}
	return envelopeText(slug, a.(*play.Envelope), handle)
}

// envelopeText says what an accepted init or action shows: the
// observation (or, in answers without it, the view and events), the legal
// actions, the score or the result, and the handle or the state to send
// next.
func envelopeText(slug string, env *play.Envelope, handle string) string {
	var b strings.Builder
	if env.Observation != "" {
		b.WriteString(strings.TrimRight(env.Observation, "\n") + "\n")
	} else {
		fmt.Fprintf(&b, "View: %s\n", compact(env.View))
		if len(env.Events) > 0 {
			fmt.Fprintf(&b, "Events: %s\n", compact(env.Events))
		}
	}
	b.WriteString("\n")
	if env.GameOver {
		fmt.Fprintf(&b, "Game over. Result: %s\n", compact(env.Result))
	} else {
		writeLegal(&b, slug, env.LegalActions, env.ActionRanges)
	}
	if env.Score != nil {
		fmt.Fprintf(&b, "Score: %d\n", *env.Score)
	}
	if env.Seed != nil {
		fmt.Fprintf(&b, "Seed: %d\n", *env.Seed)
	}
	if env.Ranked != "" {
		fmt.Fprintf(&b, "Ranked match: %s\n", env.Ranked)
	}
	switch {
	case handle != "" && !env.GameOver:
		fmt.Fprintf(&b, "Handle (send it as \"handle\" with your next %s): %s\n", actTool(slug), handle)
	case !env.GameOver:
		fmt.Fprintf(&b, "State (send it as \"state\" with your next %s): %s\n", actTool(slug), env.State)
	}
	return b.String()
}

// refusalText says why an action was refused and what is legal.
func refusalText(slug string, r *play.Refusal, handle string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Refused (%s): %s\nNothing changed.\n", r.Code, r.Reason)
	if r.GameOver {
		b.WriteString("The match is over: no action is legal.\n")
		return b.String()
	}
	writeLegal(&b, slug, r.LegalActions, r.ActionRanges)
	if handle != "" {
		fmt.Fprintf(&b, "Handle (unchanged; send it again with a legal action): %s\n", handle)
	} else {
		fmt.Fprintf(&b, "State (unchanged; send it again with a legal action): %s\n", r.State)
	}
	return b.String()
}

// writeLegal lists the legal actions, each to be sent as it is.
func writeLegal(b *strings.Builder, slug string, legal, ranges any) {
	fmt.Fprintf(b, "Legal actions (send one as \"action\" to %s, exactly as listed): %s\n", actTool(slug), compact(legal))
	if ranges != nil {
		fmt.Fprintf(b, "Action ranges (a listed field may take any value in its range): %s\n", compact(ranges))
	}
}

// compact is a value's JSON as the answers write it, without the final
// newline.
func compact(v any) string {
	b, err := play.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(b))
}
