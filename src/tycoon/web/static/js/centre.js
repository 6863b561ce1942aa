// The centre of the board: the dice, the deed being decided and the last events, or
// builder's island, or metropol's city.
import { s, clear } from "./dom.js";
import { SEAT_COLOURS, SEAT_LETTERS, deedFacts, money } from "./model.js";

const COLS = [0, 1, 2, 4, 5, 6]; // metropol: block b = row * 6 + col on a 7 x 7 grid with streets at 3
const AREA_TINT = ["#f3e7d3", "#e3eef7", "#e6f2e6", "#f4e4ee"];
const AREA_NAME = ["SE", "SW", "NW", "NE"];

function clickable(g, label, onActivate) {
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", label);
  g.classList.add("clickable");
  g.addEventListener("click", onActivate);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onActivate(); }
  });
}

function centreText(g, x, y, text, size, cls = "centre-sub", anchor = "middle", extra = {}) {
  // centre texts are drawn at 30 units or more: 11 CSS px and up on a 390 px phone
  g.appendChild(s("text", { x, y, "text-anchor": anchor, "font-size": size, class: `${cls} keep`, ...extra }, text));
}

function clip(text, n) {
  const t = String(text);
  return t.length > n ? t.slice(0, n - 1) + "\u2026" : t;
}

/** Dice as pips (no text: readable at any size). */
function drawDice(g, dice, cx, y, size) {
  const PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };
  const gap = size * 0.3;
  let x = cx - (dice.length * size + (dice.length - 1) * gap) / 2;
  const dg = s("g.centre-dice", { "aria-hidden": "true" });
  for (const d of dice) {
    dg.appendChild(s("rect", { x, y, width: size, height: size, rx: size * 0.16, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 3 }));
    for (const [px, py] of PIPS[d] || []) {
      dg.appendChild(s("circle", { cx: x + size * (0.22 + px * 0.28), cy: y + size * (0.22 + py * 0.28), r: size * 0.09, fill: "#1b1b1b" }));
    }
    x += size + gap;
  }
  g.appendChild(dg);
}

/** The deed being decided, as a card: colour band and name, price, group and rents. */
function deedCard(g, board, view, i, box) {
  const f = deedFacts(board, i, view);
  if (!f) return box.y;
  const w = 470;
  const x = box.x + (box.w - w) / 2;
  const rowH = 36;
  const h = 150 + f.rows.length * rowH;
  const y = box.y + 175;
  const card = s("g.centre-deed", { "data-square": i });
  card.appendChild(s("rect", { x, y, width: w, height: h, rx: 10, fill: "#fffdf6", stroke: "#1b1b1b", "stroke-width": 2.5 }));
  card.appendChild(s("rect", { x, y, width: w, height: 64, rx: 10, fill: f.colour || "#d9d4c7", stroke: "#1b1b1b", "stroke-width": 2.5 }));
  const dark = f.colour && /^#(?:[0-6])/i.test(f.colour);
  centreText(card, x + w / 2, y + 44, clip(f.name, 24), 34, "centre-deed-name", "middle", { fill: dark ? "#fff" : "#111", "font-weight": 800 });
  centreText(card, x + w / 2, y + 104, `${f.price ? `Price ${f.price} \u00b7 ` : ""}${clip(f.group, 22)}`, 30);
  f.rows.forEach(([label, value], k) => {
    const ry = y + 146 + k * rowH;
    centreText(card, x + 24, ry, label, 30, "centre-sub", "start");
    centreText(card, x + w - 24, ry, value, 30, "centre-sub", "end", { "font-weight": 700 });
  });
  const t = s("title"); t.textContent = `${f.name}: ${f.price}; ${f.rows.map((r) => r.join(" ")).join(", ")}`; card.appendChild(t);
  g.appendChild(card);
  return y + h;
}

/** The centre of a plain track: the edition, the dice, the deed being bought or auctioned,
 * and the last events. */
function trackCentre(g, box, board, view, ctx) {
  const cx = box.x + box.w / 2;
  centreText(g, cx, box.y + 50, String(board.title || view.edition), 34, "centre-title");
  const dice = (ctx && ctx.dice) || [];
  const p = view.pending;
  const deciding = p && (p.kind === "buy" || p.kind === "auction") && p.square >= 0 ? p.square : null;
  if (dice.length) {
    drawDice(g, dice, cx - 40, box.y + 72, 74);
    centreText(g, cx + (dice.length * 96) / 2 - 10, box.y + 124, `= ${dice.reduce((a, d) => a + d, 0)}`, 36, "centre-sub", "start", { "font-weight": 700 });
  } else {
    centreText(g, cx, box.y + 120, `Round ${(view.rounds ?? 0) + 1}`, 32);
  }
  let y = box.y + 175;
  if (deciding !== null) {
    y = deedCard(g, board, view, deciding, box) + 10;
    if (p.kind === "auction") {
      const high = p.high ? `High bid ${money(board, p.high)} by ${SEAT_LETTERS[p.high_bidder] || "?"}` : "Auction: no bid yet";
      centreText(g, cx, y + 30, high, 32, "centre-sub", "middle", { "font-weight": 700 });
      y += 44;
    }
  }
  const events = (ctx && ctx.events) || [];
  const room = Math.max(0, Math.floor((box.y + box.h - 20 - y) / 38));
  const shown = events.slice(-Math.min(room, deciding !== null ? 2 : 8));
  shown.forEach((text, k) => centreText(g, box.x + 34, y + 36 + k * 38, clip(text, 40), 30, "centre-event", "start"));
}

