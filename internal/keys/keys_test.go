package keys

import (
	"strings"
	"testing"
)

// testKeys holds a key from /dev/urandom, for tests only.
const testKeys = "1:mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw="

func TestFromEnv(t *testing.T) {
	t.Setenv(EnvVar, "")
	if _, err := FromEnv(false, nil); err == nil {
		t.Error("without TOKEN_KEYS a Lambda function must refuse to start")
	}
	var warned string
	if k, err := FromEnv(true, func(s string) { warned = s }); err != nil || k == nil || !strings.Contains(warned, EnvVar) {
		t.Errorf("the local server must make a key and say so: %v %q", err, warned)
	}
	t.Setenv(EnvVar, testKeys)
	if _, err := FromEnv(false, nil); err != nil {
		t.Errorf("a configured key: %v", err)
	}
}

// TestFromEnvRefuses: a TOKEN_KEYS that is set but unusable stops the
// server rather than falling back to a random key, and the error names the
// variable without quoting its value.
func TestFromEnvRefuses(t *testing.T) {
	tests := []struct{ name, spec string }{
		{"short secret", "1:short"},
		{"all-zero secret", "1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="},
		{"all-0x01 secret", "1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE="},
		{"reversed", "mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw=:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(EnvVar, tt.spec)
			_, err := FromEnv(true, func(string) { t.Error("fell back to a random key") })
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !strings.Contains(msg, EnvVar) {
				t.Errorf("the error should name %s: %s", EnvVar, msg)
			}
			for i := 0; i+8 <= len(tt.spec); i++ {
				if strings.Contains(msg, tt.spec[i:i+8]) {
					t.Fatalf("the error quotes the spec (%q): %s", tt.spec[i:i+8], msg)
				}
			}
		})
	}
}
