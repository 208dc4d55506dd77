// brinebell.js is the play page's Brinebell input (the contract is at the
// top of play.js): Start, Advance by the ticks typed (bounded by the
// answer's actionRanges), a button for each order the legal actions list,
// one row a ferry, and Bank. Keys: S starts, Space advances, A and B pick
// the ferry that the digits 0-4 order to that dock. The token goes as
// "stateToken", as the game's card names it.
"use strict";

Play.game("brinebell", {
  options: {},
  token: "stateToken",

  controls(el, play) {
    const make = (name, text, cls) => Object.assign(document.createElement(name), {textContent: text || "", className: cls || ""});
    const hint = make("p", "", "hint"), start = make("button", "Start (S)", "primary"), bank = make("button", "Bank", "bank");
    const advance = make("div", "", "row"), ticks = Object.assign(make("input"), {type: "number", id: "ticks", value: 30});
    const go = make("button", "Advance (Space)"), range = make("small", "", "hint"), orders = make("div", "", "orders");
    const label = make("label", "Ticks ");
    label.append(ticks);
    advance.append(label, go, range);
    el.replaceChildren(hint, start, advance, orders, bank);
    start.dataset.act = "start";
    go.dataset.act = "advance";
    bank.dataset.act = "bank";
    let answer = null, ferry = 0;

    const send = (action) => play.act(action);
    const forward = () => send({type: "advance", ticks: ticks.value === "" ? null : Number(ticks.value)});
    start.onclick = () => send({type: "start"});
    bank.onclick = () => send({type: "bank"});
    go.onclick = forward;
    ticks.addEventListener("keydown", (e) => {
      if (e.key === "Enter") forward();
    });

    function paint() {
      const legal = (type) => answer.legalActions.filter((a) => a.type === type);
      const v = answer.view, r = (answer.actionRanges || []).find((x) => x.type === "advance" && x.field === "ticks");
      start.hidden = !legal("start").length;
      bank.hidden = !legal("bank").length;
      advance.hidden = !legal("advance").length;
      if (r) {
        Object.assign(ticks, {min: r.min, max: r.max});
        range.textContent = `${r.min} to ${r.max} (30 a second)`;
      }
      const rows = new Map();
      for (const o of legal("order")) {
        if (!rows.has(o.ferry)) rows.set(o.ferry, [o]);
        else rows.get(o.ferry).push(o);
      }
      orders.replaceChildren(...[...rows].map(([f, list]) => {
        const row = make("div", "", "row");
        row.append(make("span", (v.ferries[f] ? v.ferries[f].name : "Ferry " + "AB"[f]) + " to", "name"));
        row.dataset.ferry = f;
        row.classList.toggle("picked", f === ferry);
        for (const o of list) {
          const b = make("button", `${o.dock} ${v.docks[o.dock].name}`);
          b.dataset.dock = o.dock;
          b.onclick = () => send(o);
          row.append(b);
        }
        return row;
      }));
      hint.textContent = `Keys: S starts, Space advances, A or B picks a ferry (now ${"AB"[ferry]}), 0-4 orders it to that dock.`;
    }

    return {
      update(a) {
        answer = a;
        paint();
      },
      key(e) {
        const k = e.key.toLowerCase();
        if (k === "s") send({type: "start"});
        else if (k === " ") forward();
        else if (k === "a" || k === "b") {
          ferry = k === "a" ? 0 : 1;
          paint();
        } else if (/^[0-4]$/.test(k)) send({type: "order", ferry, dock: Number(k)});
        else return false;
        return true;
      },
    };
  },
});
