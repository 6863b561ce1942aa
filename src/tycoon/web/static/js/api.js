// HTTP calls of protocol v1 and the tokens kept in localStorage.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.field = body && body.field;
  }
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { message: text.slice(0, 200) }; }
  }
  if (!res.ok || (data && data.ok === false)) throw new ApiError(res.status, data);
  return data;
}

const KEY = "tycoon.v1";

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { return {}; }
}
function save(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); } catch { /* storage full or off */ }
}

export const store = {
  name() { return load().name || ""; },
  setName(name) { const d = load(); d.name = String(name).slice(0, 40); save(d); },
  room(id) { return (load().rooms || {})[id] || {}; },
  setRoom(id, patch) {
    const d = load();
    d.rooms = d.rooms || {};
    d.rooms[id] = { ...(d.rooms[id] || {}), ...patch, at: Date.now() };
    // keep the 30 most recent rooms
    const ids = Object.keys(d.rooms).sort((a, b) => d.rooms[b].at - d.rooms[a].at);
    for (const old of ids.slice(30)) delete d.rooms[old];
    save(d);
  },
  forgetSeat(id) {
    const d = load();
    if (d.rooms && d.rooms[id]) { delete d.rooms[id].token; delete d.rooms[id].seat; }
    save(d);
  },
  pref(key, dflt) { const p = load().prefs || {}; return key in p ? p[key] : dflt; },
  setPref(key, value) { const d = load(); d.prefs = { ...(d.prefs || {}), [key]: value }; save(d); },
};

const boards = new Map();
/** The static board of an edition in a language, cached. */
export async function getBoard(edition, lang) {
  const id = String(edition).split("@")[0];
  const key = `${id}:${lang || ""}`;
  if (!boards.has(key)) {
    const q = lang ? `?lang=${encodeURIComponent(lang)}` : "";
    boards.set(key, api("GET", `/api/editions/${encodeURIComponent(id)}/board${q}`).catch((e) => {
      boards.delete(key);
      throw e;
    }));
  }
  return boards.get(key);
}

let editionsPromise = null;
export function getEditions() {
  if (!editionsPromise) editionsPromise = api("GET", "/api/editions").catch((e) => { editionsPromise = null; throw e; });
  return editionsPromise;
}
