// The lobby: quick games against bots, public rooms, creating a room, the player's name.
import { h, fill, clear, announce } from "./dom.js";
import { api, store, getEditions } from "./api.js";
import { LANG_NAMES } from "./room.js";
import { seatKinds } from "./model.js";

const QUICK_DELAY_MS = 600;

function go(path) { location.assign(path); }

async function createRoom(body) {
  const res = await api("POST", "/api/rooms", body);
  store.setRoom(res.room_id, { host: res.host_token, token: res.token, seat: res.seat, invite: res.invite });
  return res;
}

export async function quickPlay(ed, name) {
  const n = Math.max(ed.players[0], Math.min(3, ed.players[1]));
  const seats = [{ kind: "human", name }];
  for (let i = 1; i < n; i++) seats.push({ kind: "bot", level: "basic" });
  const res = await createRoom({ edition: ed.id, options: {}, seats, clock: null, public: false, bot_delay_ms: QUICK_DELAY_MS, name: `${name}'s ${ed.title}` });
  await api("POST", `/api/rooms/${encodeURIComponent(res.room_id)}/start`, {}, res.host_token);
  go(`/r/${encodeURIComponent(res.room_id)}`);
}

export async function renderLobby(root) {
  const nameIn = h("input", { id: "player-name", maxlength: 40, value: store.name() || "", autocomplete: "nickname", required: true });
  nameIn.addEventListener("change", () => store.setName(nameIn.value.trim()));
  const quick = h("section.card.wide", { "aria-labelledby": "quick-h" },
    h("div.row", {}, h("label", { for: "player-name", text: "Your name" }), nameIn),
    h("h2#quick-h", { text: "Play now against bots" }));
  const quickRow = h("div.quick", {});
  quick.appendChild(quickRow);
  const rooms = h("section.card", { "aria-labelledby": "rooms-h" }, h("h2#rooms-h", { text: "Public rooms" }));
  const roomsList = h("div#public-rooms", {}, h("p.muted", { text: "Loading\u2026" }));
  rooms.appendChild(roomsList);
  rooms.appendChild(h("button.small", { type: "button", onclick: () => loadRooms(roomsList) }, "Refresh"));
  const create = h("section.card", { "aria-labelledby": "create-h" }, h("h2#create-h", { text: "Create a room" }));
  fill(root, h("div.lobby", {}, quick, create, rooms));

  const myName = () => {
    const n = nameIn.value.trim() || "Player";
    store.setName(n);
    return n;
  };
  let editions = [];
  try { editions = await getEditions(); }
  catch (e) { fill(quickRow, h("p.form-error", { text: `The server did not answer: ${e.message}` })); return; }
  for (const ed of editions) {
    quickRow.appendChild(h("button.primary.quick-btn", { type: "button", "data-edition": ed.id, onclick: async (ev) => {
      ev.currentTarget.disabled = true;
      try { await quickPlay(ed, myName()); } catch (e) { announce(e.message, "error"); ev.target.disabled = false; }
    } }, h("span.q-title", { text: ed.title }), h("span.q-sub", { text: `${ed.players[0]}\u2013${ed.players[1]} players` })));
  }
  create.appendChild(createForm(editions, myName));
  loadRooms(roomsList);
}

async function loadRooms(el) {
  let list = [];
  try { list = await api("GET", "/api/rooms"); } catch (e) { fill(el, h("p.form-error", { text: e.message })); return; }
  if (!list.length) { fill(el, h("p.muted", { text: "No public rooms right now. Create one!" })); return; }
  const table = h("table.rooms", {}, h("thead", {}, h("tr", {}, ["Room", "Edition", "Status", "Seats", ""].map((t) => h("th", { scope: "col", text: t })))));
  const body = h("tbody", {});
  for (const r of list) {
    const seats = r.seats || [];
    const free = seats.filter((x) => x.kind === "human" && !x.taken).length;
    body.appendChild(h("tr", {},
      h("td", { text: r.name || r.room_id }),
      h("td", { text: r.edition }),
      h("td", { text: r.status }),
      h("td", { text: `${seats.length} (${free} free)` }),
      h("td", {}, h("a.button.small", { href: `/r/${encodeURIComponent(r.room_id)}` }, r.status === "open" && free ? "Join" : "Watch"))));
  }
  table.appendChild(body);
  fill(el, table);
}

const RULE_ID = /^\s*((?:(?:[A-Z]{1,2}-\d+[a-z]?|ambiguity \d+|house rule)(?:\s*\([^)]*\))?(?:,\s*|\s+alone|\s+)?)+):\s*/;

/** An option's explanation as a player reads it: the rule ids (C-33, Q-3, OQ-6) taken off
 * into `rules`, the quoted values in words; the turn limit names the edition's own score. */
