// arena.js is the arena's page: it reads and drives the arena's API
// (GET /api/arena lists the games it holds fights of, under games, and
// those whose ranked runs it plays for bots, under runs, with each one's
// paths) and shows
//
//   /arena/                            the games
//   /arena/?game=<slug>[&seats=N]      a game's ladder of fights of N seats
//                                      (its fewest if none), every pair's
//                                      record, its bots and latest fights,
//                                      a form to launch a fight and watch
//                                      it, one to play a run and follow it
//                                      (a game whose runs the arena plays),
//                                      and one to register a bot; a game
//                                      the arena plays the runs of only
//                                      (no fights) shows its bots and the
//                                      two forms
//   /arena/?game=<slug>&bot=<id>       a bot, and its fights or its runs;
//                                      its owner (whose agent key this tab
//                                      holds) sees its URL and may pause,
//                                      resume or delete it
//   /arena/?game=<slug>&fight=<code>   a fight or a run, followed until it
//                                      is over
//
// An agent's key is kept in this tab's session storage only (arena:key),
// and sent only with the requests that need it: registering, verifying,
// pausing, resuming or deleting a bot, and reading one (its owner sees
// more). Every fight is a live match: its page (`page` of a fight) shows
// it, and the replay viewer /view/?game=<slug>&live=<code> follows it. A
// run is a fight of one seat, its bot's, whose `page` is the replay of
// its ranked match (/view/?game=<slug>&ranked=<id>) and which says its
// `board` (options) and, once over, its `score`.
// Numbers are rounded half away from zero on their 4th decimal first (as
// the boards page does), so what the page shows follows from the answer.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const enc = encodeURIComponent;
  const KEY = "arena:key";
  const key = () => sessionStorage.getItem(KEY) || "";
  // example is a launch's options for the game info (GET /api/arena's
  // entry), as JSON: each option the game's matches take, at its default;
  // undefined for a game whose matches take none.
  function example(info) {
    const names = Object.keys(info.options || {}).sort();
    if (!names.length) return undefined;
    const o = {};
    for (const n of names) o[n] = /^-?[0-9]+$/.test(info.options[n]) ? Number(info.options[n]) : info.options[n];
    return JSON.stringify(o);
  }
  // POLL is how often a fight under way is read again, in milliseconds.
  const POLL = 1000;

  function el(name, text, cls) {
    const e = document.createElement(name);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function link(text, href, cls) {
    return Object.assign(el("a", text, cls), {href});
  }

  // call sends a request to the API and answers its JSON (null for 204);
  // an error answer throws an Error whose message is "code: message".
  async function call(url, {method = "GET", body, key} = {}) {
    const headers = {Accept: "application/json"};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (key) headers.Authorization = "Bearer " + key;
    const res = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    if (res.status === 204) return null;
    let answer = null;
    try {
      answer = await res.json();
    } catch {
      throw new Error(`${url}: ${res.status} ${res.statusText}`);
    }
    if (!res.ok) {
      const e = answer && answer.error;
      throw Object.assign(new Error(e ? `${e.code}: ${e.message}` : `${res.status} ${res.statusText}`), {code: e && e.code});
    }
    return answer;
  }

  // dec writes n, a whole number of 10^-scale, with d decimals (d < scale),
  // rounded half away from zero.
  function dec(n, scale, d) {
    const unit = 10 ** (scale - d), m = Math.floor((Math.abs(n) + unit / 2) / unit);
    const s = String(m).padStart(d + 1, "0");
    return (n < 0 && m ? "-" : "") + s.slice(0, -d) + "." + s.slice(-d);
  }
  const tenThousandths = (x) => Math.sign(x) * Math.round(Math.abs(x) * 1e4);
  const one = (x) => dec(tenThousandths(x), 4, 1);
  const two = (x) => dec(tenThousandths(x), 4, 2);

  // nth writes a place: 1st, 2nd, 3rd, 4th…
  function nth(n) {
    if (n % 100 >= 11 && n % 100 <= 13) return n + "th";
    return n + ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
  }
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const house = (bot) => bot.startsWith("house:");

  function time(ms) {
    const t = el("time");
    const d = new Date(ms);
    t.dateTime = d.toISOString();
    t.textContent = d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    return t;
  }

  const gameHref = (slug, seats) => `?game=${enc(slug)}` + (seats ? `&seats=${enc(seats)}` : "");
  const botHref = (slug, id) => `?game=${enc(slug)}&bot=${enc(id)}`;
  const fightHref = (slug, code) => `?game=${enc(slug)}&fight=${enc(code)}`;
  const replayHref = (slug, code) => `/view/?game=${enc(slug)}&live=${enc(code)}`;
  // boardsHref is the boards page of a game's board named key, with the
  // name's = and , readable (as the boards page writes its links).
  const boardsHref = (slug, key) => `/boards/?game=${enc(slug)}&board=${enc(key).replace(/%3D/g, "=").replace(/%2C/g, ",")}`;

  // G is what the page holds of the game it shows.
  const G = {info: null, seats: "", roster: [], recent: []};

  function show(id) {
    for (const s of ["home", "game", "bot", "fight-view"]) $(s).hidden = s !== id;
  }

  function clear() {
    $("error").textContent = "";
  }

  function fail(err) {
    $("status").textContent = "";
    $("error").textContent = err.message;
  }

  // busy runs f with button disabled, showing its error, if any.
  async function busy(button, f) {
    clear();
    button.disabled = true;
    try {
      await f();
    } catch (err) {
      fail(err);
    } finally {
      button.disabled = false;
    }
  }

  // held answers every game of GET /api/arena's answer: those of games
  // first (the arena holds their fights), then those of runs only. Each
  // is its entry of games, or for a game of runs only its game, title,
  // bots and fights' paths, with fought (whether the arena holds its
  // fights) and runs (its entry of runs, null if none).
  function held(arena) {
    const games = arena.games || [], runs = arena.runs || [];
    const played = (slug) => runs.find((r) => r.game === slug) || null;
    const only = runs.filter((r) => !games.some((g) => g.game === r.game));
    return [...games.map((g) => ({...g, fought: true, runs: played(g.game)})),
      ...only.map((r) => ({game: r.game, title: r.title, bots: r.bots, fights: r.fights, fought: false, runs: r}))];
  }

  // gameInfo answers the game slug as held answers it.
  async function gameInfo(slug) {
    const games = held(await call("/api/arena"));
    const info = games.find((g) => g.game === slug);
    if (!info) throw new Error(`unknown_game: the arena holds no game ${slug}; it holds ${games.map((g) => g.game).join(", ")}`);
    return info;
  }

  const seatRange = (info) => info.minSeats === info.maxSeats ? `${info.minSeats} seats` : `${info.minSeats} to ${info.maxSeats} seats`;

  // holds says what the arena holds of a game: fights, runs or both.
  const holds = (info) => [info.fought && "fights", info.runs && "runs"].filter(Boolean).join(" and ");

  // home lists every game, each with what the arena holds of it.
  async function home() {
    $("status").textContent = "Reading the arena…";
    const games = held(await call("/api/arena"));
    const rosters = await Promise.all(games.map((g) => call(g.bots)));
    $("games").replaceChildren(...games.map((g, i) => {
      const li = el("li");
      li.dataset.game = g.game;
      li.dataset.holds = holds(g);
      const bots = rosters[i].bots || [];
      const facts = [holds(g)];
      if (g.fought) facts.push(`fights of ${seatRange(g)}`);
      if (g.runs) facts.push(`runs on ${plural(g.runs.boards.length, "board")}`);
      facts.push(plural(bots.length, "bot") + " registered");
      if (g.fought) facts.push(`house bots ${g.house.join(", ")}`);
      li.append(link(g.title, gameHref(g.game)), " ", el("span", facts.join(" · "), "hint"));
      return li;
    }));
    $("status").textContent = "";
    show("home");
  }

  // game shows a game's page: its ladder of fights of seats seats and
  // what goes with fights, where the arena holds them, and the section
  // that plays a run, where it plays the game's runs.
  async function game(slug, seats) {
    $("status").textContent = "Reading the arena…";
    const info = await gameInfo(slug);
    G.info = info;
    document.title = info.title + " · arena";
    $("game-name").textContent = info.title;
    for (const id of ["seats", "ladder-box", "pairs-box", "launch", "try", "fights-box"]) $(id).hidden = !info.fought;
    $("runs").hidden = !info.runs;
    if (info.fought) {
      seatTabs(info, seats);
      tryForm(info);
    }
    if (info.runs) runForm(info);
    $("docs").href = `/docs/api/${enc(slug)}`;
    registerForm(info);
    show("game");
    // Each part shows its own error; the launch form needs the roster.
    await Promise.all([info.fought && ladder(info).catch(fail), roster(info).catch(fail), info.fought && fights(info).catch(fail)]);
    if (info.fought) launchForm(info);
    if (!$("error").textContent) $("status").textContent = "";
  }

  // seatTabs shows a tab for each count of seats a fight of the game may
  // have (none if just one), the current one seats (its fewest if none).
  function seatTabs(info, seats) {
    G.seats = seats || String(info.minSeats);
    const counts = [];
    for (let n = info.minSeats; n <= info.maxSeats; n++) counts.push(String(n));
    $("seats").hidden = counts.length < 2;
    $("seats").replaceChildren(...counts.map((n) => {
      const a = link(`${n} seats`, gameHref(info.game, n), "tab");
      a.dataset.seats = n;
      if (n === G.seats) a.setAttribute("aria-current", "page");
      return a;
    }));
  }

  // ladder shows the game's ladder of fights of G.seats seats and every
  // pair's record.
  async function ladder(info) {
    const l = await call(`${info.ladder}?seats=${enc(G.seats)}`);
    $("ladder-caption").textContent = `${info.title}, fights of ${l.seats} seats: the highest ELO first`;
    $("ladder-rows").replaceChildren(...l.standings.map((s, i) => {
      const tr = el("tr");
      tr.dataset.bot = s.bot;
      const name = el("th", undefined, "name");
      name.scope = "row";
      name.append(house(s.bot) ? s.name : link(s.name, botHref(info.game, s.bot)));
      tr.append(el("td", String(i + 1), "rank"), name, el("td", one(s.elo), "elo"), el("td", two(s.rating.mu), "mu"),
        el("td", two(s.rating.sigma), "sigma"), el("td", two(s.ordinal), "ordinal"), el("td", String(s.fights), "fights"),
        el("td", String(s.wins), "wins"), el("td", String(s.draws), "draws"), el("td", String(s.losses), "losses"));
      return tr;
    }));
    $("ladder").hidden = !l.standings.length;
    $("ladder-none").hidden = !!l.standings.length;
    $("ladder-none").textContent = `No fight of ${l.seats} seats has ended yet.`;
    pairs(info, l);
  }

  // SHOWN is how many of the ladder's first bots its answer gives the
  // records of against each other (play/arena.PairsShown).
  const SHOWN = 20;

  // pairs shows the records of the ladder's first bots against each
  // other: row against column, in fights.
  function pairs(info, l) {
    const bots = l.standings.slice(0, SHOWN);
    $("pairs-caption").textContent = `${info.title}, fights of ${l.seats} seats: each row's bot against each column's, ` +
      `fights won-drawn-lost (won: the other went out first)${l.standings.length > SHOWN ? `, for the first ${SHOWN} of the ladder` : ""}`;
    const corner = el("td");
    $("pairs-head").replaceChildren(corner, ...bots.map((b) => {
      const th = el("th", b.name);
      th.scope = "col";
      th.dataset.bot = b.bot;
      return th;
    }));
    $("pairs-rows").replaceChildren(...bots.map((a) => {
      const tr = el("tr");
      tr.dataset.bot = a.bot;
      const th = el("th", a.name);
      th.scope = "row";
      tr.append(th, ...bots.map((b) => {
        const p = a.bot === b.bot ? null : (l.pairs[a.bot] || {})[b.bot];
        const td = el("td", a.bot === b.bot ? "" : p ? `${p.wins}-${p.draws}-${p.losses}` : "–", a.bot === b.bot ? "self" : "pair");
        td.dataset.against = b.bot;
        if (a.bot !== b.bot) td.title = p ? `${a.name} against ${b.name}: ${p.wins} won, ${p.draws} drawn, ${p.losses} lost` : `${a.name} has not met ${b.name}`;
        return td;
      }));
      return tr;
    }));
    const met = bots.length > 1;
    $("pairs").hidden = !met;
    $("pairs-none").hidden = met;
  }

  // roster shows the game's bots, and renews the launch form's choices.
  async function roster(info) {
    const r = await call(info.bots);
    G.roster = r.bots || [];
    $("roster-caption").textContent = `${plural(G.roster.length, "bot")} registered for ${info.title}, the first registered first; ` +
      "a bot plays its fights or its runs once active";
    $("roster-rows").replaceChildren(...G.roster.map((b) => {
      const tr = el("tr");
      tr.dataset.bot = b.id;
      const name = el("th", undefined, "name");
      name.scope = "row";
      name.append(link(b.name, botHref(info.game, b.id)));
      tr.append(name, el("td", plays(b), "plays"), el("td", b.state, "state " + b.state));
      return tr;
    }));
    $("roster").hidden = !G.roster.length;
    $("roster-none").hidden = !!G.roster.length;
    if (info.fought && $("launch-seats").options.length) slots(info, Number($("launch-seats").value));
    if (info.runs) runBots();
  }

  // plays is what a bot plays: runs, or fights (which the API leaves out
  // of a roster's entry).
  const plays = (b) => b.plays || "fights";

  // seatsText is a fight's seats as a list shows them: each bot's name,
  // with its place once over.
  const seatsText = (names, places) => names.map((n, i) => places ? `${n} (${nth(places[i])})` : n).join(" · ");

  // fights shows the game's latest fights, the latest first.
  async function fights(info) {
    const r = await call(info.fights);
    G.recent = r.fights || [];
    $("fights-rows").replaceChildren(...G.recent.slice().reverse().map((f) => {
      const tr = el("tr");
      tr.dataset.code = f.code;
      tr.dataset.over = String(!!f.places);
      // A run has no places to show but its score, and its replay is its
      // ranked match's, which its own page links.
      const run = f.plays === "runs";
      const code = el("th", undefined, "code");
      code.scope = "row";
      code.append(link(f.code, fightHref(info.game, f.code)));
      const seats = el("td", run ? `${f.names[0]}'s run` + (f.score == null ? "" : `, scored ${f.score}`) :
        seatsText(f.names, f.places), "seats");
      if (!f.places) seats.append(el("span", " under way", "live"));
      const when = el("td", undefined, "launched");
      when.append(time(f.launched));
      const replay = el("td", undefined, "replay");
      replay.append(run ? link("Its score and replay", fightHref(info.game, f.code)) :
        link(f.places ? "Replay" : "Watch", replayHref(info.game, f.code)));
      tr.append(code, seats, when, replay);
      return tr;
    }));
    $("fights").hidden = !G.recent.length;
    $("fights-none").hidden = !!G.recent.length;
  }

  // launchForm sets up the form that launches a fight: how many seats,
  // and each seat's bot.
  function launchForm(info) {
    const count = $("launch-seats");
    const want = Math.min(Math.max(Number(G.seats) || info.minSeats, info.minSeats), info.maxSeats);
    const counts = [];
    for (let n = info.minSeats; n <= info.maxSeats; n++) counts.push(Object.assign(el("option", String(n)), {value: String(n)}));
    count.replaceChildren(...counts);
    count.value = String(want);
    count.onchange = () => slots(info, Number(count.value));
    slots(info, want);
    const sample = example(info);
    $("options-label").hidden = sample === undefined;
    $("launch-options").placeholder = sample || "";
    $("launch-form").onsubmit = (e) => {
      e.preventDefault();
      busy($("launch-button"), () => launch(info));
    };
  }

  // slots shows a select of n seats' bots, each the active bots that
  // play fights and the house bots, keeping the choices made that are
  // still there.
  function slots(info, n) {
    const before = Array.from(document.querySelectorAll("#launch-slots select"), (s) => s.value);
    const fighters = G.roster.filter((b) => b.state === "active" && plays(b) === "fights");
    const choices = [...fighters.map((b) => [b.id, b.name]), ...info.house.map((h) => [h, h])];
    $("launch-slots").replaceChildren(...Array.from({length: n}, (_, i) => {
      const label = el("label", `Seat ${i + 1} `);
      const select = el("select");
      select.id = "seat-" + i;
      select.name = "seat";
      select.dataset.seat = String(i);
      select.append(...choices.map(([value, name]) => Object.assign(el("option", name), {value})));
      const kept = before[i];
      select.value = choices.some(([v]) => v === kept) ? kept : choices[i % choices.length][0];
      label.append(select);
      return label;
    }));
  }

  // launch launches the fight the form describes, and follows it.
  async function launch(info) {
    const body = {entrants: Array.from(document.querySelectorAll("#launch-slots select"), (s) => s.value)};
    const raw = $("launch-options").value.trim();
    const sample = example(info);
    if (raw && sample !== undefined) {
      let options;
      try {
        options = JSON.parse(raw);
      } catch (err) {
        throw new Error(`bad_json: the options are not JSON (${err.message}); write an object, such as ${sample}`);
      }
      if (options === null || typeof options !== "object" || Array.isArray(options)) {
        throw new Error(`invalid_request: the options must be a JSON object, such as ${sample}`);
      }
      body.options = options;
    }
    $("status").textContent = "Launching the fight…";
    const f = await call(info.fights, {method: "POST", body});
    $("status").textContent = "";
    const panel = fightPanel(info, f);
    $("launched").replaceChildren(panel.box);
    fights(info).catch(fail);
    follow(info, f, panel, () => Promise.all([ladder(info), roster(info), fights(info)]), "fight").catch(fail);
  }

  // panelFrame is what a fight's panel and a run's share: a section of
  // class cls, titled word and the code (linking to its page), and the
  // line that says its state as it changes.
  function panelFrame(info, f, word, cls) {
    const box = el("section", undefined, cls);
    box.dataset.code = f.code;
    const title = el("h3");
    title.id = "fight-" + f.code;
    box.setAttribute("aria-labelledby", title.id);
    title.append(word + " ", link(f.code, fightHref(info.game, f.code)));
    const state = el("p", undefined, "state");
    state.setAttribute("role", "status");
    state.setAttribute("aria-live", "polite");
    return {box, title, state};
  }

  // fightPanel is a fight's panel: its links, its state and its seats;
  // update shows the fight as read, with its places once over.
  function fightPanel(info, f) {
    const {box, title, state} = panelFrame(info, f, "Fight", "panel fight");
    const links = el("p", undefined, "links");
    links.append(link("Watch", f.page, "watch"), " its match live · ", link("Replay", replayHref(info.game, f.code), "replay"), " it in the viewer");
    const table = el("table", undefined, "seats-table");
    table.append(el("caption", "Each seat: its bot, its place once the fight is over, why it failed if it did, and its bot's replies"));
    const head = el("tr");
    head.append(...["Seat", "Bot", "Place", "Failed", "Calls", "Mean (ms)", "Slowest (ms)"].map((c) => Object.assign(el("th", c), {scope: "col"})));
    table.createTHead().append(head);
    const rows = el("tbody");
    table.append(rows);
    const times = el("p", undefined, "note times");
    box.append(title, links, state, table, times);

    function update(f, places) {
      box.dataset.over = String(f.over);
      state.textContent = f.over ? "Over: " + verdict(f, places) : "Under way: the arena is playing it.";
      state.classList.toggle("live", !f.over);
      rows.replaceChildren(...f.seats.map((s, i) => {
        const tr = el("tr");
        Object.assign(tr.dataset, {seat: String(i), bot: s.bot});
        const name = el("td", undefined, "bot");
        name.append(house(s.bot) ? s.name : link(s.name, botHref(info.game, s.bot)));
        tr.append(Object.assign(el("th", String(i + 1), "seat"), {scope: "row"}), name,
          el("td", places ? nth(places[i]) : "–", "place"), el("td", s.failed || "–", "failed"), el("td", String(s.calls), "calls"),
          el("td", String(s.meanMillis), "mean"), el("td", String(s.slowestMillis), "slowest"));
        return tr;
      }));
      times.replaceChildren("Launched ", time(f.launched), ...(f.ended ? [", ended ", time(f.ended), "."] : ["."]));
    }
    update(f, null);
    return {box, update};
  }

  // verdict says who won a fight that is over.
  function verdict(f, places) {
    if (!places) return "its places are not known.";
    const first = f.seats.filter((_, i) => places[i] === 1).map((s) => s.name);
    if (first.length === 1) return `${first[0]} won.`;
    return `${first.slice(0, -1).join(", ")} and ${first[first.length - 1]} share 1st place.`;
  }

  // placesOf answers the places of a fight that is over, as the fight's
  // answer gives them.
  async function placesOf(info, f) {
    return Array.isArray(f.places) ? f.places : null;
  }

  // watching counts the fights followed in each place of the page (the
  // fight launched, the run played): following one stops the one before
  // it there.
  const watching = {};

  // follow reads fight f every POLL until it is over, showing it in
  // panel, then calls done; where is the place of the page it shows in.
  async function follow(info, f, panel, done, where = "") {
    const me = watching[where] = (watching[where] || 0) + 1;
    for (let misses = 0; ;) {
      if (f.over) {
        panel.update(f, await placesOf(info, f).catch(() => null));
        if (done) await done();
        return;
      }
      panel.update(f, null);
      await new Promise((ok) => setTimeout(ok, POLL));
      if (me !== watching[where]) return;
      try {
        f = await call(`${info.fights}/${enc(f.code)}`);
        misses = 0;
      } catch (err) {
        if (++misses >= 5) throw err;
        fail(err);
      }
    }
  }

  // boardLabel names a board by its options, as the boards page does:
  // "opponent wise", or "the board" for a game's one board.
  function boardLabel(options) {
    const o = Object.entries(options || {});
    return o.length ? o.map(([k, v]) => `${k} ${v}`).join(" · ") : "the board";
  }

  // boardOf answers the board of the game's evaluation whose options are
  // options (a run's board), or undefined.
  function boardOf(info, options) {
    const want = Object.entries(options || {});
    return (info.runs ? info.runs.boards : []).find((b) => {
      const have = Object.entries(b.options);
      return have.length === want.length && want.every(([k, v]) => b.options[k] === v);
    });
  }

  // boardLink is a run's board: its label, linking to its page on the
  // boards when it is a board of the game's evaluation.
  function boardLink(info, options) {
    const b = boardOf(info, options);
    return b ? link(boardLabel(b.options), boardsHref(info.game, b.board)) : boardLabel(options);
  }

  // runForm sets up the section that plays a run: the boards of the
  // game's evaluation to choose from, and what the arena plays by itself.
  function runForm(info) {
    const r = info.runs;
    $("run-board").replaceChildren(...r.boards.map((b, i) => Object.assign(el("option", boardLabel(b.options)), {value: String(i)})));
    $("runs-note").replaceChildren(`The arena plays ${plural(r.runsPerBoard, "run")} of each active bot that plays runs on each ` +
      `board of ${info.title}'s evaluation by itself, one at a time; a board lists a bot once it has played that many there. ` +
      "Anyone may play one more now: it starts at once, and lands on its board as the others do. See ",
    link(`${info.title}'s boards`, `/boards/?game=${enc(info.game)}`), ".");
    $("run-form").onsubmit = (e) => {
      e.preventDefault();
      busy($("run-button"), () => playRun(info));
    };
  }

  // runBots renews the choice of the bots a run may be played for: the
  // roster's active bots that play runs, keeping the one chosen.
  function runBots() {
    const select = $("run-bot"), before = select.value;
    const bots = G.roster.filter((b) => b.state === "active" && plays(b) === "runs");
    select.replaceChildren(...bots.map((b) => Object.assign(el("option", b.name), {value: b.id})));
    if (bots.some((b) => b.id === before)) select.value = before;
    $("run-form").hidden = !bots.length;
    $("run-none").hidden = !!bots.length;
  }

  // playRun plays a run of the bot chosen on the board chosen, and
  // follows it until it is over.
  async function playRun(info) {
    const board = info.runs.boards[Number($("run-board").value)];
    $("status").textContent = "Launching the run…";
    const f = await call(info.fights, {method: "POST", body: {entrants: [$("run-bot").value], options: board.options}});
    $("status").textContent = "";
    const panel = runPanel(info, f);
    $("run-launched").replaceChildren(panel.box);
    const done = () => Promise.all([roster(info), info.fought && fights(info)]);
    follow(info, f, panel, done, "run").catch(fail);
  }

  // runPanel is a run's panel: its link, its state, its board, its score
  // once over and its replay once started, and its bot's replies; update
  // shows the run as read.
  function runPanel(info, f) {
    const {box, title, state} = panelFrame(info, f, "Run", "panel fight run");
    const facts = el("dl", undefined, "facts-list");
    const board = el("dd", undefined, "board"), score = el("dd", undefined, "score"), replay = el("dd", undefined, "replay");
    facts.append(el("dt", "Board"), board, el("dt", "Score"), score, el("dt", "Replay"), replay);
    const table = el("table", undefined, "run-table");
    table.append(el("caption", "Its bot: why it failed if it did, and its replies"));
    const head = el("tr");
    head.append(...["Bot", "Failed", "Calls", "Mean (ms)", "Slowest (ms)"].map((c) => Object.assign(el("th", c), {scope: "col"})));
    table.createTHead().append(head);
    const rows = el("tbody");
    table.append(rows);
    const times = el("p", undefined, "note times");
    box.append(title, state, facts, table, times);

    function update(f) {
      box.dataset.over = String(f.over);
      state.textContent = f.over ? "Over: " + runVerdict(f) : "Under way: the arena is playing it.";
      state.classList.toggle("live", !f.over);
      board.replaceChildren(boardLink(info, f.board));
      score.textContent = f.over && f.score !== undefined ? String(f.score) : "–";
      replay.replaceChildren(f.page ? link(f.over ? "Replay" : "Watch", f.page, "replay") : "once it has started");
      rows.replaceChildren(...f.seats.map((s) => {
        const tr = el("tr");
        tr.dataset.bot = s.bot;
        const name = Object.assign(el("th", undefined, "bot"), {scope: "row"});
        name.append(link(s.name, botHref(info.game, s.bot)));
        tr.append(name, el("td", s.failed || "–", "failed"), el("td", String(s.calls), "calls"),
          el("td", String(s.meanMillis), "mean"), el("td", String(s.slowestMillis), "slowest"));
        return tr;
      }));
      times.replaceChildren("Launched ", time(f.launched), ...(f.ended ? [", ended ", time(f.ended), "."] : ["."]));
    }
    update(f);
    return {box, update};
  }

  // runVerdict says how a run that is over went.
  function runVerdict(f) {
    const s = f.seats[0];
    const scored = f.score === undefined ? "its score is not known." : `scored ${f.score}.`;
    return s.failed ? `${s.name} failed (${s.failed}), and ${scored}` : `${s.name} ${scored}`;
  }

  // panelOf is the panel of fight f: a run's, or a fight's.
  const panelOf = (info, f) => f.plays === "runs" ? runPanel(info, f) : fightPanel(info, f);

  // registerForm sets up the form that registers a bot, with the key
  // this tab holds.
  function registerForm(info) {
    $("register-key").value = key();
    // A game of fights and runs offers the choice; one of either takes
    // the only one, which the API picks when none is sent.
    const choose = info.fought && !!info.runs;
    $("plays-label").hidden = !choose;
    $("plays-note").hidden = !info.runs;
    let registered = null;
    $("register-form").onsubmit = (e) => {
      e.preventDefault();
      busy($("register-button"), async () => {
        const k = $("register-key").value.trim();
        sessionStorage.setItem(KEY, k);
        const body = {name: $("register-name").value, url: $("register-url").value.trim()};
        const description = $("register-description").value;
        if (description) body.description = description;
        if (choose) body.plays = $("register-plays").value;
        const r = await call(info.bots, {method: "POST", body, key: k});
        registered = r.bot;
        const a = $("registered-bot");
        a.textContent = `${registered.name} (${registered.id})`;
        a.href = botHref(info.game, registered.id);
        a.dataset.bot = registered.id;
        $("challenge").textContent = r.challenge;
        $("challenge-reply").textContent = JSON.stringify({name: registered.name, challenge: r.challenge});
        $("verify-result").textContent = "";
        delete $("verify-result").dataset.state;
        $("registered").hidden = false;
        await roster(info);
      });
    };
    $("verify").onclick = () => busy($("verify"), async () => {
      $("verify-result").textContent = "Sending the bot an init message…";
      try {
        registered = await call(`${info.bots}/${enc(registered.id)}/verify`, {method: "POST", body: {}, key: key()});
      } catch (err) {
        $("verify-result").textContent = err.message;
        throw err;
      }
      $("verify-result").dataset.state = registered.state;
      const now = plays(registered) === "runs" ? "the arena may play its runs now" : "may fight now";
      $("verify-result").textContent = `${registered.state}: ${registered.name} returned its challenge, and ${now}.`;
      await roster(info);
    });
  }

  // tryForm sets up the form that tries a bot before it is registered
  // (POST .../trials), and shows the trial's report.
  function tryForm(info) {
    $("try-key").value = key();
    const sample = example(info);
    $("try-options-label").hidden = sample === undefined;
    $("try-options").placeholder = sample || "";
    $("try-form").onsubmit = (e) => {
      e.preventDefault();
      busy($("try-button"), async () => {
        const k = $("try-key").value.trim();
        sessionStorage.setItem(KEY, k);
        const body = {url: $("try-url").value.trim()};
        const raw = $("try-options").value.trim();
        if (raw && sample !== undefined) body.options = JSON.parse(raw);
        $("try-verdict").textContent = "Playing the bot against the house bot…";
        $("tried").hidden = false;
        $("try-departures").replaceChildren();
        const r = await call(info.fights.replace(/fights$/, "trials"), {method: "POST", body, key: k});
        $("try-verdict").dataset.state = r.passed ? "passed" : "failed";
        $("try-verdict").textContent = `${r.passed ? "Passed" : "Failed"}: ${plural(r.calls, "play-turn")}, ${r.ended}; ` +
          `replies ${r.meanMillis} ms on average, ${r.slowestMillis} ms at most.`;
        $("try-departures").replaceChildren(...r.departures.map((d) => {
          const li = el("li", `${d.call ? "play-turn " + d.call : "init"}: ${d.what}`, d.fatal ? "fatal" : "note");
          li.dataset.fatal = String(d.fatal);
          return li;
        }));
      });
    };
  }

  // bot shows a bot's page, as its owner sees it when this tab holds its
  // owner's key.
  async function bot(slug, id) {
    $("status").textContent = "Reading the bot…";
    const info = await gameInfo(slug);
    G.info = info;
    $("bot-back").href = gameHref(slug);
    $("bot-back").textContent = `← ${info.title} in the arena`;
    let b, note = "";
    try {
      b = await call(`${info.bots}/${enc(id)}`, {key: key()});
    } catch (err) {
      if (!key() || err.code !== "unauthorized") throw err;
      b = await call(`${info.bots}/${enc(id)}`);
      note = "The agent key this tab holds is not in use: it shows the bot as anyone sees it.";
    }
    showBot(info, b);
    $("owner-result").textContent = note;
    show("bot");
    await (plays(b) === "runs" ? botRuns(info, b) : botFights(info, b));
    $("status").textContent = "";
  }

  // showBot shows what the API answered of a bot; with its url, the
  // owner's view, with the owner's buttons.
  function showBot(info, b) {
    const mine = "url" in b;
    document.title = `${b.name} · ${info.title} arena`;
    $("bot-name").textContent = b.name;
    const facts = $("bot-facts");
    facts.replaceChildren();
    const fact = (term, value, cls) => {
      const dd = el("dd", undefined, cls);
      dd.append(value);
      facts.append(el("dt", term), dd);
    };
    const owner = document.createDocumentFragment();
    owner.append(link(b.owner.name, "/boards/?agent=" + enc(b.owner.id)));
    fact("Owner", owner, "owner");
    fact("Plays", plays(b), "plays");
    fact("State", b.state + (b.why ? ` (${b.why})` : ""), "state");
    fact("Description", b.description || "–", "description");
    fact("Registered", time(b.created), "created");
    fact("Last answered", b.answered ? time(b.answered) : "never", "answered");
    const times = b.times || [];
    if (times.length) {
      const sorted = times.slice().sort((x, y) => x - y), n = sorted.length;
      const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
      fact("Reply times", `latest ${times[n - 1]} ms, median ${median} ms of its last ${n}`, "times");
    } else {
      fact("Reply times", "none yet", "times");
    }
    if (mine) {
      const url = el("code", b.url);
      fact("URL", url, "url");
      fact("Failed in a row", String(b.failures), "failures");
    }
    $("owner").hidden = !mine;
    $("bot-key-form").hidden = mine;
    $("bot-verify").hidden = b.state !== "pending";
    $("bot-pause").hidden = b.state !== "active";
    $("bot-resume").hidden = b.state !== "paused";
    $("delete-confirm").hidden = true;
    $("bot-delete").hidden = false;
    const op = (button, name, done) => {
      button.onclick = () => busy(button, async () => {
        $("owner-result").textContent = "";
        let out;
        try {
          out = await call(`${info.bots}/${enc(b.id)}/${name}`, {method: "POST", body: {}, key: key()});
        } catch (err) {
          $("owner-result").textContent = err.message;
          throw err;
        }
        showBot(info, out);
        $("owner-result").textContent = done(out);
      });
    };
    op($("bot-verify"), "verify", (out) => `Verified: ${out.name} is ${out.state}.`);
    op($("bot-pause"), "pause", (out) => `${out.name} is ${out.state}: it plays no more until resumed.`);
    op($("bot-resume"), "resume", (out) => `${out.name} is ${out.state} again.`);
    $("bot-delete").onclick = () => {
      $("bot-delete").hidden = true;
      $("delete-confirm").hidden = false;
      $("bot-delete-no").focus();
    };
    $("bot-delete-no").onclick = () => {
      $("delete-confirm").hidden = true;
      $("bot-delete").hidden = false;
    };
    $("bot-delete-yes").onclick = () => busy($("bot-delete-yes"), async () => {
      await call(`${info.bots}/${enc(b.id)}`, {method: "DELETE", key: key()});
      $("owner").hidden = true;
      $("bot-name").textContent = `${b.name} (deleted)`;
      $("status").textContent = `${b.name} is deleted; its fights stay, under its name.`;
    });
    $("bot-key-form").onsubmit = (e) => {
      e.preventDefault();
      sessionStorage.setItem(KEY, $("bot-key").value.trim());
      bot(info.game, b.id).catch(fail);
    };
  }

  // botTable titles the table of a bot's fights or runs with what (its
  // rows' word), columns and caption, and shows it if there are any.
  function botTable(what, columns, caption, any) {
    $("bot-fights-title").textContent = `Its ${what}s`;
    $("bot-fights-head").replaceChildren(...columns.map((c) => Object.assign(el("th", c), {scope: "col"})));
    $("bot-fights-caption").textContent = caption;
    $("bot-fights").hidden = !any;
    $("bot-fights-none").hidden = any;
    $("bot-fights-none").textContent = `No ${what} yet.`;
  }

  // readFights reads the fights of codes: each {code, f, places}, f and
  // places null when it could not be read.
  function readFights(info, codes) {
    return Promise.all(codes.map(async (code) => {
      try {
        const f = await call(`${info.fights}/${enc(code)}`);
        return {code, f, places: f.over ? await placesOf(info, f) : null};
      } catch {
        return {code, f: null, places: null};
      }
    }));
  }

  // botFights lists a bot's latest fights, the latest first: each one's
  // seats, with their places once over, and the bot's.
  async function botFights(info, b) {
    $("bot-boards").hidden = true;
    const codes = (b.fights || []).slice().reverse();
    const read = await readFights(info, codes);
    botTable("fight", ["Fight", "Seats", "Its place", "Launched", "Replay"],
      `${b.name}'s latest ${plural(codes.length, "fight")}, the latest first`, !!codes.length);
    $("bot-fight-rows").replaceChildren(...read.map(({code, f, places}) => {
      const tr = botRow(info, code, f, ["seats", "place"]);
      if (!f) return tr;
      const seat = f.seats.findIndex((s) => s.bot === b.id);
      let its = f.over ? "–" : "under way";
      if (places && seat >= 0) its = `${nth(places[seat])} of ${f.seats.length}`;
      if (seat >= 0 && f.seats[seat].failed) its += ` (failed: ${f.seats[seat].failed})`;
      const when = el("td", undefined, "launched");
      when.append(time(f.launched));
      const replay = el("td", undefined, "replay");
      replay.append(link(f.over ? "Replay" : "Watch", replayHref(info.game, code)));
      tr.append(el("td", seatsText(f.seats.map((s) => s.name), places), "seats"), el("td", its, "place"), when, replay);
      return tr;
    }));
  }

  // botRow starts the row of a bot's fight (or run) code: its head cell,
  // linking the fight's page; for a fight that could not be read (f
  // null), a dash in each of the cells of classes, and in its launch's,
  // and no replay.
  function botRow(info, code, f, classes) {
    const tr = el("tr");
    tr.dataset.code = code;
    const th = el("th", undefined, "code");
    th.scope = "row";
    th.append(link(code, fightHref(info.game, code)));
    tr.append(th);
    if (!f) tr.append(...[...classes, "launched"].map((c) => el("td", "–", c)), el("td", "", "replay"));
    return tr;
  }

  // botRuns lists a runs bot's latest runs, the latest first: each one's
  // board, its score once over and its replay; and links the boards of
  // the game's evaluation, where the bot stands once it has played them.
  async function botRuns(info, b) {
    const codes = (b.fights || []).slice().reverse();
    const read = await readFights(info, codes);
    botTable("run", ["Run", "Board", "Score", "Launched", "Replay"],
      `${b.name}'s latest ${plural(codes.length, "run")}, the latest first: each one's board, and its score once over`, !!codes.length);
    $("bot-fight-rows").replaceChildren(...read.map(({code, f}) => {
      const tr = botRow(info, code, f, ["board", "score"]);
      if (!f) return tr;
      tr.dataset.over = String(f.over);
      const board = el("td", undefined, "board");
      board.append(boardLink(info, f.board));
      let score = f.over ? (f.score === undefined ? "–" : String(f.score)) : "under way";
      if (f.seats[0] && f.seats[0].failed) score += ` (failed: ${f.seats[0].failed})`;
      const when = el("td", undefined, "launched");
      when.append(time(f.launched));
      const replay = el("td", undefined, "replay");
      if (f.page) replay.append(link(f.over ? "Replay" : "Watch", f.page));
      tr.append(board, el("td", score, "score"), when, replay);
      return tr;
    }));
    botBoards(info, b);
  }

  // botBoards links the boards of the game's evaluation, on which a bot
  // that plays runs stands once it has played enough runs there.
  function botBoards(info, b) {
    const boards = info.runs ? info.runs.boards : [];
    $("bot-boards").hidden = !boards.length;
    if (!boards.length) return;
    $("bot-boards").replaceChildren(`${b.name} stands on ${boards.length === 1 ? "the board" : "each board"} of ${info.title}'s ` +
      `evaluation once it has played ${plural(info.runs.runsPerBoard, "run")} there: `,
    ...boards.flatMap((x, i) => [i ? " · " : "", link(boardLabel(x.options), boardsHref(info.game, x.board))]), ".");
  }

  // fightView shows a fight or a run, followed until it is over.
  async function fightView(slug, code) {
    $("status").textContent = "Reading the fight…";
    const info = await gameInfo(slug);
    $("fight-back").href = gameHref(slug);
    $("fight-back").textContent = `← ${info.title} in the arena`;
    const f = await call(`${info.fights}/${enc(code)}`);
    document.title = `${f.plays === "runs" ? "Run" : "Fight"} ${f.code} · ${info.title} arena`;
    const panel = panelOf(info, f);
    $("fight-box").replaceChildren(panel.box);
    $("status").textContent = "";
    show("fight-view");
    await follow(info, f, panel, null);
  }

  const slug = params.get("game");
  const run = !slug ? home() : params.get("bot") ? bot(slug, params.get("bot")) :
    params.get("fight") ? fightView(slug, params.get("fight")) : game(slug, params.get("seats"));
  run.catch(fail);
})();
