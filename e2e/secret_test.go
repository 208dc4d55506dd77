package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance/check"

	"github.com/agentgames/bundle/internal/keys/lambdakeys"
	"github.com/agentgames/bundle/internal/keys/lambdakeys/secretstest"
)

// TestKeysFromTheSecret runs a game function as the template deploys it:
// no key in its environment, only the secret's ARN. The real bootstrap
// reads the keyring from a Secrets Manager stand-in once, at its cold
// start; its newest key seals (a server holding only the older key cannot
// open its tokens), and a token sealed under its older key still plays.
func TestKeysFromTheSecret(t *testing.T) {
	rie := rieBinary(t)
	const arn = "arn:aws:secretsmanager:us-east-1:123456789012:secret:token-keys-AbCdEf"
	newer := "2:57MqxF7mGxRIYu6y2JPV50X0xkB0vJwYmRTlFc4M65w="
	sm := secretstest.New(t, map[string]map[string]any{arn: secretstest.String(arn, newer+","+testKeys)})
	e := startFunction(t, rie, buildBootstrap(t, "./functions/game"), "GAME=tinrail", "TOKEN_KEYS=",
		lambdakeys.SecretEnvVar+"="+arn, lambdakeys.SealingIDEnvVar+"=2",
		"AWS_ENDPOINT_URL_SECRETS_MANAGER="+sm.URL, "AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test")
	tr := lambdaTransport{e}
	act := func(token string) int {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"state": token, "action": map[string]any{"type": "place", "tileIndex": 0, "rotation": 1}})
		status, out, err := tr.do(post("/api/games/tinrail/action", body))
		if err != nil {
			t.Fatalf("%v\n%s", err, tail(e.log.String()))
		}
		if status != 200 {
			t.Errorf("action: %d %s", status, out)
		}
		return status
	}
	status, out, err := tr.do(get("/api/games/tinrail/init?seed=7"))
	if err != nil || status != 200 {
		t.Fatalf("init with keys from the secret: %d %s %v\n%s", status, out, err, tail(e.log.String()))
	}
	var env struct{ State string }
	json.Unmarshal(out, &env)
	act(env.State)
	older := check.HandlerTarget(othersUnderTestKeys(t)).Loop()
	if status, out, _ := older.Act(context.Background(), "tinrail", "state", env.State, json.RawMessage(`{"type":"place","tileIndex":0,"rotation":1}`)); status != 400 || !strings.Contains(string(out), "token_unknown_key") {
		t.Errorf("a server holding only the older key opened the function's token: %d %s", status, out)
	}
	_, out, _ = older.Init(context.Background(), "tinrail", map[string]string{"seed": "7"})
	var old struct{ State string }
	json.Unmarshal(out, &old)
	act(old.State)
	if n := sm.Calls(); n != 1 {
		t.Errorf("the function asked for the secret %d times, want once (at its cold start)", n)
	}
	if strings.Contains(e.log.String(), "mF68pkUX") || strings.Contains(e.log.String(), "57MqxF7m") {
		t.Error("a key appears in the function's log")
	}
}
