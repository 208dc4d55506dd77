package bundle_test

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games"
)

// TestTemplateThrottlesTheApi: every route of the API is throttled by the
// rate and burst parameters, whose defaults are sane for a public API;
// creating live matches has its own, and the functions that create them
// limit each client as LiveCreatesPerMinute says.
func TestTemplateThrottlesTheApi(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	stage := at(tpl, "Resources", "GamesApiApiGatewayDefaultStage", "Properties")
	if !same(at(stage, "DefaultRouteSettings"), `{"ThrottlingRateLimit":{"Ref":"ThrottlingRateLimit"},"ThrottlingBurstLimit":{"Ref":"ThrottlingBurstLimit"}}`) {
		t.Errorf("the stage's route settings: %v", at(stage, "DefaultRouteSettings"))
	}
	create := json.RawMessage(`{"ThrottlingBurstLimit":{"Ref":"LiveCreateBurstLimit"},"ThrottlingRateLimit":{"Ref":"LiveCreateRateLimit"}}`)
	creates := map[string]json.RawMessage{} // every live game's create
	for _, g := range games.Live() {
		creates["POST "+g.Base] = create
	}
	want, _ := json.Marshal(creates)
	if !same(at(stage, "RouteSettings"), string(want)) {
		t.Errorf("creating live matches is not throttled apart: %v", at(stage, "RouteSettings"))
	}
	for _, fn := range []string{"LiveFunction", "McpFunction"} {
		if !same(at(tpl, "Resources", fn, "Properties", "Environment", "Variables", "LIVE_CREATES_PER_MINUTE"), `{"Ref":"LiveCreatesPerMinute"}`) {
			t.Errorf("%s does not take LiveCreatesPerMinute", fn)
		}
	}
	if !same(at(tpl, "Resources", "McpFunction", "Properties", "Environment", "Variables", "MCP_ALLOWED_ORIGINS"), `{"Ref":"McpAllowedOrigins"}`) {
		t.Error("the MCP function does not take McpAllowedOrigins")
	}
	rate, _ := at(tpl, "Parameters", "ThrottlingRateLimit", "Default").(float64)
	burst, _ := at(tpl, "Parameters", "ThrottlingBurstLimit", "Default").(float64)
	if rate < 1 || rate > 1000 || burst < rate || burst > 5000 {
		t.Errorf("throttling defaults: rate %v, burst %v", rate, burst)
	}
}

// contextVar is one $context variable of an access log format.
var contextVar = regexp.MustCompile(`\$context\.[A-Za-z.]+`)

// TestTemplateLogsApiAccessInJSON: the API writes one JSON object a request
// to a log group with the retention parameter, with the fields an operator
// looks for, each one a $context variable, quoted, so that an empty one
// keeps the line JSON.
func TestTemplateLogsApiAccessInJSON(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	settings := at(tpl, "Resources", "GamesApiApiGatewayDefaultStage", "Properties", "AccessLogSettings")
	if !same(at(settings, "DestinationArn"), `{"Fn::GetAtt":["ApiAccessLogGroup","Arn"]}`) {
		t.Errorf("access logs go to %v", at(settings, "DestinationArn"))
	}
	if !same(at(tpl, "Resources", "ApiAccessLogGroup", "Properties", "RetentionInDays"), `{"Ref":"LogRetentionInDays"}`) {
		t.Error("the access logs are kept forever")
	}
	format, _ := at(settings, "Format").(string)
	line := contextVar.ReplaceAllString(format, "-")
	var fields map[string]string
	if err := json.Unmarshal([]byte(line), &fields); err != nil {
		t.Fatalf("an access log line is not a JSON object of strings: %v\n%s", err, line)
	}
	for _, want := range []string{"requestId", "ip", "method", "path", "status", "latency", "lambdaRequestId", "userAgent"} {
		if _, ok := fields[want]; !ok {
			t.Errorf("the access log lacks %q: %s", want, format)
		}
	}
	if n := len(contextVar.FindAllString(format, -1)); n != len(fields) {
		t.Errorf("%d fields, %d $context variables: %s", len(fields), n, format)
	}
}

// alarm is the parts of a CloudWatch alarm the tests read.
type alarm struct {
	MetricName, ComparisonOperator, TreatMissingData string
	Threshold                                        float64
	Dimensions, Metrics                              []any
	Namespace, AlarmActions                          any
}

func alarmOf(t *testing.T, tpl map[string]any, id string) alarm {
	t.Helper()
	if at(tpl, "Resources", id, "Type") != "AWS::CloudWatch::Alarm" {
		t.Fatalf("no alarm %s", id)
	}
	data, _ := json.Marshal(at(tpl, "Resources", id, "Properties"))
	var a alarm
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if a.ComparisonOperator != "GreaterThanOrEqualToThreshold" || a.Threshold != 1 || a.TreatMissingData != "notBreaching" {
		t.Errorf("%s does not fire on the first event: %+v", id, a)
	}
	if !same(a.AlarmActions, `{"Fn::If":["NotifyAlarms",[{"Ref":"AlarmTopicArn"}],{"Ref":"AWS::NoValue"}]}`) {
		t.Errorf("%s notifies %v", id, a.AlarmActions)
	}
	return a
}

