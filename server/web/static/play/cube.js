// Monster Cube: the hexagonal board of cube tiles, the three (or more)
// monsters, and the claim built on screen. Faces are chosen by tap or
// keyboard (each face is a focusable button); the formula a × b + c (or − c;
// + and − only in rule set #3) builds as they are chosen; a tile moves by
// drag, or by tap on the tile then tap on an empty place.

import { h, s, svgBox, button } from "./dom.js";
import { monster } from "./art.js";
import { seatNameOf, eventsBox } from "./gamebits.js";
import { centre, corners, rhombus, pathOf, hexPath, rhombusCentre, pips, bounds, emptyPlaces, moved, same, FACES } from "./hexboard.js";

const SIZE = 60;
const FACE_NAME = ["yellow", "red", "blue"];
const OP_TEXT = { "*": "×", "+": "+", "-": "−" };

function has(legal, type) { return (legal || []).some((m) => m.type === type); }

export function render(root, dto, api) {
  const { t } = api;
  const v = dto.view;
  const ui = api.ui;
  const turnBased = v.rules === 3 || v.rules === 4;
  const addsub = (v.solver && (v.solver.Arith || v.solver.arith)) === "addsub" || v.rules === 3;
  const dice = v.rules === 3;
  const base = (turnBased ? (v.boards || [])[v.seat] : v.board) || [];
  const legal = v.legal || [];
  const canClaim = has(legal, "claim") || has(legal, "find");

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
  if (ui.code !== undefined && !codes.some((m) => m.code === ui.code)) ui.code = undefined;
  if (ui.code === undefined && codes.length === 1) ui.code = codes[0].code;

  // ---- the board
  const places = [...layout.map((p) => p.at), ...emptyPlaces(layout, null)];
  const b = bounds(places, SIZE);
  const svg = svgBox(b.w, b.h, { class: "hexboard", role: "group", "aria-label": t("cube.board") });
  svg.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  const hintFaces = (v.hint && v.hint.solution && v.hint.solution.faces) || [];

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
    const g = s("g", { class: ["tile", isMoved && "moved", picked && "picked"], "data-q": p.at.q, "data-r": p.at.r });
    for (let f = 0; f < 3; f++) {
      const pts = rhombus(k, f);
      const order = ui.faces.findIndex((x) => same(x.at, p.at) && x.face === FACES[f]);
      const hinted = hintFaces.some((x) => same(x.at, p.at) && x.face === FACES[f]);
      const val = p.values[f];
      const face = s("path", { d: pathOf(pts), class: ["face", `face-${FACES[f]}`, order >= 0 && "chosen", hinted && "hinted"] });
      const [mx, my] = rhombusCentre(pts);
      const label = dice ? pips(pts, val, 4.2) : [s("text", { x: mx.toFixed(1), y: (my + 10).toFixed(1), class: "face-num", "text-anchor": "middle" }, String(val))];
      const fg = s("g", {}, face, ...label,
        order >= 0 ? s("text", { x: (mx + 16).toFixed(1), y: (my - 10).toFixed(1), class: "face-order", "text-anchor": "middle" }, "abc"[order]) : null);
      if (ui.mode === "faces" && canClaim) {
        fg.setAttribute("tabindex", "0");
        fg.setAttribute("role", "button");
        fg.setAttribute("class", "face-btn");
        fg.setAttribute("aria-pressed", String(order >= 0));
        fg.setAttribute("data-key", `f${p.at.q},${p.at.r},${f}`);
        fg.setAttribute("aria-label", t("cube.face_label", { colour: t(`cube.colour.${FACE_NAME[f]}`), n: val, q: p.at.q, r: p.at.r }));
        activate(fg, () => chooseFace(p.at, f));
      }
      g.append(fg);
    }
    g.append(s("path", { d: hexPath(cx, cy, SIZE), class: "tile-edge" }));
    if (ui.mode === "move" && canClaim) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-pressed", String(!!picked));
      g.setAttribute("data-key", `t${p.at.q},${p.at.r}`);
      g.setAttribute("aria-label", t("cube.tile_label", { y: p.values[0], r: p.values[1], b: p.values[2], q: p.at.q, r2: p.at.r }));
      activate(g, () => chooseTile(p.at));
    }
    if (canClaim && !(ui.move && ui.move.to)) draggable(g, svg, p.at, layout, (to) => {
      ui.move = { from: { q: p.at.q, r: p.at.r }, to };
      ui.faces = ui.faces.filter((x) => !same(x.at, p.at));
      ui.mode = "faces";
      rerender();
    });
    svg.append(g);
  }
  // Empty places a picked tile may go to.
  if (ui.move && ui.move.from && !ui.move.to) {
    for (const at of emptyPlaces(layout, ui.move.from)) {
      const [cx, cy] = centre(at.q, at.r, SIZE);
      const spot = s("path", { d: hexPath(cx, cy, SIZE * 0.92), class: "empty-place", tabindex: "0", role: "button",
        "data-key": `e${at.q},${at.r}`, "aria-label": t("cube.empty_label", { q: at.q, r: at.r }) });
      activate(spot, () => chooseEmpty(at));
      svg.append(spot);
    }
  }

  // ---- the monsters
  const monsters = h("div", { class: "monster-row", role: "group", "aria-label": t("cube.monsters") },
    codes.map((m) => {
      const shown = m.code + (v.rules === 2 ? (v.shift || 0) : 0);
      const picked = ui.code === m.code;
      return h("button", {
        type: "button", class: ["monster-card", picked && "selected"], "aria-pressed": String(picked), "data-key": `m${m.code}`,
        "aria-label": t("cube.monster_label", { code: shown, stars: m.stars, points: m.double ? "×2" : `+${m.points}` }),
        disabled: !canClaim || null, on: { click: () => { ui.code = picked ? undefined : m.code; rerender(); } },
      }, monsterCard(m, shown));
    }),
    codes.length ? null : h("p", { class: "empty" }, t("cube.no_monsters")));

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
  const target = ui.code !== undefined ? ui.code + (v.rules === 2 ? (v.shift || 0) : 0) : "?";
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
    if (v.rules === 2 && type === "claim") m.target = ui.target ?? defaultTarget(dto);
    const ok = await api.move(m);
    if (ok) reset(ui);
  };
  const main = [];
  if (has(legal, "claim")) main.push(button(t("cube.claim"), () => submit("claim"), { class: "primary big", "data-key": "claim", disabled: !ready || null }));
  if (has(legal, "find")) main.push(button(t("cube.find"), () => submit("find"), { class: "primary big", "data-key": "find", disabled: !ready || null }));
  if (has(legal, "pass")) main.push(button(t("cube.pass"), () => submit("pass"), { "data-key": "pass", disabled: !(ui.move && ui.move.to) || null }));
  if (has(legal, "no_solution")) main.push(button(t("cube.no_solution"), () => submit("no_solution"), { class: "warn", "data-key": "nosol" }));

  let prompt;
  if (dto.over || v.over) prompt = t("cube.over");
  else if (turnBased && v.turn !== v.seat) prompt = t("cube.wait", { name: seatNameOf(dto, v.turn, t) });
  else if (turnBased && !(ui.move && ui.move.to)) prompt = t("cube.prompt_must_move");
  else if (ui.mode === "move") prompt = ui.move ? t("cube.move_pick_place") : t("cube.prompt_move");
  else prompt = addsub ? t("cube.prompt_faces_addsub") : t("cube.prompt_faces");

  const timer = v.turn_ends ? h("p", { class: "turn-timer", role: "timer" }) : null;
  if (timer) {
    const tick = () => { timer.textContent = t("cube.seconds_left", { n: Math.max(0, Math.ceil((v.turn_ends - api.clock()) / 1000)) }); };
    tick();
    const id = setInterval(tick, 500);
    api.onCleanup(() => clearInterval(id));
  }

  const scores = h("ul", { class: "cube-scores" }, (v.won_counts || []).map((n, i) =>
    h("li", {}, t("cube.won_n", { name: seatNameOf(dto, i, t), n }),
      v.votes && v.votes[i] ? h("span", { class: "badge" }, t("cube.voted")) : null)));

  const hint = v.hint && v.hint.solution ? h("p", { class: "hint-box" }, t("cube.hint", {
    f: `${v.hint.solution.values[0]} ${OP_TEXT[v.hint.solution.ops[0]]} ${v.hint.solution.values[1]} ${OP_TEXT[v.hint.solution.ops[1]]} ${v.hint.solution.values[2]}`,
    code: v.hint.code })) : null;

  root.replaceChildren(h("div", { class: "cube-game" },
    h("div", { class: "cube-board-wrap" }, svg),
    h("div", { class: "cube-side" },
      h("p", { class: "prompt" }, prompt), timer,
      monsters,
      formula,
      moveText ? h("p", { class: "move-text" }, moveText) : null,
      h("div", { class: "actions" }, actions),
      h("div", { class: "actions" }, main),
      hint,
      h("p", { class: "pile-line" }, t("cube.pile", { n: v.pile_size }), v.last_round ? h("strong", {}, " · ", t("cube.last_round")) : null),
      scores,
      eventsBox(dto, (e) => cubeEvent(e, dto, t), t, ui))));
}

function reset(ui) {
  ui.faces = [];
  ui.move = null;
  ui.code = undefined;
}

function defaultTarget(dto) {
  const n = (dto.view.won_counts || []).length || 2;
  return (dto.view.seat + 1) % n;
}

// activate makes an SVG element act as a button: click, Enter and Space.
function activate(el, fn) {
  el.addEventListener("click", (ev) => { ev.stopPropagation(); fn(); });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fn(); }
  });
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
    g.addEventListener("click", (c) => c.stopPropagation(), { capture: true, once: true });
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

function monsterCard(m, shown) {
  const svg = svgBox(90, 120, { class: "mcard", "aria-hidden": "true", focusable: "false" });
  svg.append(
    s("rect", { x: 2, y: 2, width: 86, height: 116, rx: 9, class: `mcard-frame stars-${m.stars}` }),
    monster(22, 8, 46, `monster-kind-${((m.code - 1) >> 2) % 4}`, m.code),
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
    case "tile_moved": return t("cube.ev.moved", { me, who });
    default: return null;
  }
}
