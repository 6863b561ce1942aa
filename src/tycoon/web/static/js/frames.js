// The views this browser received, kept in IndexedDB so a finished game can be replayed
// after a reload. Failures (private mode, quota) only lose the replay, never the game.

const DB = "tycoon-frames";
let dbp = null;

function db() {
  if (!dbp) {
    dbp = new Promise((resolve, reject) => {
      if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore("frames", { keyPath: ["room", "version"] });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    dbp.catch(() => {});
  }
  return dbp;
}

export async function saveFrame(room, version, view, events) {
  try {
    const d = await db();
    d.transaction("frames", "readwrite").objectStore("frames").put({ room, version, view, events });
  } catch { /* no replay after a reload, nothing else lost */ }
}

export async function loadFrames(room) {
  try {
    const d = await db();
    return await new Promise((resolve) => {
      const range = IDBKeyRange.bound([room, -Infinity], [room, Infinity]);
      const req = d.transaction("frames").objectStore("frames").getAll(range);
      req.onsuccess = () => resolve(req.result || []);
      req.onerror = () => resolve([]);
    });
  } catch { return []; }
}
