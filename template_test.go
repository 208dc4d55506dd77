package bundle_test

import (
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"

	"github.com/agentgames/bundle/games"
)

// TestTemplateServesEveryGame: template.yaml gives every game of the
// registry a function with its init and action routes and its GAME, built
// by the Makefile's pattern rule from functions/game.
func TestTemplateServesEveryGame(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Resources map[string]struct {
			Type       string `yaml:"Type"`
			Properties struct {
				Environment struct {
					Variables map[string]string `yaml:"Variables"`
				} `yaml:"Environment"`
				Events map[string]struct {
					Properties struct {
						Path   string `yaml:"Path"`
						Method string `yaml:"Method"`
					} `yaml:"Properties"`
				} `yaml:"Events"`
			} `yaml:"Properties"`
		} `yaml:"Resources"`
	}
	if err := yaml.Unmarshal(data, &tpl); err != nil {
		t.Fatal(err)
	}
	makefile, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(makefile), "build-%Function:\n\t$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/game\n") {
		t.Errorf("the Makefile has no %s rule building ./functions/game", "build-%Function")
	}
	for _, g := range games.All() {
		slug := g.Info().Slug
		name := strings.ToUpper(slug[:1]) + slug[1:] + "Function"
		fn, ok := tpl.Resources[name]
		if !ok || fn.Type != "AWS::Serverless::Function" {
			t.Errorf("template.yaml has no %s (AWS::Serverless::Function) for the game %s", name, slug)
			continue
		}
		if got := fn.Properties.Environment.Variables["GAME"]; got != slug {
			t.Errorf("%s sets GAME to %q, want %q", name, got, slug)
		}
		routes := map[string]bool{}
		for _, e := range fn.Properties.Events {
			routes[e.Properties.Method+" "+e.Properties.Path] = true
		}
		for _, want := range []string{"GET /api/games/" + slug + "/init", "POST /api/games/" + slug + "/action"} {
			if !routes[want] {
				t.Errorf("%s lacks the route %s", name, want)
			}
		}
	}
}

// TestLiveFunctionIsLeastPrivilege: the live function may only get and put
// items of the matches table, whose items expire by their "expires" TTL.
func TestLiveFunctionIsLeastPrivilege(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Resources struct {
			MatchesTable struct {
				Properties struct {
					TimeToLiveSpecification struct {
						AttributeName string `yaml:"AttributeName"`
						Enabled       bool   `yaml:"Enabled"`
					} `yaml:"TimeToLiveSpecification"`
				} `yaml:"Properties"`
			} `yaml:"MatchesTable"`
			LiveFunction struct {
				Properties struct {
					Environment struct {
						Variables map[string]any `yaml:"Variables"`
					} `yaml:"Environment"`
					Policies []struct {
						Statement []struct {
							Effect   string    `yaml:"Effect"`
							Action   []string  `yaml:"Action"`
							Resource yaml.Node `yaml:"Resource"`
						} `yaml:"Statement"`
					} `yaml:"Policies"`
				} `yaml:"Properties"`
			} `yaml:"LiveFunction"`
		} `yaml:"Resources"`
	}
	if err := yaml.Unmarshal(data, &tpl); err != nil {
		t.Fatal(err)
	}
	if ttl := tpl.Resources.MatchesTable.Properties.TimeToLiveSpecification; ttl.AttributeName != "expires" || !ttl.Enabled {
		t.Errorf("MatchesTable's TTL: %+v", ttl)
	}
	p := tpl.Resources.LiveFunction.Properties
	if p.Environment.Variables["MATCHES_TABLE"] == nil {
		t.Error("LiveFunction does not set MATCHES_TABLE")
	}
	var actions []string
	for _, pol := range p.Policies {
		for _, st := range pol.Statement {
			if st.Effect != "Allow" || st.Resource.Tag != "!GetAtt" || st.Resource.Value != "MatchesTable.Arn" {
				t.Errorf("a statement beyond the matches table: %+v %s %s", st, st.Resource.Tag, st.Resource.Value)
			}
			actions = append(actions, st.Action...)
		}
	}
	if strings.Join(actions, " ") != "dynamodb:GetItem dynamodb:PutItem" {
		t.Errorf("LiveFunction may %v; it needs dynamodb:GetItem and dynamodb:PutItem only", actions)
	}
}
