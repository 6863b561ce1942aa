// The WebSocket of a room: welcome, updates with versions, answers to our messages, reconnects.

// Close codes after which the same connection would be refused again (docs/protocol.md).
const REFUSALS = { 4401: "bad_token", 4403: "kicked", 4404: "no_room" };

export class Connection {
  constructor(roomId, token, invite, handlers) {
    this.roomId = roomId;
    this.token = token;
    this.invite = invite;
    this.h = handlers;
    this.version = -1;
    this.nextId = 1;
    this.waiting = new Map();
    this.closed = false;
    this.retry = 0;
    this.owner = null; // the instance that owns the room, when another one said so (4307)
    this.hops = 0; // redirects followed since the last welcome
    this.open();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams();
    if (this.token) q.set("token", this.token);
    if (this.invite) q.set("invite", this.invite);
    const qs = q.toString() ? `?${q}` : "";
    const path = `/ws/rooms/${encodeURIComponent(this.roomId)}${qs}`;
    if (this.owner) return this.owner.replace(/^http/, "ws") + path; // http→ws, https→wss
    return `${proto}//${location.host}${path}`;
  }

  open() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; this.h.status && this.h.status("connected"); };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      for (const [, w] of this.waiting) w.resolve({ ok: false, code: "disconnected", message: "connection lost" });
      this.waiting.clear();
      if (this.closed) return;
      const refusal = REFUSALS[e.code];
      if (refusal) {
        // the server will refuse this connection again: no retry, the page decides
        this.closed = true;
        this.h.refused && this.h.refused(refusal);
        return;
      }
      this.h.status && this.h.status("reconnecting");
      if (e.code === 4307 && this.owner && this.hops++ < 3) {
        // another instance owns the room: straight there (docs/protocol.md, several instances)
        this.timer = window.setTimeout(() => this.open(), 0);
        return;
      }
      this.owner = null; // lost: through this page's own address again, which finds the owner
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = window.setTimeout(() => this.open(), delay);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        this.hops = 0;
        this.version = msg.version;
        this.h.welcome(msg);
        break;
      case "update":
        if (this.version >= 0 && msg.version !== this.version + 1 && msg.version > this.version) {
          // behind: ask for the full view, keep the events for the log
          this.send({ type: "sync", version: this.version });
        }
        if (msg.version <= this.version) return; // stale
        this.version = msg.version;
        this.h.update(msg);
        break;
      case "view":
        if (typeof msg.version === "number") this.version = msg.version;
        this.h.view(msg);
        break;
      case "answer": {
        const w = this.waiting.get(msg.re);
        if (w) { this.waiting.delete(msg.re); w.resolve(msg); }
        else if (msg.ok === false && this.h.error) this.h.error(msg);
        break;
      }
      case "presence": this.h.presence && this.h.presence(msg); break;
      case "chat": this.h.chat && this.h.chat(msg); break;
      case "room": this.h.room && this.h.room(msg); break;
      case "error":
        if (msg.code === "not_owner") this.owner = msg.owner || null;
        break;
      default: break;
    }
  }

  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.resolve({ ok: false, code: "disconnected", message: "not connected; retrying" });
    }
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...obj, id }));
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve });
      window.setTimeout(() => {
        if (this.waiting.has(id)) { this.waiting.delete(id); resolve({ ok: false, code: "timeout", message: "no answer from the server" }); }
      }, 15000);
    });
  }

  act(text) { return this.send({ type: "action", action: text, version: this.version }); }
  chat(text) { return this.send({ type: "chat", text }); }
  sync() { return this.send({ type: "sync" }); }

  close() {
    this.closed = true;
    window.clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
