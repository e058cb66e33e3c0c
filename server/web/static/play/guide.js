// The guided first turn: the first time a child opens a game (and whenever
// they press "How to play"), one instruction at a time points at the real
// part of the real board (a ring round it, an arrow on the bubble), with
// Next / Got it, a Close button, Escape to leave and the Rules card one tap
// away. The game stays playable under it (the bubble is not modal: a child
// who already knows may simply play).
//
// "Seen" is remembered per child and game in the browser (localStorage,
// keyed by the signed-in account's id). Decided so because the guide is a
// matter of the screen in front of the child, not of their record: a class
// tablet shared by several children keeps one flag per child, and a child
// on a new device sees the guide once more, which costs a few taps. A
// server-side flag would follow the child everywhere but needs a table, an
// API and its privacy review for little gain.

import { h, button } from "../lib/dom.js";
import { t, lang, onLangChange } from "../lib/i18n.js";
import { openRules, cubeCombos } from "./rules.js";

// steps lists a game's instructions: where each points (the first selector
// found on the page) and its sentence. A step may add a picture (Monster
// Cube's three combinations).
function steps(dto) {
  const v = dto.view || {};
  switch (dto.game) {
    case "potion": {
      const four = String(dto.edition || "").startsWith("4");
      return [
        { at: [".hand"], key: four ? "guide.potion.hand4" : "guide.potion.hand3" },
        { at: [".zone-me"], key: "guide.potion.my_zone" },
        { at: [".zone-op"], key: "guide.potion.their_zone" },
        { at: ["[data-key=capture]", ".turn-box"], key: "guide.potion.capture" },
        { at: [".turn-box"], key: "guide.potion.vigilance" },
        { at: [".my-trophies"], key: "guide.potion.win" },
      ];
    }
    case "cats": {
      const list = [
        { at: [".cat-player.me"], key: "guide.cats.my_pile" },
        { at: ["[data-key=flip]", ".cats-controls"], key: "guide.cats.reveal" },
        { at: [".cats-table"], key: "guide.cats.pair" },
        { at: ["[data-key=slap]"], key: "guide.cats.slap" },
        { at: ["[data-key=slap]"], key: "guide.cats.too_fast" },
      ];
      if (String(dto.edition || "").includes("specials")) list.push({ at: [".cats-table"], key: "guide.cats.specials" });
      list.push({ at: [".cats-table"], key: "guide.cats.goal" });
      return list;
    }
    case "magicoa":
      return [
        { at: [".mrow"], key: "guide.magicoa.potions" },
        { at: [".hand .cards", ".mmain"], key: dto.edition === "classic" ? "guide.magicoa.gold_classic" : "guide.magicoa.gold" },
        { at: [".mpanel"], key: "guide.magicoa.bid" },
        { at: [".mrow"], key: "guide.magicoa.win" },
        { at: [".mplayers-box"], key: "guide.magicoa.end" },
      ];
    case "cube": {
      const turns = v.rules === 3 || v.rules === 4;
      return [
        { at: [".monster-row"], key: "guide.cube.monster" },
        { at: [".cube-board-wrap"], key: v.rules === 3 ? "guide.cube.faces_addsub" : "guide.cube.faces" },
        { at: [".cube-board-wrap"], key: turns ? "guide.cube.combos_two" : "guide.cube.combos", picture: () => cubeCombos(dto, t) },
        { at: [".formula"], key: "guide.cube.formula" },
        { at: ["[data-key=mode-move]", ".cube-side .actions"], key: turns ? "guide.cube.move_turns" : "guide.cube.move" },
        { at: ["[data-key=claim]", "[data-key=find]", ".cube-side"], key: "guide.cube.claim" },
      ];
    }
    default:
      return [];
  }
}

