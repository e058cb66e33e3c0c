// The rules card of each game: a few short sentences a child of eight
// reads, each beside a picture drawn with the game's own drawings (the
// cards and tiles of potion.js, cats.js, magicoa.js, cube.js and art.js),
// in the page's language. It opens as a dialog from the guide and from the
// game page's "Rules" button. Monster Cube's three ways of choosing faces
// are drawn here too (cubeCombos), and the page shows them before the
// child's first claim.

import { h, s, svgBox, button } from "../lib/dom.js";
import { flask, monster, mouse } from "./art.js";
import { cardSVG } from "./potion.js";
import { catsCard } from "./cats.js";
import { potionSVG, goldSVG } from "./magicoa.js";
import { monsterCard } from "./cube.js";
import { centre, corners, rhombus, pathOf, hexPath, rhombusCentre, bounds, FACES } from "./hexboard.js";

// pic wraps drawings in one picture box (decorative: the sentence beside it
// says what it shows).
function pic(...svgs) {
  return h("div", { class: "rules-pic", "aria-hidden": "true" }, svgs);
}

function item(picture, ...text) {
  return h("li", { class: "rules-item" }, picture, h("p", {}, ...text));
}

function sign(text) {
  return svgBox(40, 60, { class: "rules-sign", "aria-hidden": "true", focusable: "false" },
    s("text", { x: 20, y: 42, class: "num", "text-anchor": "middle" }, text));
}

function potionItems(dto, t) {
  const four = String(dto.edition || "").startsWith("4");
  const a = { colour: "green", potion: 3, monster: 12 };
  const b = { colour: "green", potion: 4, monster: 15 };
  const prey = { colour: "violet", potion: 6, monster: 12 };
  return [
    item(pic(cardSVG(a, "potion", t)), t("rules.potion.card")),
    item(pic(cardSVG(b, "potion", t)), t(four ? "rules.potion.turn4" : "rules.potion.turn3")),
    item(pic(cardSVG(a, "potion", t), sign("×"), cardSVG(b, "potion", t), sign("="), cardSVG(prey, "monster", t)), t("rules.potion.capture")),
    item(pic(svgBox(60, 60, { class: "rules-eye", "aria-hidden": "true" }, monster(10, 10, 40, "monster-green", 1))), t("rules.potion.vigilance")),
    item(pic(trophy()), t("rules.potion.win")),
  ];
}

function trophy() {
  return svgBox(28, 28, { class: "rules-trophy", "aria-hidden": "true" },
    s("path", { class: "trophy-on", d: "M7 3h14v7a7 7 0 0 1-14 0zM7 5H3v2a5 5 0 0 0 5 5M21 5h4v2a5 5 0 0 1-5 5M12 17h4v4h-4zM8 24h12v2H8z" }));
}

const SPECIALS = ["chase", "dead_end", "magic", "seesaw", "ambush", "gift"];

function catsItems(dto, t) {
  const max = (dto.view && dto.view.factors) || 10;
  const specials = SPECIALS.map((k) => h("li", { class: "rules-item rules-special" },
    pic(catsCard({ s: k }, t, max)), h("p", {}, h("strong", {}, t(`cats.special.${k}`)), " ", t(`cats.special.${k}.what`))));
  return [
    item(pic(catsCard({ a: 3, b: 4 }, t, max), sign("="), catsCard({ n: 12 }, t, max)), t("rules.cats.pair")),
    item(pic(svgBox(80, 60, { "aria-hidden": "true" }, mouse(10, 5, 60))), t("rules.cats.slap")),
    item(pic(catsCard({ a: 2, b: 5 }, t, max), sign("≠"), catsCard({ n: 12 }, t, max)), t("rules.cats.too_fast")),
    item(pic(catsCard({}, t, max)), t("rules.cats.goal")),
    h("li", { class: "rules-subtitle" }, h("h3", {}, t("rules.cats.specials"))),
    ...specials,
  ];
}

function magicoaItems(dto, t) {
  const classic = dto.edition === "classic";
  const gold = classic ? { value: 9 } : { fact: { a: 6, b: 7 }, value: 42 };
  const small = classic ? { value: 5 } : { fact: { a: 4, b: 5 }, value: 20 };
  return [
    item(pic(potionSVG({ colour: "red", points: 4 }, t), potionSVG({ hidden: true, power: "exchange" }, t)), t("rules.magicoa.potions")),
    item(pic(goldSVG(gold, true)), t(classic ? "rules.magicoa.gold_classic" : "rules.magicoa.gold")),
    item(pic(goldSVG(small, true), sign("<"), goldSVG(gold, true)), t("rules.magicoa.place")),
    item(pic(potionSVG({ colour: "yellow", points: 5 }, t)), t("rules.magicoa.win_potion")),
    item(pic(potionSVG({ hidden: true, power: "triple_blue" }, t)), t("rules.magicoa.power")),
    item(pic(svgBox(60, 60, { "aria-hidden": "true" }, flask(10, 10, 40, "liquid-violet"))), t("rules.magicoa.end")),
  ];
}

function cubeItems(dto, t) {
  const v = dto.view || {};
  const addsub = v.rules === 3;
  return [
    item(pic(monsterCard({ code: 23, stars: 1, points: 2 }, 23)), t("rules.cube.monster")),
    item(pic(tilesPicture([{ q: 0, r: 0 }], [])), t(addsub ? "rules.cube.formula_addsub" : "rules.cube.formula")),
    h("li", { class: "rules-item rules-wide" }, cubeCombos(dto, t)),
    item(pic(tilesPicture([{ q: 0, r: 0 }, { q: 1, r: 0 }], [], true)), t(v.rules === 3 || v.rules === 4 ? "rules.cube.move_turns" : "rules.cube.move")),
  ];
}

