// Entry point: the lobby at /, a room at /r/{room_id}.
import { renderLobby } from "./lobby.js";
import { RoomPage } from "./room.js";
import { announce } from "./dom.js";

window.addEventListener("unhandledrejection", (e) => {
  announce(String((e.reason && e.reason.message) || e.reason || "error"), "error");
  e.preventDefault();
});

const root = document.getElementById("app");
const m = /^\/r\/([^/]+)\/?$/.exec(location.pathname);
if (m) {
  window.tycoonRoom = new RoomPage(root, decodeURIComponent(m[1]), new URLSearchParams(location.search));
} else {
  renderLobby(root);
}
