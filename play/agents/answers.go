package agents

import "time"

// Public is an agent as anyone sees it, in the API's answers.
type Public struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Created string `json:"created"` // RFC 3339
}

// Public is a as anyone sees it.
func (a *Agent) Public() Public {
	return Public{ID: a.ID, Name: a.Name, Created: stamp(a.Created)}
}

// KeyInfo is one of an agent's keys as its agent sees it: never the key.
type KeyInfo struct {
	ID      string  `json:"id"`
	Created string  `json:"created"`
	Revoked *string `json:"revoked"`
}

// Me is an agent as it sees itself: with its keys.
type Me struct {
	Public
	Keys []KeyInfo `json:"keys"`
}

// Me is a as it sees itself.
func (a *Agent) Me() Me {
	me := Me{Public: a.Public(), Keys: []KeyInfo{}}
	for _, k := range a.Keys {
		ki := KeyInfo{ID: k.ID, Created: stamp(k.Created)}
		if k.Revoked != 0 {
			r := stamp(k.Revoked)
			ki.Revoked = &r
		}
		me.Keys = append(me.Keys, ki)
	}
	return me
}

// NewKey is what registering and adding a key answer: the agent, and the
// key, shown this once.
type NewKey struct {
	Public
	KeyID string `json:"keyId"`
	Key   string `json:"key"`
}

// Answer is what r answers on every edge.
func (r *Registered) Answer() NewKey {
	return NewKey{Public: r.Agent.Public(), KeyID: r.KeyID, Key: r.Key}
}

// stamp writes unix milliseconds as RFC 3339, UTC.
func stamp(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.RFC3339Nano) }
