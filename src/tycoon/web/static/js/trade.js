// The trade builder: cash, deeds, cards and (builder) resources; offers and counter-offers.
import { h, fill } from "./dom.js";
import { money, seatLabel } from "./model.js";

const LETTER = { red: "r", purple: "p", green: "g", yellow: "y" };

function itemsText(squares, cards, chips) {
  const parts = [...squares.map(String), ...cards];
  const ch = Object.entries(chips).filter(([, n]) => n > 0).map(([t, n]) => `${n}${LETTER[t] || t[0]}`);
  if (ch.length) parts.push(ch.join(","));
  return parts.length ? parts.join(",") : "-";
}

export class TradeBuilder {
  constructor(dialog, send) {
    this.dialog = dialog;
    this.send = send; // async (text) => answer
  }

  open(board, view, { partners, counter }) {
    this.board = board;
    this.view = view;
    const words = new Set((view.actions || view.legal_actions || []).map((a) => String(a.text ?? a).split(" ")[0]));
    this.full = words.has("trade");
    const me = view.seat;
    const list = (partners && partners.length ? partners : view.players.map((p) => p.seat))
      .filter((s) => s !== me && view.players[s] && view.players[s].alive !== false);
    if (!list.length) return;
    this.partner = counter ? counter.offerer : list[0];
    this.counter = counter || null;
    this.partners = list;
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
    const first = this.dialog.querySelector("select, input, button");
    if (first) first.focus();
  }

  render() {
    const { board, view } = this;
    const me = view.seat;
    const d = this.dialog;
    const err = h("p.form-error", { role: "alert" });
    const form = h("form.trade", { method: "dialog" });
    form.appendChild(h("h2", { text: this.counter ? "Counter-offer" : "Make an offer" }));
    const sel = h("select", { id: "trade-partner", "aria-label": "Partner" });
    for (const s of this.partners) {
      const o = h("option", { value: s, text: seatLabel(view, s) });
      if (s === this.partner) o.selected = true;
      sel.appendChild(o);
    }
    sel.addEventListener("change", () => { this.partner = Number(sel.value); this.counter = null; this.render(); });
    form.appendChild(h("label", { for: "trade-partner", text: "With " }));
    form.appendChild(sel);

    const give = this.counter ? this.counter.get : null; // what they wanted from me
    const get = this.counter ? this.counter.give : null;
    const cols = h("div.trade-cols", {});
    const mine = this.side("give", me, give);
    const theirs = this.full ? this.side("get", this.partner, get) : null;
    cols.appendChild(mine.el);
    if (theirs) cols.appendChild(theirs.el);
    form.appendChild(cols);

    const pay = h("input", { type: "number", id: "trade-pay", min: 0, step: 1, value: 0 });
    const recv = h("input", { type: "number", id: "trade-receive", min: 0, step: 1, value: 0 });
    if (this.counter && this.counter.price) {
      if (this.counter.price > 0) recv.value = String(this.counter.price);
      else pay.value = String(-this.counter.price);
    }
    if (this.full) {
      form.appendChild(h("div.row", {}, h("label", { for: "trade-pay", text: "You pay" }), pay, h("label", { for: "trade-receive", text: "They pay" }), recv));
    } else {
      form.appendChild(h("div.row", {}, h("label", { for: "trade-receive", text: "Price they pay" }), recv));
    }
    form.appendChild(err);
    const submit = h("button.primary", { type: "submit" }, "Send offer");
    const cancel = h("button", { type: "button", onclick: () => d.close() }, "Cancel");
    form.appendChild(h("div.row", {}, submit, cancel));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const text = this.text(mine.value(), theirs ? theirs.value() : null, Number(pay.value || 0), Number(recv.value || 0));
      if (!text) { err.textContent = "Choose something to offer."; return; }
      const ans = await this.send(text);
      if (ans && ans.ok) d.close();
      else err.textContent = (ans && ans.message) || "The offer was refused.";
    });
    fill(d, form);
  }

  text(g, t, pay, recv) {
    const p = this.partner;
    if (this.full) {
      return `trade ${p} give ${itemsText(g.squares, g.cards, g.chips)} get ${itemsText(t.squares, t.cards, t.chips)} cash ${pay - recv}`;
    }
    if (g.squares.length) return `sell-deed ${g.squares.join(",")} to ${p} for ${recv}`;
    if (g.cards.length) return `sell-card ${g.cards[0]} to ${p} for ${recv}`;
    return "";
  }

  side(name, seat, preset) {
    const { board, view } = this;
    const el = h("fieldset.trade-side", {});
    el.appendChild(h("legend", { text: name === "give" ? "You give" : `${seatLabel(view, seat)} gives` }));
    const boxes = [];
    const pre = preset || { squares: [], cards: [], resources: {} };
    (view.owner || []).forEach((o, i) => {
      if (o !== seat) return;
      const id = `t-${name}-sq-${i}`;
      const cb = h("input", { type: "checkbox", id, value: i, checked: (pre.squares || []).includes(i) ? true : null });
      boxes.push(["sq", cb]);
      const sq = board.squares[i];
      const lvl = view.level && view.level[i];
      const note = (view.mortgaged && view.mortgaged[i] ? " (mortgaged)" : "") + (lvl ? ` (${lvl >= 5 ? "hotel" : lvl + " houses"})` : "");
      el.appendChild(h("div.check", {}, cb, h("label", { for: id, text: `${sq.name}${note}` })));
    });
    const p = view.players[seat];
    for (const c of (p && p.cards) || []) {
      const id = `t-${name}-card-${c}`;
      const cb = h("input", { type: "checkbox", id, value: c, checked: (pre.cards || []).includes(c) ? true : null });
      boxes.push(["card", cb]);
      el.appendChild(h("div.check", {}, cb, h("label", { for: id, text: `Card ${c}` })));
    }
    const chips = {};
    const bp = view.builder && view.builder.players && view.builder.players[seat];
    if (bp && this.full) {
      for (const [type, n] of Object.entries(bp.resources || {})) {
        const id = `t-${name}-res-${type}`;
        const preset = (pre.chips && pre.chips[LETTER[type]]) || (pre.resources && pre.resources[type]) || 0;
        const inp = h("input", { type: "number", id, min: 0, max: n, value: preset });
        chips[type] = inp;
        el.appendChild(h("div.check", {}, h("label", { for: id, text: `${type} (of ${n})` }), inp));
      }
    }
    if (!boxes.length && !Object.keys(chips).length) el.appendChild(h("p.muted", { text: "Nothing to trade." }));
    return {
      el,
      value: () => ({
        squares: boxes.filter(([k, cb]) => k === "sq" && cb.checked).map(([, cb]) => Number(cb.value)),
        cards: boxes.filter(([k, cb]) => k === "card" && cb.checked).map(([, cb]) => cb.value),
        chips: Object.fromEntries(Object.entries(chips).map(([t, inp]) => [t, Math.max(0, Number(inp.value || 0))])),
      }),
    };
  }
}

export { money };
