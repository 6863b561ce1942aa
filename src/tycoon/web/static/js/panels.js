// Side panels of a game: players, the prompt, the actions, auction, debt and offers.
import { h, s, fill, clear } from "./dom.js";
import { SEAT_COLOURS, SEAT_LETTERS, money, squareName, seatLabel, humanize } from "./model.js";
import { seatBadge } from "./board.js";
import { actionsOf, labelOf, PRIMARY, PRIMARY_ORDER, TRADE_WORDS, GROUP_TITLES } from "./actions.js";

const RES_NAMES = { r: "red", p: "purple", g: "green", y: "yellow" };

export function badgeSvg(seat, size = 22) {
  const svg = s("svg", { width: size, height: size, viewBox: "-14 -14 28 28", "aria-hidden": "true", class: "seat-badge" });
  svg.appendChild(seatBadge(seat, 11));
  return svg;
}

function fmtClock(ms) {
  if (ms === null || ms === undefined) return "";
  const t = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

/** Milliseconds left until a deadline the server gave (epoch ms, or ms from now when small). */
export function msLeft(deadline, receivedAt) {
  if (deadline === null || deadline === undefined) return null;
  if (deadline > 1e12) return deadline - Date.now();
  return deadline - (Date.now() - receivedAt);
}

/** A kept card's text from the board's decks. */
export function cardText(board, id) {
  for (const d of (board.raw && board.raw.decks) || []) {
    for (const c of d.cards || []) if (c.id === id) return c.text;
  }
  return "card";
}

/** [free ms, bank ms] left for the seat on the clock now. */
export function clockLeft(clock, clockAt) {
  const free = Math.max(0, msLeft(clock.decision_deadline_ms, clockAt) ?? 0);
  let bank = clock.bank_ms[clock.seat] ?? 0;
  if (clock.deadline_ms) bank = Math.max(0, Math.min(bank, msLeft(clock.deadline_ms, clockAt) - free));
  return [free, bank];
}

/** The players panel. */
export function renderPlayers(el, board, view, room, clockAt) {
  clear(el);
  const presence = {};
  for (const p of view.seats || []) presence[p.seat] = p;
  const roomSeats = (room && room.seats) || [];
  const clock = view.clock;
  for (const p of view.players) {
    const seatInfo = roomSeats[p.seat] || {};
    const pres = presence[p.seat] || seatInfo;
    const acting = view.current_player === p.seat || (view.pending && view.pending.seat === p.seat);
    const status = [];
    if (p.alive === false) status.push(["bankrupt", "Bankrupt"]);
    if (p.left) status.push(["left", "Left the city"]);
    if (p.jail !== undefined && p.jail >= 0) status.push(["jail", "In jail"]);
    if (seatInfo.kind === "bot") status.push(["bot", `Bot${seatInfo.level ? " (" + seatInfo.level + ")" : ""}`]);
    else if (pres.bot_controlled) status.push(["bot", "Bot playing for now"]);
    if (seatInfo.kind !== "bot") status.push(pres.connected ? ["on", "Connected"] : ["off", "Offline"]);
    if (view.seat === p.seat) status.push(["you", "You"]);
    const card = h("li.player", { "data-seat": p.seat, "aria-current": acting ? "true" : null });
    card.style.setProperty("--seat", SEAT_COLOURS[p.seat % SEAT_COLOURS.length]);
    const head = h("div.player-head", {},
      badgeSvg(p.seat),
      h("span.player-name", { text: `${SEAT_LETTERS[p.seat]} ${p.name}` }),
      h("span.player-cash", { text: money(board, p.cash) }),
    );
    card.appendChild(head);
    const st = h("div.player-status", {}, status.map(([k, t]) => h(`span.tag.tag-${k}`, { text: t })));
    if (acting) st.appendChild(h("span.tag.tag-turn", { text: "To act" }));
    if (clock && Array.isArray(clock.bank_ms) && clock.bank_ms[p.seat] !== undefined) {
      let txt = `bank ${fmtClock(clock.bank_ms[p.seat])}`;
      if (clock.seat === p.seat) {
        const [free, bank] = clockLeft(clock, clockAt);
        txt = `${fmtClock(free)} + bank ${fmtClock(bank)}`;
      }
      st.appendChild(h("span.tag.tag-clock", { text: `\u23F1 ${txt}`, "data-clock-seat": p.seat }));
    }
    card.appendChild(st);
    card.appendChild(h("div.player-where", { text: `on ${squareName(board, p.position)}` }));
    // deeds
    const deeds = [];
    (view.owner || []).forEach((o, i) => { if (o === p.seat) deeds.push(i); });
    if (deeds.length) {
      const ul = h("ul.deeds", { "aria-label": `Deeds of ${p.name}` });
      for (const i of deeds) {
        const sq = board.squares[i] || {};
        const lvl = (view.level && view.level[i]) || 0;
        const mort = view.mortgaged && view.mortgaged[i];
        const li = h("li.deed", { title: sq.name });
        const chip = h("span.deed-colour", { "aria-hidden": "true" });
        chip.style.background = sq.colour || "#bbb";
        li.append(chip, h("span", { text: sq.name }));
        if (lvl) li.appendChild(h("span.deed-lvl", { text: lvl >= 5 ? " H" : ` ${lvl}\u2302` }));
        if (mort) li.appendChild(h("span.deed-mort", { text: " (mortgaged)" }));
        ul.appendChild(li);
      }
      card.appendChild(ul);
    }
    if (p.cards && p.cards.length) {
      const cards = h("ul.cards", { "aria-label": `Cards of ${p.name}` });
      for (const c of p.cards) cards.appendChild(h("li", { text: `${c}: ${cardText(board, c)}` }));
      card.appendChild(cards);
    }
    if (Array.isArray(p.passport)) card.appendChild(passport(board, p));
    const bp = view.builder && view.builder.players && view.builder.players[p.seat];
    if (bp) card.appendChild(builderLine(bp));
    el.appendChild(card);
  }
}

function passport(board, p) {
  // the squares a passport marks: the board's numbered wonders (`wonder_no`)
  const list = board.squares.filter((sq) => sq.wonder_no);
  const have = new Set(p.passport);
  const total = list.length;
  const wrap = h("div.passport", {});
  wrap.appendChild(h("span.passport-count", { text: `Passport ${have.size}/${total}` }));
  const row = h("span.passport-row", { "aria-hidden": "true" });
  for (const sq of list) {
    const dot = h("span.stamp" + (have.has(sq.index) ? ".got" : ""), { title: sq.name });
    dot.style.setProperty("--c", sq.colour || "#888");
    row.appendChild(dot);
  }
  wrap.appendChild(row);
  const names = list.filter((sq) => have.has(sq.index)).map((sq) => sq.name);
  wrap.appendChild(h("span.sr-only", { text: names.length ? `Marked: ${names.join(", ")}` : "No wonders marked" }));
  return wrap;
}

function builderLine(bp) {
  const div = h("div.builder-line", {});
  const res = h("span.chips", { "aria-label": "Resources" });
  for (const [type, n] of Object.entries(bp.resources || {})) {
    res.appendChild(h(`span.chip.chip-${type}`, { title: type, text: `${n}` }));
    res.appendChild(h("span.sr-only", { text: ` ${type} ` }));
  }
  div.appendChild(res);
  div.appendChild(h("span", { text: ` blocks ${bp.blocks_left} \u00b7 ${bp.points ? bp.points.total : 0} pts \u00b7 ${bp.token || ""} (${bp.own_type || ""})` }));
  return div;
}

/** One sentence on what the game waits for, for the prompt line. */
export function promptText(board, view) {
  const p = view.pending;
  if (view.termination || view.current_player === -2) return "The game is over.";
  if (!p) return "";
  const who = p.seat === view.seat ? "You" : seatLabel(view, p.seat);
  const yours = p.seat === view.seat;
  switch (p.kind) {
    case "dice": return `${who === "You" ? "Your" : who + "'s"} dice are rolling\u2026`;
    case "pre_roll": return yours ? "Your turn: roll the dice." : `${who}'s turn.`;
    case "jail": return yours ? "You are in jail: choose how to get out." : `${who} is in jail.`;
    case "buy": {
      const price = (board.squares[p.square] || {}).price;
      const name = squareName(board, p.square);
      if (yours && !actionsOf(view).some((a) => a.word === "buy")) {
        const cash = (view.players[view.seat] || {}).cash;
        return `You cannot afford ${name} (${money(board, price)}; you have ${money(board, cash)}): send it to auction.`;
      }
      return `${who} may buy ${name} (${money(board, price)}).`;
    }
    case "auction": return `Auction of ${squareName(board, p.square)}: high bid ${p.high ? money(board, p.high) + " by " + seatLabel(view, p.high_bidder) : "none yet"}; ${yours ? "your bid" : who + " to bid"}.`;
    case "debt": return `${who} ${yours ? "owe" : "owes"} ${money(board, p.amount)} to ${seatLabel(view, p.creditor)}.`;
    case "offer": return `${yours ? "You have" : who + " has"} an offer from ${seatLabel(view, p.offerer)}.`;
    case "end_turn": return yours ? "Anything else? Then end your turn." : `${who} is finishing the turn.`;
    case "choice": {
      const worded = choiceText(board, view, p, yours, who);
      if (worded) return worded;
      break;
    }
    case "building": {
      const cost = money(board, BLOCK_COST);
      const due = p.due ? " A block is due: 4 skyscrapers stand." : "";
      return yours ? `Build: place up to 2 blocks at ${cost} each, then end your turn.${due}` : `${who} is building.`;
    }
    default: break;
  }
  if (p.summary) return `${yours ? "You" : who}: ${p.summary.replace(/[.?]$/, "")}${p.summary.endsWith("?") ? "?" : "."}`;
  return `${humanize(p.kind)}: ${yours ? "your decision" : who + " decides"}.`;
}

const BLOCK_COST = 100000; // metropol: a block costs 100,000 (M-46)
const VETO_EXTRA = 50000; // metropol: a veto takes the permit for 50,000 more (M-27)

/** Metropol's one-off choices (the view's `choice` and `data`) in words. */
function choiceText(board, view, p, yours, who) {
  const d = p.data || [];
  switch (p.choice) {
    case "veto":
      return yours
        ? `Veto? ${squareName(board, d[0])} went for ${money(board, d[1])}: you may take it for ${money(board, d[1] + VETO_EXTRA)}.`
        : `${who} may veto the sale of ${squareName(board, d[0])} (${money(board, d[1])}).`;
    case "triples": return yours ? "Triples: go to any square, or make the normal move." : `${who} rolled triples and chooses where to go.`;
    case "city_hall": return yours ? "City Hall: go to a free permit and auction it, or place a free block." : `${who} is at City Hall.`;
    case "free_block": return yours ? "Place a free block on the city." : `${who} places a free block.`;
    case "cross": return yours ? `Cross the city from ${squareName(board, d[0])}?` : `${who} may cross the city.`;
    case "call_out": return yours ? `Call out ${seatLabel(view, d[0])}'s missing block (you get ${money(board, BLOCK_COST)})?` : `${who} may call out a missing block.`;
    default: return "";
  }
}

/**
 * The actions panel: primary buttons, the auction, the debt, offers and grouped choices.
 * act(text) sends an action; openTrade(opts) opens the trade builder.
 */
export function renderActions(el, board, view, { act, openTrade, clockAt, offerText }) {
  // a group the player opened stays open when the panel is drawn again
  const opened = new Set([...el.querySelectorAll("details.group[open]")].map((d) => d.dataset.group));
  clear(el);
  const acts = actionsOf(view);
  const mine = view.seat !== null && view.seat !== undefined;
  const p = view.pending;
  if (view.clock && view.clock.seat !== null && view.clock.seat !== undefined && !view.termination) {
    const cd = h("p.countdown", { "data-countdown": "1", "aria-live": "off" });
    cd.dataset.who = view.clock.seat === view.seat ? "You" : seatLabel(view, view.clock.seat);
    cd.dataset.clock = JSON.stringify(view.clock);
    cd.dataset.received = String(clockAt);
    el.appendChild(cd);
  }
  if (!mine) {
    el.appendChild(h("p.muted", { text: "You are watching this game." }));
    return;
  }
  if (!acts.length) {
    if (!view.termination) el.appendChild(h("p.muted", { text: "Nothing to do right now; waiting for the others." }));
    return;
  }
  const by = new Map();
  for (const a of acts) {
    if (!by.has(a.word)) by.set(a.word, []);
    by.get(a.word).push(a);
  }
  const button = (a, cls = "") => h(`button${cls}`, { type: "button", "data-action": a.text, onclick: () => act(a.text) }, labelOf(a, board, view));

  // the auction
  if (p && p.kind === "auction" && (by.has("bid") || by.has("pass") || by.has("veto"))) {
    el.appendChild(auctionPanel(board, view, by, act, clockAt));
  }
  // a debt to settle
  if (p && p.kind === "debt" && p.seat === view.seat) {
    const me = view.players[view.seat];
    const short = Math.max(0, p.amount - me.cash);
    el.appendChild(h("div.debt", { role: "group", "aria-label": "Debt" },
      h("strong", { text: `You owe ${money(board, p.amount)} to ${seatLabel(view, p.creditor)}` }),
      h("p", { text: short ? `You have ${money(board, me.cash)}; still to raise ${money(board, short)}. Sell buildings or mortgage deeds, then pay, or declare bankruptcy.` : `You have ${money(board, me.cash)}: you can pay.` }),
    ));
  }
  // an offer to answer
  if (p && p.kind === "offer" && p.seat === view.seat) el.appendChild(offerPanel(board, view, p, by, act, openTrade, offerText));

  const prim = h("div.primary-actions", { role: "group", "aria-label": "Actions" });
  for (const w of PRIMARY_ORDER) {
    if (!by.has(w) || ((w === "pass" || w === "veto") && p && p.kind === "auction")) continue;
    for (const a of by.get(w)) {
      if (w === "roll" && a.text !== "roll") continue;
      prim.appendChild(button(a, w === "bankrupt" ? ".danger" : w === "roll" || w === "buy" || w === "pay" || w === "accept" ? ".primary" : ""));
    }
  }
  for (const [w, list] of by) {
    if (PRIMARY.has(w) && !PRIMARY_ORDER.includes(w)) for (const a of list) prim.appendChild(button(a));
  }
  if ([...by.keys()].some((w) => TRADE_WORDS.has(w))) {
    const partners = new Set();
    for (const w of TRADE_WORDS) for (const a of by.get(w) || []) {
      const t = a.text.split(" ");
      partners.add(Number(w === "trade" ? t[1] : t[3]));
    }
    prim.appendChild(h("button", { type: "button", "data-open": "trade", onclick: () => openTrade({ partners: [...partners] }) }, "Make an offer\u2026"));
  }
  if (prim.childNodes.length) el.appendChild(prim);

  const groups = [...by].filter(([w]) => !PRIMARY.has(w) && !TRADE_WORDS.has(w) && w !== "bid");
  // a group that is the only thing to decide (a card's free block) is shown open
  const only = groups.length === 1 && !prim.childNodes.length;
  for (const [w, list] of groups) {
    const title = GROUP_TITLES[w] || humanize(w);
    const onBoard = w === "floor" || w === "block";
    const open = only || list.length <= 6 || (!onBoard && ["claim", "discard", "take", "pay-with", "want", "mark", "go", "put-up"].includes(w));
    const box = h("details.group", { open: open || opened.has(w) ? true : null, "data-group": w });
    box.appendChild(h("summary", { text: `${title} (${list.length})` }));
    if (onBoard) box.appendChild(h("p.muted.hint", { text: w === "floor" ? "Or click a highlighted cell of the island." : "Or click a highlighted block of the city." }));
    const wrap = h("div.group-buttons", {});
    for (const a of list.slice(0, 60)) wrap.appendChild(button(a, ".small"));
    if (list.length > 60) wrap.appendChild(h("p.muted", { text: `${list.length - 60} more: type them below.` }));
    box.appendChild(wrap);
    el.appendChild(box);
  }
}

function auctionPanel(board, view, by, act, clockAt) {
  const p = view.pending;
  const bids = (by.get("bid") || []).map((a) => Number(a.text.split(" ")[1])).filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  const structured = (by.get("bid") || []).find((a) => a.params && a.params.amount);
  const unit = board.moneyUnit || 1;
  const min = structured ? structured.params.amount.min : bids[0];
  const max = structured ? structured.params.amount.max : (view.players[view.seat] || {}).cash;
  const step = structured && structured.params.amount.step ? structured.params.amount.step : unit;
  const box = h("section.auction", { "aria-label": "Auction" });
  box.appendChild(h("h3", { text: `Auction: ${squareName(board, p.square)}` }));
  box.appendChild(h("p", { text: p.high ? `High bid ${money(board, p.high)} by ${seatLabel(view, p.high_bidder)}` : `Opening at ${money(board, p.start || min)}` }));
  if (Array.isArray(p.bidders)) box.appendChild(h("p.muted", { text: `Still bidding: ${p.bidders.map((b) => seatLabel(view, b)).join(", ")}` }));
  if (min !== undefined) {
    const input = h("input", { type: "number", id: "bid-amount", min, max, step, value: min, "aria-label": "Your bid" });
    const form = h("form.bid-form", {
      onsubmit: (e) => {
        e.preventDefault();
        const tpl = structured && structured.template ? structured.template : "bid {amount}";
        act(tpl.replace("{amount}", String(Math.round(Number(input.value)))));
      },
    }, h("label", { for: "bid-amount", text: "Your bid" }), input, h("button.primary", { type: "submit" }, "Bid"));
    // the amount typed, written as every other amount of the page
    const said = h("span.bid-said.muted", { "aria-live": "off", text: money(board, min) });
    input.addEventListener("input", () => { said.textContent = money(board, Number(input.value)); });
    form.appendChild(said);
    box.appendChild(form);
    const quick = h("div.quick-bids", { role: "group", "aria-label": "Quick bids" });
    for (const n of bids.slice(0, 5)) quick.appendChild(h("button.small", { type: "button", "data-action": `bid ${n}`, onclick: () => act(`bid ${n}`) }, `Bid ${money(board, n)}`));
    box.appendChild(quick);
  }
  const row = h("div.primary-actions", {});
  if (by.has("pass")) row.appendChild(h("button", { type: "button", "data-action": "pass", onclick: () => act("pass") }, "Pass"));
  if (by.has("veto")) row.appendChild(h("button", { type: "button", "data-action": "veto", onclick: () => act("veto") }, `Veto (take it for ${money(board, VETO_EXTRA)} more)`));
  box.appendChild(row);
  return box;
}

function describeItems(board, side) {
  if (!side) return "nothing";
  const parts = [];
  for (const sq of side.squares || []) parts.push(squareName(board, sq));
  for (const c of side.cards || []) parts.push(`card ${c}`);
  for (const [k, v] of Object.entries(side.resources || side.chips || {})) if (v) parts.push(`${v} ${RES_NAMES[k] || k}`);
  return parts.length ? parts.join(", ") : "nothing";
}

function offerPanel(board, view, p, by, act, openTrade, offerText) {
  const box = h("section.offer", { "aria-label": "Offer" });
  box.appendChild(h("h3", { text: `Offer from ${seatLabel(view, p.offerer)}` }));
  // the log's line of the offer, then its parts from the view
  if (offerText) box.appendChild(h("p.offer-text", { text: offerText }));
  const empty = (x) => !x || (!(x.squares || []).length && !(x.cards || []).length && !Object.values(x.chips || x.resources || {}).some(Boolean));
  if (p.offer === "trade" && offerText && empty(p.give) && empty(p.get)) {
    // nothing more to list
  } else if (p.offer === "trade") {
    box.appendChild(h("p", { text: `They give: ${describeItems(board, p.give)}` }));
    box.appendChild(h("p", { text: `They want: ${describeItems(board, p.get)}` }));
    if (p.price) box.appendChild(h("p", { text: p.price > 0 ? `and they pay ${money(board, p.price)}` : `and you pay ${money(board, -p.price)}` }));
  } else if (p.offer === "card") {
    box.appendChild(h("p", { text: `Card ${p.card} for ${money(board, p.price)}` }));
  } else {
    box.appendChild(h("p", { text: `${(p.squares || []).map((q) => squareName(board, q)).join(", ")} for ${money(board, p.price)}` }));
  }
  if (by.has("trade")) {
    box.appendChild(h("button", { type: "button", "data-open": "counter", onclick: () => openTrade({ partners: [p.offerer], counter: p }) }, "Counter-offer\u2026"));
  }
  return box;
}

/** Update countdown texts every second without a re-render. */
export function tickClocks(root) {
  for (const el of root.querySelectorAll("[data-countdown]")) {
    let clock;
    try { clock = JSON.parse(el.dataset.clock || "null"); } catch { clock = null; }
    if (!clock) { el.textContent = ""; continue; }
    const [free, bank] = clockLeft(clock, Number(el.dataset.received));
    el.textContent = `\u23F1 ${el.dataset.who}: ${fmtClock(free)} to decide, then ${fmtClock(bank)} of time bank`;
    el.classList.toggle("low", free === 0);
  }
}
