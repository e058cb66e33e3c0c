// The signed-in home page: a placeholder per role that later features
// (play, dashboards, reports) fill in.
import { api, el, showError } from "./api.js";
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
    showError(err);
  }
}

async function renderTeacher() {
  const [{ classes }, all] = await Promise.all([api("GET", "/classes"), api("GET", "/classes?archived=true")]);
  const list = classes.length === 0 ? [el("p", {}, t("class.none"))] : [el("ul", { class: "classes" }, classes.map((c) =>
    el("li", {}, el("strong", {}, c.name), ` — ${t("class.code")} `, el("code", {}, c.code), " · ",
      el("a", { href: `/classes/${c.id}/roster` }, t("class.roster")), " · ",
      el("a", { href: `/classes/${c.id}/cards` }, t("class.cards")), " · ",
      el("a", { href: `/dashboard/classes/${c.id}` }, t("class.dashboard")), " · ",
      el("a", { href: `/dashboard/classes/${c.id}/assignments` }, t("class.assignments")))))];
  const form = el("form", { class: "inline-form", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await api("POST", "/classes", { name: new FormData(ev.target).get("name") });
      showError(null);
      await render();
    } catch (err) { showError(err); }
  } }, el("label", {}, t("class.new") + " ", el("input", { name: "name", required: true, maxlength: 60 })),
  el("button", { type: "submit" }, t("class.create")));
  // Archived classes (last year's, after a new school year) stay reachable:
  // their children and history are still there.
  const archived = all.classes.filter((c) => c.archived_at);
  const old = archived.length === 0 ? [] : [el("details", { class: "archived-classes" }, el("summary", {}, t("class.archived")),
    el("ul", {}, archived.map((c) => el("li", {}, el("a", { href: `/classes/${c.id}/roster` }, c.name)))))];
  main.replaceChildren(el("h1", {}, t("home.teacher")), ...list, form, ...old);
}

async function renderParent() {
  const { children } = await api("GET", "/children");
  const list = children.length === 0 ? [el("p", {}, t("children.none"))] : [el("ul", {}, children.map((c) =>
    el("li", {}, el("strong", {}, c.name), ` — ${t("level")} ${c.level} · `,
      el("a", { href: `/reports/students/${c.id}` }, t("child.report")))))];
  const form = el("form", { class: "inline-form", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await api("POST", "/parent-links", { code: new FormData(ev.target).get("code") });
      showError(null);
      await render();
    } catch (err) { showError(err); }
  } }, el("label", {}, t("link.code") + " ", el("input", { name: "code", required: true, maxlength: 12, autocapitalize: "characters" })),
  el("button", { type: "submit" }, t("link.add")));
  main.replaceChildren(el("h1", {}, t("home.parent")), ...list, form);
}

// A student's home is the play home (/student): its assignments, games and
// "continue" live there.
function renderStudent() {
  location.replace("/student");
}

async function start() {
  setupLangSwitch(render);
  document.getElementById("logout").addEventListener("click", async () => {
    try { await api("POST", "/auth/logout"); } catch { /* signed out anyway */ }
    location.assign("/");
  });
  try {
    me = await api("GET", "/me");
  } catch (err) {
    if (err.status === 401) { location.assign("/"); return; }
    showError(err);
    return;
  }
  await render();
  document.body.dataset.ready = "1";
}

start();