function island(g, box, board, view, ctx) {
  const b = view.builder;
  const grid = b.grid || [];
  const rows = grid.length || 6;
  const cols = (grid[0] || []).length || 6;
  const pad = 40;
  const cell = Math.min((box.w - 2 * pad) / cols, (box.h - 2 * pad - 40) / rows);
  const ox = box.x + (box.w - cell * cols) / 2;
  const oy = box.y + 50 + (box.h - 50 - cell * rows) / 2;
  centreText(g, box.x + box.w / 2, box.y + 38, b.penthouse_placed ? "The island \u00b7 penthouse placed" : "The island", 30);
  g.appendChild(s("rect", { x: ox - 12, y: oy - 12, width: cell * cols + 24, height: cell * rows + 24, rx: 40, class: "island-sea" }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = grid[r][c];
      if (!v) continue;
      const [owner, height] = v;
      const L = r * cols + c;
      const x = ox + c * cell;
      const y = oy + r * cell;
      const cg = s("g.cell", { "data-cell": L });
      cg.appendChild(s("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 6, class: "cell-bg", fill: owner >= 0 ? SEAT_COLOURS[owner] : "#d9cfb8" }));
      if (owner >= 0) {
        // the floors as stacked bars, the penthouse as a crown
        for (let k = 0; k < Math.min(height, 4); k++) {
          cg.appendChild(s("rect", { x: x + cell - 26, y: y + cell - 16 - k * 14, width: 18, height: 11, class: "floor" }));
        }
        centreText(cg, x + 10, y + 34, SEAT_LETTERS[owner], 32, "cell-text", "start", { "font-weight": 800 });
        centreText(cg, x + 10, y + cell - 10, height >= 5 ? "PH" : String(height), 30, "cell-text", "start", { "font-weight": 700 });
      }
      const acts = ctx.cellActions && ctx.cellActions.get(L);
      const label = owner >= 0 ? `cell ${L}: ${SEAT_LETTERS[owner]} ${height >= 5 ? "penthouse" : height + " floors"}` : `cell ${L}: empty`;
      const t = s("title"); t.textContent = label; cg.appendChild(t);
      if (acts && acts.length) {
        cg.classList.add("can-act");
        clickable(cg, `Build on ${label}`, () => ctx.onCell(L, acts));
      }
      g.appendChild(cg);
    }
  }
}

function city(g, box, board, view, ctx) {
  const c = view.city;
  const H = c.height || [];
  const roof = c.roof || [];
  const blocks = board.layout && Array.isArray(board.layout.blocks) ? board.layout.blocks : null;
  const pad = 26;
  const cell = (box.w - 2 * pad) / 7;
  const ox = box.x + pad;
  const oy = box.y + pad;
  const top = Math.max(1, ...H);
  // the four areas
  for (let a = 0; a < 4; a++) {
    const ax = a === 0 || a === 3 ? 4 : 0;
    const ay = a === 0 || a === 1 ? 4 : 0;
    g.appendChild(s("rect", { x: ox + ax * cell - 4, y: oy + ay * cell - 4, width: cell * 3 + 8, height: cell * 3 + 8, rx: 8, fill: AREA_TINT[a], class: "area" }));
    // the name in the avenue beside the area (not under its blocks)
    centreText(g, ox + (ax + 1.5) * cell, oy + (ay === 0 ? 3 * cell + 26 : 4 * cell - 6), `area ${AREA_NAME[a]}`, 30, "area-name");
  }
  for (let b = 0; b < 36; b++) {
    const info = blocks ? blocks[b] : null;
    const x = info ? info.x : COLS[b % 6];
    const y = info ? info.y : COLS[Math.floor(b / 6)];
    const h = H[b] || 0;
    const px = ox + x * cell;
    const py = oy + y * cell;
    const bg = s("g.block", { "data-block": b });
    const shade = h ? Math.round(90 - (h / Math.max(top, 5)) * 55) : 96;
    bg.appendChild(s("rect", { x: px + 4, y: py + 4, width: cell - 8, height: cell - 8, rx: 4, fill: `hsl(215 25% ${shade}%)`, class: "block-bg" }));
    if (h) centreText(bg, px + cell / 2, py + cell / 2 + 12, String(h), 34, "block-h", "middle", { "font-weight": 800, fill: shade < 55 ? "#fff" : "#111" });
    if (roof[b]) {
      // a skyscraper: a star on its block, and the word for screen readers
      centreText(bg, px + cell - 20, py + 32, "\u2605", 30, "block-star", "middle", { fill: "#b8860b", stroke: "#111", "stroke-width": 0.6 });
    }
    const label = `block ${b} (${info && info.id ? info.id : `x${x}y${y}`}): ${h} floors${roof[b] ? ", skyscraper" : ""}`;
    const t = s("title"); t.textContent = label; bg.appendChild(t);
    const acts = ctx.blockActions && ctx.blockActions.get(b);
    if (acts && acts.length) {
      bg.classList.add("can-act");
      clickable(bg, `Place a block on ${label}`, () => ctx.onBlock(b, acts));
    }
    g.appendChild(bg);
  }
  const info = `${c.blocks_left ?? "?"} blocks left \u00b7 ${c.skyscrapers ?? 0}/4 skyscrapers${c.final_phase ? " \u00b7 final" : ""}`;
  centreText(g, box.x + box.w / 2, oy + 3.5 * cell + 11, info, 30);
}

export function drawCentre(g, board, view, ctx, prev, box) {
  clear(g);
  if (view.builder && view.builder.grid) island(g, box, board, view, ctx);
  else if (view.city && view.city.height) city(g, box, board, view, ctx);
  else trackCentre(g, box, board, view, ctx);
  return prev;
}
