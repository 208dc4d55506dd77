package play

// AnswerOption is the init option that chooses what every answer of the
// match carries, for callers who pay for every byte: "both" (the default:
// the observation text and the structured view), "text" (the observation,
// without view and events) or "view" (the view and events, without the
// observation). In "text" and "view" the token is sent once, as "state",
// even by games that also echo it as "stateToken". Legal actions, score,
// the end and the result are in every shape.
const AnswerOption = "answer"

// shape is what answers carry: the AnswerOption's values in order.
type shape uint8

const (
	shapeBoth shape = iota
	shapeText
	shapeView
)

// shapes names the shapes, by value.
var shapes = []string{"both", "text", "view"}

// cut leaves out of env what its shape does not carry.
func (sh shape) cut(env *Envelope) {
	switch sh {
	case shapeText:
		env.View, env.Events, env.StateToken = nil, nil, ""
	case shapeView:
		env.Observation, env.StateToken = "", ""
	}
}
