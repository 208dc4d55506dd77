// games/brinebell.js is the replay viewer's Brinebell renderer (the
// contract is at the top of viewer.js). It draws the five-dock ring as SVG:
// each dock with its line of passengers (the first to board nearest),
// each passenger with its destination and a patience bar coloured by the
// bonus a delivery would earn, and each ferry moored inside the ring or
// under way along its crossing, with its riders in its four seats; above,
// the clock, score, streak, deliveries and departures; below, the events
// the step added. For tests: the root div.bb has data-step, data-clock,
// data-score, data-streak, data-deliveries and data-departures; each dock
// a g.bb-dock with data-dock, data-open, data-queue (how many wait) and
// data-waiting (their ids); each ferry a g.bb-ferry with data-ferry,
// data-mode, data-dock, data-destination, data-progress (the share of the
// crossing done), data-riders and data-x and data-y (the centre it is
// drawn at: ferries that would overlap, at one dock or on one leg, are
// drawn apart); each passenger a g.bb-passenger with data-passenger and
// data-patience.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const DOCKS = ["Bell Quay", "Orchard", "Shellbank", "Lantern", "Windmill"];
  const FERRY = ["#2f7fc1", "#d9622b"];
  const KIND = {traveller: "#f4e9d2", courier: "#ffd166", cart: "#b88bc9"};
  const W = 600, H = 480, CX = 300, CY = 250, RING = 170, R = 30;
  // A ferry is drawn as a box 80 wide and 30 high, its label above it (up
  // to about WIDE across): two ferries closer than WIDE across and APART
  // up or down would hide each other.
  const APART = 52, WIDE = 200;

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  function text(parent, x, y, s, size, attrs) {
    el("text", {x, y, "font-size": size, "text-anchor": "middle", ...attrs}, parent).textContent = s;
  }

  function html(name, cls, s, parent) {
    const e = document.createElement(name);
    e.className = cls;
    e.textContent = s;
    parent.append(e);
    return e;
  }

  // at is dock d's place on the ring (0 at the top, then clockwise) and
  // its outward unit vector.
  function at(d) {
    const a = ((d * 72 - 90) * Math.PI) / 180;
    return {x: CX + RING * Math.cos(a), y: CY + RING * Math.sin(a), ux: Math.cos(a), uy: Math.sin(a)};
  }

  // mooring is where ferry f lies at dock d: inside the ring, B beside A
  // on the side away from the dock, a ferry's height and label apart.
  function mooring(d, f) {
    const p = at(d), k = R + 30;
    return {x: p.x - p.ux * k, y: p.y - p.uy * k + f * (p.uy > 0.5 ? -APART : APART)};
  }

  // crossing is the ticks a crossing takes: 54 between ring neighbours,
  // 84 between any other two docks.
  const crossing = (a, b) => ([1, 4].includes(Math.abs(a - b)) ? 54 : 84);

  // width is how wide a passenger is drawn: a cart takes two seats.
  const width = (p) => (p.kind === "cart" ? 34 : 16);

  // passenger draws p at (x, y): its destination dock and its patience,
  // green while a delivery earns +40, amber for +20, red for nothing.
  function passenger(parent, p, x, y) {
    const w = width(p), g = el("g", {class: "bb-passenger", "data-passenger": p.id, "data-patience": p.patience}, parent);
    el("title", {}, g).textContent = `#${p.id} ${p.kind} ${DOCKS[p.origin]} to ${DOCKS[p.destination]}, patience ${p.patience}/${p.maxPatience}`;
    el("rect", {x, y, width: w, height: 18, rx: 4, fill: KIND[p.kind], stroke: "#10212e"}, g);
    text(g, x + w / 2, y + 13, p.destination, 11, {"font-weight": 700, fill: "#10212e"});
    const thirds = p.patience * 3, max = p.maxPatience;
    el("rect", {x, y: y + 20, width: w, height: 3, fill: "#0b2a3d"}, g);
    el("rect", {x, y: y + 20, width: (w * p.patience) / max, height: 3, fill: thirds >= max * 2 ? "#3fa34d" : thirds >= max ? "#e9a23b" : "#d64545"}, g);
  }

  function dock(layer, d, pass) {
    const p = at(d.id), line = d.waiting.map((id) => pass[id]);
    const g = el("g", {class: "bb-dock", "data-dock": d.id, "data-open": d.open, "data-queue": d.waiting.length, "data-waiting": d.waiting.join(",")}, layer);
    el("circle", {cx: p.x, cy: p.y, r: R, fill: d.open ? "#f4e9d2" : "#5d7485", stroke: "#10212e", "stroke-width": 2}, g);
    text(g, p.x, p.y - 3, d.id, 15, {"font-weight": 700, fill: "#10212e"});
    text(g, p.x, p.y + 12, d.open ? d.name : "closed", 9, {fill: "#10212e"});
    // The line runs outward, the first to board nearest: sideways from the
    // side docks, three to a row, and in one row above or below the others.
    const side = Math.abs(p.ux) > 0.7, left = side && p.ux < 0, per = side ? 3 : 6;
    const total = line.reduce((s, q) => s + width(q) + 3, 0);
    let x = 0, y = side ? p.y - (line.length > 3 ? 25 : 12) : p.y + (p.uy < 0 ? -R - 30 : R + 8);
    line.forEach((q, i) => {
      if (i % per === 0) {
        x = side ? p.x + (left ? -R - 5 : R + 8) : p.x - total / 2;
        if (i > 0) y += 26;
      }
      passenger(g, q, left ? x - width(q) : x, y);
      x += (left ? -1 : 1) * (width(q) + 3);
    });
  }

  // place is where ferry f is drawn: from its mooring at its dock towards
  // the one at its destination by the share of the crossing done.
  function place(f) {
    const from = mooring(f.dock, f.id), to = f.destination === null ? from : mooring(f.destination, f.id);
    const done = f.mode === "sailing" ? 1 - f.ticksLeft / crossing(f.dock, f.destination) : 0;
    return {f, from, to, done, x: from.x + (to.x - from.x) * done, y: from.y + (to.y - from.y) * done};
  }

  // apart moves the ferries drawn too close to each other (at one dock, on
  // one leg either way, or one sailing past another moored) up and down
  // until each pair is APART, the upper one (or ferry A, level) going up:
  // a ferry under way moves, one moored stays where it lies when the other
  // sails.
  function apart(places) {
    for (let tries = 0; tries < 4; tries++) {
      let moved = false;
      for (let i = 0; i < places.length; i++) {
        for (let j = i + 1; j < places.length; j++) {
          let [a, b] = [places[i], places[j]];
          if (b.y < a.y || (b.y === a.y && b.f.id < a.f.id)) [a, b] = [b, a];
          const need = APART - (b.y - a.y);
          if (Math.abs(b.x - a.x) >= WIDE || need <= 0.01) continue;
          const sa = a.f.mode === "sailing", sb = b.f.mode === "sailing";
          const share = sa === sb ? 0.5 : sa ? 1 : 0;
          a.y -= need * share;
          b.y += need * (1 - share);
          moved = true;
        }
      }
      if (!moved) break;
    }
  }

  function ferry(layer, routes, drawn, pass) {
    const {f, from, to, done, x, y} = drawn;
    const route = (a, b, dash) => el("line", {x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: FERRY[f.id], "stroke-width": 2, "stroke-dasharray": dash}, routes);
    if (f.mode === "sailing") route(from, to, "6 4");
    if (f.queued !== null) route(to, mooring(f.queued, f.id), "2 4");
    const g = el("g", {class: "bb-ferry", "data-ferry": f.id, "data-mode": f.mode, "data-dock": f.dock, "data-destination": f.destination ?? "",
      "data-queued": f.queued ?? "", "data-ticks-left": f.ticksLeft, "data-progress": done.toFixed(3), "data-riders": f.riders.join(","),
      "data-x": x.toFixed(1), "data-y": y.toFixed(1)}, layer);
    el("title", {}, g).textContent = `${f.name}: ${f.mode}, ${f.seatsFree} of 4 seats free`;
    const service = f.mode === "service";
    el("rect", {x: x - 40, y: y - 15, width: 80, height: 30, rx: 12, fill: FERRY[f.id], stroke: service ? "#ffd166" : "#10212e", "stroke-width": service ? 3 : 1.5}, g);
    let sx = x - 35;
    for (const id of f.riders) {
      passenger(g, pass[id], sx, y - 12);
      sx += width(pass[id]) + 2;
    }
    const state = f.mode === "sailing" ? `→ ${f.destination}, ${f.ticksLeft} ticks` : service ? `in service, ${f.ticksLeft} ticks` : "idle";
    // outlined in the sea's colour, so that it reads over a dock too
    text(g, x, y - 19, `${f.name} ${state}`, 11, {"font-weight": 700, fill: "#f4e9d2", stroke: "#0f3b57", "stroke-width": 3, "paint-order": "stroke"});
  }

  // legend says what a passenger's colour, number and bar mean.
  function legend(svg) {
    const g = el("g", {}, svg);
    Object.entries(KIND).forEach(([kind, fill], i) => {
      el("rect", {x: 12 + i * 86, y: H - 22, width: 12, height: 12, rx: 3, fill}, g);
      text(g, 28 + i * 86, H - 12, kind, 11, {"text-anchor": "start", fill: "#f4e9d2"});
    });
    text(g, W - 12, H - 12, "number: destination dock · bar: patience", 11, {"text-anchor": "end", fill: "#f4e9d2"});
  }

  const EVENTS = {
    spawn: "#P appeared at D", overflow: "#P overflowed to D", dock_open: "D opened", ferry_join: "F joined at D",
    departure: "#P gave up at D", board: "#P boarded F at D", skip: "F left cart #P at D", deliver: "F delivered #P at D, worth N",
    exchange: "F's exchange at D scored N ×M", milestone: "milestone +N", sail: "F set out for D", arrive: "F arrived at D",
    service: "F began a service at D",
  };

  // say is what event e did, in a few words.
  function say(e) {
    const f = {P: e.passenger, D: DOCKS[e.dock], F: e.ferry === undefined ? "" : "Ferry " + "AB"[e.ferry], N: e.points, M: e.multiplier};
    return `tick ${e.tick}: ` + (EVENTS[e.kind] || e.kind).replace(/[PDFNM]/g, (k) => f[k]);
  }

  // fresh is the events of step i's view that the latest view before it
  // did not list: what the step did.
  function fresh(transcript, i) {
    const key = (e) => [e.tick, e.kind, e.passenger, e.ferry, e.dock].join();
    let j = i - 1;
    while (j >= 0 && !(transcript.steps[j].answer && transcript.steps[j].answer.view)) j--;
    const seen = new Set(j < 0 ? [] : transcript.steps[j].answer.view.events.map(key));
    return transcript.steps[i].answer.view.events.filter((e) => !seen.has(key(e)));
  }

  function draw(boardEl, answer, stepIndex, transcript) {
    const v = answer.view, pass = {};
    for (const p of v.passengers) pass[p.id] = p;
    const root = document.createElement("div");
    root.className = "bb";
    Object.assign(root.dataset, {step: stepIndex, clock: v.clock, score: v.score, streak: v.streak, deliveries: v.deliveries, departures: v.departures});
    boardEl.replaceChildren(root);
    const stats = html("div", "bb-stats", "", root);
    html("span", "", `Tick ${v.clock} (${(v.clock / 30).toFixed(1)} s)`, stats);
    html("span", "", `Score ${v.score}`, stats);
    html("span", "", `Streak ${v.streak}, next ×${v.multiplier}`, stats);
    html("span", "", `Delivered ${v.deliveries}`, stats);
    html("span", "", `Gave up ${v.departures} of 5 ${"●".repeat(Math.min(v.departures, 5)).padEnd(5, "○")}`, stats);
    if (v.finished || !v.started) {
      const why = answer.result && answer.result.reason === "departures" ? "five waiting passengers gave up" : "banked";
      html("div", "bb-over", v.finished ? `Run over: ${why}. Final score ${v.score}.` : "Not started: Ferry A waits at Bell Quay.", root);
    }
    const svg = el("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "bb-board", role: "img", "aria-label": `the ring at tick ${v.clock}`}, root);
    el("rect", {width: W, height: H, rx: 14, fill: "#0f3b57"}, svg);
    const ring = DOCKS.map((_, d) => `${at(d).x.toFixed(1)},${at(d).y.toFixed(1)}`).join(" ");
    el("polygon", {points: ring, fill: "none", stroke: "#17557a", "stroke-width": 10, "stroke-linejoin": "round"}, svg);
    legend(svg);
    const routes = el("g", {}, svg), docks = el("g", {}, svg), ferries = el("g", {}, svg);
    for (const d of v.docks) dock(docks, d, pass);
    // A ferry under way is drawn over one moored where it passes.
    const sailing = (f) => (f.mode === "sailing" ? 1 : 0);
    const places = v.ferries.map(place);
    apart(places);
    for (const p of places.sort((a, b) => sailing(a.f) - sailing(b.f))) ferry(ferries, routes, p, pass);
    const events = fresh(transcript, stepIndex), list = html("ol", "bb-events", "", root);
    for (const e of events.slice(-12)) html("li", "", say(e), list).dataset.kind = e.kind;
    if (events.length > 12) html("li", "bb-more", `and ${events.length - 12} earlier`, list);
  }

  const FIELDS = {start: "type", bank: "type", advance: "ticks,type", order: "dock,ferry,type"};

  // describe says what a Brinebell action asks for; one outside the
  // grammar's shapes is shown as JSON.
  function describe(a) {
    if (!a || FIELDS[a.type] !== Object.keys(a).sort().join()) return JSON.stringify(a);
    if (a.type === "advance") return `advance ${a.ticks} ticks`;
    if (a.type === "order") return `order Ferry ${"AB"[a.ferry] || a.ferry} to ${DOCKS[a.dock] || "dock " + a.dock}`;
    return a.type;
  }

  Viewer.register("brinebell", {draw, describe, css: true});
})();
