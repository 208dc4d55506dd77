package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the checks of the paths around the loop: the index, the
// documents, the init options, wrong methods and unknown games.

// siteCheck: GET /api/games lists the game with its three URLs; /llms.txt,
// / (the same text), /openapi.yaml and /docs/api/{slug} are served, as the
// contract types them; docs of an unknown game are a 404.
func siteCheck(spec Spec) check.Check {
	game := spec.Slug
	return check.Check{Game: game, Level: check.Protocol, Name: "index and documents", Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, "")
		if err != nil {
			return err
		}
		r, err := w.send(http.MethodGet, "/api/games", "/api/games", nil, nil)
		if err != nil {
			return err
		}
		if err := w.expectStatus(r, http.StatusOK, "GET /api/games answers the index"); err != nil {
			return err
		}
		var index struct {
			Games []struct {
				Slug      string `json:"slug"`
				InitURL   string `json:"initUrl"`
				ActionURL string `json:"actionUrl"`
				DocsURL   string `json:"docsUrl"`
			} `json:"games"`
		}
		json.Unmarshal(r.Body, &index)
		found := false
		for i, g := range index.Games {
			if g.Slug != game {
				continue
			}
			found = true
			for _, u := range []struct{ field, url, suffix string }{
				{"initUrl", g.InitURL, "/api/games/" + game + "/init"},
				{"actionUrl", g.ActionURL, "/api/games/" + game + "/action"},
				{"docsUrl", g.DocsURL, "/docs/api/" + game},
			} {
				if !strings.HasSuffix(u.url, u.suffix) {
					return w.fail("games["+strconv.Itoa(i)+"]."+u.field, "GET /api/games gives the game's URLs", "…"+u.suffix, u.url)
				}
			}
		}
		if !found {
			return w.fail("games", "GET /api/games lists every game served", game, "absent")
		}
		docs := []struct{ path, route string }{
			{"/llms.txt", "/llms.txt"}, {"/docs/api/" + game, "/docs/api/{slug}"}, {"/", "/"}, {"/openapi.yaml", "/openapi.yaml"},
		}
		if w.card() {
			docs = docs[:2] // the common API names these two; / and /openapi.yaml are this bundle's
		}
		for _, p := range docs {
			r, err := w.send(http.MethodGet, p.path, p.route, nil, nil)
			if err != nil {
				return err
			}
			if err := w.expectStatus(r, http.StatusOK, "GET "+p.path+" is served"); err != nil {
				return err
			}
			if len(strings.TrimSpace(string(r.Body))) == 0 {
				return w.fail("body", "GET "+p.path+" is served", "a text", "an empty body")
			}
		}
		if w.card() {
			return nil
		}
		return w.reject(http.MethodGet, "/docs/api/"+game+"x", "/docs/api/{slug}", nil, nil, http.StatusNotFound, "unknown_game", "not_found")
	}}
}

// initCheck: init with the documented defaults and with each option set
// answers a new match whose view shows them; a bad seed, a parameter sent
// twice, an unknown parameter, or an option value outside its enum or
// bounds is a 400 invalid_request; HEAD answers 200 as GET does.
func initCheck(spec Spec) check.Check {
	game := spec.Slug
	return check.Check{Game: game, Level: check.Protocol, Name: "init options", Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, "")
		if err != nil {
			return err
		}
		for i, q := range append([]string{""}, spec.options...) {
			if i > 0 && q == "" {
				continue
			}
			w.match = "init?" + q
			if q == "" {
				w.match = "init with no options"
			}
			a, err := w.init(q)
			if err != nil {
				return err
			}
			if a.head.Seed != nil {
				return w.fail("seed", "a seed the server picks stays sealed until the match ends", "absent", a.head.Seed.String())
			}
			defaults := spec.defaults
			if i > 0 {
				defaults = nil
			}
			if err := w.echoes(a, q, defaults); err != nil {
				return err
			}
		}
		w.match = "HEAD init?seed=5"
		r, err := t.Do(ctx, http.MethodHead, w.initRoute()+"?seed=5", nil, nil)
		if err != nil {
			return w.fail("", "the request HEAD init failed", "an answer", err.Error())
		}
		if ct := r.Header.Get("Content-Type"); r.Status != http.StatusOK || !strings.HasPrefix(ct, "application/json") {
			return w.fail("HTTP status", "HEAD answers as GET does, but for the body (HTTP): 200 and a JSON content type", "200 application/json",
				fmt.Sprintf("%d %s", r.Status, ct))
		}
		w.match, w.step = "init with bad options", -1
		for _, q := range slices.Concat(commonBadOptions, spec.badOptions) {
			path := w.initRoute() + "?" + q
			if err := w.reject(http.MethodGet, path, w.initRoute(), nil, nil, http.StatusBadRequest, "invalid_request"); err != nil {
				return withDetail(err, "GET "+path)
			}
		}
		return nil
	}}
}

// routesCheck: the loop's paths refuse other methods with 405
// method_not_allowed and an Allow header naming the method they take (and
// not the one refused), and an unknown game's are a 404 unknown_game.
func routesCheck(spec Spec) check.Check {
	game := spec.Slug
	return check.Check{Game: game, Level: check.Protocol, Name: "methods and unknown games", Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, "init?seed=5")
		if err != nil {
			return err
		}
		a, err := w.init("seed=5")
		if err != nil {
			return err
		}
		w.match = "requests outside a match"
		w.at(-1, nil)
		body := actionBody("state", a.token(), a.head.LegalActions[0])
		for _, r := range []struct {
			method, path string
			body         []byte
			takes        string
		}{
			{http.MethodGet, w.actionRoute(), nil, http.MethodPost},
			{http.MethodPut, w.actionRoute(), body, http.MethodPost},
			{http.MethodDelete, w.actionRoute(), nil, http.MethodPost},
			{http.MethodPost, w.initRoute(), body, http.MethodGet},
			{http.MethodPut, w.initRoute() + "?seed=5", nil, http.MethodGet},
		} {
			if err := w.reject(r.method, r.path, routeOf(r.path), nil, r.body, http.StatusMethodNotAllowed, "method_not_allowed"); err != nil {
				return withDetail(err, r.method+" "+r.path)
			}
			reply, err := w.send(r.method, r.path, routeOf(r.path), nil, r.body)
			if err != nil {
				return err
			}
			allow := strings.Split(strings.ReplaceAll(reply.Header.Get("Allow"), " ", ""), ",")
			if !slices.Contains(allow, r.takes) || slices.Contains(allow, r.method) {
				return withDetail(w.fail("Allow", "a 405 lists the methods the path takes in its Allow header",
					r.takes, fmt.Sprintf("%q", reply.Header.Get("Allow"))), r.method+" "+r.path)
			}
		}
		unknown := "/api/games/" + game + "x"
		if err := w.reject(http.MethodGet, unknown+"/init?seed=5", "", nil, nil, http.StatusNotFound, "unknown_game"); err != nil {
			return withDetail(err, "GET "+unknown+"/init")
		}
		if err := w.reject(http.MethodPost, unknown+"/action", "", nil, body, http.StatusNotFound, "unknown_game"); err != nil {
			return withDetail(err, "POST "+unknown+"/action")
		}
		return nil
	}}
}

// routeOf is the contract's path of a request path.
func routeOf(path string) string {
	p, _, _ := strings.Cut(path, "?")
	return p
}
