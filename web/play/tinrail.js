// tinrail.js is the play page's Tinrail input (the contract is at the top
// of play.js): a button for each hand tile the legal actions name, a
// rotate button and a place button; keys 1-3 pick hand tile #0-#2, R
// rotates (Shift+R back), Enter places. Beside them the renderer draws the
// board as it would be with the chosen tile placed, each engine's route
// through it, so that a person sees where a placement sends the engines.
"use strict";

Play.game("tinrail", {
  options: {opponent: {values: ["wise", "easy"]}},

  controls(el, play) {
    const make = (name, text, cls) => Object.assign(document.createElement(name), {textContent: text || "", className: cls || ""});
    const tiles = make("div", "", "tiles"), rotate = make("button", "Rotate (R)"), place = make("button", "", "primary");
    const chosen = make("p", "", "chosen"), preview = make("div", "", "preview");
    const row = make("div", "", "row");
    row.append(rotate, place);
    el.replaceChildren(make("p", "Keys: 1-3 pick a tile, R rotates, Enter places.", "hint"), tiles, row, chosen, preview);
    rotate.dataset.act = "rotate";
    place.dataset.act = "place";
    let answer = null, tile = 0, rotation = 0;

    function paint() {
      const v = answer.view, hand = v.hand[tile];
      const legal = [...new Set(answer.legalActions.map((a) => a.tileIndex))];
      tiles.replaceChildren(...legal.map((i) => {
        const b = make("button", `${i + 1} · tile ${v.hand[i].tile}`);
        b.append(make("small", v.hand[i].rotations[rotation].map((s) => s.join("-")).join(" ")));
        Object.assign(b.dataset, {tileIndex: i, tile: v.hand[i].tile});
        b.setAttribute("aria-pressed", i === tile);
        b.onclick = () => pick(i);
        return b;
      }));
      rotate.hidden = place.hidden = chosen.hidden = !legal.length;
      place.textContent = `Place #${tile} at rotation ${rotation} (Enter)`;
      chosen.textContent = `Hand tile #${tile}, rotation ${rotation}` + (hand ? `: tile ${hand.tile} into cell ${v.you.cell}.` : ": not in your hand.");
      Object.assign(chosen.dataset, {tileIndex: tile, rotation});
      preview.hidden = !hand || answer.gameOver;
      if (preview.hidden) return;
      // The board as it would be: the chosen tile where your engine waits.
      const board = [...v.board, {cell: v.you.cell, tile: hand.tile, rotation, strands: hand.rotations[rotation]}];
      const ghost = {...answer, events: [], view: {...v, board}};
      play.draw(preview, ghost, 0, {format: 2, game: "tinrail", name: "preview", steps: [{answer: ghost}]});
    }

    function pick(i) {
      tile = i;
      paint();
    }

    function turn(by) {
      rotation = (rotation + by + 4) % 4;
      paint();
    }

    const send = () => play.act({type: "place", tileIndex: tile, rotation});
    rotate.onclick = () => turn(1);
    place.onclick = send;

    return {
      update(a) {
        answer = a;
        tile = rotation = 0;
        paint();
      },
      key(e) {
        if (["1", "2", "3"].includes(e.key)) pick(Number(e.key) - 1);
        else if (e.key === "r" || e.key === "R") turn(e.shiftKey ? -1 : 1);
        else if (e.key === "Enter") send();
        else return false;
        return true;
      },
    };
  },

  event(e) {
    const who = {you: "You", gbot: "G-Bot"}, whose = {you: "your", gbot: "G-Bot's"};
    const rides = e.rides.map((r) => `${whose[r.engine]} engine rode ${r.tiles} tile${r.tiles === 1 ? "" : "s"}` +
      (r.offTable ? " off the table" : ` to cell ${r.to.cell}`) + (r.eliminated ? ", eliminated" : ""));
    return [`${who[e.by]} placed tile ${e.tile} at rotation ${e.rotation} in cell ${e.cell}`, ...rides].join("; ") + (e.headOn ? "; head on!" : ".");
  },
});
