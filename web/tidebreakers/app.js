// The Tidebreakers page: create or join a live match, then play it by
// clicking, through the card's match API. The seat token stays in this
// tab's session storage.
"use strict";

const $ = (id) => document.getElementById(id);
const colours = ["var(--seat0)", "var(--seat1)", "var(--seat2)", "var(--seat3)"];
let me = null; // {code, seat, token}
let state = null;
let selected = null; // the island an expedition leaves from
let polling = null;

async function api(method, path, body) {
  const res = await fetch(path, {method, headers: {"Content-Type": "application/json"}, body: body ? JSON.stringify(body) : undefined});
  const data = await res.json();
  if (!res.ok) throw new Error(data.error ? data.error.message : res.statusText);
  return data;
}

function enter(joined) {
  me = joined;
  sessionStorage.setItem("tidebreakers", JSON.stringify(me));
  $("lobby").classList.add("hidden");
  $("match").classList.remove("hidden");
  $("code").textContent = me.code;
  $("replay").href = "/view/?game=tidebreakers&live=" + me.code;
  refresh();
  polling = setInterval(refresh, 1000);
}

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const players = Number(f.get("players"));
  try {
    enter(await api("POST", "/api/matches", {players, name: f.get("name"), bots: Math.min(Number(f.get("bots")), players - 1), captain: f.get("captain")}));
  } catch (err) { $("lobby-error").textContent = err.message; }
});

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const code = String(f.get("code")).trim().toUpperCase();
  try {
    const j = await api("POST", `/api/matches/${code}/join`, {name: f.get("name")});
    enter({code, seat: j.seat, token: j.token});
  } catch (err) { $("lobby-error").textContent = err.message; }
});

$("pass").addEventListener("click", () => act("pass", {}));

// refresh reads the match each second, and draws it again only when it
// changed: redrawing the board replaces its buttons, and a click landing
// on one being replaced would be lost.
async function refresh() {
  try {
    const next = await api("GET", `/api/matches/${me.code}`);
    if (JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    render();
  } catch (err) { $("match-error").textContent = err.message; }
}

async function act(op, body) {
  $("match-error").textContent = "";
  try {
    state = await api("POST", `/api/matches/${me.code}/${op}`, {token: me.token, ...body});
    selected = null;
    render();
  } catch (err) { $("match-error").textContent = err.message; }
}

function myTurn() { return state && !state.over && state.turn === me.seat; }

function adjacent(a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / 5), a % 5, Math.floor(b / 5), b % 5];
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

function clickTile(i) {
  if (!myTurn()) return;
  const t = state.tiles[i];
  const mine = t.owner === me.seat;
  if (state.phase === "supply") {
    if (mine) act("supply", {tile: i, amount: 1});
    return;
  }
  if (mine && t.strength > 1) {
    selected = selected === i ? null : i;
    $("send").max = t.strength - 1;
    $("send").value = t.strength - 1;
    render();
  } else if (!mine && selected !== null && adjacent(selected, i)) {
    act("attack", {from: selected, to: i, send: Number($("send").value)});
  }
}

function render() {
  const s = state;
  const board = $("board");
  board.replaceChildren();
  if (s.tiles.length === 0) {
    board.textContent = "Waiting for captains…";
  }
  s.tiles.forEach((t, i) => {
    const b = document.createElement("button");
    b.className = "tile " + (t.owner === null ? "wild" : "owner-" + t.owner);
    if (i === selected) b.classList.add("selected");
    if (selected !== null && adjacent(selected, i) && t.owner !== me.seat) b.classList.add("target");
    b.dataset.tile = i;
    b.innerHTML = `${t.strength}<small>${t.owner === null ? "wild" : "seat " + t.owner}</small>`;
    b.addEventListener("click", () => clickTile(i));
    board.appendChild(b);
  });
  const caps = $("captains");
  caps.replaceChildren();
  s.seats.forEach((seat, i) => {
    const li = document.createElement("li");
    if (s.turn === i) li.classList.add("turn");
    const who = (i === me.seat ? " (you)" : "") + (seat.bot ? " (bot)" : seat.agent ? ` (agent ${escape(seat.agent.name)}, ${escape(seat.agent.id)})` : seat.joined === false ? "" : " (guest, no agent)");
    li.innerHTML = `<span class="swatch"></span>${escape(seat.name)}${who}: ` +
      `${s.tile_counts[i] ?? 0} islands, strength ${s.strengths[i] ?? 0}`;
    li.firstChild.style.background = colours[i];
    caps.appendChild(li);
  });
  let status, help = "";
  if (s.phase === "lobby") status = "Lobby: waiting for captains to join";
  else if (s.over) status = s.winner === me.seat ? `You win! (${s.ending})`
    : s.winner !== null ? `Seat ${s.winner} wins (${s.ending})`
    : s.places && s.places[me.seat] === 1 ? `Draw: you share 1st place (${s.ending})`
    : `No winner; you place ${s.places ? s.places[me.seat] : "?"} of ${s.players} (${s.ending})`;
  else if (myTurn()) {
    status = `Your turn — round ${s.round}`;
    help = s.phase === "supply" ? `Click your islands to place supply: ${s.supply_left} left.` :
      "Click one of your islands, then a neighbour you do not hold, to send an expedition; or pass.";
  } else status = `Seat ${s.turn} to play — round ${s.round}`;
  $("status").textContent = status;
  $("help").textContent = help;
  $("controls").style.visibility = myTurn() && s.phase === "attack" ? "visible" : "hidden";
  const log = $("log");
  log.replaceChildren();
  s.log.slice(-14).reverse().forEach((e) => {
    const li = document.createElement("li");
    li.textContent = describe(e);
    log.appendChild(li);
  });
  if (s.over && polling) { clearInterval(polling); polling = null; }
}

function describe(e) {
  switch (e.kind) {
  case "captured": return `Round ${e.round}: seat ${e.seat} sent ${e.sent} from ${e.from} and captured ${e.to} (${e.after} stay)`;
  case "repelled": return `Round ${e.round}: seat ${e.seat} sent ${e.sent} from ${e.from} to ${e.to}; repelled (${e.after} left)`;
  case "eliminated": return `Round ${e.round}: seat ${e.seat} is out`;
  default: return `Round ${e.round}: the match ended (${e.ending})`;
  }
}

function escape(s) {
  const d = document.createElement("div");
  d.textContent = s;
  return d.innerHTML;
}

const saved = sessionStorage.getItem("tidebreakers");
if (saved && location.hash === "#resume") enter(JSON.parse(saved));
