// The student home (/student): the teacher's current assignment, "continue"
// for unfinished games, invitations from classmates, and the games the
// student may play with the deck level as the game's colour and in words.

import { play } from "./client.js";
import { errorText } from "../lib/api.js";
import { t, lang, applyStatic, onLangChange, ready } from "../lib/i18n.js";
import { h, s, svgBox, button } from "../lib/dom.js";
import { levelBadge, gameTitle, useLevels } from "./common.js";
import { flask, monster, cat } from "./art.js";
import { creature } from "./creatures.js";

await ready;

// opponentChoices lists the computer players a game offers, from the
// server's registry (the default first).
function opponentChoices(g) {
  const out = [g.default_opponents];
  for (let n = g.min_opponents; n <= g.max_opponents; n++) if (n !== g.default_opponents) out.push(n);
  return out;
}

// renderHome draws the page from the home JSON; actions.start(game, edition,
// opponents, classmate, options) starts a session (the real page posts and
// goes to /play/:id).
export function renderHome(root, data, actions) {
  const st = data.student || {};
  // The games and levels are the server's registry (data.games, data.levels).
  useLevels(data.levels);
  const games = data.games || [];
  const byName = Object.fromEntries(games.map((g) => [g.game, g]));
  const level = st.level || "";
  const parts = [h("h1", { tabindex: "-1" }, t("home.hello", { name: st.name || "" }))];

  const invites = data.invites || [];
  if (invites.length) {
    parts.push(h("section", { class: "panel", "aria-labelledby": "inv-title" },
      h("h2", { id: "inv-title" }, t("home.invites")),
      h("ul", { class: "plain" }, invites.map((iv) => h("li", { class: "row" },
        h("span", {}, t("home.invite_from", { name: iv.from, game: gameTitle(iv.game) })),
        h("a", { class: "btn primary", href: `/play/${encodeURIComponent(iv.game_id)}` }, t("home.join")))))));
  }

  // The main button: the teacher's current assignment first (its first
  // game), else the first game of the registry. One big button at the top
  // is what a child needs; every other choice is one tap away below.
  const assignments = data.assignments || [];
  const first = assignments[0];
  const mainGame = (first && (first.games || []).find((g) => byName[g])) || (games[0] && games[0].game);
  const startDefault = (g) => actions.start(g, ((byName[g] || {}).editions || [""])[0], (byName[g] || {}).default_opponents);
  if (mainGame) {
    parts.push(h("section", { class: "panel main-play", "aria-labelledby": "main-title" },
      first ? assignmentHead(first, level, "main-title") : h("h2", { id: "main-title" }, t("home.student")),
      h("button", { type: "button", class: "primary play-main", "data-key": "play-main", "data-game": mainGame, on: { click: () => startDefault(mainGame) } },
        gameIcon((byName[mainGame] || {}).icon), h("span", {}, t("home.play_game", { game: gameTitle(mainGame) }))),
      first && first.games && first.games.length > 1 ? h("div", { class: "row" }, h("span", {}, t("home.or")),
        first.games.filter((g) => g !== mainGame).map((g) => button(gameTitle(g), () => startDefault(g), { class: "secondary", "data-key": `as-${first.id}-${g}` }))) : null));
  }
  // Further assignments (rare: most classes have one at a time).
  for (const as of assignments.slice(1)) {
    parts.push(h("section", { class: "panel assignment", "aria-labelledby": `as-${as.id}` },
      assignmentHead(as, level, `as-${as.id}`),
      h("div", { class: "row" }, (as.games || []).map((g) => button(t("home.play_game", { game: gameTitle(g) }),
        () => startDefault(g), { class: "primary", "data-key": `as-${as.id}-${g}` })))));
  }

  parts.push(collectionLink());

  const cont = data.continue || [];
  if (cont.length) {
    parts.push(h("section", { class: "panel", "aria-labelledby": "cont-title" },
      h("h2", { id: "cont-title" }, t("home.continue_title")),
      h("ul", { class: "plain" }, cont.map((c) => h("li", { class: "row" },
        gameIcon((byName[c.game] || {}).icon),
        h("span", {}, h("strong", {}, gameTitle(c.game)), c.edition ? ` · ${editionLabel(c.game, c.edition)}` : "",
          opponentsOf(c) ? ` · ${t("home.against", { name: opponentsOf(c) })}` : "",
          c.started_at ? ` · ${t("home.started", { date: formatDate(c.started_at) })}` : ""),
        h("a", { class: "btn primary", href: `/play/${encodeURIComponent(c.game_id)}` }, t("home.continue")))))));
  }

  parts.push(h("section", { "aria-labelledby": "games-title" },
    h("h2", { id: "games-title" }, t(mainGame ? "home.other_games" : "home.games")),
    h("ul", { class: "game-grid" }, games.map((g) => gameCard(g, level, actions, data.classmates || [])))));

  root.replaceChildren(...parts);
}

