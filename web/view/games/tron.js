// games/tron.js is the replay viewer's Tron renderer (the contract is at the
// top of viewer.js). It paints the grid on a canvas, data-cell pixels a
// side for each cell: every trail cell in its cycle's colour, the head in
// a lighter one, a free cell left transparent; a crashed cycle gets a ring
// on the cell it crashed from, and on a fine grid a white box rings each
// head. The canvas names its colours in data-trails and data-heads, in
// seat order, so that a test can read every cell's centre pixel back.
// Each draw repaints a one-pixel-a-cell image and scales it up, cheap even
// for a 100x100 grid. Above it the round, below it one line per cycle
// (an li with data-seat, data-alive and data-length).
//
// It draws two kinds of view: the stateless game's (width, height, round,
// board, cycles) and a live match's public state (TronLiveState: seats,
// each with its name and trail), which it reads as the first kind, the
// seats' names and no "you". A live step's action is the round's moves,
// {round, moves: [dir or null per seat]}.
"use strict";

(() => {
  const TRAILS = ["#2de2e6", "#ff9f1c", "#ff3cac", "#a6e22e"];
  const HEADS = ["#a8f5f7", "#ffd08f", "#ff9fd6", "#d4f199"];
  const DIRS = {"x+": "right", "x-": "left", "y+": "down", "y-": "up"};
  const LETTER = "ABCD";

  // pixel is a #rrggbb colour as one opaque pixel of ImageData read as
  // little-endian 32-bit words.
  const pixel = (hex) => {
    const n = parseInt(hex.slice(1), 16);
    return 0xff000000 | ((n & 0xff) << 16) | (n & 0xff00) | (n >> 16);
  };
  const trailPixels = TRAILS.map(pixel), headPixels = HEADS.map(pixel);

  // live reads a live match's public state as a stateless view: the board
  // from the seats' trails (head first, empty once dead), a cycle per seat
  // with its player's or bot's name, and what only a live match has (its
  // phase, places, and the seats put out for not moving).
  function live(p) {
    const silent = new Set();
    for (const e of p.log || []) for (const s of e.silent || []) silent.add(s);
    const seats = p.seats || [];
    return {
      live: true, phase: p.phase, places: p.places, width: p.width, height: p.height, players: p.players, round: p.round,
      board: seats.map((s) => s.trail || []),
      cycles: seats.map((s) => ({
        seat: s.seat, name: s.name, bot: s.bot, agent: s.agent ? s.agent.name : null, joined: s.joined, alive: s.alive, length: (s.trail || []).length,
        head: s.alive && s.trail && s.trail.length ? s.trail[0] : null, died: s.died || null, silent: silent.has(s.seat),
      })),
    };
  }

  const viewOf = (v) => (Array.isArray(v.seats) ? live(v) : v);

  function setup(el, v) {
    const w = Math.max(1, v.width | 0), h = Math.max(1, v.height | 0);
    const cell = Math.max(3, Math.min(40, Math.floor(640 / Math.max(w, h))));
    const canvas = document.createElement("canvas");
    canvas.className = "tron";
    canvas.width = w * cell;
    canvas.height = h * cell;
    Object.assign(canvas.dataset, {cell, trails: TRAILS.join(" "), heads: HEADS.join(" ")});
    canvas.style.backgroundSize = `${cell}px ${cell}px`;
    const small = document.createElement("canvas");
    small.width = w;
    small.height = h;
    const sctx = small.getContext("2d");
    const image = sctx.createImageData(w, h);
    const round = document.createElement("p");
    round.className = "round";
    const seats = document.createElement("ol");
    seats.className = "seats";
    el.append(round, canvas, seats);
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    return {w, h, cell, canvas, ctx, small, sctx, image, px: new Uint32Array(image.data.buffer), round, seats};
  }

  // cycleOf is seat's cycle in a view of either kind, as the crash search
  // needs it: the round it died in (0 while it rides) and its head (null
  // once dead).
  function cycleOf(v, seat) {
    if (Array.isArray(v.seats)) {
      const s = v.seats[seat];
      return s ? {died: s.died || 0, head: s.alive && s.trail && s.trail.length ? s.trail[0] : null} : null;
    }
    const c = v.cycles && v.cycles[seat];
    return c ? {died: c.died || 0, head: c.head || null} : null;
  }

  // shown is seat's cycle as the board shows it at step i: in the latest
  // step up to i with a view; null before any.
  function shown(tr, i, seat) {
    for (; i >= 0; i--) {
      const a = tr.steps[i].answer;
      if (a && a.view) return cycleOf(a.view, seat);
    }
    return null;
  }

  // crashSite answers where seat's cycle, dead at step, crashed from: the
  // last head the transcript shows of it, in the latest step before the
  // first that shows it dead. That step is found once per seat and kept
  // on the transcript: first the step of the round it died in (step i is
  // round i in a transcript of every round), else by bisection up to
  // step, so that only a few answers are read (in a compact transcript
  // each is built from patches when first read), whatever the order the
  // steps are drawn in.
  function crashSite(tr, step, seat, died) {
    const t = tr._tron || (tr._tron = {crash: []});
    if (t.crash[seat] !== undefined) return t.crash[seat];
    const dead = (i) => !!(shown(tr, i, seat) || {}).died;
    let lo = 0, hi = step; // the first step shown dead is in lo..hi
    const guess = Math.min(Math.max(died | 0, 1), step);
    if (!dead(guess)) lo = guess + 1;
    else if (guess > 0 && !dead(guess - 1)) lo = hi = guess;
    else hi = guess;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (dead(m)) hi = m;
      else lo = m + 1;
    }
    const before = lo > 0 ? shown(tr, lo - 1, seat) : null;
    return (t.crash[seat] = before && !before.died ? before.head : null);
  }

  function paint(s, v) {
    s.px.fill(0);
    const inside = ([x, y]) => x >= 0 && y >= 0 && x < s.w && y < s.h;
    v.board.forEach((trail, seat) => {
      for (const c of trail) if (inside(c)) s.px[c[1] * s.w + c[0]] = trailPixels[seat];
    });
    v.board.forEach((trail, seat) => {
      if (trail.length && inside(trail[0])) s.px[trail[0][1] * s.w + trail[0][0]] = headPixels[seat];
    });
    s.sctx.putImageData(s.image, 0, 0);
    s.ctx.clearRect(0, 0, s.canvas.width, s.canvas.height);
    s.ctx.drawImage(s.small, 0, 0, s.canvas.width, s.canvas.height);
  }

  // mark rings a cell in colour: a circle inside it, or on a fine grid a
  // box one cell out all round, its sides on cell edges, so that no mark
  // covers a cell's centre.
  function mark(s, colour, [x, y]) {
    const r = s.cell / 2, cx = x * s.cell + r, cy = y * s.cell + r;
    s.ctx.strokeStyle = colour;
    s.ctx.lineWidth = Math.max(1, s.cell / 6);
    s.ctx.beginPath();
    if (s.cell >= 12) s.ctx.arc(cx, cy, r * 0.85, 0, 2 * Math.PI);
    else s.ctx.rect(cx - 3 * r, cy - 3 * r, 6 * r, 6 * r);
    s.ctx.stroke();
  }

  // where says how a cycle stands: its head, its crash, or in a live
  // match's lobby whether its seat is taken; and its place once over.
  function where(v, c, crash) {
    let s;
    if (c.alive) s = `head (${c.head}), ${c.length} cells`;
    else if (c.died) s = (c.silent ? `out for not moving in round ${c.died}` : `crashed in round ${c.died}`) + (crash ? ` at (${crash})` : "");
    else s = c.joined === false ? "seat open" : "waiting for the start";
    return v.live && v.places && v.places[c.seat] ? `${s}; place ${v.places[c.seat]}` : s;
  }

  function line(v, c, crash) {
    const li = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = TRAILS[c.seat];
    const name = (c.name || `seat ${c.seat}`) + (c.bot ? " (bot)" : c.agent ? (c.agent === c.name ? " (agent)" : ` (agent ${c.agent})`) : c.joined ? " (guest, no agent)" : "");
    li.append(swatch, `${LETTER[c.seat]} · ${name}: ${where(v, c, crash)}`);
    Object.assign(li.dataset, {seat: c.seat, alive: c.alive, length: c.length});
    li.classList.toggle("dead", !c.alive);
    return li;
  }

  function heading(v) {
    const size = `${v.width}x${v.height}`;
    if (!v.live) return `Round ${v.round} · ${size}`;
    if (v.phase === "lobby") return `Live match in its lobby · ${size}`;
    return `Round ${v.round} · ${size} · live` + (v.phase === "over" ? ", over" : "");
  }

  function draw(el, answer, step, tr) {
    const v = viewOf(answer.view);
    const s = el._tron || (el._tron = setup(el, v));
    paint(s, v);
    const crashes = v.cycles.map((c) => (!c.alive && c.died ? crashSite(tr, step, c.seat, c.died) : null));
    for (const c of v.cycles) {
      if (crashes[c.seat]) mark(s, TRAILS[c.seat], crashes[c.seat]);
      else if (c.alive && c.head && s.cell < 12) mark(s, "#ffffff", c.head);
    }
    s.round.textContent = heading(v);
    s.round.dataset.round = v.round;
    s.seats.replaceChildren(...v.cycles.map((c) => line(v, c, crashes[c.seat])));
  }

  // describe names a stateless move, or a live round's moves, seat by seat
  // ("-" for a cycle that did not move: dead, or silent).
  function describe(action) {
    if (action && action.type === "move" && DIRS[action.dir]) return `move ${action.dir} (${DIRS[action.dir]})`;
    if (action && Number.isInteger(action.round) && Array.isArray(action.moves) && Object.keys(action).length === 2) {
      const moves = action.moves.map((d, i) => `${LETTER[i] || i} ${DIRS[d] ? `${d} (${DIRS[d]})` : "-"}`);
      return `round ${action.round}: ${moves.join(", ")}`;
    }
    return JSON.stringify(action);
  }

  Viewer.register("tron", {draw, describe});
})();