// guideName names a guide: one per game, except where editions play
// differently: MultipliPotion's two editions (the turn's draw differs) and
// Monster Cube's rule sets (a shared board, or turns on one's own tiles
// that must move first). A child who learned one still needs the other.
export function guideName(dto) {
  if (dto.game === "potion") return `potion-${String(dto.edition || "3").charAt(0)}`;
  if (dto.game === "cube") return `cube-${(dto.view && dto.view.rules) || 1}`;
  return dto.game;
}

// seenKey names the flag of one child and one guide.
function seenKey(who, name) { return `multipli.guide.${who}.${name}`; }

function isSeen(who, game) {
  try { return localStorage.getItem(seenKey(who, game)) === "1"; } catch { return false; }
}

function markSeen(who, game) {
  try { localStorage.setItem(seenKey(who, game), "1"); } catch { /* private mode: the guide comes back */ }
}

// attachGuide adds the "How to play" and "Rules" buttons to the page's top
// bar, shows the guide when this child has not seen this game's, and (for
// Monster Cube) the three combinations under the board until the child's
// first claim. page is the shell's GamePage (root, board, foot, dto); who
// names the child (their account id).
export function attachGuide(page, who) {
  const game = page.dto && page.dto.game;
  if (!game) return null;
  const guide = new Guide(page, who, game);
  guide.addButtons();
  if (game === "cube") guide.showCombos();
  // A game already over opens on its result, not on "Choose a monster":
  // the first-time guide, opened on a finished game (a reload, another
  // device), covered the result and scrolled the page away from it. The
  // "How to play" button still opens it.
  if (isSeen(who, guideName(page.dto)) || page.dto.over) document.body.dataset.guide = "closed";
  else guide.open();
  onLangChange(() => guide.redraw());
  return guide;
}

