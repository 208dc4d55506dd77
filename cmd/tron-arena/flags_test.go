package main

import (
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/tronarena"
)

func TestParseFlags(t *testing.T) {
	c, err := parseFlags(strings.Fields("-bots http://a/,http://b/ -bots https://c/x -players 3 -matches 4 -seed 7 -width 20 -height 30 -timeout 2s -results out.json"), io.Discard)
	if err != nil || c.Live != nil {
		t.Fatalf("got %+v %v", c, err)
	}
	s, want := c.Series, tronarena.Series{URLs: []string{"http://a/", "http://b/", "https://c/x"}, Matches: 4, Players: 3, Seed: 7, Width: 20, Height: 30, Timeout: 2 * time.Second}
	if c.Results != "out.json" || !slices.Equal(s.URLs, want.URLs) || s.Matches != 4 || s.Players != 3 || s.Seed != 7 || s.Width != 20 || s.Height != 30 || s.Timeout != want.Timeout {
		t.Errorf("got %+v %q", s, c.Results)
	}
	c, err = parseFlags([]string{"-bots", "http://a/,http://b/"}, io.Discard)
	if s := c.Series; err != nil || s.Players != 2 || s.Matches != 1 || s.Width != 100 || s.Height != 100 || s.Timeout != tronarena.DefaultTimeout || c.Results != "" {
		t.Errorf("defaults %+v %v", c, err)
	}
	if _, err := parseFlags([]string{"-h"}, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
	for _, args := range []string{
		"-bots http://a/",
		"-bots http://a/,http://b/ -players 5",
		"-bots http://a/,http://b/ -players 3",
		"-bots http://a/,http://a/",
		"-bots a,b",
		"-bots http://a/,http://b/ -timeout 0s",
		"-bots http://a/,http://b/ -width 4",
		"-bots http://a/,http://b/ -matches 0",
		"-bots http://a/,http://b/ extra",
		"-bots http://a/,http://b/ -join K7QX",
		"-bots http://a/,http://b/ -bot http://c/",
	} {
		if _, err := parseFlags(strings.Fields(args), io.Discard); err == nil {
			t.Errorf("%s: no error", args)
		}
	}
}

// TestParseLiveFlags: -live seats one bot, in the match -join names or one
// -create makes, whose setup gives only the flags set (the others are the
// server's defaults); -bots is then a number of seats, and a series' flags
// are refused.
func TestParseLiveFlags(t *testing.T) {
	c, err := parseFlags(strings.Fields("-live http://srv:8080/ -join K7QX -bot http://b/ -name Bo -timeout 3s"), io.Discard)
	if err != nil || c.Series != nil || c.Live == nil {
		t.Fatalf("join: %+v %v", c, err)
	}
	if l := c.Live; l.Base != "http://srv:8080/" || l.Bot != "http://b/" || l.Code != "K7QX" || l.Name != "Bo" || l.Timeout != 3*time.Second || l.Setup != nil {
		t.Errorf("join: %+v", l)
	}
	c, err = parseFlags(strings.Fields("-live http://srv -create -bot http://b/ -name Bo"), io.Discard)
	if err != nil || c.Live.Setup == nil || *c.Live.Setup != (tronarena.LiveSetup{Players: 2, Name: "Bo"}) || c.Live.Timeout != tronarena.DefaultTimeout {
		t.Fatalf("create with defaults: %+v %v", c.Live, err)
	}
	c, err = parseFlags(strings.Fields("-live http://srv -create -bot http://b/ -players 4 -bots 2 -level wise -width 12 -round 1.5s"), io.Discard)
	if want := (tronarena.LiveSetup{Players: 4, Bots: 2, Bot: "wise", Width: 12, RoundMillis: 1500}); err != nil || *c.Live.Setup != want {
		t.Fatalf("create: %+v %v, want %+v", c.Live.Setup, err, want)
	}
	for _, args := range []string{
		"-live http://srv -bot http://b/",
		"-live http://srv -bot http://b/ -join K7QX -create",
		"-live http://srv -join K7QX",
		"-live srv -bot http://b/ -join K7QX",
		"-live http://srv -bot b -join K7QX",
		"-live http://srv -bot http://b/ -join K7QX -matches 3",
		"-live http://srv -bot http://b/ -join K7QX -results out.json",
		"-live http://srv -bot http://b/ -join K7QX -players 3",
		"-live http://srv -bot http://b/ -join K7QX -timeout 0s",
		"-live http://srv -bot http://b/ -join K7QX extra",
		"-live http://srv -bot http://b/ -create -players 5",
		"-live http://srv -bot http://b/ -create -players 3 -bots 3",
		"-live http://srv -bot http://b/ -create -bots http://c/",
		"-live http://srv -bot http://b/ -create -bots 1 -bots 1",
		"-live http://srv -bot http://b/ -create -height 101",
		"-live http://srv -bot http://b/ -create -round 0s",
	} {
		if _, err := parseFlags(strings.Fields(args), io.Discard); err == nil {
			t.Errorf("%s: no error", args)
		}
	}
}
