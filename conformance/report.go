package conformance

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
)

// Summary is the pass and fail count of one game at one level, the
// seconds its checks took added up (Secs), and the wall time from the
// first of them starting to the last ending (Wall), shorter when checks
// ran in parallel.
type Summary struct {
	Game    string  `json:"game"`
	Level   string  `json:"level"`
	Passed  int     `json:"passed"`
	Failed  int     `json:"failed"`
	Skipped int     `json:"skipped"`
	Secs    float64 `json:"seconds"`
	Wall    float64 `json:"wallSeconds"`

	first, last time.Time
}

// Summarize counts results by game and level, in the order they first
// appear.
func Summarize(results []Result) []Summary {
	var out []Summary
	at := map[string]int{}
	for _, r := range results {
		k := r.Game + "/" + r.Level
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, Summary{Game: r.Game, Level: r.Level})
		}
		switch {
		case r.Skipped() != "":
			out[i].Skipped++
		case r.Err != nil:
			out[i].Failed++
		default:
			out[i].Passed++
		}
		s := &out[i]
		s.Secs += r.Took.Seconds()
		if r.Started.IsZero() { // a result no check ran for: a game not served
			continue
		}
		if s.first.IsZero() || r.Started.Before(s.first) {
			s.first = r.Started
		}
		if end := r.Started.Add(r.Took); end.After(s.last) {
			s.last = end
		}
		s.Wall = s.last.Sub(s.first).Seconds()
	}
	return out
}

// WriteTable writes the summaries as a table, one row a game and level,
// and a total.
func WriteTable(w io.Writer, sums []Summary) {
	fmt.Fprintf(w, "%-13s %-9s %7s %7s %7s %9s %7s\n", "game", "level", "passed", "failed", "skipped", "check-s", "wall-s")
	var p, f, sk int
	for _, s := range sums {
		fmt.Fprintf(w, "%-13s %-9s %7d %7d %7d %9.1f %7.1f\n", s.Game, s.Level, s.Passed, s.Failed, s.Skipped, s.Secs, s.Wall)
		p, f, sk = p+s.Passed, f+s.Failed, sk+s.Skipped
	}
	fmt.Fprintf(w, "%-13s %-9s %7d %7d %7d\n", "total", "", p, f, sk)
}

// Report is a run as -report writes it.
type Report struct {
	Base    string       `json:"baseUrl"`
	Profile string       `json:"profile"`
	Started time.Time    `json:"started"`
	Secs    float64      `json:"seconds"`
	Passed  int          `json:"passed"`
	Failed  int          `json:"failed"`
	Skipped int          `json:"skipped"`
	Summary []Summary    `json:"summary"`
	Results []ReportItem `json:"results"`
}

// ReportItem is one check's result in a Report.
type ReportItem struct {
	Game    string         `json:"game"`
	Level   string         `json:"level"`
	Name    string         `json:"name"`
	OK      bool           `json:"ok"`
	Secs    float64        `json:"seconds"`
	Skipped string         `json:"skipped,omitempty"`
	Failure *ReportFailure `json:"failure,omitempty"`
}

// ReportFailure is a failure's fields in a Report.
type ReportFailure struct {
	Match   string          `json:"match,omitempty"`
	Step    int             `json:"step"`
	Action  json.RawMessage `json:"action,omitempty"`
	Path    string          `json:"path,omitempty"`
	Rule    string          `json:"rule,omitempty"`
	Want    string          `json:"want,omitempty"`
	Got     string          `json:"got,omitempty"`
	Detail  string          `json:"detail,omitempty"`
	Message string          `json:"message"`
	// Received and Expected, for a golden replay's failure, are the
	// implementation's transcript and the case's from the init to the
	// failing step, compact (see ReplayFailure); ReceivedText is the
	// failing answer as text when Received cannot keep it.
	Received     *golden.Case `json:"received,omitempty"`
	Expected     *golden.Case `json:"expected,omitempty"`
	ReceivedText string       `json:"receivedText,omitempty"`
}

// NewReport gathers a run's results, checked under profile.
func NewReport(base string, profile check.Profile, started time.Time, took time.Duration, results []Result) *Report {
	rep := &Report{Base: base, Profile: profile.String(), Started: started.UTC(), Secs: took.Seconds(), Summary: Summarize(results)}
	for _, r := range results {
		item := ReportItem{Game: r.Game, Level: r.Level, Name: r.Name, OK: r.Err == nil, Secs: r.Took.Seconds(), Skipped: r.Skipped()}
		if item.Skipped != "" {
			rep.Skipped++
		} else if f := r.Failure(); f != nil {
			rep.Failed++
			item.Failure = &ReportFailure{Match: f.Match, Step: f.Step, Action: f.Action, Path: f.Path,
				Rule: f.Rule, Want: f.Want, Got: f.Got, Detail: f.Detail, Message: f.Error()}
			var rf *ReplayFailure
			if errors.As(r.Err, &rf) {
				item.Failure.Received, item.Failure.Expected, item.Failure.ReceivedText = rf.Received, rf.Expected, rf.Text
			}
		} else {
			rep.Passed++
		}
		rep.Results = append(rep.Results, item)
	}
	return rep
}

// WriteJSON writes the report as indented JSON.
func (rep *Report) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(rep)
}

// WriteJUnit writes the report as JUnit XML, one test suite a game and
// level, which CI systems read.
func (rep *Report) WriteJUnit(w io.Writer) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	type skipped struct {
		Message string `xml:"message,attr"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Time      string   `xml:"time,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		Skipped   *skipped `xml:"skipped,omitempty"`
	}
	type testsuite struct {
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Skipped  int        `xml:"skipped,attr"`
		Time     string     `xml:"time,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	var doc struct {
		XMLName  xml.Name    `xml:"testsuites"`
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Time     string      `xml:"time,attr"`
		Suites   []testsuite `xml:"testsuite"`
	}
	secs := func(s float64) string { return fmt.Sprintf("%.3f", s) }
	doc.Name, doc.Tests, doc.Failures, doc.Time = "conformance "+rep.Base, rep.Passed+rep.Failed+rep.Skipped, rep.Failed, secs(rep.Secs)
	at := map[string]int{}
	for i, sum := range rep.Summary {
		k := sum.Game + "." + sum.Level
		at[k] = i
		doc.Suites = append(doc.Suites, testsuite{Name: k, Time: secs(sum.Wall)})
	}
	for _, r := range rep.Results {
		k := r.Game + "." + r.Level
		s := &doc.Suites[at[k]]
		tc := testcase{Name: r.Name, Classname: k, Time: secs(r.Secs)}
		if r.Failure != nil {
			first, _, _ := strings.Cut(r.Failure.Message, "\n")
			tc.Failure = &failure{Message: first, Text: r.Failure.Message}
			s.Failures++
		}
		if r.Skipped != "" {
			tc.Skipped = &skipped{Message: r.Skipped}
			s.Skipped++
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	e := xml.NewEncoder(w)
	e.Indent("", "  ")
	if err := e.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