// assignmentHead is an assignment's heading, level, due date and progress.
// The teacher's title is free text in the teacher's language (sometimes two
// languages at once); the child reads instead what is asked, from the
// assignment's tables, in their own language.
function assignmentHead(as, level, id) {
  const pr = as.progress || {};
  const done = Math.min(pr.done || 0, pr.target || 0);
  const bar = pr.target ? h("div", { class: "progress-line" },
    svgBox(200, 16, { class: "progress", "aria-hidden": "true", preserveAspectRatio: "none" },
      s("rect", { x: 0, y: 0, width: 200, height: 16, rx: 8, class: "progress-bg" }),
      s("rect", { x: 0, y: 0, width: Math.round((200 * done) / pr.target), height: 16, rx: 8, class: "progress-fill" })),
    h("span", {}, t(`home.progress.${pr.unit === "minutes" ? "minutes" : "sessions"}`, { done: pr.done || 0, target: pr.target, count: pr.done || 0 }))) : null;
  return h("div", { class: "assignment" },
    h("h2", { id }, t("home.teacher_asks"), " ", h("span", { class: "as-title" }, tablesPhrase(as.tables) || t("home.assignment"))),
    h("p", { class: "row" }, levelBadge(as.level || level),
      as.due ? h("span", {}, t("home.due", { date: formatDate(as.due) })) : null),
    bar);
}

// tablesPhrase says which tables: "Tables 2 to 5" for a run, else a list.
function tablesPhrase(tables) {
  const ts = [...(tables || [])].sort((a, b) => a - b);
  if (!ts.length) return "";
  if (ts.length === 1) return t("home.table_one", { n: ts[0] });
  const run = ts.every((n, i) => i === 0 || n === ts[i - 1] + 1);
  if (run && ts.length > 2) return t("home.tables_run", { from: ts[0], to: ts[ts.length - 1] });
  return t("home.tables_list", { list: ts.slice(0, -1).join(", "), last: ts[ts.length - 1] });
}

// opponentsOf names every other player of an unfinished game, joined as
// the language joins a list ("Pixel, Moka and Nova"; "Pixel, Moka et Nova").
function opponentsOf(c) {
  const names = c.opponents && c.opponents.length ? c.opponents : (c.opponent ? [c.opponent] : []);
  // British English, as the catalogue writes it: no comma before "and".
  return names.length ? new Intl.ListFormat(lang() === "fr" ? "fr" : "en-GB", { type: "conjunction" }).format(names) : "";
}

// editionLabel names an edition; Multipli Cat's options are "+"-joined.
function editionLabel(game, edition) {
  return edition.split("+").map((e) => t(`edition.${game}.${e}`)).join(" · ");
}

