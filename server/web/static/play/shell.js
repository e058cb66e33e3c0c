// The game page runner: it loads the game (GameDTO), imports ./<game>.js and
// calls render(root, dto, api) on every new state, sends moves (POST, or the
// WebSocket when it is up), explains refused moves in an aria-live region,
// and shows what the session practised at its end.
//
// Feedback on the child's own move (verdict) is right, wrong or missed by
// its colour AND by an icon and a word, so colour is never the only sign;
// it lasts until the child's next move, which clears it.

import { play, GameSocket } from "./client.js";
import { APIError, errorText } from "../lib/api.js";
import { t, tn, lang, applyStatic, onLangChange, ready } from "../lib/i18n.js";
import { h, s, svgBox, button } from "../lib/dom.js";
import { levelBadge, gameTitle, renderSummary, starsSVG, seatNameOf, useLevels } from "./common.js";
import { attachGuide } from "./guide.js";

await ready;

// How long a new verdict or refusal stays stuck to the top of the screen
// (holdInSight): long enough to be read, not a whole turn.
const SAYS_HELD_MS = 4000;

// mount runs one game in root. transport is the API (play from client.js,
// or the dev harness's fake); socket says whether to open the WebSocket;
// guide adds "How to play" and the first-time guide (the real page: it
// needs the signed-in child, whom the dev harness does not have).
export async function mount({ root, gameID, transport = play, socket = true, guide = false }) {
  const page = new GamePage(root, gameID, transport);
  // The level badge reads the registry's levels; without them (a transport
  // that has no registry) it shows the custom badge.
  if (transport.games) useLevels((await transport.games().catch(() => ({}))).levels);
  await page.load();
  if (socket) page.openSocket();
  if (guide && page.dto) {
    const who = await transport.me().then((me) => `${me.role}${me.id}`).catch(() => "anyone");
    page.guide = attachGuide(page, who);
  }
  return page;
}

class GamePage {
  constructor(root, gameID, transport) {
    this.root = root;
    this.gameID = gameID;
    this.transport = transport;
    this.dto = null;
    this.module = null;
    this.ui = {};          // the game module's own state, kept across re-renders
    this.cleanups = [];
    this.keyHandler = null;
    this.lastSeq = 0;
    this.busy = false;
    this.offset = 0;       // server clock − local clock, in ms
    this.socket = null;
    this.summary = null;
    this.build();
    onLangChange(() => this.render());
    document.addEventListener("keydown", (ev) => {
      if (this.keyHandler && !ev.defaultPrevented) this.keyHandler(ev);
    });
  }

  // build lays out the parts the shell owns around the game's own root.
  build() {
    this.head = h("div", { class: "play-head" });
    this.board = h("div", { class: "play-board", id: "play-board" });
    this.alert = h("p", { class: "play-alert", role: "alert", "aria-live": "assertive", hidden: true });
    this.verdictBox = h("p", { class: "play-feedback", role: "status", "aria-live": "polite", hidden: true });
    this.status = h("p", { class: "play-status", "aria-live": "polite" });
    this.top = h("div", { class: "play-top" });
    this.foot = h("div", { class: "play-foot" });
    // The result of a finished game goes above the board (top), where a
    // child sees it without scrolling; the session summary replaces the board.
    // The refusal, the verdict and the status share one slot of a steady
    // height, so the board does not jump under the child's finger when a
    // message comes or goes.
    this.says = h("div", { class: "play-says" }, this.alert, this.verdictBox, this.status);
    this.root.replaceChildren(this.head, this.says, this.top, this.board, this.foot);
  }

  async load() {
    try {
      await this.accept(await this.transport.open(this.gameID));
    } catch (err) {
      this.showError(err);
    }
  }

  openSocket() {
    this.socket = new GameSocket(this.gameID, {
      onState: (dto) => this.accept(dto),
      onError: (err) => this.showError(err),
      onStatus: (up) => this.pollUnless(up),
    });
  }

