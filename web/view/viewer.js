// viewer.js is the replay viewer's core: it loads a transcript (the golden
// case JSON format: {format, game, name, covers, query, full, steps}, step 0
// the init's answer, step i > 0 the answer to steps[i].action), steps
// through it and asks the game's renderer to draw each step's board.
//
// A compact transcript (format 3) keeps a whole answer at some steps and,
// at the others, a patch instead: an RFC 6902 JSON Patch of "add", "remove"
// and "replace" ops, JSON Pointer paths, that turns the previous step's
// answer into this one's. load gives each such step an answer property
// that builds the answer when first read, from the nearest step before it
// already built, and keeps the last 64 built (so that stepping back from a
// step, which builds from a whole answer up to it, finds the steps before
// it built).
//
// THE RENDERER CONTRACT. Each game's script, games/<slug>.js, loaded after
// this file, registers one renderer when it runs:
//
//   Viewer.register(slug, {
//     draw(boardEl, answer, stepIndex, transcript) { ... },
//     describe(action) { return "one line"; },   // optional
//     css: true,   // optional: games/<slug>.css styles it (pages load it)
//   });
//
// draw paints a step's board into boardEl, an empty <div> of its own: the
// core makes a new one whenever a transcript is loaded and never touches it
// between steps, so a renderer may keep its canvas or elements there and
// redraw incrementally. answer always carries a view: it is
// transcript.steps[stepIndex].answer, where stepIndex is the step shown or,
// when that step has no view (a refused action, ok false, or a golden file
// that keeps only the step's digest), the latest earlier step with one.
// Every step's answer is whole, in a compact transcript too (built from
// the patches, sharing parts with other steps' answers: a renderer must
// not change it, and reads every step's only when it must). Its fields: ok, gameOver, turn, score, observation, legalActions, view (the
// game's JSON view), result and seed once over, events and actionRanges in
// some games. draw is called only when stepIndex changes, in any order (the
// user jumps about), and must be cheap: a Tron match has thousands of steps
// and plays at up to 60 draws a second. A renderer may cache work for a
// transcript on the transcript object, under a key "_<slug>". For tests, it
// exposes what it drew in boardEl in a checkable form (data attributes, or
// a canvas whose pixels a test reads through documented data attributes).
//
// describe, if given, turns a step's action object into one line of text;
// without it the core shows the action as JSON.
//
// The core owns the rest: beside the board the step's action, and the
// observation, score, turn and result of the answer drawn; the controls
// (first, back, play/pause, forward, last, speed, a scrubber), the
// keyboard (Left/Right, Space, Home/End) and the URL: ?game=&golden= for a
// golden case, ?game=&ranked=<id> for a ranked match, ?game=&live=<code>
// for a live match (spectating: its new steps are appended as they come,
// and the board follows them from the last step), and &step= for a step.
"use strict";

