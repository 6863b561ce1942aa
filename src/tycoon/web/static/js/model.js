// Normalising the static board and formatting values; the only place that knows the shapes.

// Okabe-Ito colours (safe for the common colour-vision deficiencies); each seat also has a
// letter and a shape, so colour is never the only cue.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00"];
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "pentagon", "hexagon"];
export const SEAT_LETTERS = ["A", "B", "C", "D", "E", "F"];

const NAMED = {
  brown: "#8B5A2B", "light blue": "#9BD3F0", light_blue: "#9BD3F0", pink: "#E05FA8",
  purple: "#7B3F98", orange: "#F39C12", red: "#D7263D", yellow: "#F4D03F", green: "#1E9E58",
  "dark blue": "#1F4E9E", dark_blue: "#1F4E9E", blue: "#1F4E9E", grey: "#9AA0A6", gray: "#9AA0A6",
  black: "#333", white: "#eee",
};
const STREET_PALETTE = ["#8B5A2B", "#9BD3F0", "#E05FA8", "#F39C12", "#D7263D", "#F4D03F", "#1E9E58", "#1F4E9E"];

export function colourOf(c) {
  if (!c) return null;
  const k = String(c).toLowerCase();
  if (NAMED[k]) return NAMED[k];
  if (/^#[0-9a-f]{3,8}$/i.test(k)) return k;
  return null;
}

function asGroups(raw) {
  // a list of groups (squares name them by index) or an object keyed by id
  const g = raw.groups || {};
  if (Array.isArray(g)) {
    const out = {};
    g.forEach((x, i) => { out[x.index ?? i] = x; });
    return out;
  }
  return g;
}

/** The board as the client uses it, from GET /api/editions/{id}/board. */
/** What a seat may be in a room of edition `ed` (from GET /api/editions): a human or one of
 * the bot levels the server offers for that edition, each with its label. */
export function seatKinds(ed) {
  const levels = ed && Array.isArray(ed.bot_levels) ? ed.bot_levels : ["random", "basic", "strong"];
  return [["human", "Human"], ...levels.map((k) => [k, `Bot: ${k}`])];
}

export function normBoard(raw) {
  const groups = asGroups(raw);
  const ids = Object.keys(groups);
  let streetNo = 0;
  const gcol = {};
  for (const id of ids) {
    const g = groups[id] || {};
    const own = colourOf(g.rgb) || colourOf(g.colour || g.color);
    if (own) gcol[id] = own;
    else if ((g.kind || "street") === "street") gcol[id] = STREET_PALETTE[streetNo++ % STREET_PALETTE.length];
    else gcol[id] = null;
  }
  const squares = (raw.squares || []).map((sq, i) => {
    const group = sq.group ?? null;
    const colour = colourOf(sq.colour || sq.color) || (group != null ? gcol[group] : null) || null;
    return {
      ...sq,
      index: sq.index ?? i,
      name: String(sq.name ?? sq.name_en ?? `#${i}`),
      kind: sq.kind || "",
      group,
      colour: (sq.kind === "street" || colour) ? colour : null,
    };
  });
  return {
    raw,
    edition: raw.edition || raw.id || "",
    title: raw.title || raw.name || raw.edition || "",
    currency: raw.currency ?? "",
    moneyUnit: raw.money_unit || (raw.constants && raw.constants.money_unit) || 1,
    squares,
    groups,
    groupColour: gcol,
    size: squares.length || 40,
    layout: raw.layout || raw.city || raw.island || {},
    score_name: raw.score_name || "net worth",
  };
}

/** Digits in groups of three joined by `sep` (12345 -> "12,345"). */
function grouped(n, sep) {
  return String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/**
 * An amount the way the edition's rulebook (and the server's log) writes it, the one formatter
 * of the page: classic $100, wonders kr 1 000, builder 1,000M, metropol 350,000.
 */
export function money(board, n) {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return "";
  const cur = board ? board.currency : "";
  const sign = n < 0 ? "-" : "";
  if (cur === "kr") return `${sign}kr ${grouped(n, " ")}`;
  if (cur === "M") return `${sign}${grouped(n, ",")}M`;
  if (!cur) return `${sign}${grouped(n, ",")}`;
  return `${sign}${cur}${Math.round(Math.abs(n))}`;
}

export function squareName(board, i) {
  const sq = board && board.squares[i];
  return sq ? sq.name : `square ${i}`;
}

export function seatLabel(view, seat) {
  if (seat === null || seat === undefined || seat < 0) return "the bank";
  const p = view && view.players && view.players[seat];
  return `${SEAT_LETTERS[seat] || seat} ${p ? p.name : "seat " + seat}`;
}

/** Net worth estimate from a view: cash + deeds (half when mortgaged) + buildings at cost. */
export function netWorth(board, v, seat) {
  const p = v.players[seat];
  if (!p) return 0;
  let w = p.cash || 0;
  const owner = v.owner || [];
  for (let i = 0; i < owner.length; i++) {
    if (owner[i] !== seat) continue;
    const sq = board.squares[i] || {};
    const price = sq.price || 0;
    w += (v.mortgaged && v.mortgaged[i]) ? Math.floor(price / 2) : price;
    const lvl = (v.level && v.level[i]) || 0;
    if (lvl && sq.house_cost) w += lvl * sq.house_cost;
  }
  return w;
}

/** "pre_roll" -> "Pre roll" */
export function humanize(s) {
  const t = String(s || "").replace(/[_-]+/g, " ").trim();
  return t ? t[0].toUpperCase() + t.slice(1) : "";
}

const HOUSE_WORDS = ["Rent", "With 1 house", "With 2 houses", "With 3 houses", "With 4 houses", "With a hotel"];

/**
 * What a deed card says, from the static board: its name, colour, price and group, and
 * its rents as [label, amount] rows (a street's by buildings; other deeds list none).
 */
export function deedFacts(board, i, view = null) {
  const sq = board.squares[i];
  if (!sq) return null;
  const g = sq.group !== null && sq.group !== undefined ? board.groups[sq.group] : null;
  const members = g && Array.isArray(g.squares) ? g.squares.length : 0;
  const rents = Array.isArray(sq.rents) ? sq.rents : [];
  let rows = rents.length > 1
    ? rents.map((r, k) => [HOUSE_WORDS[k] || `With ${k} buildings`, money(board, r)])
    : rents.filter((r) => r > 0).map((r) => ["Rent", money(board, r)]);
  // metropol: a permit's rent follows the city's buildings (the view's rent now, M-31)
  const now = view && view.city && view.city.rent ? view.city.rent[i] ?? view.city.rent[String(i)] : undefined;
  if (now !== undefined && now !== null) rows = [["Rent now", money(board, now)]];
  if (sq.house_cost) rows.push(["Each house", money(board, sq.house_cost)]);
  return {
    name: sq.name,
    colour: sq.colour,
    price: sq.price ? money(board, sq.price) : "",
    group: g ? `${g.name || humanize(g.id)}${members ? ` \u00b7 ${members} deeds` : ""}` : humanize(sq.kind),
    rows,
  };
}
