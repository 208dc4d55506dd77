package bundle_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentgames/bundle/games"
)

// translateScript turns template.yaml (on stdin) into the CloudFormation
// that AWS SAM deploys, with aws-sam-translator, the library sam deploy and
// cfn-lint use; the SAM CLI itself cannot be installed here. Local
// CodeUris become S3 ones, as sam package makes them.
const translateScript = `
import json, os, sys
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
from samtranslator.parser.parser import Parser
from samtranslator.translator.translator import Translator
from samtranslator.yaml_helper import yaml_parse
tpl = yaml_parse(sys.stdin.read())
for r in tpl.get("Resources", {}).values():
    p = r.get("Properties") or {}
    if r.get("Type") == "AWS::Serverless::Function" and not str(p.get("CodeUri", "")).startswith("s3://"):
        p["CodeUri"] = "s3://bucket/" + str(p.get("CodeUri"))
json.dump(Translator(managed_policy_map={}, sam_parser=Parser()).translate(sam_template=tpl, parameter_values={}), sys.stdout)
`

var (
	translation     map[string]any
	translationErr  string
	translationOnce sync.Once
)

// translated is template.yaml as CloudFormation. Without python3 and
// aws-sam-translator (cfn-lint installs it) the test is skipped, unless
// E2E_REQUIRED is set, as it is in CI.
func translated(t *testing.T) map[string]any {
	t.Helper()
	translationOnce.Do(func() {
		src, err := os.ReadFile("template.yaml")
		if err != nil {
			translationErr = err.Error()
			return
		}
		var stderr bytes.Buffer
		cmd := exec.Command("python3", "-c", translateScript)
		cmd.Stdin, cmd.Stderr = bytes.NewReader(src), &stderr
		out, err := cmd.Output()
		if err != nil {
			translationErr = err.Error() + "\n" + stderr.String()
			return
		}
		if err := json.Unmarshal(out, &translation); err != nil {
			translationErr = err.Error()
		}
	})
	if translationErr != "" {
		missing := strings.Contains(translationErr, "executable file not found") || strings.Contains(translationErr, "No module named 'samtranslator'")
		if missing && os.Getenv("E2E_REQUIRED") == "" {
			t.Skip("python3 with aws-sam-translator (pip install cfn-lint) is needed to translate template.yaml")
		}
		t.Fatalf("translating template.yaml: %s", translationErr)
	}
	return translation
}

// at walks a decoded JSON value by object keys.
func at(v any, keys ...string) any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// same reports whether a decoded JSON value equals the JSON text want.
func same(v any, want string) bool {
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		panic(err)
	}
	return reflect.DeepEqual(v, w)
}

