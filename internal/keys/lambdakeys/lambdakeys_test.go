package lambdakeys

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"

	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/internal/keys/lambdakeys/secretstest"
	"github.com/agentgames/bundle/internal/seal"
)

// Two fixed secrets from /dev/urandom, for tests only.
const (
	secretA = "mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw="
	secretB = "57MqxF7mGxRIYu6y2JPV50X0xkB0vJwYmRTlFc4M65w="
	arn     = "arn:aws:secretsmanager:us-east-1:123456789012:secret:token-keys-AbCdEf"
)

// stage serves secrets from a stand-in and points the SDK at it, with
// static credentials and no shared configuration files.
func stage(t *testing.T, secrets map[string]map[string]any) *secretstest.Server {
	sm := secretstest.New(t, secrets)
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL_SECRETS_MANAGER": sm.URL, "AWS_REGION": "us-east-1",
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "", "AWS_PROFILE": "",
		"AWS_CONFIG_FILE": "/nonexistent", "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent",
		keys.EnvVar: "", SecretEnvVar: arn, SealingIDEnvVar: "",
	} {
		t.Setenv(k, v)
	}
	return sm
}

func secretString(s string) map[string]any { return secretstest.String(arn, s) }

// defaultConfig is the AWS configuration as a function loads it.
func defaultConfig() (aws.Config, error) { return config.LoadDefaultConfig(context.Background()) }

// TestLoadFromSecret: the keyring comes whole from the secret, in one call:
// its newest key seals, its older key still opens.
func TestLoadFromSecret(t *testing.T) {
	sm := stage(t, map[string]map[string]any{arn: secretString("2:" + secretB + ",1:" + secretA)})
	ring, err := Load(context.Background(), defaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	if n := sm.Calls(); n != 1 {
		t.Errorf("%d calls to Secrets Manager, want 1", n)
	}
	onlyA, _ := seal.ParseKeyring("1:" + secretA)
	onlyB, _ := seal.ParseKeyring("2:" + secretB)
	sealed := ring.Seal("tinrail", []byte("state"))
	if _, err := onlyB.Open("tinrail", sealed); err != nil {
		t.Errorf("the secret's newest key does not seal: %v", err)
	}
	if _, err := ring.Open("tinrail", onlyA.Seal("tinrail", []byte("state"))); err != nil {
		t.Errorf("the secret's older key does not open: %v", err)
	}
}

// TestLoadRefuses: every way the keys can be missing or wrong stops the
// function at start, with an error that names where it looked and never
// quotes a key.
func TestLoadRefuses(t *testing.T) {
	tests := []struct {
		name, want string
		secrets    map[string]map[string]any
		env        map[string]string
		calls      int
	}{
		{"no such secret", "ResourceNotFoundException", nil, nil, 1},
		{"not a keyring", "the 1st key", map[string]map[string]any{arn: secretString(secretB)}, nil, 1},
		{"a weak key", "weak", map[string]map[string]any{arn: secretString("1:" + strings.Repeat("A", 43) + "=")}, nil, 1},
		{"a binary secret", "holds no string", map[string]map[string]any{arn: {"ARN": arn, "SecretBinary": "MTo="}}, nil, 1},
		{"both variables", keys.EnvVar, nil, map[string]string{keys.EnvVar: "1:" + secretA}, 0},
		{"neither variable", "neither " + SecretEnvVar + " nor " + keys.EnvVar, nil, map[string]string{SecretEnvVar: ""}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sm := stage(t, tt.secrets)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := Load(context.Background(), defaultConfig)
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("the error should say %q: %s", tt.want, msg)
			}
			if tt.calls > 0 && (!strings.Contains(msg, SecretEnvVar+": ") || !strings.Contains(msg, arn)) {
				t.Errorf("the error should name %s and the secret: %s", SecretEnvVar, msg)
			}
			for _, secret := range []string{secretA, secretB} {
				if strings.Contains(msg, secret[:8]) {
					t.Errorf("the error quotes a key: %s", msg)
				}
			}
			if n := sm.Calls(); n != tt.calls {
				t.Errorf("%d calls to Secrets Manager, want %d", n, tt.calls)
			}
		})
	}
}

// TestLoadFromEnv: without TOKEN_KEYS_SECRET the keys come from TOKEN_KEYS,
// as under the Lambda emulator, and Secrets Manager is not asked.
func TestLoadFromEnv(t *testing.T) {
	sm := stage(t, nil)
	t.Setenv(SecretEnvVar, "")
	t.Setenv(keys.EnvVar, "1:"+secretA)
	if _, err := Load(context.Background(), defaultConfig); err != nil {
		t.Fatal(err)
	}
	if n := sm.Calls(); n != 0 {
		t.Errorf("%d calls to Secrets Manager, want none", n)
	}
}

// TestLoadWarnsOnAnotherSealingKey: a secret whose newest key is not the
// one the deployment names still loads (a deploy changes the secret before
// the functions), and says so.
func TestLoadWarnsOnAnotherSealingKey(t *testing.T) {
	var logs bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewJSONHandler(&logs, nil)))
	stage(t, map[string]map[string]any{arn: secretString(" 2:" + secretB + ",1:" + secretA + "\n")})
	for _, tt := range []struct {
		id   string
		warn bool
	}{{"2", false}, {"1", true}, {"", false}} {
		logs.Reset()
		t.Setenv(SealingIDEnvVar, tt.id)
		if _, err := Load(context.Background(), defaultConfig); err != nil {
			t.Fatal(err)
		}
		if warned := strings.Contains(logs.String(), `"level":"WARN"`); warned != tt.warn {
			t.Errorf("%s=%q: warned %v, want %v: %s", SealingIDEnvVar, tt.id, warned, tt.warn, logs.String())
		}
		if strings.Contains(logs.String(), secretB[:8]) {
			t.Errorf("the warning quotes a key: %s", logs.String())
		}
	}
}
