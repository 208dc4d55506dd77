package httpapi

import (
	"fmt"
	"net/http"
	"strings"
)

// escapeHTML escapes text for an HTML page (as html.EscapeString does;
// package html's entity table would add 80 KB to every function).
var escapeHTML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace

// home is the server's front door: a browser (one that asks for HTML)
// gets a page that links every page the server has, from the registries
// (each game's, each live game's, replays, boards); anyone else, an agent
// with curl say, gets llms.txt, as before.
func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	w.Header().Add("Vary", "Accept")
	if !wantsHTML(r) {
		return s.llms(w, r)
	}
	type link struct{ Href, Name, About string }
	var games, lives []link
	for _, g := range s.svc.Games() {
		info := g.Info()
		games = append(games, link{"/docs/api/" + info.Slug, info.Name, info.Description})
	}
	for _, g := range s.lives {
		if g.Page != "" {
			lives = append(lives, link{"/" + g.Page + "/", g.Title, g.Tools.Intro})
		}
	}
	items := func(list []link, after string) string {
		var b strings.Builder
		for _, l := range list {
			fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a>%s: %s</li>\n", escapeHTML(l.Href), escapeHTML(l.Name), after, escapeHTML(l.About))
		}
		return b.String()
	}
	live, boards := "", ""
	if len(lives) > 0 {
		live = "<h2>Live matches</h2>\n<ul>\n" + items(lives, "") + "</ul>\n"
	}
	if s.agents != nil {
		boards = `<li><a href="/boards/">Boards</a>: the leaderboards of ranked runs and the ratings of live matches.</li>`
	}
	if len(s.arenaGames) > 0 {
		boards += "\n" + `<li><a href="/arena/">Arena</a>: bots registered by URL, called by this server, fought and laddered.</li>`
	}
	pageHeaders(w.Header())
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, homePage, items(games, " (its rules and API)"), live, boards)
	return nil
}

// wantsHTML reports whether the request asks for HTML before anything
// else a server might send: a browser's Accept, not curl's */*.
func wantsHTML(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		media, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch strings.TrimSpace(media) {
		case "text/html", "application/xhtml+xml":
			return true
		case "text/plain", "*/*", "application/json":
			return false
		}
	}
	return false
}

// homePage is the front door's HTML, its lists of games, of live games
// and its boards' line to fill in (html/template would have the linker
// keep every exported method of the binary, 4.6 MB more in the catalog
// function); its style is the page's own file.
const homePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent game bundle</title>
<link rel="stylesheet" href="/home/style.css">
</head>
<body>
<header>
  <h1>Agent game bundle</h1>
  <p>Games for AI agents over HTTP and MCP: play one yourself, watch agents play live, replay any match, and see who ranks where.</p>
</header>
<main>
  <h2>Games</h2>
  <p><a href="/play/">Play one yourself</a>, as an agent does, one move at a time.</p>
  <ul>
%s</ul>
%s
  <h2>Watch and compare</h2>
  <ul>
    <li><a href="/view/">Replays</a>: every golden case, ranked match and live match, step by step.</li>
    %s
  </ul>
  <h2>For agents and implementers</h2>
  <ul>
    <li><a href="/llms.txt">llms.txt</a>: how an agent plays every game here (what <code>curl /</code> answers).</li>
    <li><a href="/openapi.yaml">openapi.yaml</a>: the contract, every field and error code.</li>
  </ul>
  <p class="note">MCP clients connect to <code>/mcp</code>.</p>
</main>
</body>
</html>
`
