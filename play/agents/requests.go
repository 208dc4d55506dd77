package agents

import (
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// ReadRegistration reads a registration's request, {"name": "..."}, as
// both edges take it (POST /api/agents's body, the agent_register tool's
// arguments): one JSON object (CodeBadJSON otherwise) with a string name
// and nothing else (CodeInvalidRequest). The name itself is judged by
// Register.
func ReadRegistration(body []byte) (name string, err error) {
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return "", play.Errorf(play.CodeBadJSON, "the body must be one JSON object: %v", err)
	}
	if err := o.Only("a registration", "name"); err != nil {
		return "", play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	if name, err = o.String("name"); err != nil {
		return "", play.Errorf(play.CodeInvalidRequest, "%v: your agent's name, as the boards show it", err)
	}
	return name, nil
}

// ReadNewKey reads a new key's request: empty, or {} (CodeBadJSON for
// anything not one object, CodeInvalidRequest for an object with members).
func ReadNewKey(body []byte) error {
	if strings.TrimSpace(string(body)) == "" {
		return nil
	}
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return play.Errorf(play.CodeBadJSON, "the body must be empty or {}: %v", err)
	}
	if err := o.Only("a new key's request"); err != nil {
		return play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return nil
}
