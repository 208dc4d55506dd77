package e2e

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentgames/bundle/internal/testserver"
)

// chromium finds Debian's chromium.
func chromium(t *testing.T) string {
	return program(t, "apt-get install chromium", "chromium", "chromium-browser")
}

// TestTidebreakersPage plays the live page in a real headless browser: it
// creates a match against a bot seat, places the supply by clicking, sends
// an expedition, and sees the board change and the bot reply. It keeps a
// screenshot in .artifacts/tidebreakers.png.
func TestTidebreakersPage(t *testing.T) {
	exe := chromium(t)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.Flag("headless", "new"), chromedp.WindowSize(1100, 860))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	tile := func(i int) string { return `#board button[data-tile="` + strconv.Itoa(i) + `"]` }
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	until := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(10*time.Second))
	}
	do(chromedp.Navigate(srv.URL+"/tidebreakers/"),
		chromedp.WaitVisible("#create-button"),
		chromedp.SetValue(`#create select[name="players"]`, "2"),
		chromedp.SetValue(`#create select[name="bots"]`, "1"),
		chromedp.SetValue(`#create input[name="name"]`, "Browser"),
		chromedp.Click("#create-button"),
		chromedp.WaitVisible(tile(0)),
		until(`document.getElementById("status").textContent.startsWith("Your turn")`))
	before := text(tile(0))
	// Seat 0 holds island 0: three clicks place the supply.
	for range 3 {
		do(chromedp.Click(tile(0)), chromedp.Sleep(150*time.Millisecond))
	}
	do(until(`document.getElementById("help").textContent.includes("expedition")`))
	after := text(tile(0))
	do(chromedp.Click(tile(0)), chromedp.Click(tile(1)),
		until(`document.getElementById("log").textContent.includes("captured 1")`),
		until(`document.getElementById("status").textContent.startsWith("Your turn")`))
	status, log := text("#status"), text("#log")
	if !strings.HasPrefix(before, "4") || !strings.HasPrefix(after, "7") {
		t.Errorf("island 0 showed %q before the supply and %q after, want 4 then 7", before, after)
	}
	if !strings.Contains(log, "seat 1") {
		t.Errorf("the log shows no move of the bot seat: %q", log)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", ".artifacts", "tidebreakers.png")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("status %q; screenshot in .artifacts/tidebreakers.png", status)
}
