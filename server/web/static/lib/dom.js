// Tiny DOM builders: h() for HTML, s() for SVG. Attributes set with
// setAttribute (never a style attribute: the CSP forbids inline styles),
// "on" maps events to handlers, children may be strings, nodes, arrays or
// null (skipped).

const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "on") {
      for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    } else if (k === "class" && Array.isArray(v)) {
      el.setAttribute("class", v.filter(Boolean).join(" "));
    } else if (k === "text") {
      el.textContent = String(v);
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

// button is a real <button> (keyboard and touch for free) with a key used to
// give the focus back after a re-render.
export function button(label, onClick, attrs = {}) {
  return h("button", { type: "button", ...attrs, on: { click: onClick } }, label);
}

// svgControl makes an SVG element act as a button, for touch and keyboard
// alike: focusable (tabindex 0), role button, a spoken label, aria-pressed
// when it toggles, and click, Enter or Space activate it. Every interactive
// SVG element goes through here (webcheck's tests grep the modules for
// anything that bypasses it).
export function svgControl(el, { label, key, pressed }, fn) {
  if (!label) throw new Error("svgControl: an interactive element needs a label");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  if (key) el.setAttribute("data-key", key);
  if (pressed !== undefined) el.setAttribute("aria-pressed", String(!!pressed));
  el.addEventListener("click", (ev) => { ev.stopPropagation(); fn(); });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); fn(); }
  });
  return el;
}

// swallowNextClick drops the click a browser sends after a drag ends, so a
// drag does not also press what it started on.
export function swallowNextClick(el) {
  el.addEventListener("click", (c) => c.stopPropagation(), { capture: true, once: true });
}

// holdTouch keeps a finger's move on el from scrolling what holds it while
// held() says el is being dragged (browsers heed no touch-action on SVG
// shapes, so a drag needs the touchmove itself).
export function holdTouch(el, held) {
  el.addEventListener("touchmove", (ev) => { if (held()) ev.preventDefault(); }, { passive: false });
}

// revealOnFocus scrolls a control that takes the focus inside el fully into
// view: Chromium leaves a half-shown SVG control where it is.
export function revealOnFocus(el) {
  el.addEventListener("focusin", (ev) => ev.target.scrollIntoView({ block: "nearest", inline: "nearest" }));
}

// svgBox is an <svg> with a viewBox that scales to its box.
export function svgBox(w, h2, attrs, ...children) {
  return s("svg", { viewBox: `0 0 ${w} ${h2}`, xmlns: SVG_NS, ...attrs }, ...children);
}
