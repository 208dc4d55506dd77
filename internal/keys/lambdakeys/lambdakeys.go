// Package lambdakeys loads the keyring a Lambda function seals state tokens
// with, once per cold start: from the AWS Secrets Manager secret that
// TOKEN_KEYS_SECRET names (as template.yaml deploys it), or from TOKEN_KEYS
// (as the Lambda emulator tests run it). It lives apart from package keys so
// that the local server does not link the AWS SDK.
package lambdakeys

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/internal/seal"
)

// SecretEnvVar names the variable holding the ARN (or name) of the secret
// whose string is the keyring, written as TOKEN_KEYS is.
const SecretEnvVar = "TOKEN_KEYS_SECRET"

// SealingIDEnvVar names the variable the template sets to the id of the
// newest key. Its value changing on a rotation is what makes Lambda start
// fresh instances, which read the new keyring; Load only warns when the
// secret disagrees with it, since during a deploy the secret changes first.
const SealingIDEnvVar = "TOKEN_KEYS_SEALING_ID"

// readTimeout bounds reading the secret, SDK retries included, well inside
// the 10 s a Lambda function has to start.
const readTimeout = 5 * time.Second

// Load reads the keyring: from the secret TOKEN_KEYS_SECRET names, or else
// from TOKEN_KEYS. It refuses both set (which one would seal?) and neither.
// awsConfig answers the AWS configuration, asked for only to read the
// secret, so that a function loads it once for all its clients; opts
// set the client's options (its endpoint, say).
func Load(ctx context.Context, awsConfig func() (aws.Config, error), opts ...func(*secretsmanager.Options)) (*seal.Keyring, error) {
	id, spec := os.Getenv(SecretEnvVar), os.Getenv(keys.EnvVar)
	switch {
	case id == "" && spec == "":
		return nil, fmt.Errorf("neither %s nor %s is set: one must say where the token keys are", SecretEnvVar, keys.EnvVar)
	case id == "":
		return keys.FromEnv(false, nil)
	case spec != "":
		return nil, fmt.Errorf("both %s and %s are set: keep only the secret", SecretEnvVar, keys.EnvVar)
	}
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	cfg, err := awsConfig()
	if err != nil {
		return nil, fmt.Errorf("%s: loading the AWS configuration: %w", SecretEnvVar, err)
	}
	spec, err = read(ctx, secretsmanager.NewFromConfig(cfg, opts...), id)
	if err != nil {
		return nil, err
	}
	ring, err := seal.ParseKeyring(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: the secret %s: %w", SecretEnvVar, id, err)
	}
	if want, got := os.Getenv(SealingIDEnvVar), sealingID(spec); want != "" && want != got {
		slog.Warn("the token keys' secret seals with another key than this deployment names; a deploy may be under way, or the secret was changed outside the stack",
			"secret", id, "sealingKey", got, SealingIDEnvVar, want)
	}
	return ring, nil
}

// read fetches the secret's current string.
func read(ctx context.Context, client *secretsmanager.Client, id string) (string, error) {
	out, err := client.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: &id})
	if err != nil {
		return "", fmt.Errorf("%s: reading the secret %s: %w", SecretEnvVar, id, err)
	}
	if out.SecretString == nil {
		return "", fmt.Errorf(`%s: the secret %s holds no string: store the keyring as its string, "id:base64" pairs, newest first`, SecretEnvVar, id)
	}
	return *out.SecretString, nil
}

// sealingID is the id of a keyring's first key, the one that seals, for a
// spec that seal.ParseKeyring accepted.
func sealingID(spec string) string {
	first, _, _ := strings.Cut(spec, ",")
	id, _, _ := strings.Cut(strings.TrimSpace(first), ":")
	return id
}
