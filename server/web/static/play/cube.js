// Monster Cube: the hexagonal board of cube tiles, the three (or more)
// monsters, and the claim built on screen. Faces are chosen by tap or
// keyboard (each face is a focusable button); the formula a × b + c (or − c;
// + and − only in rule set #3) builds as they are chosen; a tile moves by
// drag, or by tap on the tile then tap on an empty place.

import { h, s, svgBox, button, svgControl, swallowNextClick, holdTouch, revealOnFocus } from "../lib/dom.js";
import { monster } from "./art.js";
import { seatNameOf, eventsBox, hasMove } from "./common.js";
import { centre, corners, rhombus, pathOf, hexPath, rhombusCentre, pips, bounds, emptyPlaces, moved, same, FACES } from "./hexboard.js";

const SIZE = 60;
// TIGHT is the margin around a tile's centre that holds the tile and the
// thick stroke of a chosen or focused face, and nothing more.
const TIGHT = { x: (SIZE * Math.sqrt(3)) / 2 + 4, y: SIZE + 4 };
// FINGER_PX is the least size of anything a child taps.
const FINGER_PX = 44;
const FACE_NAME = ["yellow", "red", "blue"];
const OP_TEXT = { "*": "×", "+": "+", "-": "−" };

export function render(root, dto, api) {
  const { t } = api;
  const v = dto.view;
  const ui = api.ui;
  const turnBased = v.rules === 3 || v.rules === 4;
  const addsub = (v.solver && (v.solver.Arith || v.solver.arith)) === "addsub" || v.rules === 3;
  const dice = v.rules === 3;
  const base = (turnBased ? (v.boards || [])[v.seat] : v.board) || [];
  const legal = v.legal || [];
  const canClaim = hasMove(legal, "claim") || hasMove(legal, "find");

  const working = ui.code; // the monster the child was composing a formula for
  // A new state (the board or monsters changed) drops choices that no longer fit.
  const boardKey = JSON.stringify(base);
  if (ui.boardKey !== boardKey) {
    if (ui.boardKey !== undefined) reset(ui);
    ui.boardKey = boardKey;
  }
  ui.faces = ui.faces || [];
  ui.ops = ui.ops || [addsub ? "+" : "*", "+"];
  if (addsub && ui.ops[0] === "*") ui.ops[0] = "+";
  if (!addsub) ui.ops[0] = "*";
  ui.mode = ui.mode || (turnBased ? "move" : "faces");
  const layout = moved(base, ui.move && ui.move.to ? ui.move : null);
  const rerender = () => api.rerender();

  const codes = v.rules === 2 ? (v.hand || []) : (v.row || []);
  // What a card asks for: in #2 its code shifted by the modifiers in front
  // of the student, as the engine says (never below 1).
  const asks = (m) => {
    if (v.rules !== 2) return m.code;
    const i = (v.hand || []).findIndex((x) => x.code === m.code);
    return (v.hand_asks || [])[i] ?? m.code;
  };
  // Another player's catch replaces the whole row (the booklet's rule): the
  // monster the child was working on must not vanish without a word.
  if (working !== undefined && !codes.some((m) => m.code === working)) {
    const caught = (dto.events || []).filter((e) => e.type === "found" && e.seat !== dto.seat).pop();
    if (caught) {
      const p = { who: seatNameOf(dto, caught.seat, t), code: (caught.data || {}).code, mine: working };
      ui.lost = p.code === working ? t("pace.cube.caught_first", p) : t("pace.cube.row_gone", p);
    }
  }
  if (ui.code !== undefined && !codes.some((m) => m.code === ui.code)) ui.code = undefined;
  if (ui.code === undefined && codes.length === 1) ui.code = codes[0].code;

  // ---- the board
  // While a tile may move, the drawing keeps room for the empty places
  // around the tiles; choosing faces, it holds the tiles alone, drawn as
  // large as the screen allows: on a 375 px phone the starting honeycomb's
  // faces are then at least 44 px each way, big enough for a finger.
  const moving = ui.mode === "move" || (ui.move && ui.move.from && !ui.move.to);
  const hintTo = v.hint && v.hint.solution && v.hint.solution.move ? [v.hint.solution.move.to] : [];
  const b = moving
    ? bounds([...layout.map((p) => p.at), ...emptyPlaces(layout, null)], SIZE)
    : bounds([...layout.map((p) => p.at), ...hintTo], SIZE, TIGHT);
  const svg = svgBox(b.w, b.h, { class: "hexboard", role: "group", "aria-label": t("cube.board") });
  svg.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  // A layout spread wider by earlier moves is never drawn smaller than a
  // finger's 44 px for its narrowest target (a face's narrow side, or an
  // empty place while a tile moves): on a phone the board then scrolls
  // sideways in its frame and the page grows taller, rather than shrink
  // the faces under a child's finger.
  const narrowest = moving ? 0.92 * SIZE * Math.sqrt(3) : (SIZE * Math.sqrt(3)) / 2;
  svg.style.minWidth = `${Math.ceil((b.w * FINGER_PX) / narrowest)}px`;
  svg.style.minHeight = `${Math.ceil((b.h * FINGER_PX) / narrowest)}px`;
  // A hint's faces are where they lie after its tile move (if any): the
  // moved tile is drawn as a ghost at its new place, and its old place is
  // marked, so every highlighted face is where the solution uses it.
  const hintFaces = (v.hint && v.hint.solution && v.hint.solution.faces) || [];
  const hintMove = v.hint && v.hint.solution && v.hint.solution.move;

  const chooseFace = (at, f) => {
    const i = ui.faces.findIndex((x) => same(x.at, at) && x.face === FACES[f]);
    if (i >= 0) ui.faces.splice(i, 1);
    else if (ui.faces.length < 3) ui.faces.push({ at: { q: at.q, r: at.r }, face: FACES[f] });
    else api.announce(t("cube.three_already"));
    rerender();
  };
  const chooseTile = (at) => {
    if (ui.move && ui.move.to) { api.announce(t("cube.one_move")); return; }
    ui.move = ui.move && same(ui.move.from, at) ? null : { from: { q: at.q, r: at.r } };
    rerender();
  };
  const chooseEmpty = (at) => {
    if (!ui.move || !ui.move.from) return;
    ui.move.to = { q: at.q, r: at.r };
    // Faces chosen on the moved tile's old place no longer exist.
    ui.faces = ui.faces.filter((x) => !same(x.at, ui.move.from));
    ui.mode = "faces";
    rerender();
  };

  for (const p of layout) {
    const [cx, cy] = centre(p.at.q, p.at.r, SIZE);
    const k = corners(cx, cy, SIZE);
    const isMoved = ui.move && ui.move.to && same(p.at, ui.move.to);
    const picked = ui.move && !ui.move.to && same(p.at, ui.move.from);
    const hintFrom = hintMove && same(p.at, hintMove.from);
    const g = s("g", { class: ["tile", isMoved && "moved", picked && "picked", hintFrom && "hint-from"], "data-q": p.at.q, "data-r": p.at.r });
    for (let f = 0; f < 3; f++) {
      const pts = rhombus(k, f);
      const order = ui.faces.findIndex((x) => same(x.at, p.at) && x.face === FACES[f]);
      const hinted = !hintFrom && hintFaces.some((x) => same(x.at, p.at) && x.face === FACES[f]);
      const val = p.values[f];
      const face = s("path", { d: pathOf(pts), class: ["face", `face-${FACES[f]}`, order >= 0 && "chosen", hinted && "hinted"] });
      const [mx, my] = rhombusCentre(pts);
      const label = dice ? pips(pts, val, 5.5) : [s("text", { x: mx.toFixed(1), y: (my + 10).toFixed(1), class: "face-num", "text-anchor": "middle" }, String(val))];
      const fg = s("g", {}, face, ...label,
        order >= 0 ? s("text", { x: (mx + 16).toFixed(1), y: (my - 10).toFixed(1), class: "face-order", "text-anchor": "middle" }, "abc"[order]) : null);
      if (ui.mode === "faces" && canClaim) {
        fg.setAttribute("class", "face-btn");
        svgControl(fg, {
          label: t("cube.face_label", { colour: t(`cube.colour.${FACE_NAME[f]}`), n: val, q: p.at.q, r: p.at.r }),
          key: `f${p.at.q},${p.at.r},${f}`, pressed: order >= 0,
        }, () => chooseFace(p.at, f));
      }
      g.append(fg);
    }
    g.append(s("path", { d: hexPath(cx, cy, SIZE), class: "tile-edge" }));
    if (ui.mode === "move" && canClaim) {
      svgControl(g, {
        label: t("cube.tile_label", { y: p.values[0], r: p.values[1], b: p.values[2], q: p.at.q, r2: p.at.r }),
        key: `t${p.at.q},${p.at.r}`, pressed: !!picked,
      }, () => chooseTile(p.at));
    }
    if (canClaim && !(ui.move && ui.move.to)) draggable(g, svg, p.at, layout, (to) => {
      ui.move = { from: { q: p.at.q, r: p.at.r }, to };
      ui.faces = ui.faces.filter((x) => !same(x.at, p.at));
      ui.mode = "faces";
      rerender();
    });
    svg.append(g);
  }
  // The hint's moved tile, drawn (not pressable) at its new place.
  if (hintMove && !layout.some((p) => same(p.at, hintMove.to))) {
    const src = layout.find((p) => same(p.at, hintMove.from));
    if (src) {
      const [cx, cy] = centre(hintMove.to.q, hintMove.to.r, SIZE);
      const k = corners(cx, cy, SIZE);
      const ghost = s("g", { class: "tile hint-ghost", "aria-hidden": "true" });
      for (let f = 0; f < 3; f++) {
        const pts = rhombus(k, f);
        const [mx, my] = rhombusCentre(pts);
        const hinted = hintFaces.some((x) => same(x.at, hintMove.to) && x.face === FACES[f]);
        ghost.append(s("path", { d: pathOf(pts), class: ["face", `face-${FACES[f]}`, hinted && "hinted"] }),
          ...(dice ? pips(pts, src.values[f], 5.5) : [s("text", { x: mx.toFixed(1), y: (my + 10).toFixed(1), class: "face-num", "text-anchor": "middle" }, String(src.values[f]))]));
      }
      ghost.append(s("path", { d: hexPath(cx, cy, SIZE), class: "tile-edge" }));
      svg.append(ghost);
    }
  }
  // Empty places a picked tile may go to.
  if (ui.move && ui.move.from && !ui.move.to) {
    for (const at of emptyPlaces(layout, ui.move.from)) {
      const [cx, cy] = centre(at.q, at.r, SIZE);
      const spot = s("path", { d: hexPath(cx, cy, SIZE * 0.92), class: "empty-place" });
      svgControl(spot, { label: t("cube.empty_label", { q: at.q, r: at.r }), key: `e${at.q},${at.r}` }, () => chooseEmpty(at));
      svg.append(spot);
    }
  }

  // ---- the monsters
  const monsters = h("div", { class: "monster-row", role: "group", "aria-label": t("cube.monsters") },
    codes.map((m) => {
      const shown = asks(m);
      const picked = ui.code === m.code;
      return h("button", {
        type: "button", class: ["monster-card", picked && "selected"], "aria-pressed": String(picked), "data-key": `m${m.code}`,
        "aria-label": v.rules === 2 && shown !== m.code
          ? t("cube.monster_label_shift", { code: m.code, shown, stars: api.tn("cube.stars", m.stars), points: m.double ? "×2" : `+${m.points}` })
          : t("cube.monster_label", { code: shown, stars: api.tn("cube.stars", m.stars), points: m.double ? "×2" : `+${m.points}` }),
        disabled: !canClaim || null, on: { click: () => { ui.code = picked ? undefined : m.code; ui.lost = null; rerender(); } },
      }, monsterCard(m, shown));
    }),
    codes.length ? null : h("p", { class: "empty" }, t("cube.no_monsters")));

  // ---- rule set #2: the modifiers in front of the student, who receives
  // the card when it is caught, and which of their three it replaces.
  const give = v.rules === 2 ? giveBox(dto, ui, canClaim, t, api.tn, rerender) : null;

  // ---- the formula
  const vals = ui.faces.map((f) => {
    const p = layout.find((x) => same(x.at, f.at));
    return p ? p.values[FACES.indexOf(f.face)] : "?";
  });
  const slot = (i) => h("span", { class: ["slot", vals[i] === undefined && "slot-empty"] }, vals[i] === undefined ? "abc"[i] : String(vals[i]));
  const opBtn = (i, choices) => button(OP_TEXT[ui.ops[i]], () => {
    const at = choices.indexOf(ui.ops[i]);
    ui.ops[i] = choices[(at + 1) % choices.length];
    rerender();
  }, { class: "op", "data-key": `op${i}`, "aria-label": t("cube.op_label", { op: t(`cube.op.${ui.ops[i]}`) }), disabled: choices.length < 2 || null });
  const chosenCard = codes.find((m) => m.code === ui.code);
  const target = chosenCard ? asks(chosenCard) : "?";
  const formula = h("div", { class: "formula", "aria-live": "polite" },
    slot(0), addsub ? opBtn(0, ["+", "-"]) : h("span", { class: "op-fixed", "aria-label": t("cube.op.*") }, "×"),
    slot(1), opBtn(1, ["+", "-"]), slot(2), h("span", { class: "eq" }, "="), h("span", { class: "slot target" }, String(target)));

  // ---- actions
  const moveText = ui.move && ui.move.to ? t("cube.move_done", { q: ui.move.from.q, r: ui.move.from.r, q2: ui.move.to.q, r2: ui.move.to.r })
    : ui.move ? t("cube.move_pick_place") : "";
  const ready = ui.faces.length === 3 && ui.code !== undefined && (!turnBased || (ui.move && ui.move.to));
  const actions = [];
  if (canClaim) {
    actions.push(button(t("cube.mode_faces"), () => { ui.mode = "faces"; rerender(); }, { "aria-pressed": String(ui.mode === "faces"), "data-key": "mode-faces" }));
    actions.push(button(t("cube.mode_move"), () => { ui.mode = "move"; rerender(); }, { "aria-pressed": String(ui.mode === "move"), "data-key": "mode-move", disabled: (ui.move && ui.move.to) || null }));
    if (ui.move) actions.push(button(t("cube.undo_move"), () => { ui.move = null; rerender(); }, { "data-key": "undo" }));
    if (ui.faces.length) actions.push(button(t("cube.clear"), () => { ui.faces = []; rerender(); }, { "data-key": "clear" }));
  }
  const submit = async (type) => {
    const m = { type };
    if (type === "claim" || type === "find") {
      m.code = ui.code;
      m.faces = ui.faces.map((f) => ({ at: f.at, face: f.face }));
      m.ops = ui.ops.slice();
    }
    if (ui.move && ui.move.to && type !== "no_solution") m.tile = { from: ui.move.from, to: ui.move.to };
    if (v.rules === 2 && type === "claim" && seatCount(v) > 1) {
      m.target = ui.target ?? defaultTarget(dto);
      if (((v.fronts || [])[m.target] || []).length >= 3) m.replace = ui.replace || 0;
    }
    // Kept for the verdict: the formula as the child built it, and what the
    // chosen monster asked for (the attempt alone holds a × b and target ∓ c).
    if (type === "claim" || type === "find") ui.lastClaim = { values: vals.slice(), ops: ui.ops.slice(), code: ui.code, target };
    const ok = await api.move(m);
    if (ok) reset(ui);
  };
  const main = [];
  if (hasMove(legal, "claim")) main.push(button(t("cube.claim"), () => submit("claim"), { class: "primary big", "data-key": "claim", disabled: !ready || null }));
  if (hasMove(legal, "find")) main.push(button(t("cube.find"), () => submit("find"), { class: "primary big", "data-key": "find", disabled: !ready || null }));
  if (hasMove(legal, "pass")) main.push(button(t("cube.pass"), () => submit("pass"), { "data-key": "pass", disabled: !(ui.move && ui.move.to) || null }));
  if (hasMove(legal, "no_solution")) main.push(button(t("cube.no_solution"), () => submit("no_solution"), { class: "warn", "data-key": "nosol" }));

  let prompt;
  if (dto.over || v.over) prompt = t("cube.over");
  else if (turnBased && v.turn !== v.seat) prompt = t("cube.wait", { name: seatNameOf(dto, v.turn, t) });
  else if (turnBased && !(ui.move && ui.move.to)) prompt = t("cube.prompt_must_move");
  else if (ui.mode === "move") prompt = ui.move ? t("cube.move_pick_place") : t("cube.prompt_move");
  else if (turnBased) prompt = addsub ? t("cube.prompt_faces_addsub") : t("cube.prompt_faces_three_tiles");
  else prompt = t("cube.prompt_faces");
  // The booklet: a tile that moved must be one of the three faces.
  const movedRule = ui.move && ui.move.to && ui.mode === "faces" && !(dto.over || v.over) ? h("p", { class: "move-rule" }, t("cube.moved_tile_used")) : null;

  const timer = v.turn_ends ? h("p", { class: "turn-timer", role: "timer" }) : null;
  if (timer) {
    const tick = () => { timer.textContent = t("cube.seconds_left", { n: Math.max(0, Math.ceil((v.turn_ends - api.clock()) / 1000)) }); };
    tick();
    const id = setInterval(tick, 500);
    api.onCleanup(() => clearInterval(id));
  }

  const scores = h("ul", { class: "cube-scores" }, (v.won_counts || []).map((n, i) =>
    h("li", {}, api.tn("cube.won_n", n, { name: seatNameOf(dto, i, t) }),
      v.votes && v.votes[i] ? h("span", { class: "badge" }, t("cube.voted")) : null)));

  // The value reached: in #2 the code shifted by the modifiers. A hint with
  // a tile move says which tile goes where.
  const hintParams = v.hint && v.hint.solution ? {
    f: `${v.hint.solution.values[0]} ${OP_TEXT[v.hint.solution.ops[0]]} ${v.hint.solution.values[1]} ${OP_TEXT[v.hint.solution.ops[1]]} ${v.hint.solution.values[2]}`,
    code: v.hint.solution.value ?? v.hint.code,
  } : null;
  const hint = hintParams ? h("p", { class: "hint-box" }, hintMove
    ? t("cube.hint_move", { ...hintParams, q: hintMove.from.q, r: hintMove.from.r, q2: hintMove.to.q, r2: hintMove.to.r })
    : t("cube.hint", hintParams)) : null;
  const special = [v.bonuses && t("cube.special.bonuses"), v.level_decks && t("cube.special.level_decks")].filter(Boolean);

  const others = turnBased ? otherBoards(dto, dice, t) : null;
  const wrap = h("div", { class: "cube-board-wrap" }, svg);
  const scrolled = root.querySelector(".cube-board-wrap")?.scrollLeft || 0;
  root.replaceChildren(h("div", { class: ["cube-game", others && "with-others"] },
    wrap,
    others,
    h("div", { class: "cube-side" },
      h("p", { class: "prompt" }, prompt), timer,
      ui.lost ? h("p", { class: "lost-monster", role: "status" }, ui.lost) : null,
      monsters,
      formula,
      moveText ? h("p", { class: "move-text" }, moveText) : null,
      movedRule,
      h("div", { class: "actions" }, actions),
      h("div", { class: "actions" }, main),
      give,
      hint,
      h("p", { class: "pile-line" }, api.tn("cube.pile", v.pile_size), v.last_round ? h("strong", {}, " · ", t("cube.last_round")) : null),
      special.length ? h("p", { class: "special-line" }, t("cube.special", { list: special.join(", ") })) : null,
      scores,
      eventsBox(dto, (e) => cubeEvent(e, dto, t), t, ui))));
  scrollsWhenWide(wrap, scrolled);
}

