// The SVG board: the track of any edition, drawn from the static board and a view.
import { h, s, clear } from "./dom.js";
import { SEAT_COLOURS, SEAT_LETTERS, SEAT_SHAPES, money } from "./model.js";
import { drawCentre } from "./centre.js";

export const SIZE = 1000;
const C = 132; // corner
const BAND = 20;

export function geometry(n) {
  const side = Math.max(1, Math.round(n / 4));
  const W = (SIZE - 2 * C) / (side - 1);
  return { side, W, C, inner: { x: C, y: C, w: SIZE - 2 * C, h: SIZE - 2 * C } };
}

/** Rectangle of square i and the side it lies on (0 bottom, 1 left, 2 top, 3 right). */
export function rectOf(i, n) {
  const { side, W } = geometry(n);
  const sd = Math.floor(i / side) % 4;
  const k = i % side;
  const E = SIZE - C;
  if (sd === 0) return k === 0 ? { x: E, y: E, w: C, h: C, sd, corner: true } : { x: E - k * W, y: E, w: W, h: C, sd };
  if (sd === 1) return k === 0 ? { x: 0, y: E, w: C, h: C, sd, corner: true } : { x: 0, y: E - k * W, w: C, h: W, sd };
  if (sd === 2) return k === 0 ? { x: 0, y: 0, w: C, h: C, sd, corner: true } : { x: C + (k - 1) * W, y: 0, w: W, h: C, sd };
  return k === 0 ? { x: E, y: 0, w: C, h: C, sd, corner: true } : { x: E, y: C + (k - 1) * W, w: C, h: W, sd };
}

function band(r) {
  if (r.sd === 0) return { x: r.x, y: r.y, w: r.w, h: BAND };
  if (r.sd === 1) return { x: r.x + r.w - BAND, y: r.y, w: BAND, h: r.h };
  if (r.sd === 2) return { x: r.x, y: r.y + r.h - BAND, w: r.w, h: BAND };
  return { x: r.x, y: r.y, w: BAND, h: r.h };
}

/** Split a name into at most `lines` lines of about `width` characters. */
function wrap(text, width, lines) {
  const words = String(text).split(/\s+/).filter(Boolean);
  const out = [];
  let cur = "";
  for (const w of words) {
    if (!cur) cur = w;
    else if ((cur + " " + w).length <= width) cur += " " + w;
    else { out.push(cur); cur = w; }
  }
  if (cur) out.push(cur);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = kept[lines - 1].slice(0, Math.max(1, width - 1)) + "\u2026";
    return kept;
  }
  return out.map((l) => (l.length > width + 2 ? l.slice(0, width + 1) + "\u2026" : l));
}

const KIND_ICON = {
  start: "\u2192", chance: "?", jail: "\u25A6", go_to_jail: "\u21AA", free_parking: "P",
  tax: "$", railway: "\u25AD", utility: "\u26A1", collect: "+2", steal: "\u2702",
  roll_for_resources: "\u2684",
};