  // pollUnless: while the socket is down, an unfinished game is opened again
  // every 3 s (open, not a plain read: with no socket anywhere, nothing
  // else plays what the game's clock has due) so a classmate's or a
  // computer's move still shows.
  pollUnless(up) {
    clearInterval(this.poll);
    if (up) return;
    this.poll = setInterval(async () => {
      if (this.busy || !this.dto || this.dto.over) return;
      try { this.accept(await this.transport.open(this.gameID)); } catch { /* next time */ }
    }, 3000);
  }

  // accept takes a newer state (older ones, late over the socket, are dropped).
  async accept(dto) {
    if (!dto || (this.dto && dto.version < this.dto.version)) return;
    if (typeof dto.now === "number") this.offset = dto.now - performance.now();
    if (!this.module || this.dto?.game !== dto.game) {
      this.module = await import(`./${dto.game}.js`);
    }
    const fresh = !this.dto || dto.version > this.dto.version;
    this.dto = dto;
    // A newer state with the child's attempts (or the module's own word on
    // the child's move) replaces the verdict; one without leaves it.
    if (fresh) this.verdict = this.verdictOf(dto) || this.verdict;
    this.render();
  }

  clock() { return performance.now() + this.offset; }

  api() {
    return {
      t, tn, lang: lang(),
      seat: this.dto.seat,
      seats: this.dto.seats || [],
      ui: this.ui,
      move: (m) => this.move(m),
      rerender: () => this.renderBoard(),
      announce: (text) => { this.status.textContent = text; },
      clock: () => this.clock(),
      onCleanup: (fn) => this.cleanups.push(fn),
      onKey: (fn) => { this.keyHandler = fn; },
      busy: this.busy,
    };
  }

  render() {
    if (!this.dto) return;
    applyStatic();
    const focusKey = document.activeElement?.dataset?.key;
    this.renderHead();
    this.renderBoard(null);
    this.renderFoot();
    this.renderVerdict();
    this.refocus(focusKey);
    if (this.focusResult) {
      this.focusResult = false;
      this.top.querySelector("h2")?.focus();
    }
  }

  // renderBoard redraws the game only (a module's own choices, a state):
  // timers of the previous drawing stop, and the focus stays on the control
  // with the same data-key, so keyboard players do not lose their place.
  renderBoard(focusKey = document.activeElement?.dataset?.key) {
    for (const fn of this.cleanups.splice(0)) fn();
    this.keyHandler = null;
    this.board.classList.toggle("busy", this.busy);
    this.module.render(this.board, this.dto, this.api());
    if (focusKey) this.refocus(focusKey);
  }

  refocus(focusKey) {
    if (!focusKey) return;
    const el = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (el && document.activeElement !== el) el.focus({ preventScroll: true });
  }

  renderHead() {
    const d = this.dto;
    this.head.replaceChildren(...[
      h("h1", { class: "play-title" }, gameTitle(d.game)),
      d.edition ? h("span", { class: "play-edition" }, d.edition.split("+").map((e) => t(`edition.${d.game}.${e}`)).join(" · ")) : null,
      levelBadge(d.level),
      h("span", { class: "spacer" }),
      d.over ? null : button(t("session.finish"), () => this.finish(), { class: "secondary", "data-key": "finish" }),
    ].filter(Boolean));
  }

  renderFoot() {
    const d = this.dto;
    this.top.replaceChildren(...(d.over && !this.summary ? [this.resultPanel()] : []));
    // The first time the game is over, the focus goes to the result (read
    // aloud, scrolled into view); later redraws leave the focus alone.
    if (d.over && !this.summary && !this.announcedOver) this.announcedOver = this.focusResult = true;
    this.foot.replaceChildren(...(this.summary ? [renderSummary(this.summary, { onHome: goHome, onAgain: () => this.again(), game: d.game })] : []));
  }