const ITEMS = { potion: potionItems, cats: catsItems, magicoa: magicoaItems, cube: cubeItems };

// rulesCard is the card of dto's game: its title and its pictures with
// their sentences.
export function rulesCard(dto, t) {
  const items = (ITEMS[dto.game] || (() => []))(dto, t);
  return h("section", { class: "rules-card", "aria-labelledby": "rules-title", "data-game": dto.game },
    h("h2", { id: "rules-title" }, t("rules.title", { game: t(`game.${dto.game}`) })),
    h("ol", { class: "rules-list" }, items));
}

// openRules shows the rules card in a modal dialog (Escape or the Close
// button shut it; the focus goes back where it was).
export function openRules(dto, t) {
  document.querySelector("dialog.rules-dialog")?.remove();
  const back = document.activeElement;
  const dlg = h("dialog", {
    class: "rules-dialog", "aria-labelledby": "rules-title", "data-key": "rules-dialog",
    on: { close: () => { dlg.remove(); back?.focus?.(); } },
  });
  const close = () => { dlg.close(); };
  // The top's × is where the focus lands, so the card opens on its title
  // (not scrolled to the Close button at its end).
  dlg.append(button("×", close, { class: "rules-x", "data-key": "rules-x", "aria-label": t("rules.close") }),
    rulesCard(dto, t),
    h("div", { class: "row rules-foot" }, button(t("rules.close"), close, { class: "primary", "data-key": "rules-close" })));
  document.body.append(dlg);
  dlg.showModal();
  dlg.querySelector("[data-key=rules-x]").focus();
  dlg.scrollTop = 0;
  return dlg;
}

// ---- Monster Cube: the three ways of choosing faces.

// The combinations on a small layout, as the engine lists them: tiles in
// axial coordinates, and the chosen faces (0 yellow, 1 red, 2 blue).
const COMBOS = [
  { key: "line", tiles: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 2, r: 0 }], faces: [[0, 0], [1, 0], [2, 0]] },
  { key: "strip", tiles: [{ q: 0, r: 0 }, { q: 1, r: 0 }], faces: [[0, 1], [0, 2], [1, 1]] },
  { key: "cube", tiles: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }], faces: [[0, 2], [1, 1], [2, 0]] },
];

// cubeCombos draws the three allowed combinations. In rule sets #3 and #4
// the three faces come from three different tiles, so the strip (two faces
// of one tile) is not offered there: it is left out rather than drawn
// crossed, so a child is never shown a way that does not count.
export function cubeCombos(dto, t) {
  const rules = dto.view && dto.view.rules;
  const distinct = rules === 3 || rules === 4;
  const combos = COMBOS.filter((c) => !(distinct && c.key === "strip"));
  return h("figure", { class: "cube-combos", "data-key": "cube-combos" },
    h("figcaption", {}, t(distinct ? "rules.cube.combos_two" : "rules.cube.combos")),
    h("ul", { class: "combo-list" }, combos.map((c) => h("li", { class: "combo", "data-combo": c.key },
      tilesPicture(c.tiles, c.faces.map(([i, f]) => ({ at: c.tiles[i], f }))),
      h("span", {}, t(`rules.cube.combo_${c.key}`))))));
}

// tilesPicture draws tiles with their three faces, the chosen ones
// outlined and marked a, b, c, the others pale; moved adds an arrow from
// the first tile to an empty place (a tile moving).
function tilesPicture(tiles, chosen, moved = false) {
  const size = 30;
  const places = moved ? [...tiles, { q: 1, r: 1 }] : tiles;
  const b = bounds(places, size);
  const svg = svgBox(b.w, b.h, { class: "hexboard combo-board", "aria-hidden": "true", focusable: "false" });
  svg.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  tiles.forEach((at) => {
    const [cx, cy] = centre(at.q, at.r, size);
    const k = corners(cx, cy, size);
    for (let f = 0; f < 3; f++) {
      const pts = rhombus(k, f);
      const order = chosen.findIndex((c) => c.at === at && c.f === f);
      svg.append(s("path", { d: pathOf(pts), class: ["face", `face-${FACES[f]}`, order >= 0 && "chosen", chosen.length && order < 0 && "combo-dim"] }));
      if (order >= 0) {
        const [mx, my] = rhombusCentre(pts);
        svg.append(s("text", { x: mx.toFixed(1), y: (my + 6).toFixed(1), class: "face-order", "text-anchor": "middle" }, "abc"[order]));
      }
    }
    svg.append(s("path", { d: hexPath(cx, cy, size), class: "tile-edge" }));
  });
  if (moved) {
    const [cx, cy] = centre(1, 1, size);
    svg.append(s("path", { d: hexPath(cx, cy, size * 0.9), class: "empty-place combo-empty" }));
    const [fx, fy] = centre(1, 0, size);
    svg.append(s("path", { d: `M${fx.toFixed(1)},${(fy + 8).toFixed(1)}L${(cx - 4).toFixed(1)},${(cy - 14).toFixed(1)}`, class: "combo-arrow" }));
  }
  return svg;
}