export function tokenShape(seat, r) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  const col = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const a = { fill: col, stroke: "#111", "stroke-width": 2 };
  if (shape === "circle") return s("circle", { cx: 0, cy: 0, r, ...a });
  if (shape === "square") return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, ...a });
  const sides = { triangle: 3, diamond: 4, pentagon: 5, hexagon: 6 }[shape];
  const pts = [];
  for (let k = 0; k < sides; k++) {
    const t = -Math.PI / 2 + (2 * Math.PI * k) / sides;
    const rr = shape === "triangle" ? r * 1.25 : r * 1.1;
    pts.push(`${(rr * Math.cos(t)).toFixed(1)},${(rr * Math.sin(t) + (shape === "triangle" ? r * 0.2 : 0)).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), ...a });
}

export function seatBadge(seat, r = 12) {
  const g = s("g.badge");
  g.appendChild(tokenShape(seat, r));
  g.appendChild(s("text", { x: 0, y: r * 0.42, "text-anchor": "middle", "font-size": r * 1.15, "font-weight": 700, fill: "#111" }, SEAT_LETTERS[seat] || "?"));
  return g;
}

/** Tokens that walk square by square from where they were drawn to their new place. */
export class Tokens {
  constructor(layer, n) {
    this.layer = layer;
    this.n = n;
    this.shown = {}; // seat -> square drawn now
    this.nodes = {};
    this.timers = {};
  }

  place(seat, sq, count, idx) {
    const r = rectOf(sq, this.n);
    let ox; let oy;
    if (r.corner) { ox = r.x + 30 + (idx % 3) * 36; oy = r.y + r.h - 40 + Math.floor(idx / 3) * 0 - (idx >= 3 ? 28 : 0); }
    else if (r.sd === 1 || r.sd === 3) { ox = r.x + (r.sd === 1 ? 32 : 34) + idx * 15; oy = r.y + 50 + (idx % 2) * 4; }
    else { ox = r.x + 18 + (idx % 3) * 23; oy = r.y + (r.sd === 0 ? 70 : 62) + Math.floor(idx / 3) * 24; }
    const node = this.nodes[seat];
    if (!node) return;
    node.setAttribute("transform", `translate(${ox.toFixed(1)} ${oy.toFixed(1)})`);
    this.shown[seat] = sq;
  }

  update(players, reduced) {
    const n = this.n;
    const target = {};
    for (const p of players) if (p.alive !== false && !p.left) target[p.seat] = p.position;
    for (const seat of Object.keys(this.nodes)) {
      if (!(seat in target)) { window.clearInterval(this.timers[seat]); this.nodes[seat].remove(); delete this.nodes[seat]; delete this.shown[seat]; }
    }
    for (const p of players) {
      const seat = p.seat;
      if (!(seat in target)) continue;
      if (!this.nodes[seat]) {
        const g = s("g.token", { "data-seat": seat, "aria-hidden": "true" });
        g.appendChild(seatBadge(seat, 12));
        this.layer.appendChild(g);
        this.nodes[seat] = g;
      }
    }
    const order = Object.keys(target).map(Number);
    const slot = (seat) => order.indexOf(seat);
    for (const seat of order) {
      const to = target[seat];
      const from = this.shown[seat];
      window.clearInterval(this.timers[seat]);
      const dist = from === undefined ? 0 : (to - from + n) % n;
      if (from === undefined || reduced || dist === 0 || dist > 12) {
        this.place(seat, to, order.length, slot(seat));
        continue;
      }
      let at = from;
      this.timers[seat] = window.setInterval(() => {
        at = (at + 1) % n;
        this.place(seat, at, order.length, slot(seat));
        if (at === to) window.clearInterval(this.timers[seat]);
      }, 60);
    }
  }
}

/** Build the whole board SVG. ctx: {board, view, onCell, onBlock, actionsBy}. Returns an updater. */
export function createBoard(container, board) {
  clear(container);
  const n = board.size;
  const svg = s("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`, role: "img", class: "board",
    "aria-label": `${board.title} board`, preserveAspectRatio: "xMidYMid meet",
  });
  const defs = s("defs");
  const pat = s("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  pat.appendChild(s("rect", { width: 8, height: 8, fill: "rgba(255,255,255,0.35)" }));
  pat.appendChild(s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#444", "stroke-width": 3 }));
  defs.appendChild(pat);
  svg.appendChild(defs);
  svg.appendChild(s("rect", { x: 0, y: 0, width: SIZE, height: SIZE, class: "board-bg" }));
  const centre = s("g.centre");
  const track = s("g.track");
  const marks = s("g.marks");
  const tokenLayer = s("g.tokens");
  svg.append(centre, track, marks, tokenLayer);

  for (const sq of board.squares) {
    const r = rectOf(sq.index, n);
    const g = s("g.square", { "data-square": sq.index });
    g.appendChild(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "sq" }));
    if (sq.colour && !r.corner) {
      const b = band(r);
      g.appendChild(s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, fill: sq.colour, class: "band" }));
    }
    // the name, horizontal for every side so it stays readable
    const vertical = r.sd === 1 || r.sd === 3;
    const width = r.corner ? 16 : vertical ? 15 : 10;
    const lines = wrap(sq.name, width, r.corner ? 3 : vertical ? 2 : 3);
    const longest = Math.max(1, ...lines.map((l) => l.length));
    const room = (r.corner ? r.w : vertical ? r.w - BAND - 17 : r.w) - 6;
    const fs = Math.min(r.corner ? 15 : 12.5, room / (longest * 0.6));
    let tx = r.x + r.w / 2;
    let ty = r.y + (r.corner ? 42 : 16);
    if (!r.corner) {
      if (r.sd === 0) ty = r.y + BAND + 16;
      if (r.sd === 1) { tx = r.x + 17 + (r.w - BAND - 17) / 2; ty = r.y + 18; }
      if (r.sd === 2) ty = r.y + 32;
      if (r.sd === 3) { tx = r.x + BAND + (r.w - BAND - 17) / 2; ty = r.y + 18; }
    }
    const t = s("text", { x: tx, y: ty, "text-anchor": "middle", "font-size": fs, class: "sq-name" });
    lines.forEach((line, k) => t.appendChild(s("tspan", { x: tx, dy: k === 0 ? 0 : fs * 1.1 }, line)));
    g.appendChild(t);
    const icon = KIND_ICON[sq.kind];
    if (icon && !sq.colour) {
      g.appendChild(s("text", { x: tx, y: ty + (lines.length) * fs * 1.1 + 14, "text-anchor": "middle", "font-size": 20, class: "sq-icon", "aria-hidden": "true" }, icon));
    }
    if (sq.price) {
      const py = r.sd === 0 ? r.y + r.h - 22 : r.sd === 2 ? r.y + r.h - BAND - 6 : r.y + r.h - 6;
      g.appendChild(s("text", { x: tx, y: py, "text-anchor": "middle", "font-size": 11.5, class: "sq-price" }, money(board, sq.price)));
    }
    const res = board.layout && board.layout.squares && board.layout.squares[sq.index];
    if (res && res.resource) {
      // builder: the chip type a deed (with its dice number) or a Collect square produces
      const cy = ty + lines.length * fs * 1.1 + (sq.price ? 10 : 26);
      const cg = s("g.deed-chip", { transform: `translate(${tx} ${cy})` });
      cg.appendChild(s("circle", { r: 10, class: `chip chip-${res.resource}`, stroke: "#111", "stroke-width": 1.2 }));
      if (res.dice_number) cg.appendChild(s("text", { y: 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700 }, String(res.dice_number)));
      g.appendChild(cg);
    }
    const title = s("title");
    title.textContent = `${sq.index}: ${sq.name}${sq.price ? " \u00b7 " + money(board, sq.price) : ""}`;
    g.appendChild(title);
    track.appendChild(g);
  }
  // on a phone the track is drawn compact (no text) and these squares are shown large
  const near = h("ol#near.near", { "aria-label": "The squares near you" });
  container.append(near, svg);
  const tokens = new Tokens(tokenLayer, n);
  let centreState = null;

  return {
    svg,
    update(view, ctx) {
      drawMarks(marks, board, view);
      drawNear(near, board, view);
      centreState = drawCentre(centre, board, view, ctx, centreState, geometry(n).inner);
      const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      tokens.update(view.players || [], reduced || ctx.instant);
      for (const g of track.querySelectorAll("g.square")) {
        const i = Number(g.dataset.square);
        const title = g.querySelector("title");
        const sq = board.squares[i];
        const o = view.owner ? view.owner[i] : -1;
        let txt = `${i}: ${sq.name}${sq.price ? " \u00b7 " + money(board, sq.price) : ""}`;
        if (o >= 0 && view.players[o]) txt += ` \u00b7 owner ${SEAT_LETTERS[o]} ${view.players[o].name}`;
        if (view.mortgaged && view.mortgaged[i]) txt += " \u00b7 mortgaged";
        const rent = view.city && view.city.rent ? view.city.rent[i] ?? view.city.rent[String(i)] : undefined;
        if (rent) txt += ` \u00b7 rent ${money(board, rent)}`;
        title.textContent = txt;
      }
    },
  };
}

