// The live Tinrail page: create, join or watch a live Tinrail match through
// its match API, and lay a tile of your hand by clicking one of its turns.
// A seat's token stays in this tab's session storage, keyed by the match's
// code; the address carries only the code, so that it can be shared. The
// page reads your hand from your seat's view (POST .../view); a watcher
// reads the public state, which shows no hand.
"use strict";

const $ = (id) => document.getElementById(id);
const base = "/api/games/tinrail/matches";
const ns = "http://www.w3.org/2000/svg";
// where each port sits on a unit cell: 0, 1 on the top edge, 2, 3 on the
// right, 4, 5 on the bottom, 6, 7 on the left, clockwise from top-left
const ports = [[1 / 3, 0], [2 / 3, 0], [1, 1 / 3], [1, 2 / 3], [2 / 3, 1], [1 / 3, 1], [0, 2 / 3], [0, 1 / 3]];
let code = null, me = null, state = null, shown = "", poller = null, placing = false;

async function api(method, path, body) {
  const res = await fetch(path, {method, headers: {"Content-Type": "application/json"}, body: body ? JSON.stringify(body) : undefined});
  const data = await res.json();
  if (!res.ok) throw Object.assign(new Error(data.error ? data.error.message : res.statusText), {status: res.status});
  return data;
}

// read is the match as this tab may see it: its seat's view, or the
// public state for a watcher.
function read() {
  return me ? api("POST", `${base}/${code}/view`, {token: me.token}) : api("GET", `${base}/${code}`);
}

function show(next) {
  const json = JSON.stringify(next);
  if (json === shown) return;
  shown = json;
  state = next;
  render();
}

function poll() {
  clearTimeout(poller);
  if (placing) return;
  read().then((next) => {
    $("match-error").textContent = "";
    show(next);
    if (!next.over) poller = setTimeout(poll, 700);
  }, (err) => {
    $("match-error").textContent = err.message;
    if (!err.status || err.status >= 500) poller = setTimeout(poll, 2000);
  });
}

function enter(c, seat) {
  code = c;
  me = seat;
  if (seat) sessionStorage.setItem("tinrail:" + c, JSON.stringify(seat));
  history.replaceState(null, "", "?code=" + c);
  $("share").href = location.href;
  $("replay").href = "/view/?game=tinrail&live=" + c;
  $("code").textContent = c;
  $("lobby").classList.add("hidden");
  $("match").classList.remove("hidden");
  poll();
}

// el makes an SVG element with the given attributes.
function el(name, attrs, parent) {
  const e = document.createElementNS(ns, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// strands draws a tile's strands in the unit cell at (x, y): each a curve
// from port to port, bending through the cell's middle.
function strands(g, list, x, y) {
  for (const [a, b] of list) {
    const [ax, ay] = ports[a], [bx, by] = ports[b];
    el("path", {class: "strand", d: `M${x + ax},${y + ay} Q${x + 0.5},${y + 0.5} ${x + bx},${y + by}`}, g);
  }
}

function render() {
  const s = state;
  const board = $("board");
  board.replaceChildren();
  const faced = me && s.seats[me.seat].engine ? s.seats[me.seat].engine.cell : -1;
  for (let c = 0; c < 36; c++) {
    el("rect", {class: c === faced ? "cell faced" : "cell", x: c % 6, y: Math.floor(c / 6), width: 1, height: 1}, board);
  }
  for (const t of s.board) strands(board, t.strands, t.col, t.row);
  for (const seat of s.seats) {
    const e = seat.engine;
    if (!e || !e.onTable) continue;
    const [px, py] = ports[e.port];
    el("circle", {class: "engine" + seat.seat, cx: e.col + px, cy: e.row + py, r: 0.12}, board);
  }
  $("seats").replaceChildren(...s.seats.map((seat) => {
    const li = document.createElement("li");
    li.className = "s" + seat.seat;
    const who = seat.bot ? "G-Bot" : seat.agent ? "agent" : "guest";
    const engine = !seat.engine ? "" : seat.engine.onTable ? `, at cell ${seat.engine.cell}` : ", off the table";
    li.textContent = `Seat ${seat.seat}: ${seat.name || "(empty)"} (${who})${me && me.seat === seat.seat ? " — you" : ""}${engine}, ${seat.hand} tiles, survived ${seat.tilesSurvived}`;
    return li;
  }));
  let status = "In the lobby: waiting for the second player.";
  if (s.over) {
    status = "Over (" + s.ending.replaceAll("_", " ") + "): " + s.places.map((p, i) => `seat ${i} ${p === 1 ? "1st" : "2nd"} with ${s.scores[i]}`).join(", ");
  } else if (s.turn !== null) {
    status = me && s.turn === me.seat ? "Your turn: lay a tile of your hand." : `Seat ${s.turn} to place.`;
  }
  $("status").textContent = status;
  const hand = $("hand");
  hand.replaceChildren();
  $("hand-title").classList.toggle("hidden", !me || !s.hand);
  const mine = me && !s.over && s.turn === me.seat;
  hand.classList.toggle("waiting", !mine);
  for (const tile of s.hand || []) {
    tile.rotations.forEach((list, r) => {
      const pic = el("svg", {viewBox: "0 0 1 1", role: "button", "aria-label": `tile ${tile.tile} at rotation ${r}`, "data-index": tile.tileIndex, "data-rotation": r}, hand);
      strands(pic, list, 0, 0);
      pic.addEventListener("click", () => mine && place(tile.tileIndex, r));
    });
  }
  $("log").replaceChildren(...s.log.slice(-30).map((e) => {
    const li = document.createElement("li");
    const rides = e.rides.map((r) => `seat ${r.seat} ${r.offTable ? "rode off the table" : r.eliminated ? "met head on" : "rode to cell " + r.to.cell}`).join("; ");
    li.textContent = `Seat ${e.seat} laid tile ${e.tile} at rotation ${e.rotation} in cell ${e.cell}: ${rides}${e.ending ? " — " + e.ending.replaceAll("_", " ") : ""}`;
    return li;
  }));
}

async function place(tileIndex, rotation) {
  placing = true;
  clearTimeout(poller);
  try {
    show(await api("POST", `${base}/${code}/place`, {token: me.token, tileIndex, rotation}));
  } catch (err) {
    $("match-error").textContent = err.message;
  } finally {
    placing = false;
    poll();
  }
}

$("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target.elements;
  try {
    const j = await api("POST", base, {players: 2, name: f.name.value, bots: Number(f.bots.value), bot: f.bot.value});
    enter(j.code, {seat: j.seat, token: j.token});
  } catch (err) {
    $("lobby-error").textContent = err.message;
  }
});

$("join").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target.elements;
  const c = f.code.value.trim().toUpperCase();
  try {
    const j = await api("POST", `${base}/${c}/join`, {name: f.name.value});
    enter(j.code, {seat: j.seat, token: j.token});
  } catch (err) {
    $("lobby-error").textContent = err.message;
  }
});

$("watch-button").addEventListener("click", () => {
  const c = $("join").elements.code.value.trim().toUpperCase();
  if (c) enter(c, null);
});

const given = new URLSearchParams(location.search).get("code");
if (given) {
  const held = sessionStorage.getItem("tinrail:" + given);
  enter(given, held ? JSON.parse(held) : null);
}
