package conformance_test

import (
	"bytes"
	"encoding/xml"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
)

// TestSuiteTimeIsWallTime: three checks of one game and level, two of them
// side by side, took 6 s between them in 4 s of wall time: the summary
// says both, and a JUnit suite's time is the wall time; a skipped check
// is a JUnit skip, not a failure.
func TestSuiteTimeIsWallTime(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	results := []conformance.Result{
		{Game: "tron", Level: "rules", Name: "a", Started: t0, Took: 2 * time.Second},
		{Game: "tron", Level: "rules", Name: "b", Started: t0.Add(time.Second), Took: 2 * time.Second},
		{Game: "tron", Level: "rules", Name: "c", Started: t0.Add(2 * time.Second), Took: 2 * time.Second},
	}
	sums := conformance.Summarize(results)
	if len(sums) != 1 || sums[0].Secs != 6 || sums[0].Wall != 4 {
		t.Fatalf("summary %+v, want 6 check-seconds in 4 of wall time", sums)
	}
	results[2].Err = &check.Skip{Reason: "not offered"}
	var out bytes.Buffer
	if err := conformance.NewReport("http://x", check.Bundle, t0, 4*time.Second, results).WriteJUnit(&out); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Time     string `xml:"time,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Skipped  int    `xml:"skipped,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.Suites) != 1 || doc.Suites[0].Time != "4.000" ||
		doc.Suites[0].Tests != 3 || doc.Suites[0].Failures != 0 || doc.Suites[0].Skipped != 1 {
		t.Errorf("JUnit suites %+v (%v), want one of time 4.000, 3 tests, 1 skipped:\n%s", doc.Suites, err, out.Bytes())
	}
}