const Viewer = (() => {
  const renderers = {};
  const SPEEDS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let tr = null; // the transcript shown
  let drawnAt = []; // per step, the step whose answer the board shows
  let boardEl = null;
  let step = 0, drawn = -1, playing = false, clock = 0, carry = 0, urlTimer = 0;
  const listeners = []; // onStep's

  function register(slug, renderer) {
    renderers[slug] = renderer;
  }

  function fail(message) {
    $("error").textContent = message;
  }

  function show(id) {
    for (const s of ["home", "gallery", "replay"]) $(s)?.classList.toggle("hidden", s !== id);
  }

  async function getJSON(url) {
    const res = await fetch(url);
    const body = await res.json();
    if (!res.ok) throw new Error((body.error && body.error.message) || res.statusText);
    return body;
  }

  function link(query, text) {
    const a = document.createElement("a");
    a.href = "?" + new URLSearchParams(query);
    a.textContent = text;
    return a;
  }

  function item(parent, ...children) {
    const li = document.createElement("li");
    li.append(...children);
    parent.append(li);
    return li;
  }

  async function home() {
    show("home");
    const list = $("games");
    for (const g of (await getJSON("/api/games")).games) {
      item(list, link({game: g.slug}, g.name), " " + g.description).dataset.game = g.slug;
      $("find-game").append(new Option(g.name, g.slug));
    }
  }

  // find opens the match the home page's form names: a live match by its
  // code, or a ranked match by its id.
  function find(e) {
    e.preventDefault();
    const game = $("find-game").value, id = $("find-id").value.trim();
    if (!id) return;
    location.search = "?" + new URLSearchParams({game, [e.submitter && e.submitter.value === "ranked" ? "ranked" : "live"]: id});
  }

  async function gallery(game) {
    show("gallery");
    $("title").textContent = game + ": golden matches";
    const list = $("cases");
    for (const c of (await getJSON("/api/games/" + encodeURIComponent(game) + "/golden")).cases) {
      const covers = document.createElement("span");
      covers.className = "covers";
      covers.textContent = c.covers.join(" · ");
      item(list, link({game, golden: c.name}, c.name), ` ${c.steps} steps `, covers).dataset.case = c.name;
    }
  }

  function load(transcript, at) {
    if (!transcript || !Array.isArray(transcript.steps) || !transcript.steps.length || typeof transcript.game !== "string") {
      throw new Error("not a transcript: want {game, steps: [...]} as in golden/<game>/*.json");
    }
    const steps = transcript.steps;
    tr = {...transcript, steps: []};
    drawnAt = [];
    extend(steps);
    boardEl = document.createElement("div");
    $("board").replaceChildren(boardEl);
    drawn = -1;
    const n = tr.steps.length;
    $("speed").value = SPEEDS.find((s) => n / s <= 20) || SPEEDS[SPEEDS.length - 1];
    $("title").textContent = `${tr.game}: ${tr.name || "a transcript"}` + (tr.covers ? " (" + tr.covers.join(", ") + ")" : "");
    $("error").textContent = renderers[tr.game] ? "" : `no renderer for ${tr.game}; only the text is shown`;
    show("replay");
    pause();
    go(at);
    return tr;
  }

  // prepare readies a transcript's steps for reading as the renderers read
  // the transcript shown: each step that carries a patch gets its answer,
  // built when first read. It answers the transcript.
  function prepare(transcript) {
    expandable(transcript.steps);
    return transcript;
  }

  // extend appends steps to the transcript shown (the next page of a
  // ranked match's, a live match's new frames): each page of a compact
  // transcript starts with a whole answer, so its patches build on it.
  function extend(steps) {
    const viewed = expandable(steps);
    let last = drawnAt.length ? drawnAt[drawnAt.length - 1] : -1;
    steps.forEach((s, i) => {
      drawnAt.push((last = viewed[i] ? tr.steps.length : last));
      tr.steps.push(s);
    });
    $("scrub").max = tr.steps.length - 1;
    $("position").textContent = `step ${step} of ${tr.steps.length - 1}`;
  }

  // expandable gives each step of steps that carries a patch an answer
  // built on demand (see patched), and answers per step whether its answer
  // has a view, read from the patches without building the answers.
  function expandable(steps) {
    const whole = steps.map((s) => (s.patch ? undefined : s.answer));
    const built = new Map(); // step → answer, the latest read last
    const answer = (i) => {
      let a = whole[i] || built.get(i);
      if (a) {
        built.delete(i) && built.set(i, a);
        return a;
      }
      let from = i - 1;
      while (!whole[from] && !built.has(from)) from--;
      a = whole[from] || built.get(from);
      for (let j = from + 1; j <= i; j++) {
        try {
          a = patched(a, steps[j].patch);
        } catch (err) {
          throw new Error(`step ${j}: ${err.message}`);
        }
        built.set(j, a);
      }
      for (const j of built.keys()) {
        if (built.size <= 64) break;
        built.delete(j);
      }
      return a;
    };
    let view = false;
    return steps.map((s, i) => {
      if (!s.patch) return (view = !!(s.answer && s.answer.view));
      if (!Array.isArray(s.patch) || s.answer !== undefined || i === 0 || (!steps[i - 1].patch && !steps[i - 1].answer)) {
        throw new Error(`step ${i}: a patch must be a list of ops, instead of an answer, after a step with one`);
      }
      Object.defineProperty(s, "answer", {get: () => answer(i), enumerable: true});
      for (const o of s.patch) {
        if (o.path === "") view = !!(o.value && o.value.view);
        else if (o.path === "/view") view = o.op !== "remove" && !!o.value;
      }
      return view;
    });
  }

  // patched answers doc with a JSON Patch applied, leaving doc as it was:
  // it copies only the objects and arrays on the ops' paths, once each.
  function patched(doc, patch) {
    const own = new Set(); // the copies made, to change in place
    for (const {op, path, value} of patch) {
      if (!["add", "remove", "replace"].includes(op)) throw new Error(`op ${op}: only add, remove and replace`);
      if (path === "") {
        if (op === "remove") throw new Error("cannot remove the whole answer");
        doc = value;
        continue;
      }
      if (typeof path !== "string" || path[0] !== "/") throw new Error(`path ${path} does not start with /`);
      const keys = path.slice(1).split("/").map((k) => k.replaceAll("~1", "/").replaceAll("~0", "~"));
      const last = keys.pop();
      let holder = null, at = null, node = doc; // node is holder[at], or doc
      for (const k of keys) {
        const c = copy(node, own);
        if (holder) set(holder, at, c);
        else doc = c;
        holder = c;
        at = slot(c, k, false);
        node = c[at];
      }
      node = edit(node, op, last, value, own);
      if (holder) set(holder, at, node);
      else doc = node;
    }
    return doc;
  }

  // edit answers the object or array node with op done at its key k: node
  // itself if own has it, else a copy. An element is added to an array not
  // yet copied in one copy (a Tron trail grows by its head every step).
  function edit(node, op, k, value, own) {
    if (Array.isArray(node)) {
      const i = op === "add" && k === "-" ? node.length : slot(node, k, op === "add");
      if (op === "add" && !own.has(node)) {
        const c = i === 0 ? [value].concat(node) : node.slice(0, i).concat([value], node.slice(i));
        own.add(c);
        return c;
      }
      node = copy(node, own);
      if (op === "add") node.splice(i, 0, value);
      else if (op === "remove") node.splice(i, 1);
      else node[i] = value;
      return node;
    }
    node = copy(node, own);
    if (op !== "add" && !Object.hasOwn(node, k)) throw new Error(`${op}: no member ${k}`);
    if (op === "remove") delete node[k];
    else set(node, k, value);
    return node;
  }

  // copy answers a shallow copy of the object or array v, kept in own, or v
  // if own has it.
  function copy(v, own) {
    if (own.has(v)) return v;
    if (v === null || typeof v !== "object") throw new Error("a path goes through " + JSON.stringify(v));
    const c = Array.isArray(v) ? v.slice() : {...v};
    own.add(c);
    return c;
  }

  // slot is where key k leads in node: an array index (one past the end
  // too, if end), or a member that is there.
  function slot(node, k, end) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(k) || Number(k) > node.length - (end ? 0 : 1)) throw new Error(`no index ${k} in an array of ${node.length}`);
      return Number(k);
    }
    if (!Object.hasOwn(node, k)) throw new Error(`no member ${k}`);
    return k;
  }

  // set sets node's member or element k to v, as a member of its own even
  // when k is "__proto__".
  function set(node, k, v) {
    if (k === "__proto__") Object.defineProperty(node, k, {value: v, writable: true, enumerable: true, configurable: true});
    else node[k] = v;
  }

  function describe(s, i) {
    if (i === 0 && tr.covers && tr.covers.includes("live")) return "the deal";
    if (i === 0) return "init: " + Object.entries(tr.query || {}).map(([k, v]) => k + " " + v).join(", ");
    const r = renderers[tr.game];
    return r && r.describe ? r.describe(s.action) : JSON.stringify(s.action);
  }

  // note says why a step without a view shows an earlier step.
  function note(s, from) {
    if (s.answer && s.answer.view) return "";
    const a = s.answer;
    const why = !a ? "This file keeps only this step's digest." : a.code ? `Refused (${a.code}): ${a.reason}.` : "This answer has no view.";
    return why + (from >= 0 ? ` The board and the text are step ${from}'s.` : "");
  }

  function go(i) {
    step = Math.max(0, Math.min(tr.steps.length - 1, i | 0));
    const s = tr.steps[step], from = drawnAt[step];
    const a = (from >= 0 ? tr.steps[from].answer : s.answer) || {};
    const r = renderers[tr.game];
    if (r && from >= 0 && from !== drawn) {
      r.draw(boardEl, a, from, tr);
      drawn = from;
    }
    $("position").textContent = `step ${step} of ${tr.steps.length - 1}`;
    $("scrub").value = step;
    $("action").textContent = describe(s, step);
    $("note").textContent = note(s, from);
    $("observation").textContent = a.observation || "";
    $("score").textContent = a.score ?? "";
    $("turn").textContent = a.turn || "";
    $("result").textContent = a.result ? JSON.stringify(a.result) : "";
    if (!urlTimer && !embedded()) urlTimer = setTimeout(writeURL, 250);
    for (const f of listeners) f(step, tr);
  }

  // embedded reports whether the page holding the viewer loads its
  // transcripts itself (the conformance report, say): its <html> has
  // data-viewer="embedded"; the viewer then neither reads nor writes the URL.
  function embedded() {
    return document.documentElement.dataset.viewer === "embedded";
  }

  function writeURL() {
    urlTimer = 0;
    params.set("step", step);
    history.replaceState(null, "", "?" + params);
  }

  function play() {
    if (step === tr.steps.length - 1) go(0);
    playing = true;
    $("play").textContent = "❚❚";
    clock = performance.now();
    carry = 0;
    requestAnimationFrame(tick);
  }

  function pause() {
    playing = false;
    $("play").textContent = "▶";
  }

  function tick(now) {
    if (!playing) return;
    carry += ((now - clock) * Number($("speed").value)) / 1000;
    clock = now;
    if (carry >= 1) {
      const k = Math.floor(carry);
      carry -= k;
      go(step + k);
      if (step === tr.steps.length - 1) return pause();
    }
    requestAnimationFrame(tick);
  }

  function by(delta) {
    pause();
    go(step + delta);
  }

  const keys = {
    ArrowLeft: () => by(-1),
    ArrowRight: () => by(1),
    Home: () => by(-step),
    End: () => by(tr.steps.length),
    " ": () => (playing ? pause() : play()),
  };

  function onKey(e) {
    const t = e.target.tagName;
    if (!tr || !keys[e.key] || t === "SELECT" || (t === "INPUT" && e.target.type !== "range")) return;
    e.preventDefault();
    keys[e.key]();
  }

  async function open(file) {
    try {
      load(JSON.parse(await file.text()), 0);
      for (const k of ["game", "golden", "ranked", "live"]) params.delete(k);
      if ($("status")) $("status").textContent = "";
    } catch (err) {
      fail(`${file.name}: ${err.message}`);
    }
  }

  function wire() {
    for (const s of SPEEDS) $("speed").append(new Option(s + " steps/s", s));
    $("first").onclick = keys.Home;
    $("back").onclick = keys.ArrowLeft;
    $("play").onclick = keys[" "];
    $("forward").onclick = keys.ArrowRight;
    $("last").onclick = keys.End;
    $("controls").addEventListener("click", (e) => e.target.tagName === "BUTTON" && e.target.blur());
    $("speed").onchange = () => $("speed").blur();
    $("scrub").oninput = () => by($("scrub").value - step);
    // A page that embeds the viewer may leave out the home page's form,
    // the file input and the gallery: only the replay's elements are
    // needed.
    if ($("find")) $("find").onsubmit = find;
    if ($("file")) $("file").onchange = () => $("file").files[0] && open($("file").files[0]);
    document.addEventListener("keydown", onKey);
    document.addEventListener("dragover", (e) => e.preventDefault());
    document.addEventListener("drop", (e) => {
      e.preventDefault();
      if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
    });
  }

  // A paged source is a ranked or a live match's transcript, served a
  // page at a time (each answer's Link header naming the next page) and
  // growing while the match runs. pageAt(n) is the URL of the page that
  // holds step n and where that page begins: a ranked match's pages begin
  // at the multiples of 10, a live match's anywhere.
  const sources = {
    ranked: (game, id) => ({
      name: `ranked match ${id}`,
      pageAt: (n) => ({url: `/api/games/${encodeURIComponent(game)}/ranked/${encodeURIComponent(id)}/transcript?from=${n - (n % 10)}`, from: n - (n % 10)}),
      every: 2000,
    }),
    live: (game, code) => {
      const base = game === "tidebreakers" ? "/api/matches" : `/api/games/${encodeURIComponent(game)}/matches`;
      return {
        name: `live match ${code}`,
        pageAt: (n) => ({url: `${base}/${encodeURIComponent(code)}/transcript?from=${n}`, from: n}),
        every: 1000,
        edge: true, // opens at the newest step, unless the URL names one
      };
    },
  };

  // openPaged loads a paged source: the first page shown at once, the
  // next pages appended as they arrive, the board then at step at (a live
  // match's at its newest step when at is 0), and
  // then, while the match is not over, the new steps every src.every
  // milliseconds; the board follows them when it showed the last step.
  async function openPaged(src, at) {
    let first = await getPage(src.pageAt(0).url);
    while (!first.body.steps.length) { // a live match still in its lobby
      $("status").textContent = `${src.name} is waiting for its players…`;
      await sleep(src.every);
      first = await getPage(src.pageAt(0).url);
    }
    load(first.body, 0);
    const mine = tr;
    for (let next = first.next; next; ) {
      $("status").textContent = `loading ${src.name}: ${tr.steps.length} steps so far…`;
      const page = await getPage(next);
      if (tr !== mine) return;
      extend(page.body.steps);
      next = page.next;
    }
    if (at || src.edge) go(at || tr.steps.length - 1);
    follow(src);
  }

  // follow polls a paged source for the steps past the last one shown,
  // until the match is over or another transcript is loaded.
  async function follow(src) {
    const mine = tr;
    let wait = src.every;
    while (tr === mine && !over()) {
      $("status").textContent = `following ${src.name}: ${tr.steps.length - 1} steps so far`;
      $("status").classList.add("live");
      await sleep(wait);
      if (tr !== mine) return;
      try {
        const n = tr.steps.length, {url, from} = src.pageAt(n);
        const page = await getPage(url);
        const fresh = page.body.steps.slice(n - from);
        if (tr !== mine) return;
        if (fresh.length) {
          const atEdge = step === tr.steps.length - 1;
          extend(fresh);
          if (atEdge && !playing) go(tr.steps.length - 1);
        }
        wait = page.next ? 0 : src.every; // a page behind: read on at once
        $("error").textContent = "";
      } catch (err) {
        wait = Math.min(wait * 2, 30000);
        fail(`${src.name}: ${err.message}; trying again in ${wait / 1000} s`);
      }
    }
    if (tr === mine) {
      $("status").textContent = `${src.name} is over: ${tr.steps.length - 1} steps`;
      $("status").classList.remove("live");
    }
  }

  // over reports whether the transcript's last answer ends the match.
  function over() {
    const last = tr.steps[tr.steps.length - 1];
    return !!(last.answer && last.answer.gameOver);
  }

  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

  // getPage fetches a page of a paged source, and the next page's URL
  // from its Link header.
  async function getPage(url) {
    const res = await fetch(url);
    const body = await res.json();
    if (!res.ok) throw new Error((body.error && body.error.message) || res.statusText);
    const m = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("Link") || "");
    return {body, next: m && m[1]};
  }

  async function start() {
    wire();
    if (embedded()) return;
    const game = params.get("game"), golden = params.get("golden"), at = Number(params.get("step")) || 0;
    try {
      if (game && golden) {
        const url = `/api/games/${encodeURIComponent(game)}/golden/${encodeURIComponent(golden)}`;
        load(await getJSON(url), at);
      } else if (game && (params.has("ranked") || params.has("live"))) {
        const kind = params.has("ranked") ? "ranked" : "live";
        await openPaged(sources[kind](game, params.get(kind)), at);
      } else if (game) {
        await gallery(game);
      } else {
        await home();
      }
    } catch (err) {
      fail(err.message);
    }
  }

  document.addEventListener("DOMContentLoaded", start);

  // The viewer's API, for the scripts of a page that embeds it: register
  // (the renderer contract above); load(transcript, step) shows a
  // transcript at a step, and answers the transcript shown (a copy, whose
  // steps grow as more arrive); onStep(f) calls f(stepIndex, transcript
  // shown) after every step shown; renderer(slug) is the game's renderer,
  // to draw another board (an expected answer beside the received one,
  // say), from a transcript readied by prepare.
  return {register, load, prepare, onStep: (f) => listeners.push(f), renderer: (slug) => renderers[slug]};
})();