/** The squares a phone shows large: the one being decided, then the one behind the
 * player's token and the four ahead of it. */
export function nearSquares(board, view) {
  const n = board.size;
  const p = view.pending;
  const seat = view.seat !== null && view.seat !== undefined ? view.seat : Math.max(0, view.current_player ?? 0);
  const me = (view.players || [])[seat];
  const out = [];
  const deciding = p && typeof p.square === "number" && p.square >= 0 && p.square < n ? p.square : null;
  if (me) for (let k = -1; k <= 4; k++) out.push((me.position + k + n) % n);
  if (deciding !== null && !out.includes(deciding)) out.unshift(deciding);
  return { squares: [...new Set(out)], deciding, here: me ? me.position : null };
}

function drawNear(el, board, view) {
  clear(el);
  const { squares, deciding, here } = nearSquares(board, view);
  for (const i of squares) {
    const sq = board.squares[i];
    if (!sq) continue;
    const o = view.owner ? view.owner[i] : -1;
    const li = h("li.near-sq", { "data-square": i, class: `near-sq${i === deciding ? " deciding" : ""}${i === here ? " here" : ""}` });
    li.style.setProperty("--band", sq.colour || "#d9d4c7");
    li.appendChild(h("span.near-name", { text: sq.name }));
    const facts = [];
    if (i === deciding) facts.push("to decide");
    if (sq.price) facts.push(money(board, sq.price));
    if (o !== undefined && o >= 0) facts.push(`owner ${SEAT_LETTERS[o]}`);
    if (view.mortgaged && view.mortgaged[i]) facts.push("mortgaged");
    const lvl = (view.level && view.level[i]) || 0;
    if (lvl) facts.push(lvl >= 5 ? "hotel" : `${lvl} house${lvl > 1 ? "s" : ""}`);
    const who = (view.players || []).filter((p) => p.position === i && p.alive !== false && !p.left).map((p) => SEAT_LETTERS[p.seat]);
    if (who.length) facts.push(`\u25CF ${who.join(" ")}`);
    li.appendChild(h("span.near-facts", { text: facts.join(" \u00b7 ") }));
    el.appendChild(li);
  }
}

