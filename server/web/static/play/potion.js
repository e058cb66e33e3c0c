// MultipliPotion: the hand, both zones (a card shows its potion to its owner
// and its monster to the opponent, so the opponent's cards are drawn turned
// round), the draw pile, trophies, and the moves: lay, capture (two of your
// potions and one of the opponent's monsters), end the turn, vigilance.

import { h, s, svgBox, button } from "../lib/dom.js";
import { flask, monster, cardBack } from "./art.js";
import { seatNameOf, eventLine, eventsBox, hasMove } from "./common.js";

const W = 100;
const H = 150;

// cardSVG draws a card with the end near the player at the bottom: "potion"
// for one's own cards, "monster" for the opponent's (both ends are printed,
// the far one upside down, as on the table).
export function cardSVG(card, near, t) {
  const colour = card.colour === "violet" ? "violet" : "green";
  const svg = svgBox(W, H, { class: ["pcard", `pcard-${colour}`], "aria-hidden": "true", focusable: "false" });
  const potionEnd = (big) => s("g", {},
    flask(6, 88, big ? 34 : 28, `liquid-${colour}`),
    s("text", { x: 70, y: 128, class: big ? "num big" : "num", "text-anchor": "middle" }, String(card.potion)));
  const monsterEnd = (big) => s("g", {},
    monster(6, 88, big ? 34 : 28, `monster-${colour}`, card.monster),
    s("text", { x: 68, y: 128, class: big ? "num big" : "num", "text-anchor": "middle" }, String(card.monster)));
  const nearEnd = near === "potion" ? potionEnd(true) : monsterEnd(true);
  const farEnd = near === "potion" ? monsterEnd(false) : potionEnd(false);
  farEnd.setAttribute("transform", `rotate(180 ${W / 2} ${H / 2})`);
  farEnd.setAttribute("class", "far-end");
  svg.append(
    s("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 9, class: "pcard-frame" }),
    farEnd,
    s("line", { x1: 10, y1: H / 2, x2: W - 10, y2: H / 2, class: "pcard-mid" }),
    s("text", { x: W / 2, y: H / 2 + 4, class: "colour-word", "text-anchor": "middle" }, t(`colour.${colour}`)),
    nearEnd);
  return svg;
}

function cardLabel(card, near, t) {
  const colour = t(`colour.${card.colour === "violet" ? "violet" : "green"}`);
  return near === "potion"
    ? t("potion.card_potion", { p: card.potion, m: card.monster, colour })
    : t("potion.card_monster", { p: card.potion, m: card.monster, colour });
}

// cardButton is a card the child may press (aria-pressed shows selection).
function cardButton(card, near, key, t, { pressed, onClick, disabled, extra }) {
  const label = cardLabel(card, near, t) + (extra ? ` — ${extra}` : "");
  return h("button", {
    type: "button", class: ["card-btn", pressed && "selected", extra === t("potion.shown") && "shown"], "data-key": key,
    "aria-label": label, "aria-pressed": pressed === undefined ? null : String(!!pressed),
    disabled: disabled || null, on: onClick ? { click: onClick } : {},
  }, cardSVG(card, near, t));
}

function cardStatic(card, near, t, key) {
  return h("div", { class: "card-static", role: "img", "aria-label": cardLabel(card, near, t), "data-key": key }, cardSVG(card, near, t));
}

export function render(root, dto, api) {
  const { t } = api;
  const v = dto.view;
  const me = v.seat;
  const op = 1 - me;
  const ui = api.ui;
  ui.potions = ui.potions || [];
  ui.monster = ui.monster ?? null;
  // A new turn (or a refused-then-changed state) clears choices that no longer exist.
  const myTurnKey = `${v.turn}:${v.phase}:${dto.version}`;
  if (ui.turnKey !== myTurnKey) {
    const inZone = (id, p) => (v.zones[p] || []).some((c) => c.id === id);
    const potionSide = ui.mode === "vigilance" ? op : me;
    const monsterSide = ui.mode === "vigilance" ? me : op;
    ui.potions = ui.potions.filter((id) => inZone(id, potionSide));
    if (ui.monster !== null && !inZone(ui.monster, monsterSide)) ui.monster = null;
    if (ui.mode === "vigilance" && !v.vigilance_open) ui.mode = "capture";
    ui.turnKey = myTurnKey;
  }
  ui.mode = ui.mode || "capture";
  const legal = v.legal || [];
  const myTurn = legal.length > 0;
  const vigil = ui.mode === "vigilance";
  // Quiz mode (a teacher option): before laying, the child picks two potions
  // of their hand or zone and types the product.
  if (ui.mode === "quiz" && !hasMove(legal, "answer")) ui.mode = "capture";
  const quiz = ui.mode === "quiz";
  ui.quiz = ui.quiz || [];
  const potionSide = vigil ? op : me;
  const monsterSide = vigil ? me : op;
  const canPick = hasMove(legal, "capture") || (vigil && hasMove(legal, "vigilance"));
  const rerender = () => api.rerender();

  const togglePotion = (id) => {
    const i = ui.potions.indexOf(id);
    if (i >= 0) ui.potions.splice(i, 1);
    else {
      ui.potions.push(id);
      if (ui.potions.length > 2) ui.potions.shift();
    }
    rerender();
  };
  const toggleQuiz = (id) => {
    const i = ui.quiz.indexOf(id);
    if (i >= 0) ui.quiz.splice(i, 1);
    else { ui.quiz.push(id); if (ui.quiz.length > 2) ui.quiz.shift(); }
    rerender();
  };
  const pickMonster = (id) => { ui.monster = ui.monster === id ? null : id; rerender(); };

  // Zones: potions of potionSide and monsters of monsterSide are pickable.
  const zone = (p) => {
    const near = p === me ? (vigil ? "monster" : "potion") : (vigil ? "potion" : "monster");
    const cards = (v.zones[p] || []).map((c) => {
      const key = `z${p}-${c.id}`;
      if (quiz && p === me) return cardButton(c, near, key, t, { pressed: ui.quiz.includes(c.id), onClick: () => toggleQuiz(c.id) });
      const shown = v.shown && (v.shown.monster === c.id || v.shown.potions.includes(c.id));
      if (!canPick) return shown ? cardButton(c, near, key, t, { extra: t("potion.shown") }) : cardStatic(c, near, t, key);
      if (p === potionSide) {
        return cardButton(c, near, key, t, { pressed: ui.potions.includes(c.id), onClick: () => togglePotion(c.id), extra: shown ? t("potion.shown") : "" });
      }
      return cardButton(c, near, key, t, { pressed: ui.monster === c.id, onClick: () => pickMonster(c.id), extra: shown ? t("potion.shown") : "" });
    });
    const title = p === me ? t("potion.your_zone") : t("potion.their_zone", { name: seatNameOf(dto, p, t) });
    return h("section", { class: ["zone", p === me ? "zone-me" : "zone-op"], "aria-label": title },
      h("h2", { class: "zone-title" }, title,
        h("span", { class: "zone-hint" }, p === me ? t(vigil ? "potion.hint_my_monsters" : "potion.hint_my_potions") : t(vigil ? "potion.hint_their_potions" : "potion.hint_their_monsters"))),
      h("div", { class: "cards" }, cards.length ? cards : h("p", { class: "empty" }, t("potion.zone_empty"))));
  };

  const trophies = (p) => {
    const n = (v.trophies[p] || []).length;
    const svg = svgBox(5 * 30, 30, { class: "trophy-row", "aria-hidden": "true" });
    for (let i = 0; i < 5; i++) svg.append(trophyIcon(i * 30, 0, 28, i < n));
    return h("div", { class: "trophies" }, svg, h("span", {}, t("potion.trophies", { n, name: seatNameOf(dto, p, t) })));
  };

  const opponentBar = h("div", { class: "player-bar" },
    h("strong", {}, seatNameOf(dto, op, t)),
    h("span", { class: "hand-backs" }, backs(v.hand_sizes[op]), api.tn("potion.cards_in_hand", v.hand_sizes[op])),
    trophies(op));

  const pile = h("div", { class: "pile", role: "img", "aria-label": api.tn("potion.pile", v.pile) },
    svgBox(W, H, { class: "pcard", "aria-hidden": "true" }, cardBack(W, H),
      s("text", { x: W / 2, y: H / 2 + 12, class: "num big on-back", "text-anchor": "middle" }, String(v.pile))),
    h("span", { class: "pile-label" }, api.tn("potion.pile", v.pile)));

  // Actions and the sentence that says what to do now.
  const actions = [];
  let prompt;
  let vigilWhat = null;
  const sel = selectionText(dto, ui, potionSide, monsterSide, t);
  if (dto.over || v.phase === "over") {
    prompt = t("potion.over");
  } else if (v.phase === "capture" && v.called === me) {
    prompt = t("potion.called_on_you");
    actions.push(button(t("potion.accept"), () => api.move({ type: "accept" }), { class: "primary", "data-key": "accept" }));
    actions.push(captureButton());
  } else if (!myTurn) {
    prompt = t("potion.wait", { name: seatNameOf(dto, v.turn, t) });
  } else {
    if (quiz) prompt = t("potion.prompt_quiz");
    else if (vigil) prompt = t("potion.prompt_vigilance");
    else if (hasMove(legal, "lay")) prompt = t("potion.prompt_lay");
    else if (hasMove(legal, "capture")) prompt = t("potion.prompt_capture");
    else prompt = t("potion.prompt_end");
    if (quiz) {
      actions.push(quizForm());
      actions.push(button(t("potion.vigilance_cancel"), () => { ui.mode = "capture"; ui.quiz = []; rerender(); }, { "data-key": "quiz-cancel" }));
    } else if (vigil) {
      actions.push(button(t("potion.vigilance_show"), () => submit("vigilance"), {
        class: "primary", "data-key": "vigil-go", disabled: !(ui.potions.length === 2 && ui.monster !== null) || null }));
      actions.push(button(t("potion.vigilance_cancel"), () => { ui.mode = "capture"; ui.potions = []; ui.monster = null; rerender(); }, { "data-key": "vigil-cancel" }));
    } else {
      if (hasMove(legal, "capture")) actions.push(captureButton());
      // Offered after any turn that ended without a capture, when one could
      // be shown at all: the label says nothing of whether one exists.
      if (hasMove(legal, "vigilance")) {
        actions.push(button(t("potion.vigilance"), () => { ui.mode = "vigilance"; ui.potions = []; ui.monster = null; rerender(); }, {
          class: "warn", "data-key": "vigil", "aria-describedby": "vigil-what" }));
        vigilWhat = h("p", { class: "vigil-what", id: "vigil-what" }, t("potion.vigilance_what", { name: seatNameOf(dto, op, t) }));
      }
      if (hasMove(legal, "answer")) actions.push(button(t("potion.quiz"), () => { ui.mode = "quiz"; ui.quiz = []; rerender(); }, { "data-key": "quiz" }));
      if (hasMove(legal, "end")) actions.push(button(t("potion.end_turn"), () => api.move({ type: "end" }), { "data-key": "end" }));
    }
  }

  function captureButton() {
    return button(t("potion.capture"), () => submit("capture"), {
      class: "primary", "data-key": "capture", disabled: !(ui.potions.length === 2 && ui.monster !== null) || null });
  }

  function quizForm() {
    const input = h("input", { type: "text", inputmode: "numeric", maxlength: "3", id: "quiz-value", "data-key": "quiz-value", autocomplete: "off", class: "answer-input" });
    const find = (id) => [...(v.hand || []), ...(v.zones[me] || [])].find((c) => c.id === id);
    const ps = ui.quiz.map(find).filter(Boolean).map((c) => c.potion);
    return h("form", { class: "answer-form", on: { submit: async (ev) => {
      ev.preventDefault();
      const n = parseInt(input.value, 10);
      if (ui.quiz.length !== 2 || Number.isNaN(n)) { api.announce(t("potion.quiz_need")); return; }
      if (await api.move({ type: "answer", potions: ui.quiz.slice(), value: n })) { ui.quiz = []; ui.mode = "capture"; }
    } } },
      h("label", { for: "quiz-value" }, ps.length === 2 ? t("potion.quiz_question", { a: ps[0], b: ps[1] }) : t("potion.quiz_pick")),
      h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary" }, "OK")));
  }

  async function submit(type) {
    const m = { type, potions: ui.potions.slice(), monster: ui.monster };
    const ok = await api.move(m);
    if (ok) { ui.potions = []; ui.monster = null; ui.mode = "capture"; }
  }

  // The hand: a card is laid by pressing it.
  const canLay = hasMove(legal, "lay");
  const hand = (v.hand || []).map((c) => quiz
    ? cardButton(c, "potion", `h-${c.id}`, t, { pressed: ui.quiz.includes(c.id), onClick: () => toggleQuiz(c.id) })
    : canLay
    ? cardButton(c, "potion", `h-${c.id}`, t, { onClick: () => api.move({ type: "lay", card: c.id }), extra: t("potion.lay_this") })
    : cardStatic(c, "potion", t, `h-${c.id}`));

  root.replaceChildren(h("div", { class: ["potion-table", vigil && "vigil-mode"] },
    opponentBar,
    zone(op),
    h("div", { class: "middle" }, pile,
      h("div", { class: "turn-box" },
        h("p", { class: "prompt" }, prompt),
        sel ? h("p", { class: "selection" }, sel) : null,
        h("div", { class: "actions" }, actions),
        vigilWhat),
      eventsBox(dto, (e) => potionEvent(e, dto, t), t, ui)),
    zone(me),
    h("section", { class: "hand", "aria-label": t("potion.your_hand") },
      h("h2", { class: "zone-title" }, t("potion.your_hand"), canLay && !quiz ? h("span", { class: "zone-hint" }, t("potion.hint_lay")) : null),
      h("div", { class: "cards" }, hand.length ? hand : h("p", { class: "empty" }, t("potion.hand_empty")))),
    h("div", { class: "my-trophies" }, trophies(me))));
}

function selectionText(dto, ui, potionSide, monsterSide, t) {
  const v = dto.view;
  const find = (p, id) => (v.zones[p] || []).find((c) => c.id === id);
  const ps = ui.potions.map((id) => find(potionSide, id)).filter(Boolean).map((c) => c.potion);
  const m = ui.monster !== null ? find(monsterSide, ui.monster) : null;
  if (!ps.length && !m) return "";
  return t("potion.selection", {
    p: ps.length ? ps.join(" × ") : "…", m: m ? m.monster : "…",
  });
}

function backs(n) {
  const shown = Math.min(n, 6);
  const svg = svgBox(16 + shown * 12, 34, { class: "backs", "aria-hidden": "true" });
  for (let i = 0; i < shown; i++) {
    svg.append(s("rect", { x: 2 + i * 12, y: 2, width: 20, height: 30, rx: 3, class: "card-back" }));
  }
  return svg;
}

function trophyIcon(x, y, w, on) {
  const k = w / 28;
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: on ? "trophy-on" : "trophy-off" },
    s("path", { d: "M7 3h14v7a7 7 0 0 1-14 0zM7 5H3v2a5 5 0 0 0 5 5M21 5h4v2a5 5 0 0 1-5 5M12 17h4v4h-4zM8 24h12v2H8z" }));
}

