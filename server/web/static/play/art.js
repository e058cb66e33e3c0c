// Drawings of the project's own making, shared by the games: potion flasks,
// monsters, card backs and cats. Every drawing is decorative (aria-hidden);
// the buttons around them carry the words.

import { s } from "../lib/dom.js";

// flask draws a round potion flask in a w×w box at (x, y).
export function flask(x, y, w, cls = "liquid") {
  const k = w / 40;
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "flask", "aria-hidden": "true" },
    s("path", { d: "M15 4h10v10l10 13a10 10 0 0 1-8 16H13a10 10 0 0 1-8-16l10-13z", class: "glass" }),
    s("path", { d: "M8.5 26h23l3 3.5a8 8 0 0 1-7 11.5H12.5a8 8 0 0 1-7-11.5z", class: cls }),
    s("rect", { x: 13, y: 1, width: 14, height: 5, rx: 2, class: "cork" }),
    s("circle", { cx: 16, cy: 33, r: 2, class: "bubble" }),
    s("circle", { cx: 23, cy: 29, r: 1.4, class: "bubble" }));
}

// monster draws a friendly one-eyed or two-eyed monster in a w×w box.
export function monster(x, y, w, cls = "monster-body", variant = 0) {
  const k = w / 40;
  const eyes = variant % 2 === 0
    ? [s("circle", { cx: 14, cy: 18, r: 4.5, class: "eye" }), s("circle", { cx: 26, cy: 18, r: 4.5, class: "eye" }),
      s("circle", { cx: 15, cy: 19, r: 2, class: "pupil" }), s("circle", { cx: 27, cy: 19, r: 2, class: "pupil" })]
    : [s("circle", { cx: 20, cy: 17, r: 6.5, class: "eye" }), s("circle", { cx: 21, cy: 18, r: 3, class: "pupil" })];
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "monster", "aria-hidden": "true" },
    s("path", { d: "M9 9 5 2l9 4M31 9l4-7-9 4", class: cls }),
    s("path", { d: "M4 22C4 11 11 5 20 5s16 6 16 17v14l-4-3-4 3-4-3-4 3-4-3-4 3-4-3-4 3z", class: cls }),
    ...eyes,
    s("path", { d: "M14 27q6 5 12 0", class: "mouth" }));
}

// cardBack draws the back of a face-down card.
export function cardBack(w, hgt) {
  return s("g", { "aria-hidden": "true" },
    s("rect", { x: 2, y: 2, width: w - 4, height: hgt - 4, rx: 8, class: "card-back" }),
    s("rect", { x: 9, y: 9, width: w - 18, height: hgt - 18, rx: 5, class: "card-back-inner" }));
}

// cat draws a sitting cat's head, for the Multipli Cat's players.
export function cat(x, y, w, cls = "cat-fur") {
  const k = w / 40;
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "cat", "aria-hidden": "true" },
    s("path", { d: "M6 16 5 3l10 7h10l10-7-1 13c3 4 3 13-2 17-4 4-9 5-12 5s-8-1-12-5c-5-4-5-13-2-17z", class: cls }),
    s("ellipse", { cx: 14, cy: 20, rx: 3, ry: 3.6, class: "eye" }),
    s("ellipse", { cx: 26, cy: 20, rx: 3, ry: 3.6, class: "eye" }),
    s("ellipse", { cx: 14, cy: 20.5, rx: 1.3, ry: 2.6, class: "pupil" }),
    s("ellipse", { cx: 26, cy: 20.5, rx: 1.3, ry: 2.6, class: "pupil" }),
    s("path", { d: "M18 26h4l-2 2.5z", class: "nose" }),
    s("path", { d: "M20 28.5q-2 3-5 1.5M20 28.5q2 3 5 1.5M3 24l9 1M3 29l9-1M37 24l-9 1M37 29l-9-1", class: "whisker" }));
}

// mouse draws the mouse the cats slap.
export function mouse(x, y, w) {
  const k = w / 60;
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "mouse", "aria-hidden": "true" },
    s("path", { d: "M8 38c0-14 12-24 26-24s22 10 22 22c0 3-2 5-5 5H13c-3 0-5-1-5-3z", class: "mouse-body" }),
    s("circle", { cx: 24, cy: 14, r: 9, class: "mouse-ear" }),
    s("circle", { cx: 24, cy: 14, r: 5, class: "mouse-ear-in" }),
    s("circle", { cx: 46, cy: 28, r: 2.5, class: "pupil" }),
    s("circle", { cx: 56, cy: 35, r: 2.5, class: "nose" }),
    s("path", { d: "M8 38q-8 2-6 10", class: "mouse-tail" }));
}

// coin draws a gold coin of radius r centred on (cx, cy).
function coin(cx, cy, r) {
  return s("g", { class: "coin" },
    s("circle", { cx, cy, r, class: "gold-coin" }),
    s("circle", { cx, cy, r: r * 0.62, class: "coin-inner" }));
}

// powerArt draws the picture on a Magicoa potion's Power face, in a w×w box
// at (x, y): three flasks for the Triple powers, a coin over two flasks for
// Double bid, two arrows for Exchange, an eye for Indiscretion, two coins
// and "=" for Equality. The words go beside it (the picture is decorative).
export function powerArt(power, x, y, w) {
  const k = w / 72;
  const g = s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: ["power-art", `power-${power}`], "aria-hidden": "true" });
  switch (power) {
    case "triple_blue":
    case "triple_green": {
      const liquid = power === "triple_blue" ? "liquid-blue" : "liquid-green";
      g.append(flask(0, 18, 26, liquid), flask(23, 4, 26, liquid), flask(46, 18, 26, liquid),
        s("text", { x: 36, y: 70, class: "power-times", "text-anchor": "middle" }, "×3"));
      break;
    }
    case "double_bid":
      g.append(flask(2, 26, 30, "liquid"), flask(40, 26, 30, "liquid-violet"), coin(36, 18, 14));
      break;
    case "exchange":
      g.append(
        s("path", { d: "M14 30a22 22 0 0 1 40-10", class: "power-arrow" }),
        s("path", { d: "M56 8l-1 14-13-4z", class: "power-arrow-head" }),
        s("path", { d: "M58 42a22 22 0 0 1-40 10", class: "power-arrow" }),
        s("path", { d: "M16 64l1-14 13 4z", class: "power-arrow-head" }));
      break;
    case "indiscretion":
      g.append(
        s("path", { d: "M4 36q32-30 64 0q-32 30-64 0z", class: "power-eye" }),
        s("circle", { cx: 36, cy: 36, r: 12, class: "power-iris" }),
        s("circle", { cx: 36, cy: 36, r: 5, class: "pupil" }),
        s("circle", { cx: 40, cy: 32, r: 2.5, class: "bubble" }));
      break;
    case "equality":
      g.append(coin(14, 36, 13),
        s("path", { d: "M30 30h12M30 42h12", class: "power-equals" }),
        coin(58, 36, 13));
      break;
    default:
      g.append(s("text", { x: 36, y: 50, class: "power-none", "text-anchor": "middle" }, "?"));
  }
  return g;
}