// scrollsWhenWide lets the board's frame scroll sideways only when the board
// is wider than it (a board that fits keeps showing a tile dragged past its
// edge), and keeps where the child had scrolled the frame it replaces:
// every chosen face redraws the board.
function scrollsWhenWide(wrap, left) {
  if (wrap.scrollWidth <= wrap.clientWidth + 1) return;
  wrap.classList.add("scrolls");
  wrap.scrollLeft = left;
  revealOnFocus(wrap);
}

// resultScore is a seat's line in the result: the score in its unit —
// points (#1, #4, bonuses included), stars (#3), monsters (#2, where the
// score is the cards won) — beside the monsters caught that the game
// showed all along, so that a winner with fewer monsters makes sense.
export function resultScore(dto, seat, n, api) {
  const { t, tn } = api;
  const v = dto.view || {};
  const name = seatNameOf(dto, seat, t);
  if (v.rules === 2) return tn("cube.won_n", n, { name });
  const score = v.rules === 3 ? tn("cube.stars", n) : tn("cube.points", n);
  return t("cube.result_score", { name, score, won: tn("cube.monsters_n", (v.won_counts || [])[seat] || 0) });
}

// feedback is the verdict on the child's own claim in this state: their
// formula, its value and what the monster asked for (the shell shows it;
// null when the state holds no claim of theirs).
export function feedback(dto, api) {
  const { t } = api;
  const ev = (dto.events || []).filter((e) => e.seat === dto.seat && (e.type === "found" || e.type === "wrong_claim")).pop();
  if (!ev) return null;
  const d = ev.data || {};
  const c = api.ui.lastClaim && api.ui.lastClaim.code === d.code && api.ui.lastClaim.values.every((x) => typeof x === "number") ? api.ui.lastClaim : null;
  const f = c ? formulaText(c.values, c.ops) : "";
  const v = c ? formulaValue(c.values, c.ops) : 0;
  if (ev.type === "found") return c ? { tone: "right", text: () => t("cube.fb.right", { f, v, code: d.code }) } : null;
  if (!c) return { tone: "wrong", text: () => t("cube.fb.wrong_code", { code: d.code }) };
  if (!d.reason || d.reason === "cube.wrong_value") {
    // In rule set #2 the modifiers shift what a card asks for: say both.
    const key = c.target === d.code ? "cube.fb.wrong_value_code" : "cube.fb.wrong_value";
    return { tone: "wrong", text: () => t(key, { f, v, code: d.code, target: c.target }) };
  }
  return { tone: "wrong", text: () => {
    const why = t(`reason.${d.reason}`);
    return t("cube.fb.wrong_faces", { f, v, why: why.startsWith("reason.") ? "" : why });
  } };
}