function drawMarks(layer, board, view) {
  clear(layer);
  const n = board.size;
  const owner = view.owner || [];
  for (let i = 0; i < n; i++) {
    const r = rectOf(i, n);
    const o = owner[i];
    const lvl = (view.level && view.level[i]) || 0;
    const mort = view.mortgaged && view.mortgaged[i];
    if (mort) layer.appendChild(s("rect", { x: r.x + 1, y: r.y + 1, width: r.w - 2, height: r.h - 2, fill: "url(#hatch)", class: "mortgaged" }));
    if (o !== undefined && o >= 0) {
      // an owner strip on the outer edge: the seat's colour and letter
      const S = 17;
      let st;
      if (r.sd === 0) st = { x: r.x, y: r.y + r.h - S, w: r.w, h: S };
      else if (r.sd === 1) st = { x: r.x, y: r.y, w: S, h: r.h };
      else if (r.sd === 2) st = { x: r.x, y: r.y, w: r.w, h: S };
      else st = { x: r.x + r.w - S, y: r.y, w: S, h: r.h };
      if (!r.corner) {
        layer.appendChild(s("rect", { x: st.x + 1, y: st.y + 1, width: st.w - 2, height: st.h - 2, fill: SEAT_COLOURS[o % SEAT_COLOURS.length], class: "owner-strip" }));
        layer.appendChild(s("text", { x: st.x + st.w / 2, y: st.y + st.h / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, class: "owner-letter" }, SEAT_LETTERS[o]));
      }
    }
    if (mort) {
      layer.appendChild(s("text", { x: r.x + 14, y: r.y + r.h - 10, "font-size": 15, "font-weight": 800, class: "mort-letter" }, "M"));
    }
    if (lvl > 0 && board.squares[i] && board.squares[i].kind === "street") {
      const b = band(r);
      const horiz = r.sd === 0 || r.sd === 2;
      if (lvl >= 5) {
        layer.appendChild(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, class: "hotel" }));
        layer.appendChild(s("text", { x: b.x + b.w / 2, y: b.y + b.h / 2 + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#fff" }, "H"));
      } else {
        for (let k = 0; k < lvl; k++) {
          const hx = horiz ? b.x + 5 + k * 18 : b.x + 3;
          const hy = horiz ? b.y + 3 : b.y + 5 + k * 18;
          layer.appendChild(s("rect", { x: hx, y: hy, width: 14, height: 14, class: "house" }));
        }
      }
    }
  }
  // builder: chips lying on the track
  const piles = view.builder && view.builder.piles;
  if (piles) {
    for (const [sqi, pile] of Object.entries(piles)) {
      const r = rectOf(Number(sqi), n);
      let k = 0;
      for (const [type, cnt] of Object.entries(pile)) {
        if (!cnt) continue;
        const g = s("g.pile", { transform: `translate(${r.x + 12 + k * 22} ${r.y + r.h / 2 + 20})` });
        g.appendChild(s("circle", { r: 9, class: `chip chip-${type}` }));
        g.appendChild(s("text", { y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, String(cnt)));
        layer.appendChild(g);
        k++;
      }
    }
  }
}
