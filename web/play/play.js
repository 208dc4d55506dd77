// play.js is the play page's core: a person plays a game through exactly
// the stateless API an agent calls, GET /api/games/{slug}/init and then
// POST /api/games/{slug}/action with the state token and an action, by the
// same grammar and with the same refusals (a refused action shows its
// reason and changes nothing). The board is drawn by the replay viewer's
// renderer, /view/games/<slug>.js, which registers with the small Viewer
// object below; the match is kept as a transcript in the golden files'
// format, to download or to replay in the viewer.
//
// Each game's script (tinrail.js, ...) registers its inputs:
//
//   Play.game(slug, {
//     options: {name: {values: [...]} or {min, max, value}},  // init's
//     token: "stateToken",       // the token's name, "state" if left out
//     controls(el, play) { return {update(answer), key(event)}; },
//     event(e) { return "one line"; },  // optional, for answer.events
//   });
//
// controls builds the game's inputs in el; play.act(action) sends an
// action, play.draw(el, answer) draws an answer with the renderer. update
// gets every accepted answer; key gets each key pressed outside a field
// and answers whether it used it. Buttons offer the legal actions; keys
// send what the grammar can say, and the server judges them.
"use strict";

const Play = (() => {
  const games = {}, renderers = {};
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let info = null; // the game chosen, as GET /api/games lists it
  let m = null; // the match: slug, def, field, token, tr, board, controls
  let busy = false;

  window.Viewer = {register: (slug, r) => (renderers[slug] = r)};

  function show(id) {
    for (const s of ["home", "setup", "match"]) $(s).classList.toggle("hidden", s !== id);
  }

  function el(name, text, cls) {
    const e = document.createElement(name);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  async function call(url, body) {
    const init = body && {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
    const res = await fetch(url, init);
    const answer = await res.json();
    if (!res.ok) throw new Error((answer.error && `${answer.error.code}: ${answer.error.message}`) || res.statusText);
    return answer;
  }

  // renderer loads a game's renderer, then its stylesheet when the
  // renderer says it has one (css: true), so no page asks for a file
  // that is not there.
  function renderer(slug) {
    const base = "/view/games/" + slug;
    const js = renderers[slug] ? Promise.resolve() : new Promise((done) => {
      document.head.append(Object.assign(el("script"), {src: base + ".js", onload: done, onerror: done}));
    });
    return js.then(() => {
      if (renderers[slug] && renderers[slug].css && !document.querySelector(`link[href="${base}.css"]`)) {
        document.head.append(Object.assign(el("link"), {rel: "stylesheet", href: base + ".css"}));
      }
    });
  }

  async function home() {
    show("home");
    for (const g of (await call("/api/games")).games.filter((g) => games[g.slug])) {
      const li = el("li");
      li.dataset.game = g.slug;
      li.append(Object.assign(el("a", g.name), {href: "?game=" + g.slug}), " " + g.description);
      $("games").append(li);
    }
  }

  async function setup(slug) {
    const list = (await call("/api/games")).games;
    info = list.find((g) => g.slug === slug && games[slug]);
    if (!info) throw new Error(`this page plays ${Object.keys(games).join(", ")}, not ${slug}`);
    const [spec] = await Promise.all([call(`/api/games/${slug}/init`).then((a) => a.spec), renderer(slug)]);
    document.title = "Play " + info.name;
    $("game-name").textContent = info.name;
    $("goal").textContent = info.goal;
    $("docs").href = spec.docs;
    $("rules").replaceChildren(...spec.rules.map((r) => el("li", r)));
    $("seed").title = spec.options.seed;
    const known = games[slug].options;
    const names = Object.keys(known).filter((n) => n in spec.options);
    names.push(...Object.keys(spec.options).filter((n) => n !== "seed" && !(n in known)));
    $("fields").replaceChildren(...names.map((n) => field(n, known[n] || {}, spec.options[n])));
    show("setup");
  }

  // field is an init option's input: radio buttons for a choice of
  // values, else a number or text field; its doc below it.
  function field(name, o, doc) {
    const box = el("div", undefined, "field");
    box.append(el("span", name, "name"));
    if (o.values) {
      o.values.forEach((v, i) => {
        const label = el("label");
        label.append(Object.assign(el("input"), {type: "radio", name, value: v, checked: i === 0}), " " + v);
        box.append(label);
      });
    } else {
      const input = Object.assign(el("input"), {name, value: o.value ?? "", type: o.min !== undefined ? "number" : "text"});
      if (o.min !== undefined) Object.assign(input, {min: o.min, max: o.max});
      box.append(input);
    }
    box.append(el("small", doc, "hint"));
    return box;
  }

  function query() {
    const q = {};
    for (const [k, v] of new FormData($("options"))) if (v !== "") q[k] = String(v);
    if ($("ranked").checked) q.ranked = "true";
    return q;
  }

  async function begin(e) {
    e.preventDefault();
    const slug = info.slug, def = games[slug], q = query();
    $("error").textContent = "";
    let a;
    try {
      a = await call(`/api/games/${slug}/init?` + new URLSearchParams(q));
    } catch (err) {
      $("error").textContent = err.message;
      return;
    }
    const field = def.token || "state";
    const tr = {format: 2, game: slug, name: "played", covers: [], query: q, ...(field === "state" ? {} : {tokenField: field}), full: true, steps: []};
    m = {slug, def, field, tr, token: a[field], board: el("div")};
    $("board").replaceChildren(m.board);
    $("refusal").textContent = "";
    show("match");
    m.controls = def.controls($("controls"), {act, draw});
    record(undefined, a);
    shown(a);
  }

  // record adds an answer to the transcript, without its token and spec.
  function record(action, a) {
    const kept = {...a};
    for (const k of ["state", "stateToken", "spec"]) delete kept[k];
    m.tr.steps.push(action === undefined ? {digest: "", answer: kept} : {action, digest: "", answer: kept});
    $("match").dataset.steps = m.tr.steps.length;
  }

  // draw draws an answer with the game's renderer: a new transcript object
  // each time, since a renderer may cache work on one and this one grows.
  function draw(boardEl, answer, i = m.tr.steps.length - 1, tr = m.tr) {
    const r = renderers[m.slug];
    if (!r || !answer.view) return (boardEl.textContent = r ? "This answer carries no view." : `No renderer for ${m.slug}: only the text is shown.`);
    try {
      r.draw(boardEl, answer, i, {...tr});
    } catch (err) {
      boardEl.textContent = `The renderer failed (${err.message}): only the text is shown.`;
    }
  }

  function shown(a) {
    draw(m.board, a);
    m.seed = a.seed ?? m.seed;
    $("seed-shown").textContent = m.seed === undefined ? "" : "seed " + m.seed;
    m.ranked = a.ranked;
    $("ranked-shown").classList.toggle("hidden", !a.ranked);
    if (a.ranked) {
      $("ranked-id").textContent = a.ranked;
      $("ledger").href = `/api/games/${m.slug}/ranked/${a.ranked}`;
      $("ranked-replay").href = `/view/?game=${m.slug}&ranked=${a.ranked}`;
    }
    $("status").textContent = a.gameOver ? "Over: " + summary(a.result) : "Your move.";
    $("score").textContent = a.score;
    $("turn").textContent = a.turn;
    $("result").textContent = a.result ? JSON.stringify(a.result) : "";
    $("events").replaceChildren(...(a.events || []).map((e) => el("li", m.def.event ? m.def.event(e) : JSON.stringify(e))));
    $("events-head").hidden = !a.events;
    $("observation").textContent = a.observation ?? "";
    m.controls.update(a);
  }

  const summary = (r) => (r ? Object.entries(r).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(" · ") : "");

  // act sends an action with the newest token; a refused one keeps it.
  async function act(action) {
    if (busy || !m) return;
    busy = true;
    $("match").dataset.busy = "true";
    const at = m;
    try {
      const a = await call(`/api/games/${at.slug}/action`, {[at.field]: at.token, action});
      if (at === m) {
        record(action, a);
        $("refusal").textContent = a.ok ? "" : `Refused (${a.code}): ${a.reason}`;
        if (a.ok) {
          m.token = a[m.field];
          shown(a);
        }
      }
    } catch (err) {
      $("refusal").textContent = err.message;
    }
    busy = false;
    $("match").dataset.busy = "false";
  }

  // text is the transcript as a file: one line a step.
  function text() {
    const {steps, ...head} = m.tr;
    return JSON.stringify(head).slice(0, -1) + ',"steps":[\n' + steps.map((s) => JSON.stringify(s)).join(",\n") + "\n]}\n";
  }

  const fileName = () => `${m.slug}-${m.seed ?? m.ranked ?? "played"}.json`;

  function download() {
    const a = $("download");
    if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([text()], {type: "application/json"}));
    a.download = fileName();
  }

  // replay opens the viewer in a new tab and hands it the transcript
  // through its file input, as if the person had chosen the file there.
  function replay() {
    const w = window.open("/view/", "_blank");
    if (!w) return ($("refusal").textContent = "The browser blocked the viewer's tab.");
    const body = text(), name = fileName(), since = Date.now();
    const wait = setInterval(() => {
      let input = null;
      try {
        if (w.location.pathname === "/view/" && w.document.readyState === "complete") input = w.document.getElementById("file");
      } catch {
        // not yet the viewer's document
      }
      if (!input && Date.now() - since < 20000) return;
      clearInterval(wait);
      if (!input) return ($("refusal").textContent = "The viewer did not open; download the transcript and open it there.");
      const files = new w.DataTransfer();
      files.items.add(new w.File([body], name, {type: "application/json"}));
      input.files = files.files;
      input.dispatchEvent(new w.Event("change"));
    }, 50);
  }

  // onKey hands a key to the game's controls; a key they take does nothing
  // else, not even through the keypress Chromium may still send for it
  // (Space would scroll the page under the person's next click).
  let taken = false;
  function onKey(e) {
    taken = false;
    const tag = e.target.tagName;
    if (!m || $("match").classList.contains("hidden") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || (["BUTTON", "A", "SUMMARY"].includes(tag) && (e.key === "Enter" || e.key === " "))) return;
    if (m.controls.key(e)) {
      e.preventDefault();
      taken = true;
    }
  }

  function wire() {
    $("options").onsubmit = begin;
    $("ranked").onchange = () => ($("seed").disabled = $("ranked").checked);
    $("again").onclick = () => {
      m = null;
      $("refusal").textContent = "";
      show("setup");
    };
    $("download").onclick = download;
    $("replay").onclick = replay;
    // A clicked button lets go of the focus, so that keys keep playing.
    $("match").addEventListener("click", (e) => e.target.closest("button")?.blur());
    document.addEventListener("keydown", onKey);
    document.addEventListener("keypress", (e) => taken && e.preventDefault());
  }

  async function start() {
    wire();
    try {
      await (params.get("game") ? setup(params.get("game")) : home());
    } catch (err) {
      $("error").textContent = err.message;
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  return {game: (slug, def) => (games[slug] = def)};
})();