// ofType lists the logical ids of the resources of a type, sorted.
func ofType(tpl map[string]any, typ string) []string {
	var ids []string
	for id, r := range at(tpl, "Resources").(map[string]any) {
		if at(r, "Type") == typ {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// functionName is the logical id of a game's function: TinrailFunction.
func functionName(slug string) string {
	return strings.ToUpper(slug[:1]) + slug[1:] + "Function"
}

// routes maps "METHOD path" of the deployed API (ANY for any method) to
// the function it calls.
func routes(t *testing.T, tpl map[string]any) map[string]string {
	t.Helper()
	paths, _ := at(tpl, "Resources", "GamesApi", "Properties", "Body", "paths").(map[string]any)
	out := map[string]string{}
	for path, ops := range paths {
		for method, op := range ops.(map[string]any) {
			uri, _ := at(op, "x-amazon-apigateway-integration", "uri", "Fn::Sub").(string)
			_, fn, ok := strings.Cut(uri, "/functions/${")
			fn, _, _ = strings.Cut(fn, ".Arn}")
			if !ok {
				t.Errorf("%s %s calls no function: %q", method, path, uri)
			}
			if method == "x-amazon-apigateway-any-method" {
				method = "ANY"
			}
			out[strings.ToUpper(method)+" "+path] = fn
		}
	}
	if len(out) == 0 {
		t.Fatal("the API has no routes")
	}
	return out
}

// TestTemplateServesEveryGame: every game of the registry has a function
// with its GAME, and the deployed API sends its init and action to it; the
// MCP server's function takes /mcp, every method (its handler answers 405
// to what stateless Streamable HTTP does not serve).
func TestTemplateServesEveryGame(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	served := routes(t, tpl)
	for _, g := range games.All() {
		slug := g.Info().Slug
		name := functionName(slug)
		if at(tpl, "Resources", name, "Type") != "AWS::Lambda::Function" {
			t.Errorf("no function %s for the game %s", name, slug)
			continue
		}
		if got := at(tpl, "Resources", name, "Properties", "Environment", "Variables", "GAME"); got != slug {
			t.Errorf("%s sets GAME to %v, want %q", name, got, slug)
		}
		for _, route := range []string{"GET /api/games/" + slug + "/init", "POST /api/games/" + slug + "/action"} {
			if served[route] != name {
				t.Errorf("%s goes to %q, want %s", route, served[route], name)
			}
		}
	}
	if served["ANY $default"] != "CatalogFunction" {
		t.Errorf("the API's default route goes to %q, want CatalogFunction", served["ANY $default"])
	}
	var mcp []string
	for route, fn := range served {
		if fn == "McpFunction" {
			mcp = append(mcp, route)
		}
	}
	if !slices.Equal(mcp, []string{"ANY /mcp"}) {
		t.Errorf("McpFunction takes %v, want ANY /mcp", mcp)
	}
}

// TestMakefileBuildsEveryFunction: sam build runs make build-<Function>
// for each function; each builds its package into ARTIFACTS_DIR, and run by
// hand, without ARTIFACTS_DIR, into .aws-sam/build/<Function>, never into
// the filesystem's root.
func TestMakefileBuildsEveryFunction(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	if _, err := exec.LookPath("make"); err != nil {
		if os.Getenv("E2E_REQUIRED") == "" {
			t.Skip("make is not installed")
		}
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	for _, fn := range ofType(tpl, "AWS::Lambda::Function") {
		if at(tpl, "Resources", fn, "Metadata", "BuildMethod") != "makefile" {
			t.Errorf("%s is not built by the Makefile", fn)
		}
		pkg := "./functions/" + strings.ToLower(strings.TrimSuffix(fn, "Function"))
		if at(tpl, "Resources", fn, "Properties", "Environment", "Variables", "GAME") != nil {
			pkg = "./functions/game"
		}
		for dir, want := range map[string]string{"": filepath.Join(wd, ".aws-sam/build", fn), "/tmp/artifacts": "/tmp/artifacts"} {
			cmd := exec.Command("make", "--no-print-directory", "-n", "build-"+fn)
			cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "ARTIFACTS_DIR=") })
			if dir != "" {
				cmd.Env = append(cmd.Env, "ARTIFACTS_DIR="+dir)
			}
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("make -n build-%s: %v\n%s", fn, err, out)
			}
			if !strings.Contains(string(out), "GOOS=linux GOARCH=arm64") || !strings.HasSuffix(strings.TrimSpace(string(out)), " -o "+want+"/bootstrap "+pkg) {
				t.Errorf("make build-%s with ARTIFACTS_DIR=%q runs %s; want %s built into %s for linux/arm64", fn, dir, out, pkg, want)
			}
		}
	}
}

