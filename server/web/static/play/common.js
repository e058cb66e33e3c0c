// What the play pages and the game modules share: the deck level badge
// (colour AND words), game titles, stars, the end-of-session summary, seat
// names, the "what just happened" list built from the DTO's events, and
// reading the engine's legal moves. The game modules take their t from the
// shell's api (so the language is the shell's); the helpers they call
// take it as an argument.

import { t, tn } from "../lib/i18n.js";
import { h, s, svgBox, button } from "../lib/dom.js";

export function gameTitle(game) { return t(`game.${game}`); }

// badges maps each level name to its badge, from the server's registry
// (the home's "levels", GET /api/v1/games); a name not known shows the
// custom badge.
const badges = new Map();

export function useLevels(levels) {
  for (const l of levels || []) badges.set(l.name, l.badge);
}

// levelBadge shows the deck level as the game's colour and as text, so a
// child who does not tell green from violet still reads it.
export function levelBadge(level) {
  const name = badges.get(level) || "custom";
  return h("span", { class: ["level-badge", `level-${name}`] },
    levelDot(name),
    h("span", {}, t(`level.${name}`)));
}

export function levelDot(name) {
  const dot = svgBox(20, 20, { class: "level-dot", "aria-hidden": "true", focusable: "false" });
  if (name === "all") {
    dot.append(
      s("path", { d: "M10 1 A9 9 0 0 0 10 19 Z", class: "fill-green" }),
      s("path", { d: "M10 1 A9 9 0 0 1 10 19 Z", class: "fill-violet" }),
      s("circle", { cx: 10, cy: 10, r: 9, class: "dot-ring" }));
  } else {
    dot.append(s("circle", { cx: 10, cy: 10, r: 9, class: [`fill-${name}`, "dot-ring"] }));
  }
  return dot;
}

// starPath is a five-pointed star centred on (cx, cy).
export function starPath(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

// starsSVG draws n of max stars (filled, then hollow), labelled in words.
export function starsSVG(n, max = 3) {
  const svg = svgBox(40 * max, 40, { class: "stars", role: "img", "aria-label": tn("stars", n) });
  for (let i = 0; i < max; i++) {
    svg.append(s("path", { d: starPath(20 + 40 * i, 21, 17), class: i < n ? "star-on" : "star-off" }));
  }
  return svg;
}

// factText writes a fact as the cards print it ("" for none).
export function factText(f) { return f ? `${f.a} × ${f.b}` : ""; }

// renderSummary is the end of a session: what was practised.
// The score's name is the game's: Magicoa counts points, Potion captured
// monsters (game given), "Trophies" otherwise.
export function renderSummary(sum, { onHome, onAgain, game }) {
  const fluent = sum.became_fluent || [];
  return h("section", { class: "summary panel", "aria-labelledby": "summary-title" },
    h("h2", { id: "summary-title", tabindex: "-1" }, t("summary.title")),
    starsSVG(Math.max(0, Math.min(3, sum.stars || 0))),
    h("dl", { class: "summary-list" },
      h("dt", {}, t("summary.answered")),
      h("dd", {}, t("summary.answered_n", { n: sum.facts_answered || 0, correct: sum.correct || 0, count: sum.correct || 0 })),
      h("dt", {}, t("summary.fluent")),
      h("dd", {}, fluent.length ? fluent.map(factText).join(", ") : t("summary.fluent_none")),
      h("dt", {}, t("summary.watch")),
      h("dd", {}, sum.to_watch && sum.to_watch.a ? t("summary.watch_fact", { f: factText(sum.to_watch), p: sum.to_watch.a * sum.to_watch.b }) : t("summary.watch_none")),
      h("dt", {}, t(game ? `summary.score.${game}` : "summary.trophies")),
      h("dd", {}, String(sum.trophies || 0))),
    h("div", { class: "row" },
      button(t("summary.again"), onAgain, { class: "primary", "data-key": "again" }),
      button(t("summary.home"), onHome, { "data-key": "home" })));
}

// hasMove says whether the engine's legal moves (the view's "legal") offer a
// move of that type.
export function hasMove(legal, type) { return (legal || []).some((m) => m.type === type); }

// seatNameOf names seat i for the reader: "you", the player's name, or a
// numbered computer or seat.
export function seatNameOf(dto, i, t) {
  if (i === dto.seat) return t("seat.you");
  const s = (dto.seats || [])[i];
  if (s && s.name) return s.name;
  if (s && s.kind === "computer") return t("seat.computer", { n: i + 1 });
  return t("seat.n", { n: i + 1 });
}

export function eventLine(e, dto, t) {
  return t("event.generic", { who: e.seat >= 0 ? seatNameOf(dto, e.seat, t) : "—", what: e.type.replace(/_/g, " ") });
}

// remember keeps the last events across states (a DTO brings only the events
// since the previous version), newest last, at most keep.
export function remember(ui, dto, keep = 6) {
  ui.log = ui.log || [];
  if (ui.logVersion !== dto.version) {
    ui.logVersion = dto.version;
    ui.log.push(...(dto.events || []));
    if (ui.log.length > keep) ui.log.splice(0, ui.log.length - keep);
  }
  return ui.log;
}

// eventsBox lists what happened lately, oldest first as a story is told
// (the numbers of the list follow the order things happened), as sentences.
export function eventsBox(dto, fmt, t, ui) {
  const log = ui ? remember(ui, dto) : (dto.events || []);
  const items = log.map((e) => fmt(e)).filter(Boolean).map((line) => h("li", {}, line));
  if (!items.length) return null;
  return h("section", { class: "events", "aria-label": t("events.title") },
    h("h2", { class: "events-title" }, t("events.title")),
    h("ol", {}, items));
}
