// A game replayed for a teacher or a parent (/dashboard/games/:id): the
// board of each step drawn by the very modules the child played with
// (play/<game>.js), read-only, with the step's multiplications marked.
//
// The server replays the game (GET /api/v1/games/:id/replay): each step
// carries the view the child's seat had. This page hands it to the game's
// render(root, dto, api) with an api that plays nothing, and words the
// child's seat by the child's name instead of "you" (the reader is an
// adult looking at the child's game). The page's links step without the
// script too; here they step without reloading, as do the arrow keys and
// the slider.

import { request, showError } from "../lib/api.js";
import { h } from "../lib/dom.js";
import { lang as textLang, ready, setLang, t as baseT } from "../lib/i18n.js";

await ready;
const body = document.body;
const lang = body.dataset.lang === "fr" ? "fr" : "en";
// The server wrote the page in its language (?lang=): the board speaks it.
if (textLang() !== lang) await setLang(lang);

const main = document.querySelector("[data-replay]");
const board = document.querySelector("[data-replay-board]");
const student = main?.dataset.student || "";

// Sentences about the child's seat, as an adult reads them: the module's
// "you" sentences become the child's name.
const aboutChild = {
  "seat.you": () => student,
  "potion.your_zone": () => baseT("potion.their_zone", { name: student }),
  "potion.your_hand": () => baseT("replay.hand_of", { name: student }),
  "potion.hint_my_potions": () => baseT("replay.potions_of", { name: student }),
  "potion.hint_my_monsters": () => baseT("replay.monsters_of", { name: student }),
  "potion.hint_their_monsters": () => baseT("replay.monsters_for", { name: student }),
  "magicoa.your_gold": () => baseT("replay.gold_of", { name: student }),
  "magicoa.your_stack": () => baseT("replay.stack_of", { name: student }),
  "magicoa.score": (p) => baseT("replay.score_of", { ...p, name: student }),
  "magicoa.your_move": () => baseT("replay.turn_of", { name: student }),
  "cats.your_turn": () => baseT("replay.turn_of", { name: student }),
  "cats.your_turn_magic": () => baseT("replay.turn_of", { name: student }),
  "cats.your_turn_pile": () => baseT("replay.turn_of", { name: student }),
  "cats.you_out": () => baseT("cats.ev.finished", { who: student }),
};

export function readerT(key, params = {}) {
  const own = aboutChild[key];
  if (own) return own(params);
  // { me: true } picks the "you" sentence: the third-person one names the
  // child through seatNameOf, i.e. "seat.you" above.
  return baseT(key, { ...params, me: false });
}

function readerTn(key, n, params = {}) { return readerT(key, { ...params, n }); }

class Replay {
  constructor(data, module) {
    this.data = data;
    this.module = module;
    this.steps = data.steps;
    this.cleanups = [];
    this.nav = main.querySelector(".replay-nav");
    this.slider = main.querySelector('[data-step="slider"]');
    this.where = main.querySelector("#replay-where");
    this.title = main.querySelector("#replay-step-title");
    this.section = main.querySelector("section.move");
    this.list = main.querySelector("ul.attempts");
    this.noMult = main.querySelector(".no-mult");
    this.result = main.querySelector("[data-replay-result]");
  }

