// Package keys loads the keyring that seals state tokens from the
// environment.
package keys

import (
	"fmt"
	"os"

	"github.com/agentgames/bundle/internal/seal"
)

// EnvVar names the variable holding the keys, comma-separated "id:base64"
// pairs, newest first.
const EnvVar = "TOKEN_KEYS"

// FromEnv reads the keyring from TOKEN_KEYS. Without it, if ephemeral is
// true, it makes a random key and says so through warn; otherwise it fails.
func FromEnv(ephemeral bool, warn func(string)) (*seal.Keyring, error) {
	spec := os.Getenv(EnvVar)
	if spec != "" {
		k, err := seal.ParseKeyring(spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", EnvVar, err)
		}
		return k, nil
	}
	if !ephemeral {
		return nil, fmt.Errorf("%s is not set: it must hold the token keys", EnvVar)
	}
	warn(EnvVar + " is not set: sealing state tokens with a random key made at start; tokens will not open after a restart or on another instance")
	return seal.NewKeyring(seal.NewRandomKey(1))
}
