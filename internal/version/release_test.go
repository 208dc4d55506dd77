package version

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestReleaseBuild runs make release for this machine's platform only
// (with RELEASE_TEST set, as make release-test and make check set it),
// with two commands and one Lambda function: each command, built as a
// release builds it, prints the release's version for -version (one reads
// its flags with the flag package, the other its arguments itself), the
// function's zip holds an executable bootstrap, and SHA256SUMS holds the
// hash of every file.
func TestReleaseBuild(t *testing.T) {
	if os.Getenv("RELEASE_TEST") == "" {
		t.Skip("builds two commands and a Lambda function as make release does (-trimpath: none of the tests' compiled packages); make release-test (or make check) runs it")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	dist := t.TempDir()
	platform := runtime.GOOS + "-" + runtime.GOARCH
	cmd := exec.Command("make", "-C", "../..", "release", "DIST="+dist, "VERSION=v9.8.7-test",
		"RELEASE_PLATFORMS="+platform, "RELEASE_CMDS=brinebell-dispatcher tron-arena", "RELEASE_LAMBDAS=catalog")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make release: %v\n%s", err, out)
	}
	for _, name := range []string{"brinebell-dispatcher", "tron-arena"} {
		out, err := exec.Command(filepath.Join(dist, name+"-"+platform), "-version").Output()
		line := strings.TrimSpace(string(out))
		if err != nil || !strings.HasPrefix(line, name+" v9.8.7-test (") || !strings.HasSuffix(line, runtime.Version()+")") {
			t.Errorf("%s -version: %q, %v", name, line, err)
		}
	}
	z, err := zip.OpenReader(filepath.Join(dist, "lambda-catalog-linux-arm64.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	if len(z.File) != 1 || z.File[0].Name != "bootstrap" || z.File[0].Mode()&0o111 == 0 {
		t.Errorf("the function's zip holds %v, want one executable bootstrap", z.File)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dist, "*"))
	want := ""
	for _, f := range files {
		if filepath.Base(f) == "SHA256SUMS" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(data)
		want += hex.EncodeToString(h[:]) + "  " + filepath.Base(f) + "\n"
	}
	if string(sums) != want || len(files) != 4 {
		t.Errorf("SHA256SUMS:\n%s\nwant, for %d files:\n%s", sums, len(files)-1, want)
	}
}
