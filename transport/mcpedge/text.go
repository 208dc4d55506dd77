package mcpedge

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/play"
)

// The texts of the loop's answers are appended into one buffer, each
// value's JSON written into it as the answers write it: a model reads one
// with every call.

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
	b := make([]byte, 0, 2048+len(env.Observation)+len(env.State))
	if env.Observation != "" {
		b = append(append(b, strings.TrimRight(env.Observation, "\n")...), '\n')
	} else {
		b = appendJSONLine(append(b, "View: "...), env.View)
		if len(env.Events) > 0 {
			b = appendJSONLine(append(b, "Events: "...), env.Events)
		}
	}
	b = append(b, '\n')
	if env.GameOver {
		b = appendJSONLine(append(b, "Game over. Result: "...), env.Result)
	} else {
		b = appendLegal(b, slug, env.LegalActions, env.ActionRanges)
	}
	if env.Score != nil {
		b = append(strconv.AppendInt(append(b, "Score: "...), int64(*env.Score), 10), '\n')
	}
	if env.Seed != nil {
		b = append(strconv.AppendUint(append(b, "Seed: "...), *env.Seed, 10), '\n')
	}
	if env.Ranked != "" {
		b = append(append(append(b, "Ranked match: "...), env.Ranked...), '\n')
	}
	switch {
	case handle != "" && !env.GameOver:
		b = fmt.Appendf(b, "Handle (send it as \"handle\" with your next %s): %s\n", actTool(slug), handle)
	case !env.GameOver:
		b = append(append(append(append(b, `State (send it as "state" with your next `...), actTool(slug)...), "): "...), env.State...)
		b = append(b, '\n')
	}
	return string(b)
}

// refusalText says why an action was refused and what is legal.
func refusalText(slug string, r *play.Refusal, handle string) string {
	b := fmt.Appendf(nil, "Refused (%s): %s\nNothing changed.\n", r.Code, r.Reason)
	if r.GameOver {
		return string(append(b, "The match is over: no action is legal.\n"...))
	}
	b = appendLegal(b, slug, r.LegalActions, r.ActionRanges)
	if handle != "" {
		b = fmt.Appendf(b, "Handle (unchanged; send it again with a legal action): %s\n", handle)
	} else {
		b = fmt.Appendf(b, "State (unchanged; send it again with a legal action): %s\n", r.State)
	}
	return string(b)
}

// appendLegal lists the legal actions, each to be sent as it is.
func appendLegal(b []byte, slug string, legal, ranges any) []byte {
	b = fmt.Appendf(b, "Legal actions (send one as \"action\" to %s, exactly as listed): ", actTool(slug))
	b = appendJSONLine(b, legal)
	if ranges != nil {
		b = appendJSONLine(append(b, "Action ranges (a listed field may take any value in its range): "...), ranges)
	}
	return b
}

// appendJSONLine appends a value's JSON as the answers write it, and a
// newline (its text when it does not encode).
func appendJSONLine(b []byte, v any) []byte {
	out, err := play.AppendJSON(b, v)
	if err != nil {
		return fmt.Appendf(b, "%v\n", v)
	}
	return out // AppendJSON ends the value with its newline
}
