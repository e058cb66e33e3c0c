// Renders the student home from fixtures/home.json; start() only logs.
const q = new URLSearchParams(location.search);
if (q.get("lang")) document.cookie = `lang=${q.get("lang")}; path=/`;
const { renderHome } = await import("../home.js");
const { applyStatic, onLangChange } = await import("../../lib/i18n.js");
const data = await (await fetch("fixtures/home.json")).json();
const sent = document.getElementById("sent");
const actions = { start: async (game, edition, opponents, classmate, options) => { sent.textContent += JSON.stringify({ game, edition, opponents, options }) + "\n"; } };
const draw = () => { applyStatic(); renderHome(document.getElementById("home"), data, actions); };
onLangChange(draw);
draw();
// &open=options-magicoa;… unfolds a game's menu (for screenshots).
for (const k of (q.get("open") || "").split(";").filter(Boolean)) document.querySelector(`[data-key="${k}"]`)?.setAttribute("open", "");
