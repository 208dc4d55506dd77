package version

import (
	"runtime/debug"
	"testing"
)

// TestFormat: the version set at release build time wins over the module
// version the go command stamps, "(devel)" reads as devel, the commit is
// shortened and marked when the tree had changes, and left out when the
// build has no version control information.
func TestFormat(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	rev := "abc1234def5678abc1234def5678abc1234def56"
	for _, c := range []struct {
		version string
		bi      *debug.BuildInfo
		want    string
	}{
		{"v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261130-abc1234def56"}, Settings: vcs(rev, "false")}, "conformance v1.2.3 (commit abc1234, go1.26.8)"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "conformance v1.4.0 (go1.26.8)"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, "conformance devel (commit abc1234, modified, go1.26.8)"},
		{"", nil, "conformance devel (go1.26.8)"},
		{"v2.0.0", &debug.BuildInfo{Settings: vcs("abc12", "false")}, "conformance v2.0.0 (commit abc12, go1.26.8)"},
	} {
		if got := format("conformance", c.version, c.bi, "go1.26.8"); got != c.want {
			t.Errorf("format(%q, %+v) = %q, want %q", c.version, c.bi, got, c.want)
		}
	}
}

// TestArgsLeavesOtherCommandLines: Args acts on -version alone; any other
// command line is left to the command (a test process that exited here
// would fail).
func TestArgsLeavesOtherCommandLines(t *testing.T) {
	for _, args := range [][]string{nil, {"-bots", "http://a/"}, {"-version", "-bots", "http://a/"}, {"version"}} {
		Args("tron-arena", args)
	}
}
