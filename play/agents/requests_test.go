package agents

import (
	"errors"
	"testing"

	"github.com/agentgames/bundle/play"
)

// TestReadRegistration: a registration is one object with a string name
// and nothing else; anything else is refused with the code both edges
// answer.
func TestReadRegistration(t *testing.T) {
	for _, c := range []struct {
		body, name string
		code       play.Code
	}{
		{`{"name":"Ada"}`, "Ada", ""},
		{` {"name":"A d a"} `, "A d a", ""},
		{`{}`, "", play.CodeInvalidRequest},
		{`{"name":3}`, "", play.CodeInvalidRequest},
		{`{"name":"Ada","key":"x"}`, "", play.CodeInvalidRequest},
		{`{"Name":"Ada"}`, "", play.CodeInvalidRequest},
		{`{"name":"Ada","name":"Bob"}`, "", play.CodeBadJSON},
		{`["Ada"]`, "", play.CodeBadJSON},
		{`{"name":"Ada"`, "", play.CodeBadJSON},
		{``, "", play.CodeBadJSON},
	} {
		name, err := ReadRegistration([]byte(c.body))
		var pe *play.Error
		switch {
		case c.code == "" && (err != nil || name != c.name):
			t.Errorf("%s: %q, %v; want %q", c.body, name, err, c.name)
		case c.code != "" && (!errors.As(err, &pe) || pe.Code != c.code):
			t.Errorf("%s: %v; want %s", c.body, err, c.code)
		}
	}
}

// TestReadNewKey: a new key's request is empty or {}.
func TestReadNewKey(t *testing.T) {
	for body, code := range map[string]play.Code{"": "", "  ": "", "{}": "", `{"a":1}`: play.CodeInvalidRequest, "[]": play.CodeBadJSON, "{": play.CodeBadJSON} {
		err := ReadNewKey([]byte(body))
		var pe *play.Error
		if (code == "") != (err == nil) || (code != "" && (!errors.As(err, &pe) || pe.Code != code)) {
			t.Errorf("%q: %v; want %q", body, err, code)
		}
	}
}
