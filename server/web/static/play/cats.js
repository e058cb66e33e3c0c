// Multipli Cat's, in real time: the newest card of every player's pile, the
// deck counts, whose turn it is, a big slap button (a tap on it, the space
// key, or a tap anywhere on the table all slap) and the reveal button when it
// is the student's turn. Special cards are shown with their effect in words.

import { h, s, svgBox, button } from "./dom.js";
import { cat, mouse } from "./art.js";
import { seatNameOf, eventsBox } from "./gamebits.js";

const FUR = ["fur-0", "fur-1", "fur-2", "fur-3", "fur-4", "fur-5", "fur-6", "fur-7"];
const SPECIAL_ICON = { chase: "»", dead_end: "⇄", magic: "✦", seesaw: "⚖", ambush: "!", gift: "♥" };

function isEmpty(c) { return !c || (!c.a && !c.n && !c.s); }

// hasValue: a multiplication or a product card (what a match compares).
function hasValue(c) { return !!(c && (c.a || c.n)); }

function cardText(c, t) {
  if (isEmpty(c)) return t("cats.no_card");
  if (c.a) return t("cats.card_mult", { a: c.a, b: c.b });
  if (c.n) return t("cats.card_product", { n: c.n });
  return t("cats.card_special", { name: t(`cats.special.${c.s}`), what: t(`cats.special.${c.s}.what`) });
}

// catsCard draws a face-up card: a multiplication (a × b), a product (n in
// a ring) or a special (its sign and name).
function catsCard(c, t) {
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
  const slapped = win && (win.slapped || []).includes(me);
  const meOut = v.players[me] && v.players[me].out;

  const slap = (withSeat) => {
    if (dto.over || meOut) return;
    api.move(withSeat === undefined ? { type: "slap" } : { type: "slap", with: withSeat });
  };
  // Naming a partner (the engine's `with`): when the student's newest card
  // could match more than one other card on the table, each of those cards
  // becomes a slap button that says "mine and this one". Which cards really
  // match is the child's to see, so every card showing a number is offered,
  // not only the right ones. The big button still slaps without naming.
  const canSlap = legal.some((m) => m.type === "slap") && !slapped && !meOut && !v.over;
  const partners = canSlap && hasValue(v.players[me] && v.players[me].top)
    ? v.players.map((p, i) => i).filter((i) => i !== me && !v.players[i].out && hasValue(v.players[i].top)) : [];
  const naming = partners.length >= 2;

  // Players: the student first, then the others in seat order.
  const order = [me, ...v.players.map((_, i) => i).filter((i) => i !== me)];
  const players = order.map((i) => {
    const p = v.players[i];
    const place = (v.finished || []).indexOf(i);
    const badges = [];
    if (i === v.turn && !v.over) badges.push(h("span", { class: "badge turn" }, t("cats.turn_badge")));
    if (win && (win.slapped || []).includes(i)) badges.push(h("span", { class: "badge slapped" }, t("cats.slapped_badge")));
    if (v.points) badges.push(h("span", { class: "badge points" }, api.tn("cats.points", v.points[i] || 0)));
    if (place >= 0) badges.push(h("span", { class: "badge done" }, place === 0 ? t("cats.champion") : t("cats.finished", { n: place + 1 })));
    else if (p.out) badges.push(h("span", { class: "badge done" }, t("cats.out")));
    const name = seatNameOf(dto, i, t);
    return h("section", {
      class: ["cat-player", i === me && "me", i === v.turn && "turn"], "aria-label": name,
    },
      h("div", { class: "cat-head" }, svgBox(40, 40, { class: "cat-face", "aria-hidden": "true" }, cat(0, 0, 40, FUR[i % FUR.length])),
        h("strong", {}, name), ...badges),
      naming && partners.includes(i)
        ? h("button", {
          type: "button", class: "cat-card slap-with", "data-key": `with${i}`,
          "aria-label": t("cats.slap_with_label", { name, card: cardText(p.top, t), mine: cardText(v.players[me].top, t) }),
          on: {
            pointerdown: (ev) => { ev.preventDefault(); slap(i); },
            click: (ev) => { if (ev.detail === 0) slap(i); },
          },
        }, catsCard(p.top, t), h("span", { class: "slap-with-word" }, t("cats.slap_with")))
        : h("div", { class: "cat-card", role: "img", "aria-label": t("cats.top_of", { name, card: cardText(p.top, t) }) }, catsCard(p.top, t)),
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
  else if (canFlip) prompt = v.magic ? t("cats.your_turn_magic") : t("cats.your_turn");
  else prompt = t("cats.watch", { name: seatNameOf(dto, v.turn, t) });

  const slapBtn = h("button", {
    type: "button", class: ["slap", slapped && "done"], "data-key": "slap",
    "aria-label": t("cats.slap_label"),
    disabled: (v.over || meOut) || null,
    on: {
      pointerdown: (ev) => { ev.preventDefault(); slap(); },
      click: (ev) => { if (ev.detail === 0) slap(); }, // keyboard activation only: a tap already slapped on pointerdown
    },
  }, svgBox(80, 60, { class: "mouse-svg", "aria-hidden": "true" }, mouse(10, 5, 60)), h("span", {}, t("cats.slap")));

  // Variants: the "Souris !" call (confirmed players) and stopping the
  // infinite game, offered when the engine lists them.
  const sourisBtn = legal.some((m) => m.type === "souris") && !meOut && !v.over
    ? button(t("cats.souris"), () => api.move({ type: "souris" }), { class: "primary souris", "data-key": "souris", "aria-label": t("cats.souris_label") })
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
    v.infinite ? h("p", { class: "hint" }, t("cats.infinite_hint"), " ", stopBtn) : null,
    eventsBox(dto, (e) => catsEvent(e, dto, t), t, api.ui)));
}

function catsEvent(e, dto, t) {
  const who = seatNameOf(dto, e.seat, t);
  const me = e.seat === dto.seat;
  const d = e.data || {};
  switch (e.type) {
    case "reveal": return t("cats.ev.reveal", { me, who, card: cardText(d.card, t) });
    case "slap": return t("cats.ev.slap", { me, who });
    case "exchange": return t("cats.ev.exchange", { me, who });
    case "gluttony": return t("cats.ev.gluttony", { me, who });
    case "direction": return t("cats.ev.direction");
    case "magic": return t("cats.ev.magic");
    case "chase": return t("cats.ev.chase", { me: d.slowest === dto.seat, who: seatNameOf(dto, d.slowest, t) });
    case "ambush": return t("cats.ev.ambush", { me, who });
    case "give": return t("cats.ev.give", { me, who, to: seatNameOf(dto, d.to, t) });
    case "finished": return t("cats.ev.finished", { me, who });
    case "recycle": return null;
    case "window_closed": return t("cats.ev.window_closed");
    case "point": return t("cats.ev.point", { me, who, took: d.took });
    case "souris": return d.right ? t("cats.ev.souris_right", { me, who }) : t("cats.ev.souris_wrong", { me, who });
    case "stop": return t("cats.ev.stop", { me, who });
    case "over": return t("cats.over");
    default: return null;
  }
}