// TestTemplateBoundsEveryFunction: each function logs to its own log group
// with the retention parameter, in JSON, has reserved concurrency unless
// FunctionConcurrency is 0, and carries the app's tag to its role.
func TestTemplateBoundsEveryFunction(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	fns := ofType(tpl, "AWS::Lambda::Function")
	if len(fns) != len(games.All())+5 {
		t.Errorf("functions %v: want one a game, the live one, the catalog, the MCP server and the arena's scheduler and runner", fns)
	}
	groups := map[string]string{}
	for _, fn := range fns {
		p := at(tpl, "Resources", fn, "Properties")
		group, _ := at(p, "LoggingConfig", "LogGroup", "Ref").(string)
		if at(tpl, "Resources", group, "Type") != "AWS::Logs::LogGroup" || groups[group] != "" {
			t.Errorf("%s logs to %q, not to a log group of its own", fn, group)
		}
		groups[group] = fn
		if !same(at(tpl, "Resources", group, "Properties", "RetentionInDays"), `{"Ref":"LogRetentionInDays"}`) {
			t.Errorf("%s's log group %s keeps its logs forever", fn, group)
		}
		if at(p, "LoggingConfig", "LogFormat") != "JSON" {
			t.Errorf("%s's logs are not JSON", fn)
		}
		if fn == "SchedulerFunction" {
			if at(p, "ReservedConcurrentExecutions") != 1.0 {
				t.Errorf("the scheduler's reserved concurrency is %v, not 1: two ticks at once could put a bot in two fights", at(p, "ReservedConcurrentExecutions"))
			}
		} else if !same(at(p, "ReservedConcurrentExecutions"), `{"Fn::If":["ReserveConcurrency",{"Ref":"FunctionConcurrency"},{"Ref":"AWS::NoValue"}]}`) {
			t.Errorf("%s's reserved concurrency: %v", fn, at(p, "ReservedConcurrentExecutions"))
		}
		role, _ := at(p, "Role", "Fn::GetAtt").([]any)
		for _, tags := range []any{at(p, "Tags"), at(tpl, "Resources", role[0].(string), "Properties", "Tags")} {
			if !slices.ContainsFunc(tags.([]any), func(tag any) bool { return same(tag, `{"Key":"app","Value":"agent-game-bundle"}`) }) {
				t.Errorf("%s or its role lacks the app tag: %v", fn, tags)
			}
		}
	}
	if !same(at(tpl, "Conditions", "ReserveConcurrency"), `{"Fn::Not":[{"Fn::Equals":[{"Ref":"FunctionConcurrency"},0]}]}`) {
		t.Errorf("ReserveConcurrency: %v", at(tpl, "Conditions", "ReserveConcurrency"))
	}
	if d := at(tpl, "Parameters", "FunctionConcurrency", "Default"); d != 10.0 {
		t.Errorf("FunctionConcurrency defaults to %v", d)
	}
}

// TestTemplateKeepsKeysSecret: the token keys reach the functions only
// through the secret: no function's environment holds them (only the id of
// the key that seals, whose change restarts the functions on a rotation),
// and each function that seals tokens may read that one secret, and nothing
// else of Secrets Manager.
func TestTemplateKeepsKeysSecret(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	if at(tpl, "Parameters", "TokenKeys", "NoEcho") != true {
		t.Error("the TokenKeys parameter is not NoEcho")
	}
	if !same(at(tpl, "Resources", "TokenKeysSecret", "Properties", "SecretString"), `{"Ref":"TokenKeys"}`) {
		t.Error("TokenKeysSecret does not hold the TokenKeys parameter")
	}
	for _, fn := range ofType(tpl, "AWS::Lambda::Function") {
		vars, _ := at(tpl, "Resources", fn, "Properties", "Environment", "Variables").(map[string]any)
		for name, v := range vars {
			data, _ := json.Marshal(v)
			if name == "TOKEN_KEYS" || name != "TOKEN_KEYS_SEALING_ID" && strings.Contains(string(data), `"TokenKeys"`) {
				t.Errorf("%s's environment holds the keys in %s", fn, name)
			}
		}
		seals := !slices.Contains([]string{"LiveFunction", "RunnerFunction", "SchedulerFunction"}, fn) // they keep everything in the table
		if seals != (vars["TOKEN_KEYS_SECRET"] != nil) || seals && !same(vars["TOKEN_KEYS_SECRET"], `{"Ref":"TokenKeysSecret"}`) {
			t.Errorf("%s's TOKEN_KEYS_SECRET: %v", fn, vars["TOKEN_KEYS_SECRET"])
		}
		if seals && !same(vars["TOKEN_KEYS_SEALING_ID"], `{"Fn::Select":[0,{"Fn::Split":[":",{"Ref":"TokenKeys"}]}]}`) {
			t.Errorf("%s's TOKEN_KEYS_SEALING_ID: %v", fn, vars["TOKEN_KEYS_SEALING_ID"])
		}
		var reads []any
		for _, st := range statements(tpl, fn) {
			if data, _ := json.Marshal(st); strings.Contains(string(data), "secretsmanager") {
				reads = append(reads, st)
			}
		}
		want := `[{"Effect":"Allow","Action":["secretsmanager:GetSecretValue"],"Resource":{"Fn::Sub":["${secretArn}",{"secretArn":{"Ref":"TokenKeysSecret"}}]}}]`
		if seals && !same(reads, want) || !seals && reads != nil {
			t.Errorf("%s's access to Secrets Manager: %v", fn, reads)
		}
	}
	data, _ := json.Marshal(at(tpl, "Outputs"))
	if strings.Contains(string(data), `"TokenKeys"`) {
		t.Error("an output shows the keys")
	}
}

