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
//
// It draws two kinds of view: the stateless game's and a live match's
// public state (the card's field names: tiles, tile_counts, strengths,
// seats with their names, supply_left), which it reads as the first kind,
// the seats' names and no "you". A live step's action is one seat's,
// {seat, action} ({seat: null, action: {type: "time_limit"}} when the
// clock ended the match), and its events are that action with what the
// log entries it added say it did.
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

  const seat = (v, s) => {
    if (!v.live) return `seat ${s} (${LETTER[s]}${s === v.you ? ", you" : ""})`;
    const c = v.captains[s];
    return `seat ${s} (${LETTER[s]}${c && c.name ? ", " + c.name : ""})`;
  };

  // The rules' numbers a live state leaves out.
  const ROUNDS = 60, BASE_SUPPLY = 3, SUPPLY_EVERY = 10, MAX_EXTRA = 3;
  const supplyIn = (r) => BASE_SUPPLY + Math.min(MAX_EXTRA, Math.floor(Math.max(0, r - 1) / SUPPLY_EVERY));

  // live reads a live match's public state as a stateless view: islands
  // from the tiles (tile = row*5 + col), captains from the seats, their
  // tile counts and strengths (out once the log says so), and a result
  // from its ending, winner and places once over.
  function live(p) {
    const out = new Set((p.log || []).filter((e) => e.kind === "eliminated").map((e) => e.seat));
    const v = {
      live: true, players: p.players, you: null, round: p.round, rounds: ROUNDS, supply: supplyIn(p.round), turn: p.turn ?? null,
      phase: p.phase, supplyLeft: p.supply_left ?? 0, log: p.log || [],
      islands: (p.tiles || []).map((t, i) => ({tile: i, row: Math.floor(i / 5), col: i % 5, owner: t.owner ?? null, strength: t.strength})),
      captains: (p.seats || []).map((s, i) => ({
        seat: s.seat ?? i, name: s.name, bot: s.bot, agent: s.agent ? s.agent.name : null, joined: s.joined, islands: (p.tile_counts || [])[i] ?? 0,
        strength: (p.strengths || [])[i] ?? 0, out: out.has(s.seat ?? i),
      })),
    };
    const result = p.over ? {ending: p.ending || "", winner: p.winner ?? null, places: p.places || []} : null;
    return {v, result};
  }

  // liveEvents is what step i of a live transcript did: its action, with
  // the result, elimination and end that the log entries it added record.
  function liveEvents(tr, i, v) {
    const s = tr && tr.steps && tr.steps[i], act = s && s.action;
    if (!act || !act.action || typeof act.action !== "object") return [];
    let j = i - 1;
    while (j >= 0 && !(tr.steps[j].answer && tr.steps[j].answer.view)) j--;
    const before = j >= 0 ? (tr.steps[j].answer.view.log || []).length : 0;
    const added = v.log.slice(before);
    const e = {...act.action, seat: act.seat};
    if (e.type === "attack") {
      const hit = added.find((l) => (l.kind === "captured" || l.kind === "repelled") && l.seat === e.seat && l.from === e.from && l.to === e.to);
      if (hit) Object.assign(e, {result: hit.kind, before: hit.before, after: hit.after});
    }
    for (const l of added) {
      if (l.kind === "eliminated") e.eliminated = l.seat;
      if (l.kind === "ended") e.ended = l.ending;
    }
    return [e];
  }

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
    if (e.type === "time_limit") return `the time limit passed` + (e.ended ? `; the match ends (${e.ended.replace("_", " ")})` : "");
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
    if (v.phase === "lobby") return "In the lobby: the match starts once every seat is taken.";
    if (v.turn !== null) return `${seat(v, v.turn)} to ${v.phase === "supply" ? `place ${v.supplyLeft} supply` : "send an expedition or pass"}`;
    if (!r) return "Over.";
    const first = r.winner === null ? "1st place shared, no winner" : `${seat(v, r.winner)} wins`;
    return `Over (${r.ending.replace("_", " ")}): ${first}.`;
  }

  function draw(boardEl, answer, stepIndex, transcript) {
    let v = answer.view, r = answer.result, events = answer.events || [];
    if (Array.isArray(v.tiles)) {
      ({v, result: r} = live(v));
      events = liveEvents(transcript, stepIndex, v);
    }
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
      const place = r && r.places && r.places[c.seat] ? `, place ${r.places[c.seat]}` : "";
      html("span", "", `${LETTER[c.seat]} ${c.name}${c.bot ? " (bot)" : c.agent ? (c.agent === c.name ? " (agent)" : ` (agent ${c.agent})`) : c.joined ? " (guest, no agent)" : ""}: ${c.islands} island${c.islands === 1 ? "" : "s"}, strength ${c.strength}${c.out ? ", out" : ""}${place}`, li);
    }
    const said = html("ol", "tb-events", "", side);
    for (const e of events) html("li", "", say(v, e), said).dataset.type = e.type;
  }

  const FIELDS = {pass: "type", supply: "amount,tile,type", attack: "from,send,to,type"};

  // describe says what a Tidebreakers action asks for, and a live step's
  // action whose seat asked; one outside the grammar's shapes is shown as
  // JSON.
  function describe(a) {
    if (a && Object.hasOwn(a, "seat") && a.action && typeof a.action === "object" && Object.keys(a).length === 2) {
      if (a.seat === null && a.action.type === "time_limit" && Object.keys(a.action).length === 1) return "the time limit passed";
      if (Number.isInteger(a.seat)) return `seat ${a.seat} (${LETTER[a.seat] || a.seat}): ${describe(a.action)}`;
    }
    if (!a || FIELDS[a.type] !== Object.keys(a).sort().join()) return JSON.stringify(a);
    if (a.type === "supply") return `supply ${a.amount} to island ${a.tile}`;
    if (a.type === "attack") return `send ${a.send} from island ${a.from} to ${a.to}`;
    return "pass";
  }

  Viewer.register("tidebreakers", {draw, describe, css: true});
})();
