// games/tinrail.js is the replay viewer's Tinrail renderer (the contract is
// at the top of viewer.js). It draws the 6x6 board as SVG: each placed tile
// with its four rails, each engine's whole route from its start along the
// rails in its colour, the rides of the step's placements brighter, and
// each engine where it waits (a cross where it left the table). Below the
// board: the counts and your hand at rotation 0. For tests, each tile is a
// g.tile with data-cell, data-tile, data-rotation and data-strands ("0-5
// 1-4 2-7 3-6"), and each engine a g.engine with data-engine, data-cell,
// data-port and data-on-table.
//
// It draws two kinds of view: the stateless game's and a live match's
// public state (TinrailLiveState: seats, each with its engine and how many
// tiles it holds), which it reads as the first kind, seat 0 as "you" and
// seat 1 as "gbot", the frame's log entry as the step's events, and no
// hand (a live match's transcript shows none). A live step's action is
// the placement, {seat, tile, rotation, cell}.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const SIZE = 6, C = 60;
  // Each port's place on its cell, its inward direction, and the step
  // [row, col] to the cell it faces.
  const PORT = [[20, 0], [40, 0], [60, 20], [60, 40], [40, 60], [20, 60], [0, 40], [0, 20]];
  const IN = [[0, 1], [0, 1], [-1, 0], [-1, 0], [0, -1], [0, -1], [1, 0], [1, 0]];
  const STEP = [[-1, 0], [-1, 0], [0, 1], [0, 1], [1, 0], [1, 0], [0, -1], [0, -1]];
  const ADJ = [5, 4, 7, 6, 1, 0, 3, 2];
  const ENGINES = {you: {color: "#2de2e6", cell: 32, port: 4, mark: "Y"}, gbot: {color: "#ff9f1c", cell: 3, port: 0, mark: "G"}};

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  const at = (cell, port) => [(cell % SIZE) * C + PORT[port][0], Math.floor(cell / SIZE) * C + PORT[port][1]];

  // rail is the SVG path of a rail from port a to port b of a cell.
  function rail(cell, a, b) {
    const [ax, ay] = at(cell, a), [bx, by] = at(cell, b), k = 24;
    return `M${ax} ${ay}C${ax + IN[a][0] * k} ${ay + IN[a][1] * k} ${bx + IN[b][0] * k} ${by + IN[b][1] * k} ${bx} ${by}`;
  }

  // ride follows the rails from an engine entering cell by port, across at
  // most limit tiles: the path it draws, and where it ends (null off the
  // table, with exit the edge point it left by).
  function ride(tiles, cell, port, limit) {
    let d = "";
    for (let n = 0; n < limit && tiles[cell]; n++) {
      const s = tiles[cell].strands.find((st) => st.includes(port));
      const q = s[0] === port ? s[1] : s[0];
      d += rail(cell, port, q);
      const row = Math.floor(cell / SIZE) + STEP[q][0], col = (cell % SIZE) + STEP[q][1];
      if (row < 0 || col < 0 || row >= SIZE || col >= SIZE) return {d, end: null, exit: at(cell, q)};
      [cell, port] = [row * SIZE + col, ADJ[q]];
    }
    return {d, end: {cell, port}};
  }

  function board(v, events) {
    const svg = el("svg", {viewBox: "-8 -8 376 376", width: 456, height: 456, class: "tinrail", role: "img"});
    const tiles = {};
    for (const t of v.board) tiles[t.cell] = t;
    const placed = {};
    for (const e of events) placed[e.cell] = e.by;
    for (let cell = 0; cell < SIZE * SIZE; cell++) {
      const x = (cell % SIZE) * C, y = Math.floor(cell / SIZE) * C;
      el("rect", {x, y, width: C, height: C, class: "cell" + (tiles[cell] ? " tiled" : "") + (placed[cell] ? " placed-" + placed[cell] : "")}, svg);
    }
    for (const t of v.board) {
      const g = el("g", {class: "tile", "data-cell": t.cell, "data-tile": t.tile, "data-rotation": t.rotation,
        "data-strands": t.strands.map((s) => s.join("-")).join(" ")}, svg);
      for (const [a, b] of t.strands) el("path", {d: rail(t.cell, a, b), class: "rail"}, g);
    }
    for (const [name, e] of Object.entries(ENGINES)) {
      const route = ride(tiles, e.cell, e.port, SIZE * SIZE * 4);
      el("path", {d: route.d, class: "route", stroke: e.color, "data-engine": name}, svg);
      for (const p of events) {
        for (const r of p.rides.filter((r) => r.engine === name)) {
          el("path", {d: ride(tiles, r.from.cell, r.from.port, r.tiles).d, class: "ride", stroke: e.color}, svg);
        }
      }
      engine(svg, name, v[name], route);
    }
    return svg;
  }

  function engine(svg, name, e, route) {
    const g = el("g", {class: "engine", "data-engine": name, "data-cell": e.cell, "data-port": e.port, "data-on-table": e.onTable}, svg);
    const {color, mark} = ENGINES[name];
    const [x, y] = e.onTable ? at(e.cell, e.port) : route.exit || at(route.end.cell, route.end.port);
    if (e.onTable) {
      el("circle", {cx: x, cy: y, r: 8, fill: color}, g);
      el("text", {x, y: y + 4, class: "mark"}, g).textContent = mark;
    } else {
      el("path", {d: `M${x - 8} ${y - 8}L${x + 8} ${y + 8}M${x + 8} ${y - 8}L${x - 8} ${y + 8}`, stroke: color, class: "off"}, g);
    }
  }

  function hand(v) {
    const div = document.createElement("div");
    div.className = "hand";
    for (const h of v.hand) {
      const fig = document.createElement("figure");
      const svg = el("svg", {viewBox: "-2 -2 64 64", width: 64, height: 64, class: "tinrail"});
      el("rect", {x: 0, y: 0, width: C, height: C, class: "cell tiled"}, svg);
      for (const [a, b] of h.rotations[0]) el("path", {d: rail(0, a, b), class: "rail"}, svg);
      const cap = document.createElement("figcaption");
      cap.textContent = `#${h.tileIndex}: tile ${h.tile}`;
      fig.append(svg, cap);
      div.append(fig);
    }
    return div;
  }

  const SIDES = ["you", "gbot"];

  // live reads a live match's public state as a stateless view, and its
  // log's entries (the frame's placement) as the step's events.
  function live(p) {
    const [a, b] = p.seats;
    const parked = (n) => ({cell: n, row: Math.floor(n / SIZE), col: n % SIZE, port: n === 32 ? 4 : 0, onTable: true});
    const view = {
      placements: p.placements, tilesSurvived: a.tilesSurvived, pile: p.pile, gbotHand: b.hand,
      you: a.engine || parked(32), gbot: b.engine || parked(3), board: p.board || [], hand: [],
      names: [a.name, b.name], places: p.places, scores: p.scores,
    };
    const events = (p.log || []).map((e) => ({by: SIDES[e.seat], cell: e.cell,
      rides: e.rides.map((r) => ({engine: SIDES[r.seat], from: r.from, tiles: r.tiles}))}));
    return {view, events};
  }

  function draw(boardEl, answer) {
    let v = answer.view, events = answer.events || [];
    if (Array.isArray(v.seats)) ({view: v, events} = live(v));
    const counts = document.createElement("p");
    counts.className = "counts";
    counts.textContent = v.names
      ? `Placed ${v.placements} of 35 · pile ${v.pile} · ${v.names[0]} (seat 0, Y) survived ${v.tilesSurvived} · ${v.names[1]} (seat 1, G) holds ${v.gbotHand}` +
        (v.places ? ` · places ${v.places.join(", ")} · scores ${v.scores.join(", ")}` : "")
      : `Placed ${v.placements} of 35 · tiles survived ${v.tilesSurvived} · pile ${v.pile} · G-Bot holds ${v.gbotHand}` + (v.hand.length ? " · your hand:" : "");
    boardEl.replaceChildren(board(v, events), counts, hand(v));
  }

  function describe(action) {
    if (action && action.type === "place") return `place hand tile #${action.tileIndex} at rotation ${action.rotation}`;
    if (action && Number.isInteger(action.seat)) return `seat ${action.seat} lays tile ${action.tile} at rotation ${action.rotation} in cell ${action.cell}`;
    return JSON.stringify(action);
  }

  Viewer.register("tinrail", {draw, describe});
})();
