// The Tron page: create, join or watch a live Tron match through its match
// API, and steer a cycle with the arrow keys, WASD or the buttons. A seat's
// token stays in this tab's session storage, keyed by the match's code; the
// address carries only the code, so that it can be shared.
"use strict";

const $ = (id) => document.getElementById(id);
const base = "/api/games/tron/matches";
const svg = "http://www.w3.org/2000/svg";
const keys = {ArrowUp: "y-", ArrowDown: "y+", ArrowLeft: "x-", ArrowRight: "x+", w: "y-", s: "y+", a: "x-", d: "x+"};
const arrows = {"x+": "→", "x-": "←", "y+": "↓", "y-": "↑"};
let code = null; // the match shown
let me = null; // {seat, token} while this tab holds a seat of it
let state = null;
let shown = ""; // the state drawn, as JSON
let sent = 0, applied = 0; // request numbers: an answer older than the one shown is dropped
let poller = null;
let lost = false; // the last poll failed, and the page says so
let moving = false;
let steered = null; // {round, dir}: the move sent in that round
let skew = 0; // the server's clock minus this one, when they differ by seconds
const lastHeads = []; // each seat's last head seen, to mark where it crashed

async function api(method, path, body) {
  const res = await fetch(path, {method, headers: {"Content-Type": "application/json"}, body: body ? JSON.stringify(body) : undefined});
  const data = await res.json();
  if (!res.ok) throw Object.assign(new Error(data.error ? data.error.message : res.statusText), {status: res.status});
  const off = Date.parse(res.headers.get("Date")) - Date.now();
  skew = Math.abs(off) > 2000 ? off : 0;
  return data;
}

// load asks for the state and shows it, unless a newer answer came first.
async function load(method, path, body) {
  const n = ++sent;
  const next = await api(method, path, body);
  if (n > applied) {
    applied = n;
    show(next);
  }
}

// since is the query that reads the match shown since its round: each
// trail's new heads alone, which show lays on the trails it has.
function since() {
  return state && state.code === code && state.phase !== "lobby" ? `?since=${state.round}` : "";
}

// show draws a state again only when it changed. A state read since the
// round shown adds its cells at the head of each living trail (a cycle
// that crashed has none left); one read since another round is dropped,
// and the next poll reads since the round shown.
function show(next) {
  if (next.since !== undefined) {
    if (!state || state.code !== next.code || next.since !== state.round) return;
    next.seats.forEach((seat, p) => { if (seat.alive) seat.trail = seat.trail.concat(state.seats[p].trail); });
    delete next.since;
  }
  const json = JSON.stringify(next);
  if (json === shown) return;
  shown = json;
  state = next;
  render();
}

// poll reads the match twice a second until it is over, since the round
// shown; a move under way holds it, and polls again once answered.
function poll() {
  clearTimeout(poller);
  if (moving) return;
  load("GET", `${base}/${code}${since()}`).then(() => {
    if (lost) $("match-error").textContent = "";
    lost = false;
    if (!state.over) poller = setTimeout(poll, 500);
  }, (err) => {
    $("match-error").textContent = err.message;
    lost = true;
    if (!err.status || err.status >= 500) poller = setTimeout(poll, 2000);
  });
}

function enter(c, seat) {
  code = c;
  me = seat;
  if (seat) sessionStorage.setItem("tron:" + c, JSON.stringify(seat));
  history.replaceState(null, "", "?code=" + c);
  $("share").href = location.href;
  $("replay").href = "/view/?game=tron&live=" + c;
  $("code").textContent = c;
  $("lobby").classList.add("hidden");
  $("match").classList.remove("hidden");
  poll();
}

function saved(c) {
  return JSON.parse(sessionStorage.getItem("tron:" + c) || "null");
}

function fail(err) { $("lobby-error").textContent = err.message; }

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const players = Number(f.get("players"));
  try {
    const j = await api("POST", base, {players, name: f.get("name"), bots: Math.min(Number(f.get("bots")), players - 1), bot: f.get("bot"),
      width: Number(f.get("width")), height: Number(f.get("height")), roundMillis: Number(f.get("seconds")) * 1000});
    enter(j.code, {seat: j.seat, token: j.token});
  } catch (err) { fail(err); }
});

