// Magicoa: the potions in a row (the last one Power face up), the student's
// gold cards, and each step of a round: choose two cards, answer the product
// (multiplication edition) and place them, exchange, choose points or power,
// and at the end compute the tripled score. The classic edition shows values.

import { h, s, svgBox, button } from "../lib/dom.js";
import { lang } from "../lib/i18n.js";
import { flask, powerArt } from "./art.js";
import { seatNameOf, eventsBox, hasMove, factText } from "./common.js";

// potionSVG draws a potion on its Potion face (colour, points) or, when
// hidden, on its Power face: the power's picture and name (its effect is
// written in words beside the card, see powerWhat).
export function potionSVG(p, t) {
  const svg = svgBox(100, 140, { class: "mpotion", "aria-hidden": "true", focusable: "false" });
  if (p.hidden) {
    svg.append(s("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, class: "mpotion-back" }),
      s("rect", { x: 10, y: 10, width: 80, height: 80, rx: 8, class: "mpower-window" }),
      powerArt(p.power || "", 14, 14, 72),
      powerName(p.power ? t(`magicoa.power_short.${p.power}`) : t("magicoa.no_power")));
    return svg;
  }
  svg.append(s("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, class: `mpotion-frame colour-${p.colour}` }),
    flask(22, 10, 56, `liquid-${p.colour}`),
    s("text", { x: 50, y: 100, class: "num", "text-anchor": "middle" }, `${p.points}`),
    s("text", { x: 50, y: 126, class: "mcolour", "text-anchor": "middle" }, t(`magicoa.colour.${p.colour}`)));
  if (p.power) svg.append(s("text", { x: 86, y: 24, class: "mpower-mark", "text-anchor": "middle" }, "✦"));
  return svg;
}

// powerName writes a power's name under its picture, narrower when long so
// it stays inside the card in both languages.
function powerName(text) {
  return s("text", { x: 50, y: 112, class: ["mpower-name", text.length > 11 && "long"], "text-anchor": "middle" }, text);
}

// powerWhat says in words what a potion's power does (nothing without one).
function powerWhat(p, t) {
  return p && p.power ? h("p", { class: "power-what" }, t(`magicoa.power_what.${p.power}`)) : null;
}

function potionLabel(p, t) {
  if (p.hidden) return p.power ? t("magicoa.potion_hidden_power", { power: t(`magicoa.power.${p.power}`) }) : t("magicoa.potion_hidden");
  const base = t("magicoa.potion_label", { colour: t(`magicoa.colour.${p.colour}`), points: p.points });
  return p.power ? `${base}, ${t("magicoa.with_power", { power: t(`magicoa.power.${p.power}`) })}` : base;
}

// goldSVG draws a gold card: its fact (multiplication) or value (classic).
export function goldSVG(c, showValue) {
  const svg = svgBox(90, 120, { class: "gold", "aria-hidden": "true", focusable: "false" });
  svg.append(s("rect", { x: 2, y: 2, width: 86, height: 116, rx: 9, class: "gold-frame" }),
    s("circle", { cx: 45, cy: 30, r: 14, class: "gold-coin" }));
  if (c.fact) {
    // "5 × 10" is wider than the card at the fact's size: a fact of six
    // characters or more is drawn to the card's inner width.
    const fact = factText(c.fact);
    svg.append(s("text", { x: 45, y: 80, class: "num gold-fact", "text-anchor": "middle",
      textLength: fact.length > 5 ? 76 : null, lengthAdjust: fact.length > 5 ? "spacingAndGlyphs" : null }, fact));
    if (showValue && c.value) svg.append(s("text", { x: 45, y: 106, class: "gold-value", "text-anchor": "middle" }, `= ${c.value}`));
  } else {
    svg.append(s("text", { x: 45, y: 88, class: "num big", "text-anchor": "middle" }, String(c.value)));
  }
  return svg;
}

function goldLabel(c, t) {
  if (c.fact) return c.value ? t("magicoa.gold_fact_value", { f: factText(c.fact), v: c.value }) : t("magicoa.gold_fact", { f: factText(c.fact) });
  return t("magicoa.gold_value", { v: c.value });
}

export function render(root, dto, api) {
  const { t, tn } = api;
  const v = dto.view;
  const me = v.seat;
  const ui = api.ui;
  const legal = v.legal || [];
  const rerender = () => api.rerender();
  const phaseKey = `${v.match}:${v.round}:${v.phase}:${v.placer}:${v.wave}`;
  if (ui.phaseKey !== phaseKey) { ui.phaseKey = phaseKey; ui.pick = []; ui.answer = ""; }

  // Placing: every potion is offered, not only those the card may go on.
  // Comparing the card with the one on top is the child's job: a cover that
  // is not greater is refused with its reason, and counts as a wrong bid.
  // (When the card can go nowhere the engine discards it by itself.)
  const you = v.players && v.players[me];
  const powers = (you && you.powers) || [];
  const layout = v.layout || [];
  const placing = v.phase === "place" && v.placer === me && hasMove(legal, "place");
  const placeTargets = placing ? layout.map((_, i) => ({ type: "place", potion: i })) : [];
  if (placing && powers.includes("double_bid")) {
    for (let i = 0; i + 1 < layout.length; i++) placeTargets.push({ type: "place", potion: i, double: true });
  }
  const exchange = hasMove(legal, "exchange") || hasMove(legal, "pass");

  // The potions on offer, with the gold cards on them.
  const slots = (v.layout || []).map((sl, i) => {
    const bids = sl.bids || [];
    const top = bids[bids.length - 1];
    const canPlace = placeTargets.some((m) => m.potion === i && !m.double);
    const pot = h("div", { class: "mslot-potion", role: "img", "aria-label": potionLabel(sl.potion, t) }, potionSVG(sl.potion, t));
    const bidLine = top
      ? h("p", { class: "bid" }, t("magicoa.bid_by", { name: seatNameOf(dto, top.seat, t), what: top.fact ? `${factText(top.fact)} = ${top.value}` : top.value }),
        bids.length > 1 ? h("span", { class: "covered" }, " ", tn("magicoa.covered", bids.length - 1)) : null)
      : h("p", { class: "bid free" }, t("magicoa.free"));
    const actions = [];
    if (canPlace) actions.push(button(t("magicoa.place_here"), () => api.move({ type: "place", potion: i }), { class: "primary", "data-key": `place${i}` }));
    if (exchange && hasMove(legal, "exchange")) actions.push(button(t("magicoa.swap_here"), () => api.move({ type: "exchange", potion: i }), { "data-key": `swap${i}` }));
    return h("li", { class: ["mslot", top && top.seat === me && "mine"] }, pot, powerWhat(sl.potion, t), bidLine, ...actions);
  });
  const doubles = placeTargets.filter((m) => m.double).map((m) =>
    button(t("magicoa.place_double", { a: m.potion + 1, b: m.potion + 2 }), () => api.move({ type: "place", potion: m.potion, double: true }), { "data-key": `double${m.potion}` }));

  // What the student does now.
  const panel = [];
  if (v.phase === "over" || dto.over) {
    panel.push(h("p", { class: "prompt" }, t("magicoa.over")));
  } else if (v.phase === "choose" && hasMove(legal, "choose")) {
    panel.push(h("p", { class: "prompt" }, t("magicoa.prompt_choose")));
    panel.push(button(t("magicoa.play_two"), async () => {
      if (await api.move({ type: "choose", cards: ui.pick.slice() })) ui.pick = [];
    }, { class: "primary big", "data-key": "choose", disabled: ui.pick.length !== 2 || null }));
  } else if (v.phase === "place" && v.placer === me && hasMove(legal, "answer")) {
    panel.push(answerForm(t("magicoa.prompt_answer", { f: factText(v.current && v.current.fact) }), "product", (n) => api.move({ type: "answer", product: n }), ui, t));
  } else if (v.phase === "place" && v.placer === me) {
    const key = powers.includes("equality") ? "magicoa.prompt_place_equality" : "magicoa.prompt_place";
    panel.push(h("p", { class: "prompt" }, placeTargets.length ? t(key, { v: v.current ? v.current.value : "" }) : t("magicoa.prompt_discard")));
    if (doubles.length) panel.push(h("div", { class: "actions" }, doubles));
  } else if (v.phase === "place") {
    panel.push(h("p", { class: "prompt" }, t("magicoa.wait_place", { name: seatNameOf(dto, v.placer, t) })));
  } else if (exchange) {
    panel.push(h("p", { class: "prompt" }, t("magicoa.prompt_exchange")));
    if (v.pile_top) panel.push(h("div", { class: "mslot-potion", role: "img", "aria-label": t("magicoa.pile_top", { what: potionLabel(v.pile_top, t) }) }, potionSVG(v.pile_top, t)), powerWhat(v.pile_top, t));
    panel.push(button(t("magicoa.no_exchange"), () => api.move({ type: "pass" }), { "data-key": "pass" }));
  } else if (v.phase === "power" && v.deciding && hasMove(legal, "power")) {
    const p = v.deciding;
    panel.push(h("p", { class: "prompt" }, t("magicoa.prompt_power")),
      h("div", { class: "two-faces", role: "group", "aria-label": t("magicoa.two_faces") },
        h("figure", {}, h("div", { class: "mslot-potion", role: "img", "aria-label": potionLabel(p, t) }, potionSVG(p, t)),
          h("figcaption", {}, t("magicoa.face_potion", { points: tn("magicoa.points", p.points) }))),
        h("figure", {}, h("div", { class: "mslot-potion", role: "img", "aria-label": t("magicoa.potion_hidden_power", { power: t(`magicoa.power.${p.power}`) }) }, potionSVG({ hidden: true, power: p.power }, t)),
          h("figcaption", {}, t("magicoa.face_power", { power: t(`magicoa.power.${p.power}`) })))),
      h("p", { class: "power-what-big" }, t(`magicoa.power_what.${p.power}`)),
      h("div", { class: "actions" },
        button(tn("magicoa.keep_points", p.points), () => api.move({ type: "power", activate: false }), { "data-key": "keep" }),
        button(t("magicoa.activate", { power: t(`magicoa.power.${p.power}`) }), () => api.move({ type: "power", activate: true }), { class: "primary", "data-key": "activate" })));
  } else if (v.phase === "triple" && v.triple && hasMove(legal, "answer")) {
    const q = v.triple;
    panel.push(answerForm(t("magicoa.prompt_triple", { power: t(`magicoa.power.${q.power}`), points: q.points }), "triple", (n) => api.move({ type: "answer", product: n }), ui, t));
  } else {
    panel.push(h("p", { class: "prompt" }, t("magicoa.wait")));
  }

  // The student's gold cards: pick two in the choose step.
  const choosing = v.phase === "choose" && hasMove(legal, "choose");
  const hand = (v.hand || []).map((c) => {
    const order = ui.pick.indexOf(c.id);
    if (!choosing) return h("div", { class: "card-static", role: "img", "aria-label": goldLabel(c, t) }, goldSVG(c, true));
    return h("button", {
      type: "button", class: ["card-btn", order >= 0 && "selected"], "data-key": `g${c.id}`, "aria-pressed": String(order >= 0),
      "aria-label": goldLabel(c, t) + (order >= 0 ? ` — ${t(order === 0 ? "magicoa.first" : "magicoa.second")}` : ""),
      on: { click: () => {
        if (order >= 0) ui.pick.splice(order, 1);
        else { ui.pick.push(c.id); if (ui.pick.length > 2) ui.pick.shift(); }
        rerender();
      } },
    }, goldSVG(c, true), order >= 0 ? h("span", { class: "pick-order" }, order === 0 ? t("magicoa.first") : t("magicoa.second")) : null);
  });
  const chosen = (v.chosen || []).map((c, i) => h("div", { class: "card-static", role: "img", "aria-label": `${goldLabel(c, t)} — ${t(i === 0 ? "magicoa.next_card" : "magicoa.then_card")}` }, goldSVG(c, false)));

  const players = h("ul", { class: "mplayers" }, (v.players || []).map((p) => h("li", { class: p.seat === me ? "me" : null },
    h("strong", {}, seatNameOf(dto, p.seat, t)), " ",
    t("magicoa.player_line", { score: tn("magicoa.points", p.score), won: tn("magicoa.potions_n", (p.won || []).length), left: tn("magicoa.gold_left", (p.unplayed || []).length) }),
    p.seat === v.first ? h("span", { class: "badge" }, t("magicoa.first_player")) : null,
    v.phase === "choose" && p.chosen ? h("span", { class: "badge" }, t("magicoa.has_chosen")) : null,
    (p.powers || []).length ? h("span", { class: "powers" }, " · ", p.powers.map((w) => t(`magicoa.power.${w}`)).join(", ")) : null)));

  root.replaceChildren(h("div", { class: "magicoa-game" },
    h("p", { class: "round-line" }, t("magicoa.round", { r: v.round, n: v.rounds }),
      v.matches > 1 ? ` · ${t("magicoa.match", { m: v.match, n: v.matches })}` : "",
      ` · ${tn("magicoa.pile", v.pile_size)}`),
    v.variant === "junior" ? h("p", { class: "variant-line" }, t("magicoa.junior_line")) : null,
    h("ol", { class: "mrow", "aria-label": t("magicoa.row") }, slots),
    h("div", { class: "mbottom" },
      h("div", { class: "mmain" },
        h("section", { class: "mpanel", "aria-label": t("magicoa.your_move") }, panel),
        chosen.length ? h("section", { class: "hand" }, h("h2", { class: "zone-title" }, t("magicoa.your_stack")), h("div", { class: "cards" }, chosen)) : null,
        h("section", { class: "hand", "aria-label": t("magicoa.your_gold") },
          h("h2", { class: "zone-title" }, t("magicoa.your_gold"), you ? h("span", { class: "zone-hint" }, t(tripledLater(dto, you) ? "magicoa.score_before_triple" : "magicoa.score", { n: you.score })) : null),
          h("div", { class: "cards" }, hand.length ? hand : h("p", { class: "empty" }, t("magicoa.no_gold"))))),
      h("section", { class: "mplayers-box", "aria-label": t("magicoa.players") }, players,
        eventsBox(dto, (e) => magicoaEvent(e, dto, t, tn), t, ui)))));
  if (ui.focusAnswer) {
    ui.focusAnswer = false;
    root.querySelector("input")?.focus();
  }
}

// tripledLater: in the multiplication edition a student works out their
// Triple power's points at the end, so until then the score shown counts
// those potions at face value (the engine's view) — and says so.
function tripledLater(dto, you) {
  if (dto.edition !== "multiplication" || dto.over) return false;
  const colours = (you.powers || []).filter((w) => w.startsWith("triple_")).map((w) => w.slice("triple_".length));
  return (you.won || []).some((x) => !x.active && colours.includes(x.potion.colour));
}

// resultScore is a seat's line in the result: the score in points beside
// the potions won, as each player's line showed them all game ("6 points ·
// 4 potions"), so that a winner with fewer potions makes sense.
export function resultScore(dto, seat, n, api) {
  const { t, tn } = api;
  const p = ((dto.view || {}).players || []).find((x) => x.seat === seat) || {};
  return t("magicoa.result_score", { name: seatNameOf(dto, seat, t), score: tn("magicoa.points", n), won: tn("magicoa.potions_n", (p.won || []).length) });
}

// answerForm asks for a number (a card's product, or a tripled score).
function answerForm(question, key, send, ui, t) {
  const input = h("input", { type: "text", inputmode: "numeric", pattern: "[0-9]*", id: `answer-${key}`, "data-key": `answer-${key}`, autocomplete: "off", maxlength: "4", class: "answer-input" });
  const form = h("form", { class: "answer-form", on: { submit: async (ev) => {
    ev.preventDefault();
    const n = parseInt(input.value, 10);
    if (Number.isNaN(n)) { input.focus(); return; }
    await send(n);
  } } },
    h("label", { for: `answer-${key}`, class: "prompt" }, question),
    h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary" }, t("magicoa.ok"))));
  if (ui.answerFor !== ui.phaseKey) { ui.answerFor = ui.phaseKey; ui.focusAnswer = true; }
  return form;
}

// loggedFact writes a gold card's fact as the rest of the site does,
// "7 × 8": the engine logs it as games.Fact's String, "7×8", and the games
// already stored keep that form, so the spaces are put here.
function loggedFact(f) { return String(f).replace(/\s*×\s*/, " × "); }

// placedEvent names the potions a card went on as everyone sees them ("the
// blue potion", "the hidden potion"); games logged before the engine named
// them fall back to the slot's position.
function placedEvent(d, me, who, t) {
  const what = d.fact ? `${loggedFact(d.fact)} = ${d.value}` : d.value;
  if (!Array.isArray(d.on) || !d.on.length) return t("magicoa.ev.placed_at", { me, who, what, n: (d.potion ?? 0) + 1 });
  const names = d.on.map((c) => c === "hidden" ? t("magicoa.ev.the_hidden_potion") : t("magicoa.ev.the_potion", { colour: t(`magicoa.colour.${c}`) }));
  const where = new Intl.ListFormat(lang() === "fr" ? "fr" : "en-GB", { type: "conjunction" }).format(names);
  return t("magicoa.ev.placed", { me, who, what, where });
}

function magicoaEvent(e, dto, t, tn) {
  const who = seatNameOf(dto, e.seat, t);
  const me = e.seat === dto.seat;
  const d = e.data || {};
  switch (e.type) {
    case "placed": return placedEvent(d, me, who, t);
    case "discarded": return t("magicoa.ev.discarded", { me, who, v: d.value });
    case "won": return t("magicoa.ev.won", { me, who, points: tn("magicoa.points", d.points), colour: t(`magicoa.colour.${d.colour}`) });
    case "exchanged": return t("magicoa.ev.exchanged", { me, who });
    case "round_started": return t("magicoa.ev.round", { r: d.round });
    case "second_game_started": return t("magicoa.ev.second_game");
    case "tripled": return d.correct ? t("magicoa.ev.tripled_ok", { p: d.points, v: d.tripled }) : t("magicoa.ev.tripled_no", { p: d.points, v: d.tripled });
    case "answered": return null; // the attempt feedback says it
    case "chosen": return t("magicoa.ev.chosen", { me, who });
    case "points_kept": return t("magicoa.ev.points_kept", { me, who });
    case "power_activated": return t("magicoa.ev.power_activated", { me, who, power: t(`magicoa.power.${d.power}`) });
    case "bidding_started": case "exchange_passed": case "over": return null;
    default: return null;
  }
}

// feedback is the verdict on a wrong answer: the number the child typed,
// the right product, and (for a gold card) that the card is played at its
// right value anyway, so there is nothing to try again. Right answers and
// bids are said by the shell.
export function feedback(dto, api) {
  const { t } = api;
  const a = (dto.attempts || []).filter((x) => x.kind === "answer").pop();
  if (!a || a.correct || a.given === null || a.given === undefined) return null;
  const tripled = (dto.events || []).some((e) => e.seat === dto.seat && e.type === "tripled");
  const params = { a: a.a, b: a.b, p: a.a * a.b, given: a.given };
  return { tone: "wrong", text: () => t(tripled ? "magicoa.fb.wrong_triple" : "magicoa.fb.wrong_answer", params) };
}
