// games/tidebreakers.js is the replay viewer's Tidebreakers renderer (the
// contract is at the top of viewer.js). It draws the 5x5 islands as SVG,
// each in its holder's colour (wild ones grey) with its strength, and the
// step's events on them: each expedition an arrow from its island to its
// target (solid when it captured, dashed when repelled) with the number
// sent, each supply a +n badge. Above: the round, the supply a turn and
// whose turn it is, or how the match ended; beside: every captain's
// islands and strength, and the events in words. For tests: the root
// div.tb has data-step, data-round, data-phase, data-turn (a seat, empty
// once over) and data-supply-left; each island a g.tb-island with
// data-tile, data-owner (a seat or "wild") and data-strength; each
// expedition a g.tb-expedition with data-seat, data-from, data-to,
// data-send and data-result; each supply a g.tb-supply with data-seat,
// data-tile and data-amount; each captain an li with data-seat,
// data-islands, data-strength and data-out.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const SEAT = ["#e4572e", "#4a90d9", "#6ab04c", "#c38d9e"];
  const WILD = "#8a9ba8", GOLD = "#ffd166";
  const LETTER = "ABCD";
  const CELL = 88, PAD = 14, SIZE = 68, SIDE = 2 * PAD + 4 * CELL + SIZE;

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  function text(parent, x, y, s, size, attrs) {
    el("text", {x, y, "font-size": size, "text-anchor": "middle", fill: "#fff", ...attrs}, parent).textContent = s;
  }

  function html(name, cls, s, parent) {
    const e = document.createElement(name);
    e.className = cls;
    e.textContent = s;
    parent.append(e);
    return e;
  }

  // centre is the middle of island t.
  const centre = (t) => ({x: PAD + (t % 5) * CELL + SIZE / 2, y: PAD + Math.floor(t / 5) * CELL + SIZE / 2});

  const seat = (v, s) => `seat ${s} (${LETTER[s]}${s === v.you ? ", you" : ""})`;

  function island(layer, is) {
    const {x, y} = centre(is.tile), wild = is.owner === null;
    const g = el("g", {class: "tb-island", "data-tile": is.tile, "data-owner": wild ? "wild" : is.owner, "data-strength": is.strength}, layer);
    el("title", {}, g).textContent = `island ${is.tile} (row ${is.row}, col ${is.col}): ${wild ? "wild" : "seat " + is.owner}, strength ${is.strength}`;
    el("rect", {x: x - SIZE / 2, y: y - SIZE / 2, width: SIZE, height: SIZE, rx: 24, fill: wild ? WILD : SEAT[is.owner], stroke: "#0b2a3d", "stroke-width": 2}, g);
    text(g, x, y + 8, is.strength, 24, {"font-weight": 700});
    text(g, x, y + 26, wild ? "wild" : LETTER[is.owner], 10);
    text(g, x - SIZE / 2 + 10, y - SIZE / 2 + 13, is.tile, 9, {opacity: 0.75});
  }

  // expedition draws an attack as a token with the number sent on its
  // island's edge and an arrow from it into the target, set a little to its
  // right so that expeditions both ways stay apart.
  function expedition(layer, e) {
    const a = centre(e.from), b = centre(e.to), dx = Math.sign(b.x - a.x), dy = Math.sign(b.y - a.y);
    const tx = a.x + dx * 24 - dy * 8, ty = a.y + dy * 24 + dx * 8;
    const g = el("g", {class: "tb-expedition", "data-seat": e.seat, "data-from": e.from, "data-to": e.to, "data-send": e.send, "data-result": e.result}, layer);
    const line = {x1: tx, y1: ty, x2: b.x - dx * 26 - dy * 8, y2: b.y - dy * 26 + dx * 8};
    el("line", {...line, stroke: "#0b2a3d", "stroke-width": 9}, g);
    el("line", {...line, stroke: GOLD, "stroke-width": 5, "stroke-dasharray": e.result === "repelled" ? "6 4" : "none", "marker-end": "url(#tb-head)"}, g);
    el("circle", {cx: tx, cy: ty, r: 11, fill: SEAT[e.seat], stroke: GOLD, "stroke-width": 2}, g);
    text(g, tx, ty + 4, e.send, 11, {"font-weight": 700});
  }

  // supply draws the supply a seat placed on an island as a badge on it.
  function supply(layer, e) {
    const {x, y} = centre(e.tile), bx = x + SIZE / 2 - 8, by = y - SIZE / 2 + 8;
    const g = el("g", {class: "tb-supply", "data-seat": e.seat, "data-tile": e.tile, "data-amount": e.amount}, layer);
    el("circle", {cx: bx, cy: by, r: 11, fill: GOLD, stroke: SEAT[e.seat], "stroke-width": 2}, g);
    text(g, bx, by + 4, `+${e.amount}`, 10, {"font-weight": 700, fill: "#10212e"});
  }

  // say is what an event of the answer did, in words.
  function say(v, e) {
    let s = `${seat(v, e.seat)} passed`;
    if (e.type === "supply") s = `${seat(v, e.seat)} supplied ${e.amount} to island ${e.tile}`;
    if (e.type === "attack") {
      s = `${seat(v, e.seat)} sent ${e.send} from ${e.from} to ${e.to}: ` +
        (e.result === "captured" ? `captured (garrison ${e.before}, ${e.after} stay)` : `repelled (garrison ${e.before}, now ${e.after})`);
    }
    if (e.eliminated !== undefined) s += `; seat ${e.eliminated} is out`;
    return e.ended ? `${s}; the match ends (${e.ended.replace("_", " ")})` : s;
  }

  // headline says whose turn it is and what to do, or how the match ended.
  function headline(v, r) {
    if (v.turn !== null) return `${seat(v, v.turn)} to ${v.phase === "supply" ? `place ${v.supplyLeft} supply` : "send an expedition or pass"}`;
    const first = r.winner === null ? "1st place shared, no winner" : `${seat(v, r.winner)} wins`;
    return `Over (${r.ending.replace("_", " ")}): ${first}.`;
  }

  function draw(boardEl, answer, stepIndex) {
    const v = answer.view, r = answer.result, events = answer.events || [];
    const root = document.createElement("div");
    root.className = "tb";
    Object.assign(root.dataset, {step: stepIndex, round: v.round, phase: v.phase, turn: v.turn ?? "", supplyLeft: v.supplyLeft});
    boardEl.replaceChildren(root);
    const head = html("div", "tb-head", "", root);
    html("span", "", `Round ${v.round} of ${v.rounds} · supply ${v.supply} a turn`, head);
    html("span", "tb-status", headline(v, r), head);
    const svg = el("svg", {viewBox: `0 0 ${SIDE} ${SIDE}`, width: SIDE, height: SIDE, class: "tb-board", role: "img", "aria-label": `the islands in round ${v.round}`}, root);
    const arrow = el("marker", {id: "tb-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto"}, el("defs", {}, svg));
    el("path", {d: "M0,0 L10,5 L0,10 Z", fill: GOLD}, arrow);
    el("rect", {width: SIDE, height: SIDE, rx: 14, fill: "#0f3b57"}, svg);
    const islands = el("g", {}, svg), marks = el("g", {}, svg);
    for (const is of v.islands) island(islands, is);
    const supplied = new Map(); // a seat's supplies to one island, summed
    for (const e of events) {
      const k = `${e.seat}:${e.tile}`;
      if (e.type === "attack") expedition(marks, e);
      if (e.type === "supply") supplied.set(k, {...e, amount: (supplied.get(k)?.amount ?? 0) + e.amount});
    }
    supplied.forEach((e) => supply(marks, e));
    const side = html("div", "", "", root), list = html("ul", "seats tb-captains", "", side);
    for (const c of v.captains) {
      const li = html("li", c.seat === v.turn ? "tb-turn" : "", "", list);
      Object.assign(li.dataset, {seat: c.seat, islands: c.islands, strength: c.strength, out: c.out});
      html("span", "swatch", "", li).style.background = SEAT[c.seat];
      const place = r ? `, place ${r.places[c.seat]}` : "";
      html("span", "", `${LETTER[c.seat]} ${c.name}: ${c.islands} island${c.islands === 1 ? "" : "s"}, strength ${c.strength}${c.out ? ", out" : ""}${place}`, li);
    }
    const said = html("ol", "tb-events", "", side);
    for (const e of events) html("li", "", say(v, e), said).dataset.type = e.type;
  }

  const FIELDS = {pass: "type", supply: "amount,tile,type", attack: "from,send,to,type"};

  // describe says what a Tidebreakers action asks for; one outside the
  // grammar's shapes is shown as JSON.
  function describe(a) {
    if (!a || FIELDS[a.type] !== Object.keys(a).sort().join()) return JSON.stringify(a);
    if (a.type === "supply") return `supply ${a.amount} to island ${a.tile}`;
    if (a.type === "attack") return `send ${a.send} from island ${a.from} to ${a.to}`;
    return "pass";
  }

  Viewer.register("tidebreakers", {draw, describe});
})();