// formulaText writes a claim as the child built it: "7 × 2 + 5".
function formulaText(vals, ops) {
  return `${vals[0]} ${OP_TEXT[ops[0]]} ${vals[1]} ${OP_TEXT[ops[1]]} ${vals[2]}`;
}

// formulaValue is what the formula makes: × before + and −, else left to right.
function formulaValue([a, b, c], ops) {
  const ab = ops[0] === "*" ? a * b : ops[0] === "-" ? a - b : a + b;
  return ops[1] === "-" ? ab - c : ab + c;
}

function reset(ui) {
  ui.faces = [];
  ui.move = null;
  ui.code = undefined;
}

function seatCount(v) { return (v.won_counts || []).length || 1; }

// defaultTarget is the engine's default: the next seat.
function defaultTarget(dto) {
  return (dto.view.seat + 1) % seatCount(dto.view);
}

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; }

// giveBox (rule set #2): the student's own modifiers, then a choice of the
// player who receives the card and, when that player already has three
// cards in front of them, which one the new card replaces (0 the oldest).
function giveBox(dto, ui, canClaim, t, tn, rerender) {
  const v = dto.view;
  const n = seatCount(v);
  const fronts = v.fronts || [];
  const mine = fronts[v.seat] || [];
  const own = h("p", { class: "shift-line" }, mine.length
    ? t("cube.shift_line", { mods: mine.map(signed).join(", "), shift: signed(v.shift || 0) })
    : t("cube.shift_none"),
    (v.pile_sizes || [])[v.seat] !== undefined ? h("span", { class: "pile-own" }, " · ", tn("cube.own_pile", v.pile_sizes[v.seat])) : null);
  if (n < 2) return h("section", { class: "give-box" }, own);
  if (ui.target === undefined || ui.target === v.seat || ui.target >= n) ui.target = defaultTarget(dto);
  const front = fronts[ui.target] || [];
  if (!(ui.replace >= 0 && ui.replace < front.length)) ui.replace = 0;
  const seats = [];
  for (let i = 0; i < n; i++) {
    if (i === v.seat) continue;
    const k = (fronts[i] || []).length;
    const name = seatNameOf(dto, i, t);
    seats.push(button([h("span", {}, name), h("span", { class: "front-count" }, t("cube.front_count", { n: k }))], () => { ui.target = i; rerender(); }, {
      class: "give-seat", "aria-pressed": String(ui.target === i), "data-key": `give${i}`, disabled: !canClaim || null,
      "aria-label": t("cube.give_to_label", { name, n: k }),
    }));
  }
  const parts = [own, h("h2", { class: "zone-title" }, t("cube.give_title")), h("div", { class: "actions", role: "group", "aria-label": t("cube.give_title") }, seats)];
  if (front.length >= 3) {
    const name = seatNameOf(dto, ui.target, t);
    parts.push(h("p", { class: "replace-q" }, t("cube.replace_title", { name })),
      h("div", { class: "actions", role: "group", "aria-label": t("cube.replace_title", { name }) }, front.map((mod, j) =>
        button([frontCard(mod), h("span", {}, j === 0 ? t("cube.oldest") : j === front.length - 1 ? t("cube.newest") : t("cube.middle"))], () => { ui.replace = j; rerender(); }, {
          class: "front-btn", "aria-pressed": String(ui.replace === j), "data-key": `replace${j}`, disabled: !canClaim || null,
          "aria-label": t("cube.replace_label", { mod: signed(mod), which: j === 0 ? t("cube.oldest") : j === front.length - 1 ? t("cube.newest") : t("cube.middle") }),
        }))));
  }
  return h("section", { class: "give-box", "aria-label": t("cube.give_title") }, parts);
}