function typedCode() { return $("join").elements.code.value.trim().toUpperCase(); }

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const c = typedCode();
  try {
    const j = await api("POST", `${base}/${c}/join`, {name: $("join").elements.name.value});
    enter(j.code, {seat: j.seat, token: j.token});
  } catch (err) { fail(err); }
});

$("watch-button").addEventListener("click", () => {
  const c = typedCode();
  if (c) enter(c, saved(c));
  else $("lobby-error").textContent = "Type the code of the match to watch.";
});

$("take-button").addEventListener("click", async () => {
  try {
    const j = await api("POST", `${base}/${code}/join`, {name: $("take-name").value});
    me = {seat: j.seat, token: j.token};
    sessionStorage.setItem("tron:" + code, JSON.stringify(me));
    shown = "";
    poll();
  } catch (err) { $("match-error").textContent = err.message; }
});

function mine() { return me && state ? state.seats[me.seat] : null; }

function canSteer() {
  const seat = mine();
  return !moving && seat && state.phase === "playing" && seat.alive && !seat.moved;
}

async function steer(dir) {
  if (!canSteer()) return;
  moving = true;
  steered = {round: state.round, dir};
  $("match-error").textContent = "";
  try {
    await load("POST", `${base}/${code}/move${since()}`, {token: me.token, dir});
  } catch (err) { $("match-error").textContent = err.message; }
  moving = false;
  render();
  poll();
}

document.addEventListener("keydown", (e) => {
  const dir = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
  if (!dir || !me || !state || e.ctrlKey || e.altKey || e.metaKey || e.target.closest("input, select")) return;
  e.preventDefault();
  steer(dir);
});

document.querySelectorAll("#controls button").forEach((b) => b.addEventListener("click", () => steer(b.dataset.dir)));