function gameCard(g, level, actions, classmates) {
  const name = g.game;
  // A game whose options make its editions (Multipli Cat's) has a card of
  // its own: players, ticked options.
  if (g.combinable && g.combinable.length) return catsCard(g, level, actions, classmates);
  const opts = opponentChoices(g);
  let opponents = opts[0];
  let classmate = 0;
  const sel = opts.length > 1 ? h("select", { "data-key": `opp-${name}`, on: { change: (ev) => { opponents = parseInt(ev.target.value, 10); } } },
    [...opts].sort((a, b) => a - b).map((n) => h("option", { value: n, selected: n === opts[0] || null }, String(n)))) : null;
  const select = sel ? h("label", { class: "opp" }, t("home.computers"), " ", sel) : null;
  // The game's menu: the booklet's variants and special rules, folded away
  // so the card stays simple. Options exclusive of each other uncheck each
  // other; an option that needs another number of players narrows the
  // choice of computers.
  const options = g.options || [];
  const chosen = new Set();
  const boxes = {};
  const fitOpponents = () => {
    if (!sel) return;
    let lo = 0, hi = Infinity;
    for (const o of options) {
      if (!chosen.has(o.name)) continue;
      if (o.min_opponents) lo = Math.max(lo, o.min_opponents);
      if (o.max_opponents) hi = Math.min(hi, o.max_opponents);
    }
    for (const el of sel.options) el.disabled = +el.value < lo || +el.value > hi;
    if (opponents < lo || opponents > hi) {
      opponents = [...opts].sort((a, b) => a - b).find((n) => n >= lo && n <= hi) ?? opponents;
      sel.value = String(opponents);
    }
  };
  const menu = options.length ? h("details", { class: "game-options", "data-key": `options-${name}` },
    h("summary", {}, t("home.more_rules")),
    h("ul", { class: "plain" }, options.map((o) => {
      const box = h("input", { type: "checkbox", id: `opt-${name}-${o.name}`, "data-key": `opt-${name}-${o.name}`, on: { change: (ev) => {
        if (ev.target.checked) {
          chosen.add(o.name);
          for (const x of o.excludes || []) { chosen.delete(x); if (boxes[x]) boxes[x].checked = false; }
        } else chosen.delete(o.name);
        fitOpponents();
      } } });
      boxes[o.name] = box;
      return h("li", { class: "option-line" }, box, h("label", { for: `opt-${name}-${o.name}` },
        h("strong", {}, t(`option.${name}.${o.name}`)), " ", t(`option.${name}.${o.name}.about`)));
    }))) : null;
  // A start sends the options that apply to the edition it starts.
  const optionsFor = (ed) => options.filter((o) => chosen.has(o.name) && (!o.editions || !o.editions.length || o.editions.includes(ed))).map((o) => o.name);
  // MultipliPotion against a classmate: the classmate finds the game among
  // their invitations and plays their turns on their own device.
  // A classmate may join, each on their own device (the server's rule).
  const mate = g.two_students && classmates.length ? inviteBehindButton(name, h("label", { class: "opp" }, t("home.opponent"), " ",
    h("select", { "data-key": `mate-${name}`, on: { change: (ev) => { classmate = parseInt(ev.target.value, 10); } } },
      [h("option", { value: 0, selected: true }, t("home.opponent_computer"))].concat(
        classmates.map((m) => h("option", { value: m.id }, m.name)))))) : null;
  const editions = g.editions && g.editions.length ? g.editions : [""];
  return cardShell(g, level,
    select,
    mate,
    menu,
    h("div", { class: "row" }, editions.map((ed) => button(
      ed ? t("home.play_edition", { edition: t(`edition.${name}.${ed}`) }) : t("home.play"),
      () => actions.start(name, ed, opponents, classmate, optionsFor(ed)), { class: "primary", "data-key": `start-${name}-${ed}` }))));
}

// cardShell is a game's compact card: its picture, name and one line about
// it; a tap opens the card on its choices (players, editions, options) and
// its start buttons, so that the home shows four names, not eleven buttons.
function cardShell(g, level, ...body) {
  return h("li", { class: ["game-card", `game-${g.game}`] },
    h("details", { "data-key": `card-${g.game}` },
      h("summary", {},
        h("span", { class: "game-card-head" }, gameIcon(g.icon), h("h3", {}, gameTitle(g.game))),
        h("span", { class: "card-about" }, t(`game.${g.game}.about`))),
      h("div", { class: "game-card-body" }, levelBadge(level), ...body)));
}

// inviteBehindButton hides the classmates' list behind a button: a class's
// twenty-odd names are a choice only for the child who wants a classmate.
function inviteBehindButton(name, picker) {
  const box = h("div", { class: "invite-box", hidden: true }, picker);
  const open = h("button", { type: "button", class: "secondary", "data-key": `invite-${name}`, "aria-expanded": "false",
    on: { click: () => { box.hidden = false; open.setAttribute("aria-expanded", "true"); open.hidden = true; box.querySelector("select")?.focus(); } } },
  t("home.invite_classmate"));
  return h("div", {}, open, box);
}