// frontCard is the back of a card laid in front of a player: only its
// modifier shows.
function frontCard(mod) {
  return svgBox(44, 58, { class: "front-card", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 2, y: 2, width: 40, height: 54, rx: 6, class: "card-back" }),
    s("text", { x: 22, y: 37, class: "front-mod", "text-anchor": "middle" }, signed(mod)));
}

// otherBoards draws the other players' tiles small and read-only (rules #3
// and #4: every board lies open on the table).
function otherBoards(dto, dice, t) {
  const v = dto.view;
  const out = [];
  (v.boards || []).forEach((layout, i) => {
    if (i === v.seat || !layout) return;
    const name = seatNameOf(dto, i, t);
    // Nobody plays once the game is over: "Minou's tiles · playing" under
    // "The game is over." said otherwise.
    const plays = i === v.turn && !(dto.over || v.over);
    out.push(h("figure", { class: ["mini-board", plays && "turn"] },
      h("div", { role: "img", "aria-label": t("cube.board_of_label", { name, tiles: layout.map((p) => p.values.join("-")).join(", ") }) }, tilesSVG(layout, dice)),
      h("figcaption", {}, t("cube.board_of", { name }), plays ? h("span", { class: "badge turn" }, t("cube.their_turn")) : null)));
  });
  return out.length ? h("div", { class: "cube-others" }, out) : null;
}

