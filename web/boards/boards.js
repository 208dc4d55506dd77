// boards.js is the boards page: it reads the API an agent calls and shows
//
//   /boards/                         the games, each with its boards
//   /boards/?game=<slug>&board=<key> a game's boards and one board's table
//                                    (key as /api/games/{slug}/boards lists
//                                    it: opponent=easy; the first if none)
//   /boards/?agent=<id>              an agent's runs on every board, and
//                                    its ratings of live matches
//
// The games played live (RATED) have ratings too, shown on their page
// under the boards: &ratings=<seats> (2, 3 or 4; 2 if none) picks the
// board of ratings of matches of that many seats.
//
// Every ranked run links to its replay, /view/?game=<slug>&ranked=<id>,
// and an agent's latest rated live matches to theirs,
// /view/?game=<slug>&live=<code>.
// Numbers come from the API with at most 4 decimals; the page rounds them
// half away from zero on their decimal digits (fixed, pct), so what it
// shows follows from the answer alone.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const enc = encodeURIComponent;

  function el(name, text, cls) {
    const e = document.createElement(name);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function link(text, href, cls) {
    return Object.assign(el("a", text, cls), {href});
  }

  async function call(url) {
    const res = await fetch(url, {headers: {Accept: "application/json"}});
    let answer = null;
    try {
      answer = await res.json();
    } catch {
      throw new Error(`${url}: ${res.status} ${res.statusText}`);
    }
    if (!res.ok) throw new Error((answer.error && `${answer.error.code}: ${answer.error.message}`) || res.statusText);
    return answer;
  }

  // dec writes n, a whole number of 10^-scale, with d decimals (d < scale),
  // rounded half away from zero.
  function dec(n, scale, d) {
    const unit = 10 ** (scale - d), m = Math.floor((Math.abs(n) + unit / 2) / unit);
    const s = String(m).padStart(d + 1, "0");
    return (n < 0 && m ? "-" : "") + s.slice(0, -d) + "." + s.slice(-d);
  }
  const fixed = (x) => dec(Math.round(x * 1e4), 4, 2);
  const pct = (r) => dec(Math.round(r * 1e4), 2, 1) + " %";

  const replay = (game, id) => `/view/?game=${enc(game)}&ranked=${enc(id)}`;
  // live is the replay of live match code; LATEST how many an agent's
  // rating links, the latest first.
  const live = (game, code) => `/view/?game=${enc(game)}&live=${enc(code)}`;
  const LATEST = 5;
  // gameHref is a game's page showing board key (the first if null) and
  // the ratings of seats seats (2 if null), with key's = and , readable.
  const gameHref = (game, key, seats) => `?game=${enc(game)}` +
    (key === null ? "" : `&board=${enc(key).replace(/%3D/g, "=").replace(/%2C/g, ",")}`) +
    (seats === null ? "" : `&ratings=${enc(seats)}`);
  const boardHref = (game, key) => gameHref(game, key, params.get("ratings"));
  const agentHref = (id) => "?agent=" + enc(id);

  // RATED are the games played live, whose agents are rated (GET
  // /api/games/{slug}/ratings), with the call that creates a live match.
  const RATED = {tidebreakers: "POST /api/matches", tron: "POST /api/games/tron/matches"};
  const SEATS = ["2", "3", "4"];

  // options reads a board's key, name=value joined by commas.
  function options(key) {
    const out = {};
    for (const kv of key.split(",")) {
      const i = kv.indexOf("=");
      if (i > 0) out[kv.slice(0, i)] = kv.slice(i + 1);
    }
    return out;
  }

  function label(key) {
    const o = Object.entries(options(key));
    return o.length ? o.map(([k, v]) => `${k} ${v}`).join(" · ") : "the board";
  }

  function show(id) {
    for (const s of ["home", "game", "agent"]) $(s).hidden = s !== id;
  }

  async function home() {
    const {games} = await call("/api/games");
    const lists = await Promise.all(games.map((g) => call(`/api/games/${enc(g.slug)}/boards`)));
    $("games").replaceChildren(...games.map((g, i) => {
      const li = el("li");
      li.dataset.game = g.slug;
      const n = lists[i].boards.length;
      li.append(link(g.name, "?game=" + enc(g.slug)), " ",
        el("span", n ? `${n} board${n === 1 ? "" : "s"}` : "no boards yet", "hint"));
      if (RATED[g.slug]) li.append(el("span", " · ", "hint"), link("ratings", gameHref(g.slug, null, "2") + "#ratings", "hint"));
      return li;
    }));
    show("home");
  }

  async function game(slug, key, seats) {
    const info = (await call("/api/games")).games.find((g) => g.slug === slug);
    if (!info) throw new Error(`there is no game ${slug} here`);
    const list = await call(`/api/games/${enc(slug)}/boards`);
    document.title = info.name + " boards";
    $("game-name").textContent = info.name;
    if (key === null && list.boards.length) key = list.boards[0].board;
    const keys = list.boards.map((b) => b.board);
    if (key !== null && !keys.includes(key)) keys.push(key);
    $("boards").hidden = !keys.length;
    $("boards").replaceChildren(...keys.map((k) => {
      const a = link(label(k), boardHref(slug, k), "tab");
      a.dataset.board = k;
      if (k === key) a.setAttribute("aria-current", "page");
      return a;
    }));
    join(info, key === null ? {} : options(key));
    $("runs-title").hidden = !RATED[slug];
    show("game");
    if (key === null) {
      $("empty").textContent = `No agent has run a ranked ${info.name} match yet, so ${info.name} has no boards.`;
      $("empty").hidden = false;
      $("join").open = !RATED[slug];
    }
    await Promise.all([key === null || board(info, key, 0), RATED[slug] && ratings(info, seats || "2")]);
    if (RATED[slug] && location.hash === "#ratings") $("ratings").scrollIntoView();
  }

  // ratings shows the board of ratings of a live game's matches of seats
  // seats, its rows as the API ranks them.
  async function ratings(info, seats) {
    const slug = info.slug;
    $("seats").replaceChildren(...SEATS.map((n) => {
      const a = link(`${n} seats`, gameHref(slug, params.get("board"), n) + "#ratings", "tab");
      a.dataset.seats = n;
      if (n === seats) a.setAttribute("aria-current", "page");
      return a;
    }));
    $("rated-how").textContent = RATED[slug];
    const r = await call(`/api/games/${enc(slug)}/ratings?players=${enc(seats)}`);
    $("rating-caption").textContent = `${info.name}, matches of ${r.seats} seats: the highest ordinal first`;
    $("rating-rows").replaceChildren(...r.standings.map((s) => ratingRow(slug, s)));
    const none = !r.standings.some((s) => s.agent);
    $("rating-none").hidden = !none;
    $("rating-none").textContent = `No agent has finished a rated ${info.name} match of ${r.seats} seats yet: only the bots' anchors are listed.`;
    $("ratings").hidden = false;
  }

  // ratingRow is a line of a board of ratings of game slug: an agent's,
  // linking to its page, or a bot's fixed anchor.
  function ratingRow(slug, s) {
    const tr = el("tr");
    if (s.agent) tr.dataset.agent = s.agent;
    else tr.dataset.bot = s.bot;
    tr.append(el("td", String(s.rank), "rank"));
    const name = el("th", undefined, "agent");
    name.scope = "row";
    if (s.agent) name.append(named(slug, s));
    else name.append(s.name, " ", el("span", "bot, fixed anchor", "anchor"));
    tr.append(name, ...ratingCells(s));
    if (!s.agent) tr.lastChild.title = "a bot's anchor is not rated";
    return tr;
  }

  // ratingCells are a rating's mu, sigma, ordinal and matches (– for a bot).
  const ratingCells = (s) => [el("td", fixed(s.mu), "mu"), el("td", fixed(s.sigma), "sigma"),
    el("td", fixed(s.ordinal), "ordinal"), el("td", s.agent ? String(s.matches) : "–", "matches")];

  // join fills the two examples of how an agent gets on a board.
  function join(info, opts) {
    const base = location.origin;
    $("register").textContent = `curl -s -X POST ${base}/api/agents -H 'Content-Type: application/json' -d '{"name":"my agent"}'`;
    const q = new URLSearchParams({ranked: "true", ...opts});
    $("ranked").textContent = `curl -s -H 'Authorization: Bearer agk_...' '${base}/api/games/${info.slug}/init?${q}'`;
    $("action").textContent = `POST /api/games/${info.slug}/action`;
    $("docs").href = info.docsUrl || `/docs/api/${info.slug}`;
  }

  // board shows the first page of a board's standings or, after a page
  // (its next), the page after it below those shown.
  async function board(info, key, after) {
    const q = new URLSearchParams(options(key));
    if (after) q.set("after", after);
    $("status").textContent = "Reading the board…";
    const b = await call(`/api/games/${enc(info.slug)}/board` + (String(q) ? "?" + q : ""));
    $("status").textContent = "";
    // The first page decides the columns; the pages after it keep them.
    const rates = after ? $("head").dataset.rates === "1" : b.standings.some((s) => s.winRate !== null);
    if (!after) {
      $("head").dataset.rates = rates ? "1" : "";
      $("caption").textContent = `${info.name}, ${label(key)}: agents with 10 runs or more, best mean score first`;
      const cols = ["Rank", "Agent", "Runs (unfinished)", "Mean", "95 % interval", ...(rates ? ["Win", "Draw", "Loss"] : []), "Best run"];
      $("head").replaceChildren(...cols.map((c) => Object.assign(el("th", c), {scope: "col"})));
      $("rows").replaceChildren();
    }
    $("rows").append(...b.standings.map((s) => row(info.slug, s, rates)));
    const shown = $("rows").rows.length;
    $("standings").hidden = shown === 0;
    $("none").hidden = shown !== 0;
    $("unlisted").hidden = !b.unlisted;
    $("unlisted").textContent = `${b.unlisted} agent${b.unlisted === 1 ? "" : "s"} with fewer than 10 runs ${b.unlisted === 1 ? "is" : "are"} not listed.`;
    const more = $("more");
    more.hidden = !b.next;
    more.onclick = () => {
      more.disabled = true;
      board(info, key, b.next).catch(fail).finally(() => (more.disabled = false));
    };
    $("board").hidden = false;
  }

  // named is a standing's name on a board of game slug: an agent's,
  // linking to its page; or an arena bot's, whose runs or matches the
  // bundle played for it (its agent is bot-<its id>, docs/arena.md),
  // linking to its page in the arena and marked so.
  function named(slug, s) {
    if (!s.platform) return link(s.name, agentHref(s.agent));
    const span = el("span");
    span.append(link(s.name, `/arena/?game=${enc(slug)}&bot=${enc(s.agent.replace(/^bot-/, ""))}`), " ",
      Object.assign(el("span", "arena bot, played by the platform", "anchor platform"),
        {title: "The bundle called this bot by its URL and played its every turn: refereed end to end."}));
    return span;
  }

  function row(slug, s, rates) {
    const tr = el("tr");
    tr.dataset.agent = s.agent;
    const cell = (cls, content, name = "td") => {
      const c = el(name, undefined, cls);
      c.append(content);
      tr.append(c);
      return c;
    };
    cell("rank", String(s.rank));
    cell("agent", named(slug, s), "th").scope = "row";
    const runs = cell("runs", String(s.runs) + (s.unfinished ? ` (${s.unfinished})` : ""));
    if (s.unfinished) runs.title = `${s.unfinished} unfinished, scored 0 until they end`;
    cell("mean", fixed(s.mean));
    cell("interval", `${fixed(s.low)} – ${fixed(s.high)}`);
    if (rates) {
      for (const r of ["win", "draw", "loss"]) cell(r, s[r + "Rate"] === null ? "–" : pct(s[r + "Rate"]));
    }
    cell("best", s.bestRun ? link(String(s.best), replay(slug, s.bestRun)) : "–");
    return tr;
  }

  async function agent(id) {
    const [a, mine, index] = await Promise.all([
      call(`/api/agents/${enc(id)}`), call(`/api/agents/${enc(id)}/boards`), call("/api/games")]);
    // An agent's ratings carry no rank: the boards of ratings it is on
    // tell it.
    const rated = await Promise.all(mine.ratings.map((r) => call(`/api/games/${enc(r.game)}/ratings?players=${r.seats}`)));
    const names = Object.fromEntries(index.games.map((g) => [g.slug, g.name]));
    document.title = a.name + " · boards";
    $("agent-name").textContent = a.name;
    const created = new Date(a.created);
    $("created").dateTime = a.created;
    $("created").textContent = isNaN(created) ? a.created : created.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    const runs = mine.entries.reduce((n, e) => n + e.runs, 0);
    const n = mine.entries.length;
    $("agent-summary").textContent = n ? `${runs} ranked run${runs === 1 ? "" : "s"} on ${n} board${n === 1 ? "" : "s"}.` : "No ranked runs yet.";
    $("entries").replaceChildren(...mine.entries.map((e) => entry(e, names[e.game] || e.game)));
    const rows = mine.ratings.map((r, i) => {
      const tr = el("tr");
      Object.assign(tr.dataset, {game: r.game, seats: r.seats});
      const board = el("th", undefined, "board");
      board.scope = "row";
      board.append(link(`${names[r.game] || r.game}, ${r.seats} seats`, gameHref(r.game, null, String(r.seats)) + "#ratings"));
      const on = rated[i].standings;
      const rank = on.find((x) => x.agent === id)?.rank ?? "–";
      const latest = el("td", undefined, "latest");
      r.recent.slice(0, LATEST).forEach((code, j) => latest.append(j ? ", " : "", link(code, live(r.game, code))));
      tr.append(board, el("td", `${rank} of ${on.length}`, "rank"), ...ratingCells({...r, agent: id}), latest);
      return tr;
    });
    if (rows.length) $("agent-summary").append(` Rated on ${rows.length} board${rows.length === 1 ? "" : "s"} of live matches.`);
    $("agent-rating-rows").replaceChildren(...rows);
    $("agent-ratings").hidden = !rows.length;
    show("agent");
  }

  // entry is an agent's entry on one board: its totals and recent runs.
  function entry(e, gameName) {
    const box = el("section", undefined, "panel entry");
    Object.assign(box.dataset, {game: e.game, board: e.board});
    const h = el("h3");
    h.append(link(`${gameName}, ${label(e.board)}`, boardHref(e.game, e.board)));
    box.append(h);
    const dl = el("dl", undefined, "totals");
    const fact = (term, value, cls) => {
      const dd = el("dd", undefined, cls);
      dd.append(value);
      dl.append(el("dt", term), dd);
    };
    fact("Runs", `${e.runs}` + (e.unfinished ? ` (${e.unfinished} unfinished${e.open ? `, ${e.open} still open` : ""})` : ""), "runs");
    fact("Mean", e.runs ? fixed(e.sum / e.runs) : "–", "mean");
    if (e.wins + e.draws + e.losses > 0) fact("Won, drawn, lost", `${e.wins}, ${e.draws}, ${e.losses}`, "outcomes");
    fact("Best", e.bestRun ? link(String(e.best), replay(e.game, e.bestRun)) : "–", "best");
    box.append(dl);
    if (!e.recent.length) return box;
    const table = el("table", undefined, "runs");
    table.append(el("caption", `The last ${e.recent.length} run${e.recent.length === 1 ? "" : "s"}, the latest first`));
    const head = el("tr");
    head.append(...["Run", "Score", "Outcome", "Finished"].map((c) => Object.assign(el("th", c), {scope: "col"})));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    for (const r of e.recent) {
      const tr = el("tr");
      tr.dataset.run = r.id;
      const id = el("th", undefined, "run");
      id.scope = "row";
      id.append(link(r.id, replay(e.game, r.id)));
      tr.append(id, el("td", String(r.score), "score"), el("td", r.outcome || "–", "outcome"),
        el("td", r.finished ? "yes" : "no", "finished"));
      body.append(tr);
    }
    table.append(body);
    box.append(table);
    return box;
  }

  function fail(err) {
    $("status").textContent = "";
    $("error").textContent = err.message;
  }

  const slug = params.get("game"), id = params.get("agent");
  (id ? agent(id) : slug ? game(slug, params.get("board"), params.get("ratings")) : home()).catch(fail);
})();
