// Small DOM helpers. User text only ever goes through textContent or attributes.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** h("button.primary", {onclick, type: "button"}, "Roll") builds an element. */
export function h(tag, attrs = {}, ...children) {
  const [head, ...classes] = tag.split(".");
  const [name, id] = head.split("#");
  const el = document.createElement(name || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** s("rect", {x, y}) builds an SVG element. */
export function s(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElementNS(SVG_NS, name);
  if (classes.length) el.setAttribute("class", classes.join(" "));
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = String(v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace the children of el by children. */
export function fill(el, ...children) {
  clear(el);
  return append(el, children);
}

/** Announce a short message to screen readers and show it as a toast. */
export function announce(msg, kind = "info") {
  const live = document.getElementById(kind === "error" ? "alerts" : "status");
  if (!live) return;
  live.textContent = "";
  // a fresh text node so screen readers announce repeats too
  window.setTimeout(() => { live.textContent = String(msg); }, 20);
  if (kind === "error") {
    live.classList.add("show");
    window.clearTimeout(announce._t);
    announce._t = window.setTimeout(() => live.classList.remove("show"), 6000);
  }
}
