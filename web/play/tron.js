// tron.js is the play page's Tron input (the contract is at the top of
// play.js): a pad of the legal moves, and the arrow keys or WASD; each
// move plays one round, your move and the bots' resolved together.
"use strict";

Play.game("tron", {
  options: {
    players: {values: ["2", "3", "4"]},
    width: {min: 5, max: 100, value: 20},
    height: {min: 5, max: 100, value: 20},
    opponent: {values: ["easy", "wise"]},
  },

  controls(el, play) {
    const pad = Object.assign(document.createElement("div"), {className: "pad"});
    const hint = Object.assign(document.createElement("p"), {className: "hint", textContent: "Keys: the arrows or WASD; each press plays a round."});
    el.replaceChildren(hint, pad);
    const keys = {ArrowUp: "y-", w: "y-", ArrowDown: "y+", s: "y+", ArrowLeft: "x-", a: "x-", ArrowRight: "x+", d: "x+"};
    const arrows = {"y-": "▲ up", "x-": "◀ left", "y+": "▼ down", "x+": "▶ right"};

    return {
      update(a) {
        pad.replaceChildren(...a.legalActions.map((m) => {
          const b = Object.assign(document.createElement("button"), {textContent: `${arrows[m.dir] || ""} ${m.dir}`});
          b.dataset.dir = m.dir;
          b.onclick = () => play.act(m);
          return b;
        }));
      },
      key(e) {
        const dir = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
        if (dir) play.act({type: "move", dir});
        return Boolean(dir);
      },
    };
  },

  event(e) {
    const seat = (s) => "ABCD"[s];
    const moves = e.moves.map((d, s) => `${seat(s)} ${d ?? "-"}`).join(", ");
    return `Round ${e.round}: ${moves}` + (e.died.length ? `; crashed: ${e.died.map(seat).join(", ")}` : "") + ".";
  },
});
