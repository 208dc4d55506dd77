package keys

import (
	"strings"
	"testing"
)

func TestFromEnv(t *testing.T) {
	t.Setenv(EnvVar, "")
	if _, err := FromEnv(false, nil); err == nil {
		t.Error("without TOKEN_KEYS a Lambda function must refuse to start")
	}
	var warned string
	if k, err := FromEnv(true, func(s string) { warned = s }); err != nil || k == nil || !strings.Contains(warned, EnvVar) {
		t.Errorf("the local server must make a key and say so: %v %q", err, warned)
	}
	t.Setenv(EnvVar, "1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	if _, err := FromEnv(false, nil); err != nil {
		t.Errorf("a configured key: %v", err)
	}
	t.Setenv(EnvVar, "1:short")
	if _, err := FromEnv(true, func(string) {}); err == nil {
		t.Error("a malformed TOKEN_KEYS must not fall back to a random key")
	}
}
