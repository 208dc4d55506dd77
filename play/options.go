package play

import (
	"slices"
	"strings"

	"github.com/agentgames/bundle/play/wire"
)

// serviceOption reads and removes from options an option the service reads
// itself, for every game (RankedOption, AnswerOption), answering the index
// of its value among values; absent, it is the first.
func serviceOption(options map[string]string, name string, values []string) (int, error) {
	v, ok := options[name]
	if !ok {
		return 0, nil
	}
	delete(options, name)
	i := slices.Index(values, v)
	if i < 0 {
		last := len(values) - 1
		return 0, Errorf(CodeInvalidRequest, "option %s must be %s or %s, not %s", name, strings.Join(values[:last], ", "), values[last], wire.Quote(v))
	}
	return i, nil
}
