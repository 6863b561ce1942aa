// The centre of the board: the title and dice, builder's island, metropol's city.
import { s, clear } from "./dom.js";
import { SEAT_COLOURS, SEAT_LETTERS } from "./model.js";

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

function title(g, box, board, view) {
  // the edition's name, on two lines when long, sized to fit the centre
  const name = String(board.title || view.edition);
  const words = name.split(" ");
  let lines = [name];
  if (name.length > 18 && words.length > 1) {
    let best = 1; let diff = Infinity;
    for (let k = 1; k < words.length; k++) {
      const d = Math.abs(words.slice(0, k).join(" ").length - words.slice(k).join(" ").length);
      if (d < diff) { diff = d; best = k; }
    }
    lines = [words.slice(0, best).join(" "), words.slice(best).join(" ")];
  }
  const longest = Math.max(...lines.map((l) => l.length));
  const fs = Math.min(54, (box.w - 60) / (longest * 0.6));
  lines.forEach((l, k) => {
    g.appendChild(s("text", { x: box.x + box.w / 2, y: box.y + box.h / 2 - 40 - (lines.length - 1 - k) * fs * 1.1, "text-anchor": "middle", class: "centre-title", "font-size": fs.toFixed(1) }, l));
  });
  const dice = view.last_dice ? `last roll ${view.last_dice}` : "";
  g.appendChild(s("text", { x: box.x + box.w / 2, y: box.y + box.h / 2 + 10, "text-anchor": "middle", class: "centre-sub" }, `round ${view.rounds ?? 0}${dice ? " \u00b7 " + dice : ""}`));
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
  g.appendChild(s("text", { x: box.x + box.w / 2, y: box.y + 38, "text-anchor": "middle", class: "centre-sub" }, b.penthouse_placed ? "The island \u00b7 penthouse placed" : "The island"));
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
        cg.appendChild(s("text", { x: x + 12, y: y + 30, "font-size": 24, "font-weight": 800, class: "cell-text" }, SEAT_LETTERS[owner]));
        cg.appendChild(s("text", { x: x + 12, y: y + cell - 12, "font-size": 18, "font-weight": 700, class: "cell-text" }, height >= 5 ? "PH" : String(height)));
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
    g.appendChild(s("text", { x: ox + (ax + 1.5) * cell, y: oy + (ay === 0 ? 3 : 7) * cell + (ay === 0 ? 16 : -12) + (ay === 0 ? 0 : 0), "text-anchor": "middle", "font-size": 13, class: "area-name" }, `area ${AREA_NAME[a]}`));
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
    if (h) bg.appendChild(s("text", { x: px + cell / 2, y: py + cell / 2 + 9, "text-anchor": "middle", "font-size": 26, "font-weight": 800, fill: shade < 55 ? "#fff" : "#111" }, String(h)));
    if (roof[b]) {
      // a skyscraper: a star on its block, and the word for screen readers
      bg.appendChild(s("text", { x: px + cell - 16, y: py + 22, "text-anchor": "middle", "font-size": 20, fill: "#b8860b", stroke: "#111", "stroke-width": 0.6 }, "\u2605"));
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
  const info = `blocks left ${c.blocks_left ?? "?"} \u00b7 skyscrapers ${c.skyscrapers ?? 0}/4${c.final_phase ? " \u00b7 final phase" : ""}`;
  g.appendChild(s("text", { x: box.x + box.w / 2, y: oy + 3.5 * cell + 6, "text-anchor": "middle", "font-size": 17, class: "centre-sub" }, info));
}

export function drawCentre(g, board, view, ctx, prev, box) {
  clear(g);
  if (view.builder && view.builder.grid) island(g, box, board, view, ctx);
  else if (view.city && view.city.height) city(g, box, board, view, ctx);
  else title(g, box, board, view);
  return prev;
}
