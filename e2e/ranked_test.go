package e2e

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/agentgames/bundle/store/storetest"
)

// TestRankedThroughLambda plays a ranked Tinrail match through the real
// game function under the emulator, its ledger in DynamoDB's API: a token
// played twice answers 409 token_spent, even from another instance's
// point of view (the ledger is the table, not the function's memory), and
// the ledger shows the match, with its seed only if that action ended it.
func TestRankedThroughLambda(t *testing.T) {
	rie := rieBinary(t)
	table := storetest.NewTable(t, storetest.DynamoClient(t))
	e := startFunction(t, rie, buildBootstrap(t, "./functions/game"), "GAME=tinrail", "MATCHES_TABLE="+table,
		"AWS_ENDPOINT_URL_DYNAMODB="+os.Getenv("DYNAMODB_ENDPOINT"), "AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test")
	call := func(status int, body []byte, err error) map[string]any {
		t.Helper()
		if err != nil {
			t.Fatalf("%v\n%s", err, tail(e.log.String()))
		}
		var m map[string]any
		json.Unmarshal(body, &m)
		m["(status)"] = float64(status)
		return m
	}
	tr := lambdaTransport{e}
	env := call(tr.do(get("/api/games/tinrail/init?ranked=true&opponent=easy")))
	id, _ := env["ranked"].(string)
	if env["(status)"] != 200.0 || id == "" || env["seed"] != nil {
		t.Fatalf("ranked init: %v", env)
	}
	action, _ := json.Marshal(map[string]any{"state": env["state"], "action": map[string]any{"type": "place", "tileIndex": 0, "rotation": 2}})
	first := call(tr.do(post("/api/games/tinrail/action", action)))
	if first["(status)"] != 200.0 || first["ranked"] != id {
		t.Fatalf("first action: %v", first)
	}
	again := call(tr.do(post("/api/games/tinrail/action", action)))
	if errObj, _ := again["error"].(map[string]any); again["(status)"] != 409.0 || errObj["code"] != "token_spent" {
		t.Errorf("the token again: %v, want 409 token_spent", again)
	}
	ledger := call(tr.do(get("/api/games/tinrail/ranked/" + id)))
	over := first["gameOver"] == true
	if actions, _ := ledger["actions"].([]any); ledger["(status)"] != 200.0 || len(actions) != 1 || ledger["over"] != over || (ledger["seed"] != nil) != over {
		t.Errorf("the ledger after one action (the match over: %v): %v", over, ledger)
	}
}