// statements lists the inline policy statements of a function's role.
func statements(tpl map[string]any, fn string) []any {
	role, _ := at(tpl, "Resources", fn, "Properties", "Role", "Fn::GetAtt").([]any)
	var out []any
	policies, _ := at(tpl, "Resources", role[0].(string), "Properties", "Policies").([]any)
	for _, p := range policies {
		sts, _ := at(p, "PolicyDocument", "Statement").([]any)
		out = append(out, sts...)
	}
	return out
}

// TestTemplateMatchesTable: every function knows the matches table, whose
// items expire by their "expires" TTL and whose index "listed" keeps the
// boards sorted; each may get and put its items, get them in batches
// (ranked matches read ledgers a page at a time, and a live match that
// ends reads its agents' ratings at once) and update them (a board's
// counts), and query the index alone (a page of a board); none may touch
// another table. These are the calls store/dynamo makes.
func TestTemplateMatchesTable(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	if ttl := at(tpl, "Resources", "MatchesTable", "Properties", "TimeToLiveSpecification"); !same(ttl, `{"AttributeName":"expires","Enabled":true}`) {
		t.Errorf("MatchesTable's TTL: %v", ttl)
	}
	gsi := at(tpl, "Resources", "MatchesTable", "Properties", "GlobalSecondaryIndexes")
	if !same(gsi, `[{"IndexName":"listed","KeySchema":[{"AttributeName":"ix","KeyType":"HASH"},{"AttributeName":"ik","KeyType":"RANGE"}],"Projection":{"NonKeyAttributes":["member","value"],"ProjectionType":"INCLUDE"}}]`) {
		t.Errorf("MatchesTable's index: %v", gsi)
	}
	table, index := `{"Fn::GetAtt":["MatchesTable","Arn"]}`, `{"Fn::Sub":"${MatchesTable.Arn}/index/listed"}`
	for _, fn := range ofType(tpl, "AWS::Lambda::Function") {
		if !same(at(tpl, "Resources", fn, "Properties", "Environment", "Variables", "MATCHES_TABLE"), `{"Ref":"MatchesTable"}`) {
			t.Errorf("%s does not set MATCHES_TABLE to the table", fn)
		}
		var actions []string
		for _, st := range statements(tpl, fn) {
			if data, _ := json.Marshal(st); !strings.Contains(string(data), "dynamodb") {
				continue
			}
			on := "table"
			switch {
			case at(st, "Effect") != "Allow":
				t.Errorf("%s: a statement that is not an Allow: %v", fn, st)
			case same(at(st, "Resource"), index):
				on = "index"
			case !same(at(st, "Resource"), table):
				t.Errorf("%s: a statement beyond the matches table: %v", fn, st)
			}
			for _, a := range at(st, "Action").([]any) {
				actions = append(actions, on+":"+a.(string))
			}
		}
		want := "table:dynamodb:GetItem table:dynamodb:BatchGetItem table:dynamodb:PutItem table:dynamodb:UpdateItem index:dynamodb:Query"
		if got := strings.Join(actions, " "); got != want {
			t.Errorf("%s may %s; want %s", fn, got, want)
		}
	}
}
