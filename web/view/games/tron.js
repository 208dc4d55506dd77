// games/tron.js is the replay viewer's Tron renderer (the contract is at the
// top of viewer.js). It paints the grid on a canvas, data-cell pixels a
// side for each cell: every trail cell in its cycle's colour, the head in
// a lighter one, a free cell left transparent; a crashed cycle gets a ring
// on the cell it crashed from, and on a fine grid a white box rings each
// head. The canvas names its colours in data-trails and data-heads, in
// seat order, so that a test can read every cell's centre pixel back.
// Each draw repaints a one-pixel-a-cell image and scales it up, cheap even
// for a 100x100 grid. Above it the round, below it one line per cycle.
"use strict";

(() => {
  const TRAILS = ["#2de2e6", "#ff9f1c", "#ff3cac", "#a6e22e"];
  const HEADS = ["#a8f5f7", "#ffd08f", "#ff9fd6", "#d4f199"];
  const DIRS = {"x+": "right", "x-": "left", "y+": "down", "y-": "up"};

  // pixel is a #rrggbb colour as one opaque pixel of ImageData read as
  // little-endian 32-bit words.
  const pixel = (hex) => {
    const n = parseInt(hex.slice(1), 16);
    return 0xff000000 | ((n & 0xff) << 16) | (n & 0xff00) | (n >> 16);
  };
  const trailPixels = TRAILS.map(pixel), headPixels = HEADS.map(pixel);

  function setup(el, v) {
    const cell = Math.max(3, Math.min(40, Math.floor(640 / Math.max(v.width, v.height))));
    const canvas = document.createElement("canvas");
    canvas.className = "tron";
    canvas.width = v.width * cell;
    canvas.height = v.height * cell;
    Object.assign(canvas.dataset, {cell, trails: TRAILS.join(" "), heads: HEADS.join(" ")});
    canvas.style.backgroundSize = `${cell}px ${cell}px`;
    const small = document.createElement("canvas");
    small.width = v.width;
    small.height = v.height;
    const sctx = small.getContext("2d");
    const image = sctx.createImageData(v.width, v.height);
    const round = document.createElement("p");
    round.className = "round";
    const seats = document.createElement("ol");
    seats.className = "seats";
    el.append(round, canvas, seats);
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    return {cell, canvas, ctx, small, sctx, image, px: new Uint32Array(image.data.buffer), round, seats};
  }

  // crashSites answers, per seat, the last head the transcript shows: where
  // a crashed cycle crashed from.
  function crashSites(tr) {
    if (!tr._tron) {
      tr._tron = [];
      for (const s of tr.steps) {
        const cycles = s.answer && s.answer.view ? s.answer.view.cycles : [];
        for (const c of cycles) if (c.head) tr._tron[c.seat] = c.head;
      }
    }
    return tr._tron;
  }

  function paint(s, v) {
    s.px.fill(0);
    const inside = ([x, y]) => x >= 0 && y >= 0 && x < v.width && y < v.height;
    v.board.forEach((trail, seat) => {
      for (const c of trail) if (inside(c)) s.px[c[1] * v.width + c[0]] = trailPixels[seat];
    });
    v.board.forEach((trail, seat) => {
      if (trail.length && inside(trail[0])) s.px[trail[0][1] * v.width + trail[0][0]] = headPixels[seat];
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

  function line(c, crash) {
    const li = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = TRAILS[c.seat];
    const where = c.alive
      ? `head (${c.head}), ${c.length} cells`
      : `crashed in round ${c.died}` + (crash ? ` at (${crash})` : "");
    li.append(swatch, `${"ABCD"[c.seat]} · ${c.name}: ${where}`);
    Object.assign(li.dataset, {seat: c.seat, alive: c.alive, length: c.length});
    li.classList.toggle("dead", !c.alive);
    return li;
  }

  function draw(el, answer, _step, tr) {
    const v = answer.view;
    const s = el._tron || (el._tron = setup(el, v));
    paint(s, v);
    const crashes = crashSites(tr);
    for (const c of v.cycles) {
      if (!c.alive && crashes[c.seat]) mark(s, TRAILS[c.seat], crashes[c.seat]);
      else if (c.alive && s.cell < 12) mark(s, "#ffffff", c.head);
    }
    s.round.textContent = `Round ${v.round} · ${v.width}x${v.height}`;
    s.round.dataset.round = v.round;
    s.seats.replaceChildren(...v.cycles.map((c) => line(c, !c.alive && crashes[c.seat])));
  }

  function describe(action) {
    return action && action.type === "move" && DIRS[action.dir] ? `move ${action.dir} (${DIRS[action.dir]})` : JSON.stringify(action);
  }

  Viewer.register("tron", {draw, describe});
})();
