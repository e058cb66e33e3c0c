// The dev harness: runs the real shell and game modules on hand-written
// fixtures (fixtures/<name>.json, a GameDTO each) with a fake transport that
// logs the moves it is sent. Query: ?fixture=potion-3&lang=fr&click=a;b
// (press the elements with those data-key values, for screenshots)
// &refuse=1 (refuse every move with a sample rule message) &summary=1
// &push=<fixture> (a later state arriving), &moved_attempts=<JSON> and
// &moved_events=<JSON> (what the state after a move brings: the child's
// attempts and the events, to see a verdict and the log say them),
// &guide=1 (the first-time guide and its buttons, as on the real page).

const q = new URLSearchParams(location.search);
if (q.get("lang")) document.cookie = `lang=${q.get("lang")}; path=/`;

const { mount } = await import("../shell.js");
const { APIError } = await import("../../lib/api.js");

const name = q.get("fixture") || "potion-3";
const sent = document.getElementById("sent");
let dto = await (await fetch(`fixtures/${name}.json`)).json();

const transport = {
  game: async () => dto,
  open: async () => dto,
  move: async (id, version, seq, move) => {
    sent.textContent += JSON.stringify({ version, seq, move }) + "\n";
    if (q.get("refuse")) {
      throw new APIError(422, "potion.wrong_product", document.documentElement.lang === "fr"
        ? "3 × 4 ne fait pas 15. Pas de pénalité : essaie encore !"
        : "3 × 4 does not make 15. No penalty: try again!");
    }
    dto = {
      ...dto, version: dto.version + 1,
      events: JSON.parse(q.get("moved_events") || "[]"),
      attempts: q.get("moved_attempts") ? JSON.parse(q.get("moved_attempts")) : dto.attempts,
    };
    return dto;
  },
  end: async () => ({ facts_answered: 12, correct: 10, became_fluent: [{ a: 6, b: 7 }, { a: 3, b: 8 }], to_watch: { a: 7, b: 8 }, stars: 2, trophies: 5 }),
  start: async () => ({ game: { id: name } }),
  me: async () => ({ role: "student", id: 1 }),
};

const page = await mount({ root: document.getElementById("play"), gameID: name, transport, socket: false, guide: q.get("guide") === "1" });
for (const key of (q.get("click") || "").split(";").filter(Boolean)) {
  await new Promise((r) => setTimeout(r, 50));
  const el = document.querySelector(`[data-key="${key}"]`);
  if (el) el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}
// &push=<fixture> then arrives as a new state, as the socket would bring it.
if (q.get("push")) await page.accept(await (await fetch(`fixtures/${q.get("push")}.json`)).json());
if (q.get("summary")) { try { await page.finish(); } catch (e) { sent.textContent += "finish: " + e + "\n"; } }
if (q.get("focus")) document.querySelector(`[data-key="${q.get("focus")}"]`)?.focus();
document.body.dataset.ready = "1";
