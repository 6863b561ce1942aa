// A room's page: the waiting room, the game, the end screen and the replay.
import { h, fill, clear, announce } from "./dom.js";
import { api, store, getBoard, getEditions } from "./api.js";
import { normBoard, money, seatLabel, deedFacts, seatKinds, SEAT_LETTERS } from "./model.js";
import { createBoard } from "./board.js";
import { Connection } from "./conn.js";
import { renderPlayers, renderActions, promptText, tickClocks, badgeSvg, msLeft } from "./panels.js";
import { actionsOf, labelOf } from "./actions.js";
import { TradeBuilder } from "./trade.js";
import { renderEnd, Replay, scorePoint } from "./endgame.js";
import { saveFrame, loadFrames } from "./frames.js";

const MAX_LOG = 400;

export class RoomPage {
  constructor(root, roomId, params) {
    this.root = root;
    this.id = roomId;
    this.invite = params.get("invite") || store.room(roomId).invite || "";
    this.wantReplay = params.has("replay");
    this.saved = store.room(roomId);
    this.token = this.saved.token || null;
    this.hostToken = this.saved.host || null;
    this.view = null;
    this.board = null;
    this.frames = [];
    this.history = this.saved.history || [];
    this.lastTurn = null;
    this.clockAt = Date.now();
    this.events = []; // the log's events as they came (drawn again in another language)
    this.sentAt = 0; // when this page last sent an action (a move it did not send is the clock's)
    this.start();
  }