// tilesSVG draws a layout without any control (for a small, read-only board).
function tilesSVG(layout, dice) {
  const b = bounds(layout.map((p) => p.at), SIZE);
  const svg = svgBox(b.w, b.h, { class: "hexboard mini", "aria-hidden": "true", focusable: "false" });
  svg.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  for (const p of layout) {
    const [cx, cy] = centre(p.at.q, p.at.r, SIZE);
    const k = corners(cx, cy, SIZE);
    const g = s("g", { class: "tile" });
    for (let f = 0; f < 3; f++) {
      const pts = rhombus(k, f);
      const [mx, my] = rhombusCentre(pts);
      g.append(s("path", { d: pathOf(pts), class: ["face", `face-${FACES[f]}`] }),
        ...(dice ? pips(pts, p.values[f], 6.5) : [s("text", { x: mx.toFixed(1), y: (my + 12).toFixed(1), class: "face-num mini-num", "text-anchor": "middle" }, String(p.values[f]))]));
    }
    g.append(s("path", { d: hexPath(cx, cy, SIZE), class: "tile-edge" }));
    svg.append(g);
  }
  return svg;
}

// draggable lets a tile be dragged onto an empty place. A short press stays
// a tap (the click handlers do the rest).
function draggable(g, svg, from, layout, onDrop) {
  let start = null;
  let ghost = null;
  const toSVG = (ev) => {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  };
  g.addEventListener("pointerdown", (ev) => { start = toSVG(ev); });
  // A finger on a tile drags the tile, not the board's frame when it scrolls.
  holdTouch(g, () => start !== null);
  g.addEventListener("pointermove", (ev) => {
    if (!start) return;
    const p = toSVG(ev);
    const dx = p.x - start.x, dy = p.y - start.y;
    if (!ghost && Math.hypot(dx, dy) < 12) return;
    if (!ghost) g.setPointerCapture(ev.pointerId); // only a real drag captures: a tap stays a click on its face
    ghost = true;
    g.setAttribute("transform", `translate(${dx.toFixed(1)} ${dy.toFixed(1)})`);
    g.classList.add("dragging");
  });
  const end = (ev) => {
    if (!start) return;
    const wasDrag = ghost;
    const p = toSVG(ev);
    start = null; ghost = null;
    g.removeAttribute("transform");
    g.classList.remove("dragging");
    if (!wasDrag) return;
    ev.preventDefault();
    // Swallow the click that follows a drag, so it does not also pick a face.
    swallowNextClick(g);
    let best = null, bestD = Infinity;
    for (const at of emptyPlaces(layout, from)) {
      const [cx, cy] = centre(at.q, at.r, SIZE);
      const d = Math.hypot(cx - p.x, cy - p.y);
      if (d < bestD) { bestD = d; best = at; }
    }
    if (best && bestD < SIZE) onDrop(best);
  };
  g.addEventListener("pointerup", end);
  g.addEventListener("pointercancel", () => { start = null; ghost = null; g.removeAttribute("transform"); });
}

