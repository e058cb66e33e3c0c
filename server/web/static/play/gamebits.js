// Helpers the game modules share: seat names and the "what just happened"
// list built from the DTO's events.

import { h } from "./dom.js";

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

// eventsBox lists what happened lately, newest first, as sentences.
export function eventsBox(dto, fmt, t, ui) {
  const log = ui ? remember(ui, dto) : (dto.events || []);
  const items = log.slice().reverse().map((e) => fmt(e)).filter(Boolean).map((line) => h("li", {}, line));
  if (!items.length) return null;
  return h("section", { class: "events", "aria-label": t("events.title") },
    h("h2", { class: "events-title" }, t("events.title")),
    h("ol", {}, items));
}
