// Multipli Cat's, in real time: the newest card of every player's pile, the
// deck counts, whose turn it is, a big slap button (a tap on it, the space
// key, or a tap anywhere on the table all slap) and the reveal button when it
// is the student's turn. Special cards are shown with their effect in words;
// product cards print their multiplications, as the booklet's cards do.
// With two players each plays two piles: the view lists the piles (each with
// its owner and hand), the student's two first.

import { h, s, svgBox, button } from "../lib/dom.js";
import { cat, mouse } from "./art.js";
import { seatNameOf, eventsBox } from "./common.js";

const FUR = ["fur-0", "fur-1", "fur-2", "fur-3", "fur-4", "fur-5", "fur-6", "fur-7"];
const SPECIAL_ICON = { chase: "»", dead_end: "⇄", magic: "✦", seesaw: "⚖", ambush: "!", gift: "♥" };

function isEmpty(c) { return !c || (!c.a && !c.n && !c.s); }

// hasValue: a multiplication or a product card (what a match compares).
function hasValue(c) { return !!(c && (c.a || c.n)); }

// factsOf lists the multiplications a × b = n with factors up to max, as a
// product card prints them (booklet: "Les multiplications correspondant au
// produit sont écrites en diagonale sur la carte": 36 = 4 × 9, 6 × 6, 9 × 4).
export function factsOf(n, max = 10) {
  const out = [];
  for (let a = 1; a <= max; a++) {
    if (n % a === 0 && n / a <= max) out.push([a, n / a]);
  }
  return out;
}

function cardText(c, t, max) {
  if (isEmpty(c)) return t("cats.no_card");
  if (c.a) return t("cats.card_mult", { a: c.a, b: c.b });
  if (c.n) return t("cats.card_product", { n: c.n, facts: factsOf(c.n, max).map(([a, b]) => `${a} × ${b}`).join(", ") });
  return t("cats.card_special", { name: t(`cats.special.${c.s}`), what: t(`cats.special.${c.s}.what`) });
}

// Where a product card prints its multiplications: along the diagonals of
// its corners, then at the top and bottom (with tables beyond 10 a product
// may have six).
const FACT_SPOTS = [[30, 28, -35], [90, 28, 35], [90, 136, -35], [30, 136, 35], [60, 20, 0], [60, 150, 0]];

