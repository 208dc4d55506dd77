// report.js is the conformance report's page glue (conformance -html
// writes the page, conformance/report.html): the page inlines the replay
// viewer (viewer.js and the games' renderers, <html data-viewer="embedded">)
// and, in the JSON of script#report-data, {failures: [...]}: for each
// golden replay that failed, its ref, game, step, path, rule, want and got,
// the failing answer as text when it was not JSON, and two compact
// transcripts (golden format 3) from the init to the failing step: what
// the implementation answered (received) and what the case holds
// (expected).
//
// A button.open-step (data-failure, the failure's index; data-step) moves
// the viewer (#viewer) under its failure and loads the received transcript
// at the failing step. At every step the viewer shows, this script draws
// the expected answer's board beside it with the game's renderer
// (#expected-board, a div of its own per transcript; its data-step is the
// step drawn), and lists in #diff the fields where the two answers differ,
// with both answers as JSON. It uses only the viewer's API: load,
// prepare, onStep and renderer.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // The fields each implementation writes its own way (golden.Private).
  const PRIVATE = new Set(["state", "stateToken", "spec", "reason"]);
  const MAX_DIFFS = 40;
  let failures = [];
  // The failure shown: {f, expected, box, drawn, tr}, tr the transcript
  // the viewer shows it as (load answers it).
  let cur = null;

  function open(i, step, article) {
    const f = failures[i];
    const panel = $("viewer");
    article.after(panel);
    panel.classList.remove("hidden");
    for (const a of document.querySelectorAll("article.failure.shown")) a.classList.remove("shown");
    article.classList.add("shown");
    $("viewer-ref").textContent = f.ref;
    // The viewer gives the steps of a transcript it loads answers of its
    // own: each open loads a fresh copy.
    const received = structuredClone(f.received), expected = structuredClone(f.expected);
    const box = document.createElement("div");
    $("expected-board").replaceChildren(box);
    delete $("expected-board").dataset.step;
    try {
      cur = {f, expected: Viewer.prepare(expected), box, drawn: -1, tr: null};
      cur.tr = Viewer.load(received, step);
      shown(step, cur.tr);
    } catch (err) {
      $("error").textContent = `${f.ref}: ${err.message}`;
    }
    panel.scrollIntoView({block: "start"});
  }

  // shown draws the expected side of step i of the transcript the viewer
  // shows, if it is the received side of the failure opened.
  function shown(i, tr) {
    const ours = cur && tr === cur.tr;
    $("expected-side").classList.toggle("hidden", !ours);
    $("diff").classList.toggle("hidden", !ours);
    if (!ours) return;
    drawExpected(i);
    showDiff(i);
  }

  function drawExpected(i) {
    const {expected, box} = cur, steps = expected.steps;
    const at = Math.min(i, steps.length - 1);
    let from = at;
    while (from >= 0 && !(steps[from].answer && steps[from].answer.view)) from--;
    const r = Viewer.renderer(expected.game);
    if (r && from >= 0 && from !== cur.drawn) {
      r.draw(box, steps[from].answer, from, expected);
      cur.drawn = from;
      $("expected-board").dataset.step = from;
    }
    let note = "";
    if (!r) note = `No renderer for ${expected.game}; the answers are below.`;
    else if (from < 0) note = `No expected answer up to step ${i} has a view.`;
    else if (at !== i) note = `The expected transcript ends at step ${at}; the board is step ${from}'s.`;
    else if (from !== i) {
      const a = steps[i].answer;
      const why = a ? `Refused (${a.code}): ${a.reason}.` : "The case keeps no answer at this step (the reference engines answer it otherwise).";
      note = `${why} The board is step ${from}'s.`;
    }
    $("expected-note").textContent = note;
  }

  function showDiff(i) {
    const {f, expected, tr} = cur;
    const want = i < expected.steps.length ? expected.steps[i].answer : undefined;
    const got = tr.steps[i].answer;
    $("diff-title").textContent = `Step ${i}: expected and received` + (i === f.step ? ", the failing step" : "");
    let stop = "";
    if (i === f.step) {
      stop = `The suite stopped here: ${f.path || f.rule || ""}`;
      if (f.want || f.got) stop += `: want ${f.want}, got ${f.got}`;
    }
    $("diff-failure").textContent = stop;
    const list = $("diff-list");
    list.replaceChildren();
    const item = (...parts) => {
      const li = document.createElement("li");
      li.append(...parts);
      list.append(li);
    };
    if (want === undefined || got === undefined) {
      item(want === undefined ? "The case keeps no expected answer at this step." : "No JSON answer was received at this step.");
    } else {
      const diffs = differences(want, got);
      if (!diffs.length) item("No difference (but in the fields each implementation writes its own way: " + [...PRIVATE].join(", ") + ").");
      for (const d of diffs.slice(0, MAX_DIFFS)) {
        const path = document.createElement("code");
        path.className = "path";
        path.textContent = d.path;
        item(path, ": expected ", value("want", d.want), ", received ", value("got", d.got));
      }
      if (diffs.length > MAX_DIFFS) item(`and ${diffs.length - MAX_DIFFS} more`);
    }
    const text = i === f.step && f.text ? f.text : "";
    $("received-text").textContent = text ? "Received as text:\n" + text : "";
    $("received-text").classList.toggle("hidden", !text);
    $("expected-json").textContent = want === undefined ? "(none kept)" : JSON.stringify(want, null, 1);
    $("received-json").textContent = got === undefined ? "(no JSON answer)" : JSON.stringify(got, null, 1);
  }

  function value(cls, v) {
    const c = document.createElement("code");
    c.className = cls;
    const s = v === undefined ? "(absent)" : JSON.stringify(v);
    c.textContent = s.length > 300 ? s.slice(0, 300) + "..." : s;
    return c;
  }

  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  // differences lists where got differs from want, as {path, want, got},
  // paths written as the suite writes them (view.board[3].tile), keys in
  // sorted order; the private fields of the answer are left out.
  function differences(want, got, path = "", out = []) {
    if (out.length > MAX_DIFFS) return out;
    if (isObject(want) && isObject(got)) {
      const keys = [...new Set([...Object.keys(want), ...Object.keys(got)])].sort();
      for (const k of keys) {
        if (path === "" && PRIVATE.has(k)) continue;
        const p = path ? `${path}.${k}` : k;
        if (!Object.hasOwn(got, k)) out.push({path: p, want: want[k], got: undefined});
        else if (!Object.hasOwn(want, k)) out.push({path: p, want: undefined, got: got[k]});
        else differences(want[k], got[k], p, out);
      }
    } else if (Array.isArray(want) && Array.isArray(got)) {
      for (let i = 0; i < Math.max(want.length, got.length); i++) {
        differences(want[i], got[i], `${path}[${i}]`, out);
      }
    } else if (JSON.stringify(want) !== JSON.stringify(got)) {
      out.push({path: path || "(answer)", want, got});
    }
    return out;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const data = $("report-data");
    if (!data) return;
    failures = JSON.parse(data.textContent).failures;
    Viewer.onStep(shown);
    for (const b of document.querySelectorAll("button.open-step")) {
      b.onclick = () => open(Number(b.dataset.failure), Number(b.dataset.step), b.closest("article"));
    }
    $("close-viewer").onclick = () => {
      $("viewer").classList.add("hidden");
      for (const a of document.querySelectorAll("article.failure.shown")) a.classList.remove("shown");
    };
  });
})();
