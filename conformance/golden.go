package conformance

import "github.com/agentgames/bundle/golden"

// The golden files' format is package golden's; the suite reads and
// writes cases under these names.
type (
	// Case is one golden match.
	Case = golden.Case
	// Step is one request of a case and what came back.
	Step = golden.Step
)