export function plainDoc(opt, ed) {
  let doc = String(opt.doc || "");
  let rules = "";
  const m = RULE_ID.exec(doc);
  if (m) { rules = m[1].replace(/[,\s]+$/, "").trim(); doc = doc.slice(m[0].length); }
  if (opt.key === "turn_limit") {
    doc = `rounds before the game ends; the ranking is then by ${(ed && ed.score_name) || "net worth"} (0 = no limit)`;
  }
  if (opt.multiple) doc = "each seat's token, in seat order; the rest follow in the usual order";
  doc = doc.replace(/'([a-z0-9_]+)'/g, (_, v) => `\u201c${valueText(v)}\u201d`).replace(/`([^`]+)`/g, "$1");
  doc = doc ? doc[0].toUpperCase() + doc.slice(1) : "";
  return { doc, rules: rules.toLowerCase() === "house rule" ? "" : rules.replace(/^house rule,?\s*/i, "") };
}

function valueText(v) {
  return String(v).replace(/_/g, " ");
}

function optionInput(opt, idp, ed) {
  const id = `${idp}-${opt.key}`;
  const { doc: text, rules } = plainDoc(opt, ed);
  const doc = h("small.doc", { id: `${id}-doc`, text });
  let input;
  let pickers = null;
  if (opt.type === "bool" || typeof opt.default === "boolean") {
    input = h("input", { type: "checkbox", id, checked: opt.default ? true : null, "aria-describedby": `${id}-doc` });
  } else if (opt.choices && opt.choices.length && opt.multiple) {
    // a list of distinct values seat by seat (builder's tokens): one select per seat
    pickers = opt.choices.map((_, k) => h("select", { id: k === 0 ? id : `${id}-${k}`, "aria-label": `${humanKey(opt.key)}: seat ${k + 1}`, "aria-describedby": `${id}-doc` },
      h("option", { value: "", text: k === 0 ? "the usual order" : "(the rest in order)" }),
      opt.choices.map((c) => h("option", { value: c, text: valueText(c) }))));
    input = h("span.multi", {}, pickers);
  } else if (opt.choices && opt.choices.length) {
    input = h("select", { id, "aria-describedby": `${id}-doc` }, opt.choices.map((c) => h("option", { value: c, text: valueText(c), selected: c === opt.default ? true : null })));
  } else if (opt.type === "int" || typeof opt.default === "number") {
    const r = Array.isArray(opt.range) ? opt.range : [];
    input = h("input", { type: "number", id, value: opt.default, step: 1, min: r[0], max: r[1], "aria-describedby": `${id}-doc` });
  } else {
    input = h("input", { type: "text", id, value: opt.default ?? "", "aria-describedby": `${id}-doc` });
  }
  input.dataset.key = opt.key;
  input.dataset.type = opt.type || typeof opt.default;
  const more = rules ? h("details.rule-ids", {}, h("summary", { "aria-label": `Rules behind ${humanKey(opt.key)}`, text: "?" }), h("span", { text: `Rules: ${rules}.${opt.choices ? ` Values: ${opt.choices.join(", ")}.` : ""}` })) : null;
  const wrap = h("div.option", {}, h("label", { for: id, text: humanKey(opt.key) }), input, h("div.doc-line", {}, doc, more));
  return { wrap, input, opt, pickers };
}

function humanKey(key) {
  const t = key.replace(/_/g, " ");
  return t[0].toUpperCase() + t.slice(1);
}

function readOption({ input, opt, pickers }) {
  if (pickers) {
    const vals = [];
    for (const p of pickers) { if (!p.value) break; vals.push(p.value); }
    return vals.join(",");
  }
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return Number(input.value);
  return input.value;
}

function createForm(editions, myName) {
  const form = h("form.create", { id: "create-form" });
  const edSel = h("select", { id: "c-edition" }, editions.map((e) => h("option", { value: e.id, text: e.title })));
  const roomName = h("input", { id: "c-name", maxlength: 60, placeholder: "Friday night" });
  const seatsBox = h("fieldset.seats-box", {}, h("legend", { text: "Seats" }));
  const countSel = h("select", { id: "c-count" });
  const seatsList = h("div.seat-rows", {});
  seatsBox.append(h("div.row", {}, h("label", { for: "c-count", text: "Players" }), countSel), seatsList);
  const optsBox = h("fieldset.options", {}, h("legend", { text: "House rules" }));
  const langSel = h("select", { id: "c-lang" });
  const clockSel = h("select", { id: "c-clock" }, [["off", "No clock"], ["30:300", "30 s a decision + 5 min bank"], ["15:120", "15 s + 2 min bank"], ["60:600", "60 s + 10 min bank"], ["custom", "Custom"]].map(([v, t]) => h("option", { value: v, text: t })));
  const decision = h("input", { type: "number", id: "c-decision", min: 1, value: 30 });
  const bank = h("input", { type: "number", id: "c-bank", min: 0, value: 300 });
  const custom = h("div.row", { hidden: true }, h("label", { for: "c-decision", text: "Seconds a decision" }), decision, h("label", { for: "c-bank", text: "Time bank (s)" }), bank);
  clockSel.addEventListener("change", () => { custom.hidden = clockSel.value !== "custom"; });
  const pub = h("input", { type: "checkbox", id: "c-public", checked: true });
  const delay = h("input", { type: "number", id: "c-delay", min: 0, max: 5000, step: 1, value: 600, "aria-describedby": "c-delay-doc" });
  const err = h("p.form-error", { role: "alert" });
  let optInputs = [];

  const seatRow = (i) => {
    const ed = editions.find((e) => e.id === edSel.value);
    const sel = h("select", { id: `c-seat-${i}`, "aria-label": `Seat ${i + 1}` },
      seatKinds(ed).map(([k, text]) => h("option", { value: k, text, selected: (i === 0 ? "human" : "basic") === k ? true : null })));
    if (i === 0) sel.appendChild(h("option", { value: "none", text: "(you are seat 1)", disabled: true }));
    return h("div.row", {}, h("label", { for: `c-seat-${i}`, text: `Seat ${i + 1}` }), sel);
  };
  /** The Players list: the edition's range, widened by a switch that allows more (classic's
   * two-player game); the count chosen stays when it is still allowed. */
  const renderCount = (ed) => {
    let [lo, hi] = ed.players;
    for (const o of optInputs) {
      if (Array.isArray(o.opt.players) && o.input.checked) { lo = Math.min(lo, o.opt.players[0]); hi = Math.max(hi, o.opt.players[1]); }
    }
    const had = Number(countSel.value);
    clear(countSel);
    const pick = had >= lo && had <= hi ? had : Math.max(lo, Math.min(3, hi));
    for (let n = lo; n <= hi; n++) countSel.appendChild(h("option", { value: n, text: String(n), selected: n === pick ? true : null }));
    countSel.value = String(pick);
    renderSeats();
  };
  const onEdition = () => {
    const ed = editions.find((e) => e.id === edSel.value);
    if (!ed) return;
    clear(countSel);
    clear(optsBox).appendChild(h("legend", { text: "House rules" }));
    optInputs = (ed.options || []).map((o) => optionInput(o, "opt", ed));
    for (const o of optInputs) {
      optsBox.appendChild(o.wrap);
      if (Array.isArray(o.opt.players)) o.input.addEventListener("change", () => renderCount(ed));
    }
    renderCount(ed);
    clear(langSel);
    for (const l of ed.languages || ["en"]) langSel.appendChild(h("option", { value: l, text: LANG_NAMES[l] || l }));
  };
  const renderSeats = () => {
    const n = Number(countSel.value);
    const old = [...seatsList.querySelectorAll("select")].map((s) => s.value);
    clear(seatsList);
    for (let i = 0; i < n; i++) {
      const row = seatRow(i);
      const sel = row.querySelector("select");
      if (old[i] && [...sel.options].some((o) => o.value === old[i])) sel.value = old[i];
      seatsList.appendChild(row);
    }
  };
  edSel.addEventListener("change", onEdition);
  countSel.addEventListener("change", renderSeats);

  form.append(
    h("div.row", {}, h("label", { for: "c-edition", text: "Edition" }), edSel),
    h("div.row", {}, h("label", { for: "c-name", text: "Room name" }), roomName),
    seatsBox,
    h("div.row", {}, h("label", { for: "c-lang", text: "Names on the board" }), langSel),
    h("div.row", {}, h("label", { for: "c-clock", text: "Clock" }), clockSel),
    custom,
    h("div.row", {}, pub, h("label", { for: "c-public", text: "Public (listed in the lobby)" })),
    h("div.row", {}, h("label", { for: "c-delay", text: "Bot delay (ms)" }), delay, h("small.muted", { id: "c-delay-doc", text: "how long a bot waits before it moves, 0 to 5000" })),
    h("details.rules", {}, h("summary", { text: "House rules" }), optsBox),
    err,
    h("button.primary", { type: "submit", id: "c-submit" }, "Create the room"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const ed = editions.find((x) => x.id === edSel.value);
    const options = {};
    for (const o of optInputs) {
      const v = readOption(o);
      if (v !== o.opt.default) options[o.opt.key] = v;
    }
    const me = myName();
    const seats = [...seatsList.querySelectorAll("select")].map((s, i) => (s.value === "human" ? { kind: "human", name: i === 0 ? me : undefined } : { kind: "bot", level: s.value }));
    let clock = null;
    if (clockSel.value !== "off") {
      const [d, b] = clockSel.value === "custom" ? [Number(decision.value), Number(bank.value)] : clockSel.value.split(":").map(Number);
      clock = { decision_s: d, bank_s: b };
    }
    const body = { edition: ed.id, options, seats, clock, public: pub.checked, bot_delay_ms: Number(delay.value), name: roomName.value.trim() || `${me}'s ${ed.title}`, lang: langSel.value };
    try {
      store.setPref("lang", langSel.value);
      const res = await createRoom(body);
      go(`/r/${encodeURIComponent(res.room_id)}`);
    } catch (ex) {
      err.textContent = ex.field ? `${ex.field}: ${ex.message}` : ex.message;
      const bad = ex.field && optInputs.find((o) => o.opt.key === ex.field || String(ex.field).endsWith(o.opt.key));
      if (bad) { form.querySelector("details.rules").open = true; bad.input.focus(); }
    }
  });
  onEdition();
  return form;
}