// TestTemplateAlarms: alarms on the API's 5xx, on the API's 429s (counted
// from the access log: an HTTP API has no throttle metric) and on any
// function's throttles, each notifying AlarmTopicArn when it is set.
func TestTemplateAlarms(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	a := alarmOf(t, tpl, "Api5xxAlarm")
	if a.Namespace != "AWS/ApiGateway" || a.MetricName != "5xx" || !same(a.Dimensions, `[{"Name":"ApiId","Value":{"Ref":"GamesApi"}}]`) {
		t.Errorf("Api5xxAlarm watches %+v", a)
	}
	a = alarmOf(t, tpl, "ApiThrottledAlarm")
	filter := at(tpl, "Resources", "ApiThrottledMetricFilter", "Properties")
	if !same(at(filter, "LogGroupName"), `{"Ref":"ApiAccessLogGroup"}`) || at(filter, "FilterPattern") != `{ $.status = "429" }` {
		t.Errorf("the throttled requests' filter: %v", filter)
	}
	if m := at(filter, "MetricTransformations").([]any)[0]; !same(at(m, "MetricNamespace"), `{"Fn::Sub":"AgentGames/${AWS::StackName}"}`) ||
		!same(a.Namespace, `{"Fn::Sub":"AgentGames/${AWS::StackName}"}`) || at(m, "MetricName") != a.MetricName || at(m, "MetricValue") != "1" {
		t.Errorf("the filter counts into %v, the alarm watches %v %s", m, a.Namespace, a.MetricName)
	}
	a = alarmOf(t, tpl, "LambdaThrottlesAlarm")
	var watched []string
	for _, m := range a.Metrics {
		if expr := at(m, "Expression"); expr != nil {
			if expr != "SUM(METRICS())" || at(m, "ReturnData") != true {
				t.Errorf("LambdaThrottlesAlarm alarms on %v", m)
			}
			continue
		}
		metric := at(m, "MetricStat", "Metric")
		if at(metric, "Namespace") != "AWS/Lambda" || at(metric, "MetricName") != "Throttles" || at(m, "MetricStat", "Stat") != "Sum" || at(m, "ReturnData") != false {
			t.Errorf("LambdaThrottlesAlarm watches %v", m)
		}
		fn, _ := at(metric, "Dimensions").([]any)[0].(map[string]any)["Value"].(map[string]any)["Ref"].(string)
		watched = append(watched, fn)
	}
	slices.Sort(watched)
	if fns := ofType(tpl, "AWS::Lambda::Function"); !slices.Equal(watched, fns) {
		t.Errorf("LambdaThrottlesAlarm watches %v, the functions are %v", watched, fns)
	}
}

// TestTemplateOutputs: the stack's outputs give every URL a user starts
// from, each on the API and each a route the API serves.
func TestTemplateOutputs(t *testing.T) {
	t.Parallel()
	tpl := translated(t)
	const base = "https://${GamesApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}"
	want := map[string]string{
		"ApiUrl": "", "LlmsTxtUrl": "/llms.txt", "OpenApiUrl": "/openapi.yaml", "GamesIndexUrl": "/api/games",
		"TronBotUrl": "/api/bots/tron", "LiveMatchesUrl": "/api/matches", "TidebreakersPageUrl": "/tidebreakers/", "McpUrl": "/mcp",
		"LiveTronMatchesUrl": "/api/games/tron/matches", "TronPageUrl": "/tron/", "ViewerUrl": "/view/", "PlayUrl": "/play/", "BoardsUrl": "/boards/",
	}
	for _, g := range games.All() {
		slug := g.Info().Slug
		name := strings.TrimSuffix(functionName(slug), "Function")
		want[name+"InitUrl"] = "/api/games/" + slug + "/init"
		want[name+"DocsUrl"] = "/docs/api/" + slug
	}
	served := routes(t, tpl)
	for name, path := range want {
		if got := at(tpl, "Outputs", name, "Value", "Fn::Sub"); got != base+path {
			t.Errorf("output %s is %v, want %s", name, got, base+path)
		}
		if at(tpl, "Outputs", name, "Description") == nil {
			t.Errorf("output %s says nothing of itself", name)
		}
		if path != "" && !slices.Contains([]string{"/tidebreakers/", "/tron/", "/view/", "/play/", "/boards/"}, path) && !slices.ContainsFunc(slices.Collect(maps.Keys(served)), func(route string) bool { return matches(route, path) }) {
			t.Errorf("output %s: the API has no route for %s", name, path)
		}
	}
	if at(tpl, "Outputs", "TokenKeysSecretArn") == nil || at(tpl, "Outputs", "ApiAccessLogGroupName") == nil {
		t.Error("the outputs do not name the secret and the access log group")
	}
}

// matches reports whether a route "METHOD /a/{x}" takes the path.
func matches(route, path string) bool {
	_, pattern, _ := strings.Cut(route, " ")
	p, q := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] && !strings.HasPrefix(p[i], "{") {
			return false
		}
	}
	return true
}
