// The signed-in home page: a placeholder per role that later features
// (play, dashboards, reports) fill in.
import { request, showError } from "./lib/api.js";
import { h } from "./lib/dom.js";
import { ready, setupLangSwitch, t } from "./lib/i18n.js";

await ready;

const main = document.getElementById("home");
let me = null;

async function render() {
  if (!me) return;
  document.getElementById("who").textContent = me.name;
  try {
    if (me.role === "teacher") await renderTeacher();
    else if (me.role === "parent") await renderParent();
    else renderStudent();
  } catch (err) {
    showError(err, t);
  }
}

async function renderTeacher() {
  const [{ classes }, all] = await Promise.all([request("GET", "/classes"), request("GET", "/classes?archived=true")]);
  // A card per class: its name, the code the children type, and the
  // class's pages as large links (the dashboard first: the daily one).
  const list = classes.length === 0 ? [h("p", {}, t("class.none"))] : [h("ul", { class: "classes class-cards" }, classes.map((c) =>
    h("li", { class: "class-card" }, h("h2", {}, c.name),
      h("p", { class: "class-code-line" }, `${t("polish.class_code")} `, h("code", {}, c.code)),
      h("div", { class: "card-links" },
        h("a", { class: "primary", href: `/dashboard/classes/${c.id}` }, t("class.dashboard")),
        h("a", { href: `/dashboard/classes/${c.id}/assignments` }, t("class.assignments")),
        h("a", { href: `/classes/${c.id}/roster` }, t("class.roster")),
        h("a", { href: `/classes/${c.id}/cards` }, t("class.cards"))))))];
  const form = h("form", { class: "inline-form", on: { submit: async (ev) => {
    ev.preventDefault();
    try {
      await request("POST", "/classes", { name: new FormData(ev.target).get("name") });
      showError(null, t);
      await render();
    } catch (err) { showError(err, t); }
  } } }, h("label", {}, t("class.new") + " ", h("input", { name: "name", required: true, maxlength: 60 })),
  h("button", { type: "submit" }, t("class.create")));
  // Archived classes (last year's, after a new school year) stay reachable:
  // their children and history are still there.
  const archived = all.classes.filter((c) => c.archived_at);
  const old = archived.length === 0 ? [] : [h("details", { class: "archived-classes" }, h("summary", {}, t("class.archived")),
    h("ul", {}, archived.map((c) => h("li", {}, h("a", { href: `/classes/${c.id}/roster` }, c.name)))))];
  main.replaceChildren(h("h1", {}, t("home.teacher")), ...list, form, ...old);
}

// levelLabel names a child's level for their parent with the words of the
// teacher's pages ("Green level (2–5)"), never its id ("green"). (The
// children's own words, "Green deck · tables 2 to 5", put a second "·" in
// the parent's line, which read as a list.)
function levelLabel(id) {
  if (id === "green" || id === "violet") return t(`dashpage.level_${id}`);
  if (id === "all-10") return t("dashpage.level_all");
  if (id === "all-12") return t("dashpage.level_all12");
  if (id === "custom") return t("child.level_custom");
  return t("child.level_none");
}

async function renderParent() {
  const { children } = await request("GET", "/children");
  const list = children.length === 0 ? [h("p", {}, t("children.none"))] : [h("ul", {}, children.map((c) =>
    h("li", {}, h("strong", {}, c.name), ` — ${levelLabel(c.level)} · `,
      h("a", { href: `/reports/students/${c.id}` }, t("child.report")))))];
  const form = h("form", { class: "inline-form", on: { submit: async (ev) => {
    ev.preventDefault();
    try {
      await request("POST", "/parent-links", { code: new FormData(ev.target).get("code") });
      if (location.search) history.replaceState(null, "", location.pathname); // the code is used
      showError(null, t);
      await render();
    } catch (err) { showError(err, t); }
  } } }, h("label", {}, t("link.code") + " ", h("input", { name: "code", required: true, maxlength: 12, autocapitalize: "characters" })),
  h("button", { type: "submit" }, t("link.add")));
  // A parents' letter's code, carried from the sign-in page (/home?code=):
  // filled in, the parent only confirms.
  const code = new URLSearchParams(location.search).get("code");
  if (code) form.elements.code.value = code;
  main.replaceChildren(h("h1", {}, t("home.parent")), ...list, form);
}

// A student's home is the play home (/student): its assignments, games and
// "continue" live there.
function renderStudent() {
  location.replace("/student");
}

async function start() {
  setupLangSwitch(render);
  document.getElementById("logout").addEventListener("click", async () => {
    try { await request("POST", "/auth/logout"); } catch { /* signed out anyway */ }
    location.assign("/");
  });
  try {
    me = await request("GET", "/me");
  } catch (err) {
    if (err.status === 401) { location.assign("/"); return; }
    showError(err, t);
    return;
  }
  await render();
  document.body.dataset.ready = "1";
}

start();