function potionEvent(e, dto, t) {
  const who = seatNameOf(dto, e.seat, t);
  const me = e.seat === dto.seat;
  const d = e.data || {};
  switch (e.type) {
    case "lay": {
      const c = [...dto.view.zones[0], ...dto.view.zones[1]].find((x) => x.id === d.card);
      return c ? t("potion.ev.lay", { me, who, p: c.potion, m: c.monster }) : t("potion.ev.lay_any", { me, who });
    }
    case "capture": return t("potion.ev.capture", { me, who, a: d.a, b: d.b, m: d.product });
    case "end_turn": return t("potion.ev.end", { me, who });
    case "vigilance": return t("potion.ev.vigilance", { me, who });
    case "trophy": return t("potion.ev.trophy", { me, who });
    case "game_over": return t("potion.ev.over");
    case "draw": return t("potion.ev.draw", { me, who });
    case "answer": return null; // the quiz answer is said by the attempt feedback
    default: return eventLine(e, dto, t);
  }
}

// resultScore is a seat's line in the result: the score is the trophies
// won (the monsters captured, and a vigilance's reward card), which the
// game counted all along beside each name ("2 trophées sur 5").
export function resultScore(dto, seat, n, api) {
  return api.tn("potion.result_score", n, { name: seatNameOf(dto, seat, api.t) });
}
