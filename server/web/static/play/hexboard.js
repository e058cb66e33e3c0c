// The Monster Cube board in SVG, exactly as the engine's geometry
// (games/cube/board.go): pointy-top hexagons in axial coordinates, centre
// x = size·√3·(q + r/2), y = size·1.5·r; each tile is a hexagon cut into
// three rhombi: Y on top, R bottom-left, B bottom-right. So the shared edges
// are X.B–E.R, X.B–SE.Y and X.R–SW.Y, as the spec lists.

import { s } from "../lib/dom.js";

export const SQ3 = Math.sqrt(3);
export const FACES = ["Y", "R", "B"];

export function centre(q, r, size) {
  return [size * SQ3 * (q + r / 2), size * 1.5 * r];
}

// corners of a pointy-top hexagon: top, upper-right, lower-right, bottom,
// lower-left, upper-left.
export function corners(cx, cy, size) {
  const w = (size * SQ3) / 2;
  return {
    T: [cx, cy - size], UR: [cx + w, cy - size / 2], LR: [cx + w, cy + size / 2],
    B: [cx, cy + size], LL: [cx - w, cy + size / 2], UL: [cx - w, cy - size / 2], C: [cx, cy],
  };
}

// rhombus returns the four corners of face f (0 Y, 1 R, 2 B), starting at
// the corner from which two edge vectors span it (for placing pips).
export function rhombus(k, f) {
  if (f === 0) return [k.UL, k.T, k.UR, k.C];
  if (f === 1) return [k.LL, k.UL, k.C, k.B];
  return [k.B, k.C, k.UR, k.LR];
}

export function pathOf(points) {
  return "M" + points.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join("L") + "Z";
}

export function hexPath(cx, cy, size) {
  const k = corners(cx, cy, size);
  return pathOf([k.T, k.UR, k.LR, k.B, k.LL, k.UL]);
}

export function rhombusCentre(pts) {
  return [(pts[0][0] + pts[1][0] + pts[2][0] + pts[3][0]) / 4, (pts[0][1] + pts[1][1] + pts[2][1] + pts[3][1]) / 4];
}

// Pip positions of a die face in the unit square.
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.22, 0.22], [0.5, 0.5], [0.78, 0.78]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.2], [0.27, 0.5], [0.27, 0.8], [0.73, 0.2], [0.73, 0.5], [0.73, 0.8]],
};

// pips draws n dots inside the rhombus pts: from corner pts[0], along the
// edges to pts[1] and pts[3].
export function pips(pts, n, r) {
  const [o, a, , b] = pts;
  const u = [a[0] - o[0], a[1] - o[1]];
  const v = [b[0] - o[0], b[1] - o[1]];
  return (PIPS[n] || []).map(([x, y]) => s("circle", {
    cx: (o[0] + x * u[0] + y * v[0]).toFixed(1), cy: (o[1] + x * u[1] + y * v[1]).toFixed(1), r, class: "pip",
  }));
}

// bounds is the viewBox that holds every place given, with a margin (by
// default room for half a tile more around them).
export function bounds(places, size, margin = { x: size * 1.15, y: size * 1.15 }) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of places) {
    const [x, y] = centre(p.q, p.r, size);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { x: minX - margin.x, y: minY - margin.y, w: maxX - minX + 2 * margin.x, h: maxY - minY + 2 * margin.y };
}

const DIRS = [[1, 0], [-1, 0], [1, -1], [0, -1], [0, 1], [-1, 1]];

export function neighbours(h) { return DIRS.map(([dq, dr]) => ({ q: h.q + dq, r: h.r + dr })); }

export function same(a, b) { return a && b && a.q === b.q && a.r === b.r; }

// emptyPlaces lists the empty places next to a tile other than `moving`.
// With `moving`, only the places the rule allows are offered: after the
// move every tile still touches another (the engine's LegalTileMoves, which
// refuses the rest; a child was offered places the server then refused).
export function emptyPlaces(layout, moving) {
  const taken = new Set(layout.map((p) => `${p.at.q},${p.at.r}`));
  const out = new Map();
  for (const p of layout) {
    if (moving && same(p.at, moving)) continue;
    for (const n of neighbours(p.at)) {
      const k = `${n.q},${n.r}`;
      if (!taken.has(k)) out.set(k, n);
    }
  }
  const places = [...out.values()].filter((to) => !moving || allTouch(moved(layout, { from: moving, to })));
  return places.sort((a, b) => a.r - b.r || a.q - b.q);
}

// allTouch: every tile touches another.
function allTouch(layout) {
  return layout.every((p, i) => layout.some((o, j) => i !== j && neighbours(p.at).some((n) => same(n, o.at))));
}

// moved returns the layout after moving the tile at from to to.
export function moved(layout, mv) {
  if (!mv) return layout;
  return layout.map((p) => (same(p.at, mv.from) ? { ...p, at: { ...mv.to } } : p));
}
