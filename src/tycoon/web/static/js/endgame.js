// The end screen (winner, scores, scores over time) and the replay viewer.
import { h, s, fill, clear } from "./dom.js";
import { SEAT_COLOURS, SEAT_LETTERS, money, netWorth, seatLabel } from "./model.js";
import { seatBadge } from "./board.js";

/** Scores per seat as the engine ranks them (the view's `scores`, named by the board's
 * `score_name`: net worth, builder points, metropol cash and permits); a view without
 * them (an old record) falls back to the net worth estimate. */
export function scores(board, view) {
  const unit = board.score_name || "net worth";
  return view.players.map((p) => {
    const sc = view.scores && view.scores[p.seat];
    if (typeof sc === "number") return { seat: p.seat, score: sc, unit };
    return { seat: p.seat, score: netWorth(board, view, p.seat), unit: "net worth" };
  });
}

/** One point of the score chart: each seat's score at this view (0 below zero). */
export function scorePoint(board, view) {
  return scores(board, view).map((r) => Math.max(0, r.score));
}

export function chart(board, history, players, unit = "net worth") {
  const label = (v) => (unit === "points" ? String(v) : money(board, v));
  const W = 640; const H = 260; const L = 70; const B = 30; const T = 12; const R = 16;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": "Scores over time" });
  if (!history.length) {
    svg.appendChild(s("text", { x: W / 2, y: H / 2, "text-anchor": "middle" }, "No history recorded in this browser."));
    return svg;
  }
  const all = history.flatMap((p) => p.w);
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  const pad = Math.max(1, (hi - lo) * 0.1);
  lo = Math.max(0, lo - pad);
  hi += pad;
  const maxX = Math.max(1, history.length - 1);
  const X = (i) => L + (i / maxX) * (W - L - R);
  const Y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  svg.appendChild(s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
  svg.appendChild(s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
  for (const f of [0, 0.5, 1]) {
    const v = lo + (hi - lo) * f;
    svg.appendChild(s("text", { x: L - 6, y: Y(v) + 4, "text-anchor": "end", "font-size": 11 }, label(Math.round(v))));
  }
  const t0 = history[0].t ?? 0;
  const t1 = history[history.length - 1].t ?? maxX;
  svg.appendChild(s("text", { x: (L + W) / 2, y: H - 6, "text-anchor": "middle", "font-size": 11 }, `player-turns ${t0} to ${t1}`));
  players.forEach((p) => {
    const pts = history.map((pt, i) => `${X(i).toFixed(1)},${Y(pt.w[p.seat] || 0).toFixed(1)}`).join(" ");
    svg.appendChild(s("polyline", { points: pts, fill: "none", stroke: SEAT_COLOURS[p.seat], "stroke-width": 3, "stroke-dasharray": ["", "8 4", "2 4", "10 3 2 3", "4 4", "12 6"][p.seat % 6] }));
    const last = history[history.length - 1];
    const b = seatBadge(p.seat, 8);
    b.setAttribute("transform", `translate(${X(history.length - 1)} ${Y(last.w[p.seat] || 0)})`);
    svg.appendChild(b);
  });
  return svg;
}

export function renderEnd(el, board, view, room, history, { onReplay }) {
  clear(el);
  const winners = view.winners || [];
  const sc = scores(board, view);
  el.appendChild(h("h2", { id: "end-title", text: winners.length ? `${winners.map((w) => seatLabel(view, w)).join(" and ")} ${winners.length > 1 ? "win" : "wins"}!` : "Game over" }));
  if (view.termination) el.appendChild(h("p.muted", { text: `The game ended: ${String(view.termination).replace(/_/g, " ")}.` }));
  const table = h("table.scores", {}, h("caption", { text: "Scores" }));
  table.appendChild(h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Player" }), h("th", { scope: "col", text: "Cash" }), h("th", { scope: "col", text: sc[0] ? sc[0].unit[0].toUpperCase() + sc[0].unit.slice(1) : "Score" }))));
  const body = h("tbody", {});
  for (const r of [...sc].sort((a, b) => b.score - a.score)) {
    const p = view.players[r.seat];
    body.appendChild(h("tr", { class: winners.includes(r.seat) ? "winner" : null },
      h("td", { text: `${SEAT_LETTERS[r.seat]} ${p.name}${winners.includes(r.seat) ? " \u2605" : ""}${p.alive === false ? " (bankrupt)" : ""}` }),
      h("td", { text: money(board, p.cash) }),
      h("td", { text: r.score < 0 ? "out" : r.unit === "points" ? String(r.score) : money(board, r.score) })));
  }
  table.appendChild(body);
  el.appendChild(table);
  el.appendChild(h("h3", { text: `${sc[0] ? sc[0].unit[0].toUpperCase() + sc[0].unit.slice(1) : "Score"} over time` }));
  el.appendChild(chart(board, history, view.players, sc[0] ? sc[0].unit : "net worth"));
  const rec = `/api/rooms/${encodeURIComponent(room.room_id)}/record`;
  const row = h("div.row", {},
    h("button.primary", { type: "button", id: "open-replay", onclick: onReplay }, "Replay the game"),
    h("a.button", { href: rec, download: `tycoon-${room.room_id}.json` }, "Download the record"),
    h("a.button", { href: "/" }, "Back to the lobby"));
  el.appendChild(row);
  if (room.seed !== undefined && room.seed !== null) {
    el.appendChild(h("p.muted.fair", { text: `Seed ${room.seed}; its SHA-256 commitment, published at the start: ${room.commitment || view.commitment || ""}` }));
  }
}

/**
 * The replay viewer: steps through frames (views kept as the game was played), or through the
 * record's action list when this browser holds no frames of the game.
 */
export class Replay {
  constructor(el, board, frames, record, draw, onClose) {
    this.onClose = onClose;
    this.el = el;
    this.board = board;
    this.frames = frames; // [{version, view, events}]
    this.record = record;
    this.draw = draw; // (view) => void
    this.i = frames.length ? frames.length - 1 : 0;
    this.render();
  }

  /** Stop listening to the keys (a new replay of the page takes over). */
  destroy() {
    if (this.keys) document.removeEventListener("keydown", this.keys);
    this.keys = null;
  }

  count() { return this.frames.length || (this.record ? this.record.actions.length : 0); }

  go(i) {
    this.i = Math.max(0, Math.min(this.count() - 1, i));
    this.render();
  }

  render() {
    const el = this.el;
    const active = document.activeElement;
    const keep = active && el.contains(active) ? (active.dataset.step || (active.type === "range" ? "range" : "")) : "";
    clear(el);
    const n = this.count();
    el.appendChild(h("h2", { text: "Replay" }));
    const pos = h("p", { id: "replay-pos", "aria-live": "polite", text: n ? `Step ${this.i + 1} of ${n}` : "Nothing to replay" });
    const bar = h("div.row.replay-controls", { role: "toolbar", "aria-label": "Replay controls" },
      h("button", { type: "button", "data-step": "first", onclick: () => this.go(0) }, "\u00AB First"),
      h("button", { type: "button", "data-step": "back", onclick: () => this.go(this.i - 1) }, "\u25C0 Back"),
      h("button", { type: "button", "data-step": "forward", onclick: () => this.go(this.i + 1) }, "Forward \u25B6"),
      h("button", { type: "button", "data-step": "last", onclick: () => this.go(n - 1) }, "Last \u00BB"));
    const range = h("input", { type: "range", min: 0, max: Math.max(0, n - 1), value: this.i, "aria-label": "Step" });
    range.addEventListener("input", () => this.go(Number(range.value)));
    bar.appendChild(pos);
    el.append(bar, range);
    const what = h("ol.replay-events", { start: 1 });
    if (this.frames.length) {
      const f = this.frames[this.i];
      for (const e of f.events || []) if (e.text) what.appendChild(h("li", { text: e.text }));
      this.draw(f.view, this.i);
    } else if (this.record) {
      const [seat, text] = this.record.actions[this.i] || [];
      const who = seat === -1 ? "chance" : (this.record.players || [])[seat] || `seat ${seat}`;
      what.appendChild(h("li", { text: `${who}: ${text}` }));
    }
    el.appendChild(what);
    if (this.onClose) bar.appendChild(h("button", { type: "button", id: "close-replay", onclick: this.onClose }, "Close the replay"));
    if (keep === "range") range.focus();
    else if (keep) { const b = el.querySelector(`[data-step="${keep}"]`); if (b) b.focus(); }
    if (!this.keys) {
      // the arrow keys step wherever the focus is while the replay is open (except in a
      // text field, a select or the slider, which use them themselves)
      this.keys = (e) => {
        if (el.hidden || !el.isConnected) return;
        const t = e.target;
        if (t && (t.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName))) return;
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.key === "ArrowLeft") { e.preventDefault(); this.go(this.i - 1); }
        if (e.key === "ArrowRight") { e.preventDefault(); this.go(this.i + 1); }
      };
      document.addEventListener("keydown", this.keys);
    }
  }
}
