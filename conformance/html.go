package conformance

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"slices"
	"strings"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/golden"
)

// viewerMarkup is the replay viewer's elements in the HTML report, static.
//
//go:embed report_viewer.html
var viewerMarkup string

// WriteHTML writes the report as one HTML page that needs no server and
// no network (it opens from a file): the summary table, the failures
// grouped by game and level, each with its message, path, want and got,
// and every result. A golden replay's failure that carries both sides of
// its match (ReportFailure.Received and Expected) gets an "open at step
// N" button, which shows the replay viewer, inlined from web/view, on the
// implementation's transcript at the failing step, the expected answer's
// board drawn beside the received one and the two answers' differences
// listed (web/view/report.js). A report with no such failure carries no
// viewer.
//
// The page is written without html/template, whose reflection would add
// 3 MB to the conformance command: every value of the report goes through
// the escaping of page.printf; only the viewer's files and the JSON of
// the transcripts, checked unable to end their elements, go in raw.
func (rep *Report) WriteHTML(w io.Writer) error {
	groups, failures, views := rep.htmlGroups()
	css, err := assets("css", len(views) > 0)
	if err != nil {
		return err
	}
	p := &page{}
	verdict := "passed"
	if rep.Failed > 0 {
		verdict = "failed"
	}
	p.printf(`<!doctype html>
<html lang="en" data-viewer="embedded">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance %v: %v</title>
<style>
`, map[bool]string{true: "FAIL", false: "ok"}[rep.Failed > 0], rep.Base)
	p.raw(strings.Join(css, "\n"))
	p.printf(`</style>
</head>
<body class="report">
<header>
  <h1>Conformance</h1>
  <p class="tagline">%v against the %v profile, %v, %v s:
    <b id="verdict" class="%v">%v passed, %v failed, %v skipped</b></p>
</header>
<main>
`, rep.Base, rep.Profile, rep.Started.Format("2006-01-02 15:04:05 MST"), secs(rep.Secs), verdict, rep.Passed, rep.Failed, rep.Skipped)
	p.summary(rep)
	if len(failures) > 0 {
		p.printf("<section id=\"failures\">\n  <h2>Failures</h2>\n")
		for _, g := range failures {
			p.printf("  <h3>%v · %v: %v failed</h3>\n", g.Game, g.Level, len(g.Items))
			for _, it := range g.Items {
				p.failure(it)
			}
		}
		p.printf("</section>\n")
	}
	p.printf("<section id=\"results\">\n  <h2>Results</h2>\n")
	for _, g := range groups {
		open := ""
		if g.Failed > 0 {
			open = " open"
		}
		p.printf("  <details class=\"group\"%v>\n    <summary>%v · %v: %v passed, %v failed, %v skipped</summary>\n    <ul class=\"results\">\n",
			open, g.Game, g.Level, g.Passed, g.Failed, g.Skipped)
		for _, it := range g.Items {
			p.printf(`      <li class="%v"><span class="mark">%v</span> `, it.status(), it.status())
			if it.anchor != "" {
				p.printf(`<a href="#%v">%v</a>`, it.anchor, it.Name)
			} else {
				p.printf("%v", it.Name)
			}
			p.printf(` <span class="secs">%v s</span>`, secs(it.Secs))
			if it.Skipped != "" {
				p.printf(` <span class="why">%v</span>`, it.Skipped)
			}
			p.printf("</li>\n")
		}
		p.printf("    </ul>\n  </details>\n")
	}
	p.printf("</section>\n")
	if len(views) > 0 {
		if err := p.viewer(views); err != nil {
			return err
		}
	}
	p.printf("</main>\n</body>\n</html>\n")
	_, err = w.Write(p.b.Bytes())
	return err
}

// page is an HTML page being written.
type page struct{ b bytes.Buffer }

// printf writes format, markup of this file's own, with every arg
// written as text (fmt's %v) escaped for HTML text and quoted attributes.
func (p *page) printf(format string, args ...any) {
	for i, a := range args {
		args[i] = html.EscapeString(fmt.Sprint(a))
	}
	fmt.Fprintf(&p.b, format, args...)
}

// raw writes s as it is.
func (p *page) raw(s string) { p.b.WriteString(s) }