function el(tag, attrs, text) {
  const e = tag.startsWith("svg:") ? document.createElementNS(svg, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function ordinal(n) { return n + (n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"); }

function render() {
  const s = state;
  drawGrid(s);
  const round = $("round");
  round.dataset.round = s.round;
  round.textContent = s.phase === "lobby" ? "Lobby" : s.over ? `Over after ${s.round} rounds` : `Round ${s.round + 1}`;
  const seats = $("seats");
  seats.replaceChildren(...s.seats.map((seat) => seatItem(s, seat)));
  const log = $("log");
  log.replaceChildren(...s.log.slice().reverse().map((e) => el("li", {}, describe(s, e))));
  const you = mine();
  const playing = you && s.phase === "playing" && you.alive;
  $("controls").classList.toggle("hidden", !playing);
  document.querySelectorAll("#controls button").forEach((b) => { b.disabled = !canSteer(); });
  $("hint").classList.toggle("hidden", s.phase !== "lobby");
  $("take").classList.toggle("hidden", !!me || s.phase !== "lobby" || s.seats.every((t) => t.joined));
  $("help").textContent = playing ? "Arrow keys, WASD or the buttons steer; your move stays hidden until the round resolves." : "";
  $("status").textContent = headline(s, you);
  $("status").classList.toggle("over", s.over);
  tick();
}

function headline(s, you) {
  const name = (i) => s.seats[i].name;
  if (s.phase === "lobby") return `Waiting for riders: ${s.seats.filter((t) => t.joined).length} of ${s.players} seats taken.`;
  if (s.over) {
    const first = s.seats.filter((t) => s.places[t.seat] === 1).map((t) => name(t.seat));
    if (you) {
      const place = s.places[me.seat];
      if (place === 1) return first.length === 1 ? "You win!" : `Draw: you share 1st place with ${first.filter((n) => n !== you.name).join(", ")}.`;
      return `You place ${ordinal(place)} of ${s.players}; ${first.join(" and ")} ${first.length === 1 ? "wins" : "share 1st place"}.`;
    }
    return first.length === 1 ? `${first[0]} wins.` : `Draw: ${first.join(" and ")} share 1st place.`;
  }
  if (!you) return `Watching round ${s.round + 1}.`;
  if (!you.alive) return `Your cycle crashed in round ${you.died}; the others ride on.`;
  if (you.moved) return `You steer ${steered && steered.round === s.round ? arrows[steered.dir] + " " : ""}in round ${s.round + 1}; waiting for the others.`;
  return `Round ${s.round + 1}: your move.`;
}

function seatItem(s, seat) {
  const li = el("li", {"data-seat": seat.seat, "data-moved": seat.moved, "data-alive": seat.alive});
  li.append(el("span", {class: `swatch seat-${seat.seat}`}), el("strong", {}, seat.name));
  const tags = [];
  if (me && me.seat === seat.seat) tags.push("you");
  tags.push(!seat.joined ? "empty seat" : seat.bot ? "bot" : seat.agent ? `agent ${seat.agent.name} (${seat.agent.id})` : "guest, no agent");
  if (s.phase === "playing" && seat.alive) tags.push(seat.moved ? "moved" : "to move", `length ${seat.trail.length}`);
  if (seat.died) tags.push(`crashed in round ${seat.died}`);
  else if (s.over) tags.push("survived");
  li.append(el("span", {class: "tags"}, tags.join(" · ")));
  if (s.over) {
    li.dataset.place = s.places[seat.seat];
    li.append(el("span", {class: "place"}, ordinal(s.places[seat.seat])));
  }
  li.classList.toggle("dead", seat.died > 0);
  return li;
}

function describe(s, e) {
  const who = (list) => list.map((i) => `${s.seats[i].name} (seat ${i})`).join(", ");
  const silent = e.silent || [];
  const crashed = e.died.filter((i) => !silent.includes(i));
  const parts = [];
  if (crashed.length) parts.push(`${who(crashed)} crashed`);
  if (silent.length) parts.push(`${who(silent)} out for not moving in time`);
  return `Round ${e.round}: ${parts.join("; ")}`;
}

// drawGrid draws each trail in its seat's colour, the heads ringed, and a
// cross where a cycle seen riding crashed (its trail is gone: the cells are
// free again).
function drawGrid(s) {
  const grid = $("grid");
  grid.setAttribute("viewBox", `0 0 ${s.width} ${s.height}`);
  const pattern = el("svg:pattern", {id: "cells", width: 1, height: 1, patternUnits: "userSpaceOnUse"});
  pattern.append(el("svg:path", {d: "M1 0V1H0", class: "line"}));
  const parts = [el("svg:defs"), el("svg:rect", {width: s.width, height: s.height, class: "floor"}),
    el("svg:rect", {width: s.width, height: s.height, fill: "url(#cells)"})];
  parts[0].append(pattern);
  for (const seat of s.seats) {
    const g = el("svg:g", {class: `seat-${seat.seat}`});
    for (const [x, y] of seat.trail) {
      g.append(el("svg:rect", {class: "cell", x: x + 0.08, y: y + 0.08, width: 0.84, height: 0.84, rx: 0.15, "data-seat": seat.seat, "data-x": x, "data-y": y}));
    }
    const head = seat.trail[0]; // the trail lists the head first
    if (head) {
      lastHeads[seat.seat] = head;
      const ring = me && me.seat === seat.seat ? " mine" : "";
      g.append(el("svg:circle", {class: "head" + ring, cx: head[0] + 0.5, cy: head[1] + 0.5, r: 0.3, "data-seat": seat.seat, "data-x": head[0], "data-y": head[1]}));
    } else if (seat.died && lastHeads[seat.seat]) {
      const [x, y] = lastHeads[seat.seat];
      g.append(el("svg:path", {class: "crash", d: `M${x + 0.2} ${y + 0.2}L${x + 0.8} ${y + 0.8}M${x + 0.8} ${y + 0.2}L${x + 0.2} ${y + 0.8}`, "data-seat": seat.seat}));
    }
    parts.push(g);
  }
  grid.replaceChildren(...parts);
}

// tick counts down to the round's deadline.
function tick() {
  const d = state && state.deadline;
  const text = d ? `${Math.max(0, Math.ceil((d - Date.now() - skew) / 1000))} s left` : "";
  if ($("countdown").textContent !== text) $("countdown").textContent = text;
}
setInterval(tick, 250);

const asked = new URLSearchParams(location.search).get("code");
if (asked && /^[0-9A-Za-z]{10}$/.test(asked)) {
  const c = asked.toUpperCase();
  $("join").elements.code.value = c;
  enter(c, saved(c));
}
