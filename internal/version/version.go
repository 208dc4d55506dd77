// Package version says which build of the bundle a command is, for its
// -version flag: the release's version, the commit and the Go it was built
// with.
package version

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// Version is the release's version, set when a release is built with
//
//	-ldflags "-X github.com/agentgames/bundle/internal/version.Version=v1.2.3"
//
// (make release does). Empty, String falls back to the module version the
// go command stamped into the binary (a tag for go install ...@v1.2.3, a
// pseudo-version for go build in a checkout) or "devel".
var Version string

// String answers the line -version prints, e.g.
// "conformance v1.2.3 (commit abc1234, go1.26.8)"; the commit is left out
// when the binary was built without version control information.
func String(name string) string {
	bi, _ := debug.ReadBuildInfo()
	return format(name, Version, bi, runtime.Version())
}

// format is String with its inputs given.
func format(name, version string, bi *debug.BuildInfo, goVersion string) string {
	commit, dirty := "", false
	if bi != nil {
		if version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if version == "" {
		version = "devel"
	}
	if commit == "" {
		return fmt.Sprintf("%s %s (%s)", name, version, goVersion)
	}
	if len(commit) > 7 {
		commit = commit[:7]
	}
	if dirty {
		commit += ", modified"
	}
	return fmt.Sprintf("%s %s (commit %s, %s)", name, version, commit, goVersion)
}

// Flag adds -version to fs: given, it prints String(name) on standard
// output and exits 0 at once, whatever else the command line holds. Call
// it before fs.Parse:
//
//	version.Flag(flag.CommandLine, "server")
func Flag(fs *flag.FlagSet, name string) {
	fs.BoolFunc("version", "print the version and exit", func(string) error {
		exit(os.Stdout, name)
		return nil
	})
}

// Args is -version for a command that reads its arguments itself: when
// args (os.Args[1:]) is exactly -version or --version, it prints
// String(name) and exits 0; otherwise it does nothing.
func Args(name string, args []string) {
	if len(args) == 1 && (args[0] == "-version" || args[0] == "--version") {
		exit(os.Stdout, name)
	}
}

// exit prints String(name) to w and ends the process.
func exit(w io.Writer, name string) {
	fmt.Fprintln(w, String(name))
	os.Exit(0)
}