  async start() {
    fill(this.root, h("p.muted", { text: "Loading the room\u2026" }));
    try {
      this.room = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}${this.inv("?")}`);
    } catch (e) {
      if (e.code === "forbidden") {
        // a private room shows nothing without its invite (docs/protocol.md, privacy)
        fill(this.root, h("div.card", {}, h("h2", { text: "A private room" }),
          h("p.private-note", { id: "private-note", role: "status", text: "This room is private: to join or watch it, open the invite link the host shares." }),
          h("a.button", { href: "/" }, "Back to the lobby")));
        return;
      }
      fill(this.root, h("div.card", {}, h("h2", { text: "Room not found" }), h("p", { text: e.message }), h("a.button", { href: "/" }, "Back to the lobby")));
      return;
    }
    if (this.invite) store.setRoom(this.id, { invite: this.invite });
    this.route();
  }

  // a private room is seen only with its invite (docs/protocol.md, privacy)
  inv(sep) {
    return this.invite ? `${sep}invite=${encodeURIComponent(this.invite)}` : "";
  }

  route() {
    const st = this.room.status;
    if (st === "open" && !this.watching) this.waitingRoom();
    else this.game();
  }

  // ----- the waiting room -------------------------------------------------------------
  async waitingRoom() {
    const r = this.room;
    const hostT = this.hostToken;
    const editions = await getEditions().catch(() => []);
    const ed = editions.find((e) => e.id === String(r.edition).split("@")[0]);
    const link = `${location.origin}/r/${encodeURIComponent(this.id)}${r.invite || this.invite ? `?invite=${encodeURIComponent(r.invite || this.invite)}` : ""}`;
    const linkInput = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": "Invite link" });
    const copy = h("button", { type: "button", id: "copy-invite", onclick: async () => {
      try { await navigator.clipboard.writeText(link); announce("Invite link copied."); }
      catch { linkInput.select(); announce("Select and copy the link."); }
    } }, "Copy invite link");
    const seats = h("ul.seats", { "aria-label": "Seats" });
    for (const seat of r.seats || []) {
      const who = seat.kind === "bot" ? `Bot (${seat.level || "basic"})` : seat.taken ? seat.name || "Taken" : "Free seat";
      const li = h("li.seat", {}, badgeSvg(seat.seat), h("span", { text: `${SEAT_LETTERS[seat.seat]} ${who}` }));
      if (seat.seat === this.saved.seat && this.token) li.appendChild(h("span.tag.tag-you", { text: "You" }));
      if (hostT && seat.seat !== this.saved.seat) {
        const sel = h("select", { "aria-label": `Seat ${SEAT_LETTERS[seat.seat]}` },
          seatKinds(ed).map(([k, text]) => h("option", { value: k, text, selected: (seat.kind === "human" ? "human" : seat.level) === k ? true : null })));
        sel.addEventListener("change", async () => {
          const body = sel.value === "human" ? { kind: "human" } : { kind: "bot", level: sel.value };
          try { this.room = await api("POST", `/api/rooms/${encodeURIComponent(this.id)}/seats/${seat.seat}`, body, hostT); this.waitingRoom(); }
          catch (e) { announce(e.message, "error"); }
        });
        li.appendChild(sel);
      }
      seats.appendChild(li);
    }
    const box = h("section.card.waiting", { "aria-labelledby": "wait-title" },
      h("h2", { id: "wait-title", text: `${r.name || "Room"} \u00b7 ${ed ? ed.title : r.edition}` }),
      h("p.muted", { text: "Waiting for the host to start the game." }),
      h("div.row", {}, linkInput, copy),
      seats);
    const free = (r.seats || []).filter((x) => x.kind === "human" && !x.taken);
    if (!this.token && free.length && r.public === false && !this.invite) {
      // the server refuses a private room's seat without its code: say so instead of a Join
      box.appendChild(h("p.private-note", { id: "private-note", text: "This room is private: to take a seat, open the invite link the host shares." }));
    } else if (!this.token && free.length) {
      const name = h("input", { id: "join-name", value: store.name(), maxlength: 40, required: true, autocomplete: "nickname" });
      box.appendChild(h("form.row", { onsubmit: (e) => { e.preventDefault(); this.join(name.value.trim()); } },
        h("label", { for: "join-name", text: "Your name" }), name, h("button.primary", { type: "submit", id: "join-btn" }, "Join")));
    }
    const controls = h("div.row", {});
    box.appendChild(controls);
    if (hostT) {
      controls.appendChild(h("button.primary", { type: "button", id: "start-btn", onclick: async () => {
        try { await api("POST", `/api/rooms/${encodeURIComponent(this.id)}/start`, {}, hostT); this.room = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}${this.inv("?")}`); if (this.room.status !== "open") this.game(); }
        catch (e) { announce(e.message, "error"); }
      } }, "Start the game"));
    }
    controls.appendChild(h("button", { type: "button", id: "watch-btn", onclick: () => { this.watching = true; this.game(); } }, "Watch"));
    fill(this.root, box);
    // follow the room over the socket (seats, start)
    this.connect();
  }

  async join(name) {
    if (!name) { announce("Choose a name first.", "error"); return; }
    store.setName(name);
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(this.id)}/join`, { name, invite: this.invite || undefined });
      this.token = res.token;
      this.saved = { ...this.saved, token: res.token, seat: res.seat };
      store.setRoom(this.id, { token: res.token, seat: res.seat });
      announce(`You took seat ${SEAT_LETTERS[res.seat]}.`);
      if (this.conn) { this.conn.close(); this.conn = null; }
      this.room = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}${this.inv("?")}`);
      this.route();
    } catch (e) { announce(e.message, "error"); }
  }

  // ----- the game ---------------------------------------------------------------------
  layout() {
    // the room's language, unless this player chose other names for himself
    const lang = store.pref(`lang:${this.id}`, this.room.lang || "en");
    this.el = {};
    const e = this.el;
    e.boardWrap = h("div.board-wrap", { id: "board" });
    e.prompt = h("p#prompt.prompt", { "aria-live": "polite", "aria-atomic": "true" });
    e.notice = h("p#notice.notice", { role: "status", "aria-live": "polite", "aria-atomic": "true", hidden: true });
    e.deed = h("div#deed-card.deed-card", { hidden: true });
    e.dice = h("div.dice", { "aria-label": "Dice" });
    e.actions = h("div#actions.actions");
    e.manual = this.manualForm();
    e.players = h("ul.players", { "aria-label": "Players" });
    e.log = h("ol.log", { "aria-live": "polite", "aria-relevant": "additions", id: "log" });
    e.chatList = h("ol.chat-list", { "aria-live": "polite", id: "chat-list" });
    const chatIn = h("input", { id: "chat-input", maxlength: 500, autocomplete: "off", "aria-label": "Chat message" });
    e.chatForm = h("form.row.chat-form", { onsubmit: async (ev) => {
      ev.preventDefault();
      const t = chatIn.value.trim();
      if (!t || !this.conn) return;
      const ans = await this.conn.chat(t);
      if (ans.ok) chatIn.value = ""; else announce(ans.message || "Chat refused", "error");
    } }, chatIn, h("button", { type: "submit" }, "Send"));
    e.end = h("section#end.card.end", { hidden: true, "aria-labelledby": "end-title", tabindex: "-1" });
    e.replay = h("section#replay.card.replay", { hidden: true, tabindex: "-1" });
    e.trade = h("dialog#trade-dialog.dialog", { "aria-label": "Trade" });
    e.choice = h("dialog#choice-dialog.dialog", { "aria-label": "Choose" });
    const langSel = h("select", { id: "board-lang", "aria-label": "Board language" });
    e.lang = langSel;
    e.status = h("span.conn-status", { text: "connecting\u2026" });
    e.title = h("h1.room-title", { text: this.room.name || "Room" });
    const header = h("div.room-head", {}, e.title, h("span.muted", { text: this.room.edition }), e.status, h("label", { for: "board-lang", text: "Names" }), langSel,
      h("button.small", { type: "button", id: "copy-invite-game", onclick: () => this.copyInvite() }, "Invite link"),
      this.token ? h("button.small", { type: "button", id: "leave-btn", onclick: () => this.leave() }, "Leave the seat") : null,
      h("button.small.zoom-btn", { type: "button", "aria-pressed": "false", onclick: (ev) => {
        const on = e.boardWrap.classList.toggle("zoom");
        ev.currentTarget.setAttribute("aria-pressed", String(on));
      } }, "Zoom board"));
    const side = h("div.side", {},
      h("section.card.turn", { "aria-label": "Turn" }, e.notice, e.dice, e.prompt, e.deed, e.actions, e.manual),
      h("section.card", { "aria-labelledby": "players-h" }, h("h2#players-h", { text: "Players" }), e.players),
      h("section.card", { "aria-labelledby": "log-h" }, h("h2#log-h", { text: "Game log" }), e.log),
      h("section.card", { "aria-labelledby": "chat-h" }, h("h2#chat-h", { text: "Chat" }), e.chatList, e.chatForm));
    fill(this.root, header, e.end, e.replay, h("div.game", {}, e.boardWrap, side), e.trade, e.choice);
    this.trade = new TradeBuilder(e.trade, (t) => this.act(t));
    this.langNow = lang;
    langSel.addEventListener("change", async () => {
      store.setPref(`lang:${this.id}`, langSel.value);
      store.setPref("lang", langSel.value);
      this.langNow = langSel.value;
      await this.loadBoard();
      this.redrawLog();
      if (this.view) this.render();
    });
    window.clearInterval(this.ticker);
    this.ticker = window.setInterval(() => { if (this.view && this.view.clock) this.renderPlayersOnly(); tickClocks(this.root); }, 1000);
  }

  manualForm() {
    const inp = h("input", { id: "manual-action", autocomplete: "off", placeholder: "e.g. bid 255", "aria-label": "Action text" });
    const form = h("form.row.manual", { onsubmit: async (e) => {
      e.preventDefault();
      const t = inp.value.trim();
      if (!t) return;
      const ans = await this.act(t);
      if (ans.ok) inp.value = "";
    } }, h("label", { for: "manual-action", text: "Type an action" }), inp, h("button", { type: "submit" }, "Do"));
    return h("details.manual-wrap", {}, h("summary", { text: "Type an action" }), form);
  }

  async leave() {
    if (!window.confirm("Leave your seat? A bot will play it.")) return;
    try {
      await api("POST", `/api/rooms/${encodeURIComponent(this.id)}/leave`, {}, this.token);
    } catch (e) { announce(e.message, "error"); return; }
    store.forgetSeat(this.id);
    location.assign("/");
  }

  copyInvite() {
    const inv = this.room.invite || this.invite;
    const link = `${location.origin}/r/${encodeURIComponent(this.id)}${inv ? `?invite=${encodeURIComponent(inv)}` : ""}`;
    navigator.clipboard.writeText(link).then(() => announce("Invite link copied."), () => announce(link));
  }

  /** A language whose data names only some squares says so (metropol's Finnish board has
   * Finnish names for its corners only): the switch then changes just those. */
  async labelPartialLanguages(langs) {
    for (const l of langs) {
      if (l === "en") continue;
      try {
        const raw = await getBoard(String(this.room.edition), l);
        const sq = raw.squares || [];
        const named = sq.filter((x) => x.name_local && x.name_local !== x.name_en).length;
        const opt = [...this.el.lang.options].find((o) => o.value === l);
        if (opt && named && named < sq.length / 2) opt.textContent = `${LANG_NAMES[l] || l} (${named} of ${sq.length} names)`;
      } catch { /* the plain label stays */ }
    }
  }

  async loadBoard() {
    const edition = String(this.room.edition);
    try {
      this.board = normBoard(await getBoard(edition, this.langNow));
    } catch (e) {
      announce(`Could not load the board: ${e.message}`, "error");
      throw e;
    }
    this.boardUI = createBoard(this.el.boardWrap, this.board);
  }

  async game() {
    if (this.inGame) return;
    this.inGame = true;
    if (this.conn) { this.conn.close(); this.conn = null; }
    this.layout();
    const editions = await getEditions().catch(() => []);
    const ed = editions.find((x) => x.id === String(this.room.edition).split("@")[0]);
    const langs = (ed && ed.languages) || ["en"];
    if (!langs.includes(this.langNow)) this.langNow = langs[0];
    for (const l of langs) this.el.lang.appendChild(h("option", { value: l, text: LANG_NAMES[l] || l, selected: l === this.langNow ? true : null }));
    this.labelPartialLanguages(langs);
    if (ed) this.el.title.textContent = `${this.room.name || ed.title}`;
    await this.loadBoard();
    // after a reload: the log and the replay frames this browser kept
    const stored = await loadFrames(this.id);
    if (stored.length) {
      this.frames = stored.sort((a, b) => a.version - b.version);
      this.addLog(this.frames.flatMap((f) => f.events || []).slice(-MAX_LOG));
    }
    this.connect();
  }

  connect() {
    if (this.conn) return;
    this.conn = new Connection(this.id, this.watching && !this.token ? null : this.token, this.invite, {
      status: (s) => { if (this.el && this.el.status) this.el.status.textContent = s; },
      welcome: (m) => {
        // the room may have moved on between our fetch and this socket (a join, a start)
        if (!this.inGame) { if (m.room) this.roomChanged(m.room); return; }
        if (m.room) this.room = { ...this.room, ...m.room };
        if (this.boardUI) this.setView(m.view, m.version, [], true);
      },
      update: (m) => {
        if (!this.boardUI) return;
        this.noticeFor(m.events || []);
        this.addLog(m.events || []);
        this.setView(m.view, m.version, m.events || [], false);
      },
      view: (m) => { if (this.boardUI) this.setView(m.view, m.version, [], true); },
      presence: (m) => {
        if (!this.view) return;
        this.view.seats = m.seats;
        this.renderPlayersOnly();
      },
      chat: (m) => this.addChat(m),
      room: (m) => this.roomChanged(m.room),
      refused: (why) => this.refused(why),
      error: (m) => announce(m.message || m.code, "error"),
    });
  }

  // The server closed our socket for good: our seat's token no longer holds a seat (the host
  // gave the seat to a bot or kicked it, or we left it in another tab), or the room is gone.
  refused(why) {
    this.conn = null;
    if (why === "no_room") {
      window.clearInterval(this.ticker);
      fill(this.root, h("div.card", {}, h("h2", { text: "Room not found" }), h("p", { text: "This room no longer exists." }), h("a.button", { href: "/" }, "Back to the lobby")));
      return;
    }
    store.forgetSeat(this.id);
    this.token = null;
    this.saved = { ...this.saved, token: null, seat: null };
    announce("Your seat is no longer yours: the host gave it to a bot, or it was left from another tab. You are watching.", "error");
    if (this.inGame) {
      // the same game, drawn again for a spectator (no seat's actions, no leave button)
      this.inGame = false;
      this.watching = true;
      this.game();
    } else this.waitingRoom();
  }

  // The room as the server now describes it: the waiting room follows its seats and turns into
  // the game once it starts, however late this page hears of it.
  roomChanged(room) {
    const seatsBefore = JSON.stringify(this.room.seats);
    this.room = { ...this.room, ...room };
    if (this.inGame) {
      if (this.room.status === "finished" && this.view) this.showEnd();
    } else if (this.room.status !== "open") this.game();
    else if (JSON.stringify(this.room.seats) !== seatsBefore) this.waitingRoom();
  }

  async act(text) {
    if (!this.conn) return { ok: false };
    this.sentAt = Date.now();
    const ans = await this.conn.act(text);
    if (!ans.ok) {
      // the rule's own one-line reason when the engine names one, else the whole message
      const why = ans.reason ? `${ans.rule ? `${ans.rule}: ` : ""}${ans.reason}` : "";
      announce(why ? `Refused: ${why}` : `${ans.message || ans.code}`, "error");
    }
    return ans;
  }

  setView(view, version, events, full) {
    if (!view) return;
    this.view = view;
    this.version = version;
    this.clockAt = Date.now();
    const last = this.frames[this.frames.length - 1];
    if (!last || last.version !== version) {
      this.frames.push({ version, view, events });
      if (this.frames.length > 3000) this.frames.shift();
      saveFrame(this.id, version, view, events);
    }
    if (this.lastTurn !== view.turn || view.termination) {
      this.lastTurn = view.turn;
      this.history.push({ t: view.turn, w: scorePoint(this.board, view) });
      if (this.history.length > 600) this.history = this.history.filter((_, i) => i % 2 === 0);
      store.setRoom(this.id, { history: this.history });
    }
    this.render(full);
  }

  render(instant) {
    const v = this.view;
    const b = this.board;
    const ctx = this.boardCtx(v);
    ctx.instant = instant;
    this.boardUI.update(v, ctx);
    this.renderDice(v);
    this.renderTurnText(v);
    const focusedAction = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
    const hadFocus = this.el.actions.contains(document.activeElement);
    renderActions(this.el.actions, b, v, { act: (t) => this.act(t), openTrade: (o) => this.trade.open(b, v, o), clockAt: this.clockAt, offerText: this.lastOffer });
    if (hadFocus) {
      // keep the keyboard where it was: the same action, or the first control
      const same = focusedAction && [...this.el.actions.querySelectorAll("[data-action]")].find((x) => x.dataset.action === focusedAction);
      const first = same || this.el.actions.querySelector("button, input, select, summary");
      if (first) first.focus();
    }
    this.renderPlayersOnly();
    tickClocks(this.root);
    if (v.termination || v.current_player === -2 || this.room.status === "finished") this.showEnd();
  }

  renderPlayersOnly() {
    if (this.view) renderPlayers(this.el.players, this.board, this.view, this.room, this.clockAt);
  }

  /** The prompt and (where the centre is taken by the island or the city) the deed card. */
  renderTurnText(v) {
    const pt = promptText(this.board, v);
    if (this.el.prompt.textContent !== pt) this.el.prompt.textContent = pt;
    const p = v.pending;
    const sq = p && (p.kind === "buy" || p.kind === "auction") && p.square >= 0 && !v.termination ? p.square : null;
    const e = this.el.deed;
    const onTrack = !(v.builder && v.builder.grid) && !(v.city && v.city.height);
    if (sq === null || onTrack) { e.hidden = true; clear(e); return; }
    const f = deedFacts(this.board, sq, v);
    fill(e, h("div.deed-head", { text: f.name }), h("p.deed-sub", { text: `${f.price ? `Price ${f.price} \u00b7 ` : ""}${f.group}` }),
      f.rows.length ? h("table.deed-rents", {}, h("tbody", {}, f.rows.map(([k, x]) => h("tr", {}, h("th", { scope: "row", text: k }), h("td", { text: x }))))) : null);
    e.querySelector(".deed-head").style.background = f.colour || "#d9d4c7";
    e.hidden = false;
  }

  /** A visible, announced line about what happened to this seat without its own click: an
   * answer to its offer, or a move the clock made for it when its time ran out. */
  noticeFor(events) {
    const me = this.view ? this.view.seat : null;
    if (me === null || me === undefined) return;
    const lines = [];
    for (const ev of events) {
      if (ev.kind === "offered" && ev.seat === me && ev.text) this.myOffer = this.localText(ev.text);
      if ((ev.kind === "accepted" || ev.kind === "rejected") && ev.other === me && ev.seat !== me) {
        lines.push(`${seatLabel(this.view, ev.seat)} ${ev.kind} your offer${this.myOffer ? ` (${this.myOffer})` : ""}.`);
      }
    }
    const clock = this.view.clock;
    const mine = events.length && events.some((ev) => ev.seat === me);
    // the server plays for a seat once its free time and its bank are spent
    const left = clock && clock.seat === me ? msLeft(clock.deadline_ms ?? clock.decision_deadline_ms, this.clockAt) : null;
    if (mine && left !== null && left <= 1500 && Date.now() - this.sentAt > 3000) {
      const did = events.find((ev) => ev.seat === me && ev.text);
      lines.push(`Your time ran out: the server played for you${did ? ` (${did.text})` : ""}.`);
    }
    if (lines.length) this.notice(lines.join(" "));
  }

  notice(text) {
    const e = this.el.notice;
    e.textContent = text;
    e.hidden = false;
    window.clearTimeout(this.noticeTimer);
    this.noticeTimer = window.setTimeout(() => { e.hidden = true; }, 15000);
  }

  renderDice(v) {
    const e = this.el.dice;
    const last = this.lastDice;
    clear(e);
    if (last && last.length) {
      for (const d of last) e.appendChild(h("span.die", { "aria-hidden": "true", text: DIE[d] || String(d) }));
      e.appendChild(h("span.sr-only", { text: `Last roll ${last.join(" and ")}` }));
      e.appendChild(h("span.die-sum", { text: `= ${last.reduce((a, x) => a + x, 0)}` }));
    } else if (v.last_dice) {
      e.appendChild(h("span.die-sum", { text: `Last roll: ${v.last_dice}` }));
    }
  }

  boardCtx(v) {
    const acts = actionsOf(v);
    const cellActions = new Map();
    const blockActions = new Map();
    for (const a of acts) {
      const t = a.text.split(" ");
      if (a.word === "floor") { const L = Number(t[1]); if (!cellActions.has(L)) cellActions.set(L, []); cellActions.get(L).push(a); }
      if (a.word === "block") { const B = Number(t[1]); if (!blockActions.has(B)) blockActions.set(B, []); blockActions.get(B).push(a); }
    }
    const choose = (title, list) => this.choose(title, list);
    return {
      dice: this.lastDice || [],
      events: this.events.filter((x) => x.text).slice(-8).map((x) => this.localText(x.text)),
      cellActions, blockActions,
      onCell: (L, list) => (list.length === 1 ? this.act(list[0].text) : choose(`Build on cell ${L}`, list)),
      onBlock: (B, list) => (list.length === 1 ? this.act(list[0].text) : choose(`Block ${B}`, list)),
    };
  }

  choose(title, list) {
    const d = this.el.choice;
    const box = h("div.choice", {}, h("h2", { text: title }));
    for (const a of list) {
      box.appendChild(h("button", { type: "button", "data-action": a.text, onclick: async () => { d.close(); await this.act(a.text); } }, labelOf(a, this.board, this.view)));
    }
    box.appendChild(h("button", { type: "button", onclick: () => d.close() }, "Cancel"));
    fill(d, box);
    d.showModal();
    const f = d.querySelector("button"); if (f) f.focus();
  }

  /** An event line with the board's names in the language the player chose (the server
   * writes them in English; the static board holds both). */
  localText(text) {
    const b = this.board;
    if (!b || !b.squares.length) return text;
    if (b.nameRe === undefined) {
      const pairs = b.squares.filter((sq) => sq.name_en && sq.name_en !== sq.name).map((sq) => [sq.name_en, sq.name]);
      const names = new Map(pairs);
      b.nameMap = names;
      const esc = [...names.keys()].sort((x, y) => y.length - x.length).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      b.nameRe = esc.length ? new RegExp(esc.join("|"), "g") : null;
    }
    return b.nameRe ? String(text).replace(b.nameRe, (m) => b.nameMap.get(m) || m) : text;
  }

  redrawLog() {
    const kept = this.events;
    this.events = [];
    clear(this.el.log);
    this.addLog(kept);
  }

  addLog(events) {
    const ol = this.el.log;
    for (const ev of events) {
      this.events.push(ev);
      if (ev.kind === "dice_rolled") {
        this.lastDice = [ev.square, ev.amount, ev.other].filter((x) => typeof x === "number" && x > 0);
      }
      if (ev.kind === "offered" && ev.text) this.lastOffer = ev.text;
      if (!ev.text) continue;
      const li = h("li", { "data-kind": ev.kind || "" });
      if (typeof ev.seat === "number" && ev.seat >= 0) li.appendChild(badgeSvg(ev.seat, 16));
      li.appendChild(h("span", { text: this.localText(ev.text) }));
      ol.appendChild(li);
    }
    if (this.events.length > MAX_LOG) this.events = this.events.slice(-MAX_LOG);
    while (ol.childNodes.length > MAX_LOG) ol.removeChild(ol.firstChild);
    ol.scrollTop = ol.scrollHeight;
  }

  addChat(m) {
    const li = h("li", {});
    if (typeof m.seat === "number" && m.seat >= 0) li.appendChild(badgeSvg(m.seat, 16));
    li.appendChild(h("strong", { text: `${m.name || (m.seat === null ? "spectator" : seatLabel(this.view, m.seat))}: ` }));
    li.appendChild(h("span", { text: m.text }));
    this.el.chatList.appendChild(li);
    while (this.el.chatList.childNodes.length > 200) this.el.chatList.removeChild(this.el.chatList.firstChild);
    this.el.chatList.scrollTop = this.el.chatList.scrollHeight;
  }

  async showEnd() {
    if (this.ended) return;
    this.ended = true;
    try { this.room = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}${this.inv("?")}`); } catch { /* keep what we have */ }
    const el = this.el.end;
    renderEnd(el, this.board, this.view, { ...this.room, room_id: this.id }, this.history, { onReplay: () => this.openReplay() });
    el.hidden = false;
    el.focus();
    announce(el.querySelector("h2").textContent);
    if (this.wantReplay) this.openReplay();
  }

  async openReplay() {
    const el = this.el.replay;
    let record = null;
    // the frames of earlier visits (before a reload) join those of this page
    const stored = await loadFrames(this.id);
    if (stored.length) {
      const byVersion = new Map(stored.map((f) => [f.version, f]));
      for (const f of this.frames) byVersion.set(f.version, f);
      this.frames = [...byVersion.values()].sort((a, b) => a.version - b.version);
    }
    // a game this browser did not watch from its first step to its last: the server's frames
    const last = this.view ? this.view.version : 0;
    const whole = this.frames.length === last + 1 && this.frames[0].version === 0;
    if (!whole) {
      try {
        this.frames = await this.serverFrames();
      } catch (e) {
        announce(e.message, "error");
        try { record = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}/record${this.inv("?")}`); } catch (e2) { announce(e2.message, "error"); }
      }
    }
    const finalView = this.view;
    const frames = this.frames.length > 1 ? this.frames : [];
    if (this.replay) this.replay.destroy();
    this.replay = new Replay(el, this.board, frames, record, (v, at) => {
      // the board, the players, the dice and the prompt as they were at that step
      const dice = replayDice(frames, at);
      this.boardUI.update(v, { instant: true, cellActions: new Map(), blockActions: new Map(), dice, events: frames.slice(Math.max(0, at - 3), at + 1).flatMap((f) => (f.events || []).map((x) => x.text)).filter(Boolean).slice(-8).map((t) => this.localText(t)) });
      renderPlayers(this.el.players, this.board, v, this.room, Date.now());
      this.lastDice = dice;
      this.renderDice(v);
      this.renderTurnText(v);
      fill(this.el.actions, h("p.muted", { text: at === frames.length - 1 ? "The replay is at the last step." : "Replaying: the actions of that moment are not played." }));
    }, () => {
      el.hidden = true; this.el.end.hidden = false; this.view = finalView;
      this.lastDice = replayDice(frames, frames.length - 1);
      this.render(true); this.el.end.focus();
    });
    this.el.end.hidden = true;
    el.hidden = false;
    el.focus();
  }

  /** Every public view of the finished game, page by page from the replay endpoint. */
  async serverFrames() {
    const frames = [];
    for (let start = 0; ; start = frames.length) {
      const page = await api("GET", `/api/rooms/${encodeURIComponent(this.id)}/replay?start=${start}${this.inv("&")}`);
      frames.push(...page.frames);
      if (!page.frames.length || frames.length > page.version) return frames;
    }
  }
}

/** The last dice rolled up to frame `at` of a replay. */
function replayDice(frames, at) {
  for (let i = Math.min(at, frames.length - 1); i >= 0; i--) {
    const roll = [...(frames[i].events || [])].reverse().find((e) => e.kind === "dice_rolled");
    if (roll) return [roll.square, roll.amount, roll.other].filter((x) => typeof x === "number" && x > 0);
  }
  return [];
}

const DIE = { 1: "\u2680", 2: "\u2681", 3: "\u2682", 4: "\u2683", 5: "\u2684", 6: "\u2685" };
export const LANG_NAMES = { en: "English", pl: "Polski", no: "Norsk", nb: "Norsk", fi: "Suomi" };
export { money };
