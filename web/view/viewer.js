// viewer.js is the replay viewer's core: it loads a transcript (the golden
// case JSON format: {format, game, name, covers, query, full, steps}, step 0
// the init's answer, step i > 0 the answer to steps[i].action), steps
// through it and asks the game's renderer to draw each step's board.
//
// THE RENDERER CONTRACT. Each game's script, games/<slug>.js, loaded after
// this file, registers one renderer when it runs:
//
//   Viewer.register(slug, {
//     draw(boardEl, answer, stepIndex, transcript) { ... },
//     describe(action) { return "one line"; },   // optional
//   });
//
// draw paints a step's board into boardEl, an empty <div> of its own: the
// core makes a new one whenever a transcript is loaded and never touches it
// between steps, so a renderer may keep its canvas or elements there and
// redraw incrementally. answer always carries a view: it is
// transcript.steps[stepIndex].answer, where stepIndex is the step shown or,
// when that step has no view (a refused action, ok false, or a golden file
// that keeps only the step's digest), the latest earlier step with one. Its
// fields: ok, gameOver, turn, score, observation, legalActions, view (the
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
// keyboard (Left/Right, Space, Home/End) and the URL (?game=&golden=&step=).
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

  function register(slug, renderer) {
    renderers[slug] = renderer;
  }

  function fail(message) {
    $("error").textContent = message;
  }

  function show(id) {
    for (const s of ["home", "gallery", "replay"]) $(s).classList.toggle("hidden", s !== id);
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
    }
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
    tr = transcript;
    let last = -1;
    drawnAt = tr.steps.map((s, i) => (last = s.answer && s.answer.view ? i : last));
    boardEl = document.createElement("div");
    $("board").replaceChildren(boardEl);
    drawn = -1;
    const n = tr.steps.length;
    $("scrub").max = n - 1;
    $("speed").value = SPEEDS.find((s) => n / s <= 20) || SPEEDS[SPEEDS.length - 1];
    $("title").textContent = `${tr.game}: ${tr.name || "a transcript"}` + (tr.covers ? " (" + tr.covers.join(", ") + ")" : "");
    $("error").textContent = renderers[tr.game] ? "" : `no renderer for ${tr.game}; only the text is shown`;
    show("replay");
    pause();
    go(at);
  }

  function describe(s, i) {
    if (i === 0) return "init: " + Object.entries(tr.query || {}).map(([k, v]) => k + " " + v).join(", ");
    const r = renderers[tr.game];
    return r && r.describe ? r.describe(s.action) : JSON.stringify(s.action);
  }

  // note says why a step without a view shows an earlier step.
  function note(s, from) {
    if (s.answer && s.answer.view) return "";
    const why = s.answer ? `Refused (${s.answer.code}): ${s.answer.reason}.` : "This file keeps only this step's digest.";
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
    if (!urlTimer) urlTimer = setTimeout(writeURL, 250);
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
      params.delete("game");
      params.delete("golden");
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
    $("file").onchange = () => $("file").files[0] && open($("file").files[0]);
    document.addEventListener("keydown", onKey);
    document.addEventListener("dragover", (e) => e.preventDefault());
    document.addEventListener("drop", (e) => {
      e.preventDefault();
      if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
    });
  }

  async function start() {
    wire();
    const game = params.get("game"), golden = params.get("golden");
    try {
      if (game && golden) {
        const url = `/api/games/${encodeURIComponent(game)}/golden/${encodeURIComponent(golden)}`;
        load(await getJSON(url), Number(params.get("step")) || 0);
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
  return {register};
})();