class Guide {
  constructor(page, who, game) {
    this.page = page;
    this.who = who;
    this.game = game;
    this.i = -1;
    this.bubble = null;
    this.target = null;
    // The board is redrawn on every state: the ring goes back on the
    // new element, and the combinations follow the child's claims.
    this.observer = new MutationObserver(() => { this.point(); this.updateCombos(); });
    this.observer.observe(page.board, { childList: true, attributes: true, attributeFilter: ["hidden"] });
    // Escape anywhere in the bubble leaves the guide.
    this.onKey = (ev) => { if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); this.close(); } };
  }

  addButtons() {
    const bar = document.querySelector(".topbar");
    if (!bar) return;
    this.howBtn = button(t("guide.how"), () => this.open(), { class: "guide-how", "data-key": "guide-open" });
    this.rulesBtn = button(t("guide.rules"), () => openRules(this.page.dto, t), { class: "guide-rules", "data-key": "rules-open" });
    bar.insertBefore(h("span", { class: "guide-buttons" }, this.howBtn, this.rulesBtn), bar.querySelector("[data-lang-switch]"));
  }

  open() {
    this.i = 0;
    document.body.dataset.guide = "open";
    this.draw();
  }

  // close ends the guide (finished or left): it counts as seen.
  close() {
    markSeen(this.who, guideName(this.page.dto));
    this.unpoint();
    this.bubble?.remove();
    this.bubble = null;
    this.i = -1;
    document.body.dataset.guide = "closed";
    this.howBtn?.focus();
  }

  next() {
    const list = steps(this.page.dto);
    if (this.i + 1 >= list.length) { this.close(); return; }
    this.i++;
    this.draw();
  }

  back() {
    if (this.i > 0) { this.i--; this.draw(); }
  }

  redraw() {
    if (this.howBtn) this.howBtn.textContent = t("guide.how");
    if (this.rulesBtn) this.rulesBtn.textContent = t("guide.rules");
    if (this.bubble) this.draw();
    this.updateCombos(true);
  }

  // draw shows step i: its sentence, its picture, the step count and the
  // buttons; the focus goes on Next so Enter goes on.
  draw() {
    const list = steps(this.page.dto);
    const step = list[this.i];
    if (!step) { this.close(); return; }
    const last = this.i === list.length - 1;
    const nextBtn = button(t(last ? "guide.got_it" : "guide.next"), () => this.next(), { class: "primary", "data-key": "guide-next" });
    const body = h("div", { class: "guide-body" },
      h("p", { class: "guide-text", id: "guide-text" }, t(step.key)),
      step.picture ? step.picture() : null);
    const bubble = h("section", {
      class: "guide-bubble", role: "dialog", "aria-modal": "false", "aria-labelledby": "guide-title", "aria-describedby": "guide-text", "data-key": "guide",
      "data-step": String(this.i + 1), lang: lang(), on: { keydown: this.onKey },
    },
      h("div", { class: "guide-head" },
        h("h2", { id: "guide-title" }, t("guide.title", { game: t(`game.${this.game}`) }),
          h("span", { class: "guide-count" }, t("guide.step", { n: this.i + 1, total: list.length }))),
        button("×", () => this.close(), { class: "guide-close", "data-key": "guide-close", "aria-label": t("guide.close") })),
      body,
      h("div", { class: "guide-actions" },
        this.i > 0 ? button(t("guide.back"), () => this.back(), { "data-key": "guide-back" }) : null,
        button(t("guide.rules"), () => openRules(this.page.dto, t), { "data-key": "guide-rules" }),
        nextBtn));
    if (this.bubble) this.bubble.replaceWith(bubble);
    else document.body.append(bubble);
    this.bubble = bubble;
    this.point(true);
    nextBtn.focus({ preventScroll: true });
  }

  // point puts the ring on the step's element. On a new step the bubble
  // goes to the top of the screen and the page scrolls the element just
  // under it; an element too near the page's top to go there gets the
  // bubble at the bottom instead. The bubble's arrow points at it.
  point(scroll = false) {
    if (!this.bubble) return;
    const step = steps(this.page.dto)[this.i];
    if (!step) return;
    let el = null;
    for (const sel of step.at) { el = this.page.root.querySelector(sel); if (el) break; }
    el = el || this.page.board;
    if (el !== this.target) this.unpoint();
    this.target = el;
    el.classList.add("guide-target");
    if (!scroll) return;
    this.place(true);
    const room = this.bubble.getBoundingClientRect().bottom + 24;
    window.scrollBy({ top: el.getBoundingClientRect().top - room, behavior: "instant" });
    if (el.getBoundingClientRect().top < room - 8) {
      this.place(false);
      const r = el.getBoundingClientRect();
      if (r.bottom > this.bubble.getBoundingClientRect().top - 16) window.scrollBy({ top: r.top - 24, behavior: "instant" });
    }
  }

  place(top) {
    this.bubble.classList.toggle("guide-at-top", top);
    this.bubble.classList.toggle("guide-at-bottom", !top);
  }

  unpoint() {
    this.target?.classList.remove("guide-target");
    this.target = null;
  }

  // showCombos: Monster Cube's three combinations, under the board, open
  // until the child's first claim in this game, then folded (still one tap
  // away).
  showCombos() {
    this.combos = h("details", { class: "combos-box", "data-key": "combos-box", open: true });
    this.page.root.insertBefore(this.combos, this.page.foot);
    this.updateCombos(true);
  }

  updateCombos(force = false) {
    if (!this.combos) return;
    // The session's summary takes the board's place: the combinations go with it.
    this.combos.hidden = this.page.board.hidden;
    const dto = this.page.dto;
    const claimed = this.claimed || (dto.events || []).some((e) => e.seat === dto.seat && (e.type === "found" || e.type === "wrong_claim"));
    if (claimed && !this.claimed) { this.claimed = true; this.combos.open = false; }
    if (!force && this.drawnLang === lang()) return;
    this.drawnLang = lang();
    this.combos.replaceChildren(h("summary", {}, t("rules.cube.combos_title")), cubeCombos(dto, t));
  }
}