  wire() {
    this.nav.addEventListener("click", (ev) => {
      const a = ev.target.closest("a[data-step]");
      if (!a) return;
      ev.preventDefault();
      this.go(this.target(a.dataset.step));
    });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    document.addEventListener("keydown", (ev) => {
      if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.target === this.slider) return; // the slider steps by itself
      const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[ev.key];
      if (!step) return;
      ev.preventDefault();
      this.go(this.target(step));
    });
  }

  target(step) {
    return { first: 1, prev: this.index - 1, next: this.index + 1, last: this.steps.length }[step] ?? this.index;
  }

  // go shows step i (1-based) and keeps it in the address, so a reload or
  // a shared link opens the same step.
  go(i) {
    i = Math.min(Math.max(i, 1), this.steps.length);
    this.index = i;
    const url = new URL(location.href);
    url.searchParams.set("step", String(i));
    url.searchParams.delete("move");
    history.replaceState(null, "", url);
    this.render();
  }

  render() {
    const i = this.index;
    const step = this.steps[i - 1];
    const where = baseT("replay.step_of", { n: i, total: this.steps.length });
    this.where.textContent = where;
    this.title.textContent = where;
    this.section.id = `move-${i}`;
    this.slider.value = String(i);
    this.links(i);
    const lines = step.attempts.map(attemptLine);
    this.list.replaceChildren(...lines);
    this.list.hidden = !lines.length;
    this.noMult.hidden = lines.length > 0;
    this.drawBoard(step, i);
    this.showResult(step);
  }

  links(i) {
    const n = this.steps.length;
    const to = { first: i > 1 ? 1 : 0, prev: i - 1, next: i < n ? i + 1 : 0, last: i < n ? n : 0 };
    for (const a of this.nav.querySelectorAll("a[data-step]")) {
      const k = to[a.dataset.step];
      if (k > 0) {
        const url = new URL(location.href);
        url.searchParams.set("step", String(k));
        a.setAttribute("href", url.pathname + url.search);
        a.removeAttribute("aria-disabled");
      } else {
        a.removeAttribute("href");
        a.setAttribute("aria-disabled", "true");
      }
      if (a.dataset.step === "prev" || a.dataset.step === "next") {
        if (k > 0) a.setAttribute("rel", a.dataset.step); else a.removeAttribute("rel");
      }
    }
  }

  // drawBoard renders the step's view with the game's own module. The api
  // plays nothing: no move is sent, no key is listened to, no control can
  // be focused, and the CSS lets no pointer reach the board.
  drawBoard(step, i) {
    for (const fn of this.cleanups.splice(0)) fn();
    const d = this.data;
    const dto = {
      id: d.game_id, game: d.game, edition: d.edition, level: d.level, version: i,
      seat: d.seat, seats: d.players, view: step.view, events: step.events,
      attempts: step.attempts, over: step.over, result: d.result || { winners: [], scores: [] },
      now: step.at, real_time: false, last_seq: 0,
    };
    const api = {
      t: readerT, tn: readerTn, lang, seat: d.seat, seats: d.players,
      // The module's "what just happened" keeps the last few events across
      // states (common.js remember); a step's list is the whole step: its
      // log is given as already remembered for this version.
      ui: { log: [...step.events], logVersion: i },
      move: async () => false,
      rerender: () => {},
      announce: () => {},
      clock: () => step.at,
      onCleanup: (fn) => this.cleanups.push(fn),
      onKey: () => {},
      busy: false,
    };
    try {
      this.module.render(board, dto, api);
    } catch (err) {
      console.error(err);
      board.replaceChildren(h("p", { class: "muted" }, baseT("replay.no_board")));
    }
    for (const el of board.querySelectorAll("a, button, input, select, textarea, [tabindex]")) {
      el.setAttribute("tabindex", "-1");
    }
  }

  showResult(step) {
    const r = this.data.result;
    if (!step.over || !r) { this.result.hidden = true; return; }
    const names = (r.winners || []).map((w) => this.data.players[w]?.name).filter(Boolean);
    this.result.textContent = names.length ? baseT("replay.winner", { names: names.join(", "), count: names.length }) : baseT("replay.nobody");
    this.result.hidden = false;
  }
}

// attemptLine is one multiplication of the child: an icon and a word, and
// the colour only as a third sign.
function attemptLine(a) {
  const p = a.a * a.b;
  const icon = { right: "✓", wrong: "✗", missed: "!" }[a.verdict] || "";
  return h("li", { class: `att-${a.verdict}` },
    h("span", { class: "att-icon", "aria-hidden": "true" }, icon), " ",
    h("strong", { class: "att-word" }, baseT(`replay.${a.verdict}`)), " ",
    baseT(`replay.att.${a.verdict}`, { a: a.a, b: a.b, p, given: a.given ?? 0 }),
    a.refused ? ` ${baseT("replay.refused")}` : null);
}

async function start() {
  if (!main || !board) return;
  try {
    const data = await request("GET", `/games/${encodeURIComponent(main.dataset.gameId)}/replay?lang=${lang}`);
    if (!data.steps.length) return;
    const module = await import(`../play/${data.game}.js`);
    const replay = new Replay(data, module);
    replay.wire();
    replay.go(Number(main.dataset.stepIndex) || 1);
    board.dataset.ready = "true";
  } catch (err) {
    showError(err, baseT);
  }
}

start();