// summary writes the table of WriteTable.
func (p *page) summary(rep *Report) {
	p.printf(`<section id="summary" class="panel">
  <h2>Summary</h2>
  <table class="summary">
    <thead><tr><th>game</th><th>level</th><th>passed</th><th>failed</th><th>skipped</th><th>check-s</th><th>wall-s</th></tr></thead>
    <tbody>
`)
	for _, s := range rep.Summary {
		class := ""
		if s.Failed > 0 {
			class = ` class="failed"`
		}
		p.raw("      <tr" + class + ">")
		p.printf("<td>%v</td><td>%v</td><td>%v</td><td>%v</td><td>%v</td><td>%v</td><td>%v</td></tr>\n", s.Game, s.Level, s.Passed, s.Failed, s.Skipped, secs(s.Secs), secs(s.Wall))
	}
	p.printf(`    </tbody>
    <tfoot><tr><td>total</td><td></td><td>%v</td><td>%v</td><td>%v</td><td></td><td></td></tr></tfoot>
  </table>
</section>
`, rep.Passed, rep.Failed, rep.Skipped)
}

// failure writes a failed result, expanded.
func (p *page) failure(it htmlItem) {
	f := it.Failure
	p.printf(`  <article class="failure panel" id="%v" data-game="%v" data-level="%v" data-name="%v">
    <h4>%v/%v/%v</h4>
    <pre class="message">%v</pre>
    <dl class="where">`, it.anchor, it.Game, it.Level, it.Name, it.Game, it.Level, it.Name, f.Message)
	if f.Match != "" {
		p.printf("<dt>match</dt><dd>%v</dd>", f.Match)
	}
	switch {
	case f.Step == 0:
		p.printf(`<dt>step</dt><dd class="step">0 (init)</dd>`)
	case f.Step > 0:
		p.printf(`<dt>step</dt><dd class="step">%v</dd>`, f.Step)
	}
	if len(f.Action) > 0 {
		p.printf("<dt>action</dt><dd><code>%v</code></dd>", string(bytes.TrimSpace(f.Action)))
	}
	if f.Rule != "" {
		p.printf("<dt>rule</dt><dd>%v</dd>", f.Rule)
	}
	if f.Path != "" {
		p.printf(`<dt>path</dt><dd><code class="path">%v</code></dd>`, f.Path)
	}
	if f.Want != "" || f.Got != "" {
		p.printf(`<dt>want</dt><dd><code class="want">%v</code></dd><dt>got</dt><dd><code class="got">%v</code></dd>`, f.Want, f.Got)
	}
	p.printf("</dl>\n")
	if f.Detail != "" {
		p.printf("    <pre class=\"detail\">%v</pre>\n", f.Detail)
	}
	if it.view >= 0 {
		p.printf(`    <button type="button" class="open-step" data-failure="%v" data-step="%v">open at step %v</button>
    <span class="hint">the replay viewer: the implementation's answers to step %v, the expected board beside them</span>
`, it.view, f.Step, f.Step, f.Step)
	}
	p.printf("  </article>\n")
}

// viewer writes the replay viewer's elements, the views' data and the
// scripts.
func (p *page) viewer(views []htmlView) error {
	data, err := json.Marshal(struct {
		Failures []htmlView `json:"failures"`
	}{views})
	if err != nil {
		return err
	}
	js, err := assets("js", true)
	if err != nil {
		return err
	}
	p.raw(viewerMarkup)
	// json.Marshal writes <, > and & in strings as \u003c and so on, but
	// not in a json.RawMessage it was given: escape them all, so that no
	// answer can end the script element.
	p.raw(`<script type="application/json" id="report-data">`)
	json.HTMLEscape(&p.b, data)
	p.raw("</script>\n")
	for _, s := range js {
		p.raw("<script>\n" + s + "\n</script>\n")
	}
	return nil
}

func secs(s float64) string { return fmt.Sprintf("%.1f", s) }

// htmlGroup is the results of one game and level.
type htmlGroup struct {
	Summary
	Items []htmlItem
}

// htmlItem is one result in the page.
type htmlItem struct {
	ReportItem
	anchor string // the failure's id in the page
	view   int    // the failure's index in the page's data, -1 if it has none
}

// status is failed, skipped or passed.
func (it htmlItem) status() string {
	return [...]string{"failed", "skipped", "passed"}[it.rank()]
}