// catsCard draws a face-up card: a multiplication (a × b), a product (n in
// a ring, its multiplications written in the corners) or a special (its
// sign and name).
export function catsCard(c, t, max) {
  const W = 120, H = 160;
  const svg = svgBox(W, H, { class: "ccard", "aria-hidden": "true", focusable: "false" });
  if (isEmpty(c)) {
    svg.append(s("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 10, class: "ccard-none" }));
    return svg;
  }
  const kind = c.a ? "mult" : c.n ? "prod" : "special";
  svg.append(s("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 10, class: `ccard-frame ccard-${kind}` }));
  if (kind === "mult") {
    svg.append(s("text", { x: W / 2, y: 92, class: ["num", "cmult", (c.a >= 10 || c.b >= 10) && "long"], "text-anchor": "middle" }, `${c.a} × ${c.b}`));
  } else if (kind === "prod") {
    svg.append(s("circle", { cx: W / 2, cy: 78, r: 38, class: "cprod-ring" }),
      s("text", { x: W / 2, y: 92, class: "num cprod", "text-anchor": "middle" }, String(c.n)));
    factsOf(c.n, max).forEach(([a, b], i) => {
      const [x, y, turn] = FACT_SPOTS[i % FACT_SPOTS.length];
      svg.append(s("text", { x, y, class: "cprod-fact", "text-anchor": "middle", transform: `rotate(${turn} ${x} ${y})` }, `${a}×${b}`));
    });
  } else {
    svg.append(s("text", { x: W / 2, y: 78, class: "cspecial-icon", "text-anchor": "middle" }, SPECIAL_ICON[c.s] || "?"),
      s("text", { x: W / 2, y: 128, class: "cspecial-name", "text-anchor": "middle" }, t(`cats.special.${c.s}`)));
  }
  return svg;
}

export function render(root, dto, api) {
  const { t } = api;
  const v = dto.view;
  const me = v.seat;
  const legal = v.legal || [];
  const canFlip = legal.some((m) => m.type === "flip");
  const win = v.window;
  const max = v.factors || 10;
  // Piles: one per player, or two each with two players (owner, hand).
  const ownerOf = (i) => (v.players[i].owner === undefined ? i : v.players[i].owner);
  const mine = (i) => ownerOf(i) === me;
  const myPiles = v.players.map((_, i) => i).filter(mine);
  const pileName = (i) => {
    const name = seatNameOf(dto, ownerOf(i), t);
    return v.two_piles ? t("cats.pile_of", { name, n: (v.players[i].hand || 0) + 1 }) : name;
  };
  const meOut = myPiles.every((i) => v.players[i].out);
  const canSlap = legal.some((m) => m.type === "slap") && !meOut && !v.over;
  const slapped = !!win && !canSlap && !meOut;

  const slap = (withSeat) => {
    if (dto.over || meOut) return;
    api.move(withSeat === undefined ? { type: "slap" } : { type: "slap", with: withSeat });
  };
  // Naming a partner (the engine's `with`): when the student's newest card
  // could match more than one other card on the table, each of those cards
  // becomes a slap button that says "mine and this one". Which cards really
  // match is the child's to see, so every card showing a number is offered,
  // not only the right ones. The big button still slaps without naming.
  // Decision: the button asks, then says what to do ("Same as mine?" over
  // "Slap!"), the same words on every card. It said "Same as mine!", which
  // a child read as the page telling her that this card matches, on cards
  // that did not (usability pass 5); its spoken label is a condition too.
  const myNumber = myPiles.find((i) => !v.players[i].out && hasValue(v.players[i].top));
  const partners = canSlap && myNumber !== undefined
    ? v.players.map((p, i) => i).filter((i) => !mine(i) && !v.players[i].out && hasValue(v.players[i].top)) : [];
  const naming = partners.length >= 2;

  // Piles: the student's first, then the others in table order.
  const order = [...myPiles, ...v.players.map((_, i) => i).filter((i) => !mine(i))];
  const players = order.map((i) => {
    const p = v.players[i];
    const owner = ownerOf(i);
    const place = (v.finished || []).indexOf(owner);
    const badges = [];
    if (i === v.turn && !v.over) badges.push(h("span", { class: "badge turn" }, t("cats.turn_badge")));
    if (win && (win.slapped || []).includes(i)) badges.push(h("span", { class: "badge slapped" }, t("cats.slapped_badge")));
    if (v.points) badges.push(h("span", { class: "badge points" }, api.tn("cats.points", v.points[owner] || 0)));
    if (place >= 0) badges.push(h("span", { class: "badge done" }, place === 0 ? t("cats.champion") : t("cats.finished", { n: place + 1 })));
    else if (p.out) badges.push(h("span", { class: "badge done" }, t("cats.out")));
    const name = pileName(i);
    return h("section", {
      class: ["cat-player", mine(i) && "me", i === v.turn && "turn"], "aria-label": name,
    },
      h("div", { class: "cat-head" }, svgBox(40, 40, { class: "cat-face", "aria-hidden": "true" }, cat(0, 0, 40, FUR[owner % FUR.length])),
        h("strong", {}, name), ...badges),
      naming && partners.includes(i)
        ? h("button", {
          type: "button", class: "cat-card slap-with", "data-key": `with${i}`,
          "aria-label": t("cats.slap_with_label", { name, card: cardText(p.top, t, max), mine: cardText(v.players[myNumber].top, t, max) }),
          on: {
            pointerdown: (ev) => { ev.preventDefault(); slap(i); },
            click: (ev) => { if (ev.detail === 0) slap(i); },
          },
        }, catsCard(p.top, t, max), h("span", { class: "slap-with-word" },
          h("span", { class: "slap-with-ask" }, t("cats.slap_with")), " ", h("span", { class: "slap-with-do" }, t("cats.slap"))))
        : h("div", { class: "cat-card", role: "img", "aria-label": t("cats.top_of", { name, card: cardText(p.top, t, max) }) }, catsCard(p.top, t, max)),
      h("p", { class: "cat-counts" }, t("cats.counts", { deck: p.deck, pile: p.pile })),
      p.top && p.top.s ? h("p", { class: "special-what" }, t(`cats.special.${p.top.s}.what`)) : null);
  });

  // The window: a bar that empties until the mouse runs away.
  let bar = null;
  if (win && !v.over) {
    const total = Math.max(1, win.deadline - win.opened);
    const fill = s("rect", { x: 0, y: 0, height: 12, width: 300, class: "window-fill" });
    bar = h("div", { class: "window-bar", role: "timer", "aria-label": t("cats.window") },
      svgBox(300, 12, { class: "window-svg", "aria-hidden": "true", preserveAspectRatio: "none" },
        s("rect", { x: 0, y: 0, width: 300, height: 12, class: "window-bg" }), fill));
    // With reduced motion the bar does not shrink smoothly: it steps once a
    // second, and the seconds left are written beside it.
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const secs = h("span", { class: "window-secs" });
    if (still) bar.append(secs);
    const tick = () => {
      const left = Math.max(0, win.deadline - api.clock());
      fill.setAttribute("width", String(Math.round((300 * left) / total)));
      if (still) secs.textContent = t("cube.seconds_left", { n: Math.ceil(left / 1000) });
    };
    tick();
    const id = setInterval(tick, still ? 1000 : 100);
    api.onCleanup(() => clearInterval(id));
  }

  let prompt;
  if (v.over || dto.over) prompt = t("cats.over");
  else if (meOut) prompt = t("cats.you_out");
  else if (canFlip && v.magic) prompt = t("cats.your_turn_magic");
  else if (canFlip) prompt = v.two_piles ? t("cats.your_turn_pile", { n: (v.players[v.turn].hand || 0) + 1 }) : t("cats.your_turn");
  else prompt = t("cats.watch", { name: pileName(v.turn) });

  // Once the game is over there is nothing to slap: the big mouse, kept
  // disabled, still sat over the table and the result on a phone.
  const slapBtn = v.over || dto.over ? null : h("button", {
    type: "button", class: ["slap", slapped && "done"], "data-key": "slap",
    "aria-label": t("cats.slap_label"),
    disabled: (v.over || meOut) || null,
    on: {
      pointerdown: (ev) => { ev.preventDefault(); slap(); },
      click: (ev) => { if (ev.detail === 0) slap(); }, // keyboard activation only: a tap already slapped on pointerdown
    },
  }, svgBox(80, 60, { class: "mouse-svg", "aria-hidden": "true" }, mouse(10, 5, 60)), h("span", {}, t("cats.slap")));

  // Variants: the "Souris !" call (confirmed players) and stopping the
  // infinite game, offered when the engine lists them. The call is offered
  // whenever a card was just revealed (whether it is right is the child's to
  // judge); the button and the line under the controls say when it is.
  const sourisBtn = legal.some((m) => m.type === "souris") && !meOut && !v.over
    ? h("button", {
      type: "button", class: "primary souris", "data-key": "souris", "aria-label": t("cats.souris_label"),
      on: { click: () => api.move({ type: "souris" }) },
    }, h("span", {}, t("cats.souris")), h("small", { class: "souris-when" }, t("cats.souris_after")))
    : null;
  const stopBtn = legal.some((m) => m.type === "stop") && !v.over
    ? button(t("cats.stop"), () => api.move({ type: "stop" }), { class: "stop", "data-key": "stop" })
    : null;

  const flipBtn = canFlip
    ? button(t("cats.reveal"), () => api.move({ type: "flip" }), { class: "primary reveal", "data-key": "flip" })
    : null;

  const table = h("div", { class: "cats-table", "data-key": "table" }, players);
  // A tap anywhere on the table slaps too (the booklet's hand on the mouse).
  table.addEventListener("pointerdown", (ev) => {
    if (ev.target.closest("button")) return;
    slap();
  });

  api.onKey((ev) => {
    if (ev.key !== " " && ev.code !== "Space") return;
    const target = ev.target;
    if (target && target.closest && target.closest("button, input, a, select, textarea") && target.dataset.key !== "slap") return;
    ev.preventDefault();
    if (!ev.repeat) slap();
  });

  root.replaceChildren(h("div", { class: "cats-game" },
    h("div", { class: "cats-top" },
      h("p", { class: "prompt" }, prompt),
      h("p", { class: "direction" }, v.clockwise ? t("cats.clockwise") : t("cats.anticlockwise"),
        v.magic ? h("strong", { class: "magic" }, " · ", t("cats.magic_next")) : null)),
    table,
    bar,
    h("div", { class: "cats-controls" }, flipBtn, slapBtn, sourisBtn),
    h("p", { class: "hint" }, naming ? t("cats.keys_hint_with") : t("cats.keys_hint")),
    v.souris_call && !v.over ? h("p", { class: "hint souris-rule" }, t("cats.souris_rule")) : null,
    v.two_piles && !v.over ? h("p", { class: "hint" }, t("cats.two_piles_hint")) : null,
    v.infinite ? h("p", { class: "hint" }, v.two_piles ? t("cats.infinite_hint_piles") : t("cats.infinite_hint"), " ", stopBtn) : null,
    eventsBox(dto, (e) => catsEvent(e, dto, t), t, api.ui)));
}

// ownerOfPile is the seat that plays pile i (pile i is seat i's with one
// pile each).
function ownerOfPile(players, i) {
  const p = players[i];
  return p && p.owner !== undefined ? p.owner : i;
}

function catsEvent(e, dto, t) {
  const v = dto.view || {};
  const players = v.players || [];
  // The piles an event names are View.Players indexes: the seats, or with
  // two players the piles (named with their owner).
  const pile = (i) => {
    const p = players[i];
    const owner = p && p.owner !== undefined ? p.owner : i;
    const name = seatNameOf(dto, owner, t);
    return v.two_piles && p ? t("cats.pile_of", { name, n: (p.hand || 0) + 1 }) : name;
  };
  const isMine = (i) => ownerOfPile(players, i) === dto.seat;
  const d = e.data || {};
  const who = d.hand !== undefined ? pile(d.hand) : seatNameOf(dto, e.seat, t);
  const me = e.seat === dto.seat;
  switch (e.type) {
    case "reveal": return t("cats.ev.reveal", { me, who, card: cardText(d.card, t, v.factors || 10) });
    case "slap": return t("cats.ev.slap", { me, who });
    case "exchange": return t("cats.ev.exchange", { me, who });
    case "gluttony": return t(d.wrong_pair ? "cats.ev.wrong_pair" : "cats.ev.gluttony", { me, who });
    case "direction": return t("cats.ev.direction");
    case "magic": return t("cats.ev.magic");
    case "chase": return t("cats.ev.chase", { me: isMine(d.slowest), who: pile(d.slowest) });
    case "ambush": {
      // The event's seat revealed the Ambush; the winner of the slap is in
      // data (the revealer's own hand wins it too, with two piles).
      const revealer = d.hand !== undefined ? d.hand : e.seat;
      const kept = d.winner === undefined || (players[d.winner] ? ownerOfPile(players, d.winner) === ownerOfPile(players, revealer) : d.winner === revealer);
      return kept ? t("cats.ev.ambush_kept", { me, who }) : t("cats.ev.ambush", { me, who, winner: pile(d.winner) });
    }
    case "give": return t("cats.ev.give", { me, who, to: pile(d.to) });
    case "finished": return t("cats.ev.finished", { me, who });
    case "pile_empty": return t("cats.ev.pile_empty", { me, who });
    case "recycle": return null;
    case "window_closed": return t("cats.ev.window_closed");
    case "point": return t("cats.ev.point", { me, who, took: d.took });
    case "souris": return d.right ? t("cats.ev.souris_right", { me, who }) : t("cats.ev.souris_wrong", { me, who });
    case "stop": return t("cats.ev.stop", { me, who });
    case "over": return t("cats.over");
    default: return null;
  }
}

// feedback is the verdict on the child's slap: the card they slapped on,
// its product and the number on the card they took it for (a missed pair
// is said by the shell). The engine logs the claim on the child's own card
// first, then the one on the card they compared it with: the first claim
// is the one about the child's card.
export function feedback(dto, api) {
  const { t } = api;
  const a = (dto.attempts || []).find((x) => x.kind === "claim");
  if (!a || a.given === null || a.given === undefined) return null;
  const params = { a: a.a, b: a.b, p: a.a * a.b, given: a.given };
  return a.correct ? { tone: "right", text: () => t("cats.fb.right", params) } : { tone: "wrong", text: () => t("cats.fb.wrong", params) };
}

// resultScore is a seat's line in the result. The classic game's scores are
// places (the champion n − 2, … the losers 0), a number the child never saw:
// the line says what they saw instead — who gave all their cards away
// first ("Champion"), who next ("finished #2"), and the cards the others
// still hold. The infinite game's scores are the points its badges showed.
export function resultScore(dto, seat, n, api) {
  const { t, tn } = api;
  const v = dto.view || {};
  const name = seatNameOf(dto, seat, t);
  if (v.infinite) return tn("cats.result_points", n, { name });
  const players = v.players || [];
  const cards = players.reduce((sum, p, i) => sum + (ownerOfPile(players, i) === seat ? (p.deck || 0) + (p.pile || 0) : 0), 0);
  const place = (v.finished || []).indexOf(seat);
  if (cards > 0 || place < 0) return tn("cats.result_cards_left", cards, { name });
  return place === 0 ? t("cats.result_champion", { name }) : t("cats.result_finished", { name, n: place + 1 });
}
