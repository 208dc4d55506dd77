package tinrail

// Check exposes the state invariants to the external tests.
func (s *State) Check() error { return s.check() }

// StateFormat is the encoding's version byte.
const StateFormat = stateFormat