func (it htmlItem) rank() int {
	switch {
	case it.Skipped != "":
		return 1
	case it.Failure != nil:
		return 0
	}
	return 2
}

// htmlView is a golden replay's failure as report.js reads it.
type htmlView struct {
	Ref      string       `json:"ref"`
	Game     string       `json:"game"`
	Step     int          `json:"step"`
	Path     string       `json:"path,omitempty"`
	Rule     string       `json:"rule,omitempty"`
	Want     string       `json:"want,omitempty"`
	Got      string       `json:"got,omitempty"`
	Text     string       `json:"text,omitempty"`
	Received *golden.Case `json:"received"`
	Expected *golden.Case `json:"expected"`
}

// htmlGroups are the report's results by game and level, in the
// summary's order, failures first; the groups with failures, only those;
// and the views of the golden replays' failures.
func (rep *Report) htmlGroups() (groups, failures []htmlGroup, views []htmlView) {
	at := map[string]int{}
	add := func(s Summary) int {
		k := s.Game + "/" + s.Level
		if i, ok := at[k]; ok {
			return i
		}
		at[k] = len(groups)
		groups = append(groups, htmlGroup{Summary: s})
		return len(groups) - 1
	}
	for _, s := range rep.Summary {
		add(s)
	}
	for _, r := range rep.Results {
		i := add(Summary{Game: r.Game, Level: r.Level})
		item := htmlItem{ReportItem: r, view: -1}
		if f := r.Failure; f != nil && f.Received != nil && f.Expected != nil {
			item.view = len(views)
			views = append(views, htmlView{Ref: r.Game + "/" + r.Level + "/" + r.Name, Game: r.Game, Step: f.Step,
				Path: f.Path, Rule: f.Rule, Want: f.Want, Got: f.Got, Text: f.ReceivedText,
				Received: compact(f.Received), Expected: compact(f.Expected)})
		}
		groups[i].Items = append(groups[i].Items, item)
	}
	n := 0
	for i := range groups {
		g := &groups[i]
		slices.SortStableFunc(g.Items, func(a, b htmlItem) int { return a.rank() - b.rank() })
		var failed []htmlItem
		for j := range g.Items {
			if it := &g.Items[j]; it.rank() == 0 {
				n++
				it.anchor = fmt.Sprintf("f%d", n)
				failed = append(failed, *it)
			}
		}
		if len(failed) > 0 {
			failures = append(failures, htmlGroup{Summary: g.Summary, Items: failed})
		}
	}
	return groups, failures, views
}

// compact is a transcript compact: as it is if it is, else (a report read
// back from JSON holds it expanded) compacted.
func compact(c *golden.Case) *golden.Case {
	if c.Format == golden.FormatCompact {
		return c
	}
	return c.Compact(golden.Checkpoint)
}

// viewDir is where the replay viewer's files are in bundle.Web.
const viewDir = "web/view"

// assets are the viewer's files of kind ("css" or "js"), each with a
// comment naming it, in the order a page loads them: the core (style.css,
// viewer.js), each game's, then the report's; of the CSS only the core's
// and the report's unless games. A file that could end the element it is
// inlined in is an error.
func assets(kind string, games bool) ([]string, error) {
	core := map[string]string{"css": "style.css", "js": "viewer.js"}[kind]
	names := []string{viewDir + "/" + core}
	if games {
		g, err := fs.Glob(bundle.Web, viewDir+"/games/*."+kind)
		if err != nil {
			return nil, err
		}
		slices.Sort(g)
		names = append(names, g...)
	}
	names = append(names, viewDir+"/report."+kind)
	end := map[string]string{"css": "</style", "js": "</script"}[kind]
	var out []string
	for _, name := range names {
		data, err := fs.ReadFile(bundle.Web, name)
		if err != nil {
			return nil, err
		}
		if low := strings.ToLower(string(data)); strings.Contains(low, end) || strings.Contains(low, "<!--") {
			return nil, fmt.Errorf("%s holds %s or <!--, which would end the element it is inlined in", name, end)
		}
		out = append(out, fmt.Sprintf("/* %s */\n%s", strings.TrimPrefix(name, viewDir+"/"), data))
	}
	return out, nil
}