// Multipli Cat's: how many players (2 to 8; with 2, each plays two piles,
// the booklet's two-player game), against computer cats or with a classmate
// (the other players are computer cats), and its options — special cards,
// the infinite game, the "Souris !" call — which combine: the edition is
// "standard" or the ticked options joined by "+" in the server's order.
function catsCard(g, level, actions, classmates) {
  const name = g.game;
  // Players are the student and the computer opponents the registry allows.
  const choices = [];
  for (let n = g.min_opponents; n <= g.max_opponents; n++) choices.push(n + 1);
  let players = g.default_opponents + 1;
  let classmate = 0;
  const ticked = new Set();
  const options = g.combinable || [];
  // Options sent beside the edition (who starts) tick like the others.
  const plain = (g.options || []).map((o) => o.name);
  const select = h("label", { class: "opp" }, t("home.players"), " ",
    h("select", { "data-key": `players-${name}`, on: { change: (ev) => { players = parseInt(ev.target.value, 10); } } },
      choices.map((n) => h("option", { value: n, selected: n === players || null }, String(n)))));
  const mate = classmates.length ? inviteBehindButton(name, h("label", { class: "opp" }, t("home.opponent"), " ",
    h("select", { "data-key": `mate-${name}`, on: { change: (ev) => { classmate = parseInt(ev.target.value, 10); } } },
      [h("option", { value: 0, selected: true }, t("home.opponent_computers"))].concat(
        classmates.map((m) => h("option", { value: m.id }, m.name)))))) : null;
  const tick = (o, label) => h("label", { class: "option" },
    h("input", { type: "checkbox", "data-key": `opt-${name}-${o}`, on: { change: (ev) => { if (ev.target.checked) ticked.add(o); else ticked.delete(o); } } }),
    " ", label);
  const boxes = options.length || plain.length ? h("fieldset", { class: "cats-options" },
    h("legend", {}, t("home.options")),
    options.map((o) => tick(o, t(`edition.${name}.${o}`))),
    plain.map((o) => tick(o, h("span", {}, h("strong", {}, t(`option.${name}.${o}`)), " ", t(`option.${name}.${o}.about`))))) : null;
  const edition = () => options.filter((o) => ticked.has(o)).join("+") || (g.editions || [""])[0];
  return cardShell(g, level,
    select,
    mate,
    h("p", { class: "hint" }, t("home.cats_two_players")),
    boxes,
    h("div", { class: "row" }, button(t("home.play"),
      () => actions.start(name, edition(), players - 1, classmate, plain.filter((o) => ticked.has(o))), { class: "primary", "data-key": `start-${name}` })));
}

// collectionLink opens the child's collection of facts known by heart
// (/student/collection), with one of its creatures as its picture.
function collectionLink() {
  return h("p", { class: "collection-entry" },
    h("a", { class: "btn secondary collection-link", href: "/student/collection", "data-key": "collection" },
      creature(7, 8, 56), h("span", {}, h("strong", {}, t("collect.open")), " · ", t("collect.open_about"))));
}

// gameIcon draws the picture the registry names for a game (its "icon").
function gameIcon(icon) {
  const svg = svgBox(48, 48, { class: "game-icon", "aria-hidden": "true", focusable: "false" });
  if (icon === "flask") svg.append(flask(4, 4, 40, "liquid-green"));
  else if (icon === "cat") svg.append(cat(4, 4, 40, "fur-0"));
  else if (icon === "cube") {
    svg.append(s("path", { d: "M24 4 41 14 24 24 7 14Z", class: "face face-Y" }),
      s("path", { d: "M7 14 24 24V44L7 34Z", class: "face face-R" }),
      s("path", { d: "M24 24 41 14V34L24 44Z", class: "face face-B" }));
  } else if (icon === "monster") svg.append(monster(4, 4, 40, "monster-violet", 1));
  return svg;
}

function formatDate(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(lang() === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "long" });
}

// The real page.
if (document.body && document.body.dataset.page === "student") {
  const root = document.getElementById("home");
  const error = (err) => {
    const p = h("p", { class: "play-alert", role: "alert" }, errorText(err, t) || t("error.generic"));
    if (err && err.status === 401) { location.assign("/"); return; }
    root.prepend(p);
  };
  const actions = {
    start: async (game, edition, opponents, classmate, options) => {
      try {
        const body = classmate ? { opponents, classmate_id: classmate } : { opponents };
        if (options && options.length) body.options = options;
        const res = await play.start(game, edition, body);
        location.assign(`/play/${encodeURIComponent(res.game.id)}`);
      } catch (err) { error(err); }
    },
  };
  let data = null;
  const draw = () => { applyStatic(); if (data) renderHome(root, data, actions); };
  onLangChange(draw);
  document.getElementById("logout")?.addEventListener("click", async () => {
    try { await play.logout(); } finally { location.assign("/"); }
  });
  applyStatic();
  play.home().then((d) => {
    data = d;
    const who = document.getElementById("who");
    if (who && d.student) who.textContent = d.student.name || "";
    draw();
  }).catch(error);
}
