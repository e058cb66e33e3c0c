// The collection's creatures, drawn by hand: one per fact known by heart,
// the same creature for the same fact on every device and every visit
// (its shape, colour, eyes and top come from the fact alone), with the
// product on its belly. An egg stands for a fact not known by heart yet,
// with the fact written on it. Every drawing is decorative (aria-hidden):
// the list item around it carries the words.

import { s, svgBox } from "../lib/dom.js";

// traitsOf mixes the fact's two factors into small numbers, one per trait.
// 7 × 8 and 8 × 7 are one fact: the smaller factor comes first.
export function traitsOf(a, b) {
  const lo = Math.min(a, b), hi = Math.max(a, b);
  let x = (lo * 37 + hi * 101 + lo * hi * 13) >>> 0;
  const next = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return Math.floor(x / 65536) % n; };
  return { body: next(4), colour: next(6), eyes: next(3), top: next(4), feet: next(2) };
}

// Bodies in a 40×40 box, their bellies near (20, 27).
const BODIES = [
  "M20 8C30 8 36 16 36 25S30 38 20 38 4 34 4 25 10 8 20 8Z", // round
  "M8 38V20C8 12 13 7 20 7S32 12 32 20V38L28 35 24 38 20 35 16 38 12 35Z", // ghost
  "M7 14Q7 9 12 9H28Q33 9 33 14V33Q33 38 28 38H12Q7 38 7 33Z", // square
  "M20 6C26 6 28 12 30 18 34 24 36 30 32 35 29 38 11 38 8 35 4 30 6 24 10 18 12 12 14 6 20 6Z", // pear
];

// Tops: ears, antennae, horns, a tuft.
function top(kind) {
  switch (kind) {
    case 0: return [s("path", { d: "M9 16 7 5 16 10Z", class: "creature-body" }), s("path", { d: "M31 16 33 5 24 10Z", class: "creature-body" })];
    case 1: return [s("path", { d: "M15 9 11 2M25 9 29 2", class: "creature-line" }),
      s("circle", { cx: 11, cy: 2.5, r: 2, class: "creature-spot" }), s("circle", { cx: 29, cy: 2.5, r: 2, class: "creature-spot" })];
    case 2: return [s("path", { d: "M12 11 10 3 17 9Z", class: "creature-horn" }), s("path", { d: "M28 11 30 3 23 9Z", class: "creature-horn" })];
    default: return [s("path", { d: "M17 8Q18 1 20 6Q22 0 23 8", class: "creature-line" })];
  }
}

function eyes(n) {
  const eye = (cx, r) => [s("circle", { cx, cy: 17, r, class: "eye" }), s("circle", { cx: cx + 0.6, cy: 17.6, r: r / 2.2, class: "pupil" })];
  if (n === 0) return eye(20, 4.5);
  if (n === 1) return [...eye(15, 3.6), ...eye(25, 3.6)];
  return [...eye(13, 2.8), ...eye(20, 3.2), ...eye(27, 2.8)];
}

// creature draws the creature of a × b in a 40×44 box.
export function creature(a, b, product, attrs = {}) {
  const tr = traitsOf(a, b);
  const feet = tr.feet && tr.body !== 1
    ? [s("ellipse", { cx: 13, cy: 39.5, rx: 4, ry: 2.2, class: "creature-body" }), s("ellipse", { cx: 27, cy: 39.5, rx: 4, ry: 2.2, class: "creature-body" })]
    : [];
  const digits = String(product).length;
  return svgBox(40, 44, { class: ["creature", `creature-c${tr.colour}`], "aria-hidden": "true", focusable: "false", ...attrs },
    ...top(tr.top), ...feet,
    s("path", { d: BODIES[tr.body], class: "creature-body" }),
    s("ellipse", { cx: 20, cy: 29, rx: digits > 2 ? 10 : 8, ry: 6.5, class: "creature-belly" }),
    ...eyes(tr.eyes),
    s("text", { x: 20, y: 32.5, class: "creature-num", "text-anchor": "middle" }, String(product)));
}

// egg draws a fact's egg, not hatched yet, with the fact on it.
export function egg(a, b, attrs = {}) {
  return svgBox(40, 44, { class: "egg", "aria-hidden": "true", focusable: "false", ...attrs },
    s("path", { d: "M20 5C29 5 35 20 35 28S28 41 20 41 5 36 5 28 11 5 20 5Z", class: "egg-shell" }),
    s("text", { x: 20, y: 30, class: "egg-fact", "text-anchor": "middle" }, `${a}×${b}`));
}
