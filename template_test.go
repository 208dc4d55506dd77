package bundle_test

import (
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"

	"github.com/agentgames/bundle/internal/games"
)

// TestTemplateServesEveryGame: template.yaml gives every game a function
// with its init and action routes, built by a Makefile target, from a
// functions/<slug> entry point.
func TestTemplateServesEveryGame(t *testing.T) {
	data, err := os.ReadFile("template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Resources map[string]struct {
			Type       string `yaml:"Type"`
			Properties struct {
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
	for _, g := range games.All() {
		slug := g.Info().Slug
		name := strings.ToUpper(slug[:1]) + slug[1:] + "Function"
		fn, ok := tpl.Resources[name]
		if !ok || fn.Type != "AWS::Serverless::Function" {
			t.Errorf("template.yaml has no %s", name)
			continue
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
		if !strings.Contains(string(makefile), "build-"+name+":\n\t$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/"+slug+"\n") {
			t.Errorf("the Makefile has no build-%s target for ./functions/%s", name, slug)
		}
		if _, err := os.Stat("functions/" + slug + "/main.go"); err != nil {
			t.Errorf("no Lambda entry point: %v", err)
		}
	}
}