  // resultPanel says who won, with the scores, and offers the summary.
  resultPanel() {
    const d = this.dto;
    const r = d.result || {};
    const winners = r.winners || [];
    let text;
    if (winners.length === 0) text = t("result.nobody");
    else if (winners.includes(d.seat)) text = winners.length > 1 ? t("result.shared") : t("result.you_won");
    else text = t(winners.length > 1 ? "result.won_by_many" : "result.won_by", { names: winners.map((w) => seatNameOf(d, w, t)).join(", ") });
    // A game may say what its scores count (resultScore): Monster Cube's
    // are points or stars, where the game had shown monsters caught, and a
    // bare "Hibou: 20" beside "Hibou: 7 monsters" read as nothing the
    // child had seen, the more so as the winner can have fewer monsters.
    const scores = (r.scores || []).map((sc, i) => h("li", {},
      this.module.resultScore?.(d, i, sc, this.api()) || t("result.score", { name: seatNameOf(d, i, t), n: sc })));
    return h("section", { class: "result panel", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title", tabindex: "-1" }, text),
      r.reason && !t(`reason.${r.reason}`).startsWith("reason.") ? h("p", {}, t(`reason.${r.reason}`)) : null,
      scores.length ? h("ul", { class: "scores" }, scores) : null,
      button(t("session.summary"), () => this.finish(), { class: "primary", "data-key": "summary" }),
    );
  }

  // verdictOf says what the child's move in dto did: the game module's
  // own words when it has them (feedback(dto, api): { tone, text() }), else
  // the last of the child's attempts in this step (null: nothing to say).
  verdictOf(dto) {
    const own = this.module.feedback?.(dto, this.api());
    if (own) return own;
    const list = dto.attempts || [];
    if (!list.length) return null;
    return attemptVerdict(list[list.length - 1]);
  }

  // renderVerdict draws the verdict in the page's language: its icon and
  // word, then what the child did. The class says the tone (fb-right,
  // fb-wrong, fb-missed) for the colour.
  renderVerdict() {
    const v = this.verdict;
    const box = this.verdictBox;
    box.className = "play-feedback";
    if (!v) { box.hidden = true; box.replaceChildren(); return; }
    box.classList.add(`fb-${v.tone}`);
    box.replaceChildren(verdictIcon(v.tone), h("strong", { class: "fb-word" }, t(`feedback.${v.tone}`)), " ", h("span", { class: "fb-text" }, v.text()));
    box.hidden = false;
    if (v !== this.heldVerdict) { this.heldVerdict = v; this.holdInSight(); }
  }

  // holdInSight keeps the slot stuck to the top of the screen for a few
  // seconds after something new is said in it, then lets it go back to
  // its place above the board (still there when the child scrolls up).
  // Stuck for good, the verdict on the last move, kept until the next
  // one, covered the top of the board through the opponents' turns and
  // the child's whole next turn on a phone: in Monster Cube the cubes to
  // tap for the next formula were under "Right!", and a tap on one
  // landed on the verdict (usability6). A tap anywhere in the game lets
  // it go at once: the child has moved on.
  holdInSight() {
    clearTimeout(this.sayTimer);
    this.says.classList.add("says-held");
    this.sayTimer = setTimeout(() => this.releaseSays(), SAYS_HELD_MS);
    if (!this.releaseOnTap) {
      this.releaseOnTap = () => this.releaseSays();
      this.root.addEventListener("pointerdown", this.releaseOnTap);
    }
  }

  releaseSays() {
    clearTimeout(this.sayTimer);
    this.says.classList.remove("says-held");
  }

  // clearVerdict: the child moves again, so what was said of the last move
  // goes (also the prompts said in the status line).
  clearVerdict() {
    this.verdict = null;
    this.status.textContent = "";
    this.renderVerdict();
  }

  // move sends one engine move. It resolves true when the move was played,
  // false when the server refused it (the reason is shown).
  async move(m) {
    const d = this.dto;
    // Above the seat's last applied move (last_seq: known after a reload
    // too), else the server takes the move for a resend.
    const seq = Math.max(d.version + 1, this.lastSeq + 1, (d.last_seq || 0) + 1);
    this.lastSeq = seq;
    this.hideAlert();
    this.clearVerdict();
    if (this.socket && this.socket.send(seq, m)) return true;
    if (this.busy) return false;
    this.busy = true;
    this.board.classList.add("busy");
    try {
      const next = await this.sendWithRetry(d.version, seq, m);
      this.busy = false;
      await this.accept(next);
      return true;
    } catch (err) {
      this.busy = false;
      this.board.classList.remove("busy");
      if (err instanceof APIError && err.code === "game.version_conflict") {
        this.status.textContent = t("game.moved_on");
        await this.load();
        return false;
      }
      this.showError(err);
      return false;
    }
  }

  // sendWithRetry resends the same move (same seq: the server stores it once)
  // when the network drops, up to three times.
  async sendWithRetry(version, seq, m) {
    for (let i = 0; ; i++) {
      try {
        return await this.transport.move(this.gameID, version, seq, m);
      } catch (err) {
        if (!(err instanceof APIError) || err.status !== 0 || i >= 2) throw err;
        await new Promise((r) => setTimeout(r, 800 * (i + 1)));
      }
    }
  }

  // showError says why a request failed. A move the rules refused (422) is
  // a wrong move: it wears the wrong-move icon and word, and no earlier
  // verdict stays beside it.
  showError(err) {
    const refused = err && err.status === 422;
    const text = errorText(err, t) || t("error.generic");
    this.alert.classList.toggle("fb-wrong", refused);
    if (refused) {
      this.clearVerdict();
      this.alert.replaceChildren(verdictIcon("wrong"), h("strong", { class: "fb-word" }, t("feedback.refused")), " ", h("span", { class: "fb-text" }, text));
    } else {
      this.alert.textContent = text;
    }
    this.alert.hidden = false;
    this.holdInSight();
    if (err && err.status === 401) {
      this.alert.append(" ", h("a", { href: "/" }, t("login.again")));
    }
  }

  hideAlert() { this.alert.hidden = true; this.alert.textContent = ""; }

  async finish() {
    if (!this.dto) return;
    try {
      this.summary = await this.transport.end(this.dto.session_id);
      if (this.socket) this.socket.close();
      // The session is over: the summary takes the board's place, and what
      // was said of the last move goes with the board.
      this.board.hidden = true;
      this.hideAlert();
      this.clearVerdict();
      this.head.querySelector('[data-key="finish"]')?.remove();
      this.renderFoot();
      this.foot.querySelector("h2")?.focus();
    } catch (err) {
      this.showError(err);
    }
  }

  // again starts a new session of the same game and edition.
  async again() {
    try {
      const res = await this.transport.start(this.dto.game, this.dto.edition, {});
      location.assign(`/play/${encodeURIComponent(res.game.id)}`);
    } catch (err) {
      this.showError(err);
    }
  }
}

function goHome() { location.assign("/student"); }

// attemptVerdict is the default verdict on one attempt of the child: right,
// missed (the child did not act), or wrong with the number they gave.
export function attemptVerdict(a) {
  const p = a.a * a.b;
  if (a.given === null || a.given === undefined) return { tone: "missed", text: () => t("attempt.missed", { a: a.a, b: a.b, p }) };
  if (a.correct) return { tone: "right", text: () => t("attempt.right", { a: a.a, b: a.b, p }) };
  return { tone: "wrong", text: () => t("attempt.wrong", { a: a.a, b: a.b, p, given: a.given }) };
}

// verdictIcon is a tick, a cross or an exclamation mark: a shape, so the
// tone is told without its colour (the word beside it says it too).
function verdictIcon(tone) {
  const svg = svgBox(24, 24, { class: "fb-icon", "aria-hidden": "true", focusable: "false" });
  if (tone === "right") svg.append(s("path", { d: "M4 13 L10 19 L20 5", class: "fb-stroke" }));
  else if (tone === "wrong") svg.append(s("path", { d: "M5 5 L19 19 M19 5 L5 19", class: "fb-stroke" }));
  else svg.append(s("path", { d: "M12 3 V15 M12 19 V21", class: "fb-stroke" }));
  return svg;
}

export { starsSVG };

// The real page: /play/:gameID.
if (document.body && document.body.dataset.page === "game") {
  applyStatic();
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  const root = document.getElementById("play");
  if (m && root) mount({ root, gameID: decodeURIComponent(m[1]), guide: true });
}