// monsterCard draws a monster card. In rule set #2, when the modifiers in
// front of the student shift the codes, the printed code shows at the top
// and the value to reach in big.
export function monsterCard(m, shown) {
  const svg = svgBox(90, 120, { class: "mcard", "aria-hidden": "true", focusable: "false" });
  const shifted = shown !== m.code;
  svg.append(
    s("rect", { x: 2, y: 2, width: 86, height: 116, rx: 9, class: `mcard-frame stars-${m.stars}` }),
    s("text", { x: 45, y: 18, class: "mcard-printed", "text-anchor": "middle" }, shifted ? `${m.code} ${signed(shown - m.code)}` : ""),
    monster(22, shifted ? 19 : 8, shifted ? 42 : 46, `monster-kind-${((m.code - 1) >> 2) % 4}`, m.code),
    s("text", { x: 45, y: 86, class: "num", "text-anchor": "middle" }, String(shown)),
    s("text", { x: 45, y: 110, class: "mcard-meta", "text-anchor": "middle" }, `${"★".repeat(m.stars)} ${m.double ? "×2" : "+" + m.points}`));
  return svg;
}

function cubeEvent(e, dto, t) {
  const who = seatNameOf(dto, e.seat, t);
  const me = e.seat === dto.seat;
  const d = e.data || {};
  switch (e.type) {
    case "found": return t("cube.ev.found", { me, who, code: d.code });
    case "wrong_claim": return t("cube.ev.wrong", { me, who, code: d.code, why: d.reason && !t(`reason.${d.reason}`).startsWith("reason.") ? t(`reason.${d.reason}`) : "" });
    case "no_solution_claim": return t("cube.ev.nosol", { me, who });
    case "pass": return t("cube.ev.pass", { me, who });
    case "time_up": return t("cube.ev.time_up", { me, who });
    case "no_solution_wrong": return d.code === undefined ? t("cube.ev.nosol_wrong_hand") : t("cube.ev.nosol_wrong", { code: d.code });
    case "no_solution_upheld": return t("cube.ev.nosol_upheld");
    case "over": return null; // the result panel says it
    case "tile_moved": return t("cube.ev.moved", { me, who });
    default: return null;
  }
}
