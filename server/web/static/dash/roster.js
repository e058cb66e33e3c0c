// The roster page: the class's children and what a teacher does with them
// (add, paste, import, rename, move, new PIN or pictures, export, erase;
// rename, archive or carry the class into a new school year), all through
// the JSON API, which checks the CSRF token a plain HTML form cannot send.
// The words are the catalogue's "roster.js." texts, in the page's language.
import { request, showError } from "../lib/api.js";
import { h } from "../lib/dom.js";
import { lang as textLang, ready, setLang, t, tn } from "../lib/i18n.js";

const $ = (id) => document.getElementById(id);
const body = document.body;
const classID = Number(body.dataset.class);
const lang = body.dataset.lang === "fr" ? "fr" : "en";
let className = body.dataset.className;

await ready;
// The server wrote the page in its language (?lang= of the switch links):
// the script's words follow it.
if (textLang() !== lang) await setLang(lang);

let students = [];
let otherClasses = [];
let pending = null; // the preview on screen: { source, names }

function status(message) {
  const p = $("status");
  p.textContent = message || "";
  p.hidden = !message;
}

function done(message) {
  showError(null, t);
  status(message);
}

function secretKind() {
  return document.querySelector('input[name="kind"]:checked')?.value ?? "pin";
}

async function load() {
  const [list, mine] = await Promise.all([request("GET", `/classes/${classID}/students`), request("GET", "/classes")]);
  students = list.students;
  otherClasses = mine.classes.filter((c) => c.id !== classID);
  drawStudents();
  drawCarry();
}

// --- The list of children -------------------------------------------------

function drawStudents() {
  $("student-count").textContent = students.length ? `(${students.length})` : "";
  $("no-students").hidden = students.length > 0;
  // No child, no letter to print.
  $("letters-link").hidden = students.length === 0;
  $("students").replaceChildren(...students.map(studentItem));
}

function studentItem(s) {
  const rename = h("form", { class: "inline-form rename", on: { submit: (ev) => renameStudent(ev, s) } },
    h("label", {}, t("roster.js.rename_child"), " ", h("input", { name: "name", value: s.name, maxlength: 60, required: true })),
    h("button", { type: "submit" }, t("roster.js.rename")));
  const resets = h("p", { class: "actions" },
    h("button", { type: "button", "data-act": "reset-pin", on: { click: () => resetSecret(s, "pin") } }, t("roster.js.new_pin")),
    h("button", { type: "button", "data-act": "reset-pictures", on: { click: () => resetSecret(s, "pictures") } }, t("roster.js.new_pictures")));
  const move = otherClasses.length === 0
    ? h("p", { class: "muted" }, t("roster.js.no_other_class"))
    : h("form", { class: "inline-form move", on: { submit: (ev) => moveStudent(ev, s) } },
      h("label", {}, t("roster.js.move_to"), " ", h("select", { name: "class_id" }, otherClasses.map((c) => h("option", { value: c.id }, c.name)))),
      h("button", { type: "submit" }, t("roster.js.move")));
  const links = h("p", { class: "actions" },
    h("a", { href: `/api/v1/students/${s.id}/export`, download: `${s.name}.json` }, t("roster.js.export")),
    h("a", { href: `/dashboard/students/${s.id}?lang=${lang}` }, t("roster.js.student_page")));
  const erase = h("p", {}, h("button", { type: "button", class: "danger", "data-act": "erase", on: { click: () => eraseStudent(s) } }, t("roster.js.erase")));
  // The login policy's notice: someone failed to sign in as this child
  // several times today from devices the child never used. The teacher
  // can let the child try again at once, or give a new password.
  const failed = !s.failed_logins ? [] : [h("p", { class: "notice failed-logins", "data-act": "failed-logins" }, "⚠ ", t("roster.js.failed_logins", { n: s.failed_logins }), " ",
      h("button", { type: "button", "data-act": "unlock", on: { click: () => unlockStudent(s) } }, t("roster.js.unlock")))];
  // The parents under the child's name: read above it, they seemed to
  // belong to the child before.
  return h("li", { class: "student", id: `student-${s.id}`, "data-name": s.name },
    h("details", {},
      h("summary", {}, h("span", { class: "student-name" }, s.name), " ",
        h("span", { class: "muted kind" }, s.secret_kind === "pictures" ? t("roster.js.pictures") : t("roster.js.pin")),
        s.failed_logins ? [h("span", { class: "badge-warn", title: t("roster.js.failed_logins", { n: s.failed_logins }) }, " ⚠")] : []),
      h("div", { class: "student-actions" }, failed, rename, resets, move, links, erase)),
    parentsLine(s));
}

// parentsLine lists the parents linked to the child, each with an Unlink
// button: the teacher sees who follows the child, without opening it.
function parentsLine(s) {
  const parents = s.parents ?? [];
  if (parents.length === 0) return h("p", { class: "parents muted", "data-act": "parents" }, t("roster.js.no_parent"));
  return h("p", { class: "parents", "data-act": "parents" }, t("roster.js.parents"), lang === "fr" ? "\u00a0: " : ": ",
    parents.map((p, i) => h("span", { class: "parent", "data-parent": p.id },
      i > 0 ? " · " : "", p.name ? `${p.name} (${p.email})` : p.email, " ",
      h("button", { type: "button", class: "link", "data-act": "unlink", on: { click: () => unlinkParent(s, p) } }, t("roster.js.unlink")))));
}

async function unlinkParent(s, p) {
  const parent = p.name || p.email;
  const ok = await ask({ title: t("roster.js.unlink_title", { parent, name: s.name }), text: t("roster.js.unlink_text", { parent, name: s.name }), ok: t("roster.js.unlink_ok"), danger: true });
  if (!ok) return;
  try {
    await request("DELETE", `/students/${s.id}/parents/${p.id}`);
    await load();
    done(t("roster.js.unlinked", { parent, name: s.name }));
  } catch (err) { showError(err, t); }
}

async function unlockStudent(s) {
  try {
    await request("POST", `/students/${s.id}/unlock`);
    await load();
    done(t("roster.js.unlocked", { name: s.name }));
  } catch (err) { showError(err, t); }
}

async function renameStudent(ev, s) {
  ev.preventDefault();
  try {
    const r = await request("PATCH", `/students/${s.id}`, { name: new FormData(ev.target).get("name") });
    await load();
    done(t("roster.js.renamed", { name: r.name }));
  } catch (err) { showError(err, t); }
}

async function resetSecret(s, kind) {
  const ok = await ask({ title: t(kind === "pin" ? "roster.js.reset_pin_title" : "roster.js.reset_pictures_title", { name: s.name }), text: t("roster.js.reset_text"), ok: t("roster.js.reset_ok") });
  if (!ok) return;
  try {
    const r = await request("POST", `/students/${s.id}/secret`, { kind });
    await load();
    showError(null, t);
    showSecrets([r]);
  } catch (err) { showError(err, t); }
}

async function moveStudent(ev, s) {
  ev.preventDefault();
  const id = Number(new FormData(ev.target).get("class_id"));
  const to = otherClasses.find((c) => c.id === id)?.name ?? "";
  try {
    await request("POST", `/students/${s.id}/move`, { class_id: id });
    await load();
    done(t("roster.js.moved", { name: s.name, class: to }));
  } catch (err) { showError(err, t); }
}

async function eraseStudent(s) {
  const ok = await ask({
    title: t("roster.js.erase_title", { name: s.name }), text: t("roster.js.erase_text", { name: s.name }),
    typeLabel: t("roster.js.erase_type", { name: s.name }), typeName: s.name, ok: t("roster.js.erase_ok"), danger: true,
  });
  if (!ok) return;
  try {
    await request("DELETE", `/students/${s.id}`);
    await load();
    done(t("roster.js.erased", { name: s.name }));
  } catch (err) { showError(err, t); }
}

// showSecrets shows new PINs or pictures, once: the page does not keep them.
function showSecrets(list) {
  $("secrets-list").replaceChildren(...list.map((s) => h("li", { class: "secret", "data-student": s.id },
    h("strong", {}, s.name), " ",
    s.pictures
      ? h("span", { class: "secret-pictures" }, t("roster.js.secret_pictures"), " ", s.pictures.map((p, i) => h("span", { class: "pic" },
        h("img", { src: `/static/pictures/${p}.svg`, alt: t(`picture.${p}`), width: 40, height: 40 }),
        h("span", { class: "pic-n" }, String(i + 1)))))
      : h("span", {}, t("roster.js.secret_pin"), " ", h("span", { class: "secret-pin" }, s.pin)))));
  $("new-secrets").hidden = false;
  $("new-secrets").scrollIntoView({ block: "start" });
}

// --- The confirmation dialog ----------------------------------------------

let expected = null; // the name to type, or null

function same(a, b) {
  const norm = (s) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase(lang);
  return norm(a) === norm(b);
}

function checkTyped() {
  $("dialog-ok").disabled = expected !== null && !same($("dialog-input").value, expected);
}

// ask opens the dialog and resolves true when the teacher confirms. With
// typeName, the confirmation stays disabled until that name is typed.
function ask({ title, text, more = "", ok, typeLabel = "", typeName = null, danger = false }) {
  const d = $("confirm-dialog");
  $("dialog-title").textContent = title;
  $("dialog-text").textContent = text;
  $("dialog-more").textContent = more;
  $("dialog-more").hidden = !more;
  $("dialog-ok").textContent = ok;
  $("dialog-ok").classList.toggle("danger", danger);
  $("dialog-type").hidden = typeName === null;
  $("dialog-type-label").textContent = typeLabel;
  $("dialog-input").value = "";
  expected = typeName;
  checkTyped();
  d.returnValue = "";
  settle?.(false);
  return new Promise((resolve) => {
    settle = resolve;
    d.showModal();
    if (typeName !== null) $("dialog-input").focus();
  });
}

// settle answers the one question the dialog is asking. One close listener
// for the page, not one per question: a listener left from a question whose
// close event had not arrived yet when the teacher opened the next one
// answered that next one too, and one "OK" unlinked twice (the second a 404).
let settle = null;

function dialogClosed() {
  const d = $("confirm-dialog");
  if (d.open) return; // the close of an earlier question, arriving after the next one opened
  const s = settle;
  settle = null;
  s?.(d.returnValue === "ok");
}

// --- Adding: one child, a pasted list, a file -----------------------------

async function preview(source) {
  return request("POST", `/classes/${classID}/roster/preview`, source);
}

async function addOne(ev) {
  ev.preventDefault();
  const form = ev.target;
  const text = String(new FormData(form).get("name") || "");
  try {
    const p = await preview({ text });
    // One name, nothing to say about it: added at once. Otherwise (already
    // in the class, two names, a bad one) the preview says why.
    if (p.rows.length === 1 && p.names.length === 1 && p.rows[0].notes.length === 0) {
      await commit(p.names);
      form.reset();
    } else {
      showPreview(p, { text });
    }
  } catch (err) { showError(err, t); }
}

async function pasteList(ev) {
  ev.preventDefault();
  const text = String(new FormData(ev.target).get("text") || "");
  try {
    showPreview(await preview({ text }), { text });
  } catch (err) { showError(err, t); }
}

async function base64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

async function importFile(ev) {
  ev.preventDefault();
  const file = $("import-file").files[0];
  if (!file) return;
  try {
    const source = { file: await base64(file) };
    showPreview(await preview(source), source);
  } catch (err) { showError(err, t); }
}

function formatLine(p) {
  const f = p.format;
  const enc = f.encoding;
  if (!f.header_line) return t("roster.js.format_noheader", { encoding: enc });
  const sep = f.separator === "tab" ? t("roster.js.sep_tab") : f.separator || t("roster.js.sep_none");
  const cols = f.columns.map((c) => `${c.title} (${t(`roster.js.col.${c.kind}`)})`).join(", ");
  return t("roster.js.format", { encoding: enc, sep, line: f.header_line, columns: cols });
}

function showPreview(p, source) {
  showError(null, t);
  status("");
  pending = { source, names: p.names };
  $("preview-format").textContent = formatLine(p);
  const choice = $("group-choice");
  choice.hidden = p.groups.length < 2;
  if (p.groups.length >= 2) {
    $("group").replaceChildren(h("option", { value: "*" }, t("roster.js.all_groups")),
      ...p.groups.map((g) => h("option", { value: g.name }, `${g.name} (${g.count})`)));
    $("group").value = p.group || "*";
  }
  $("preview-summary").textContent = t("roster.js.summary", { ...p.counts, empty: p.empty });
  $("preview-too-many").textContent = t("roster.js.too_many", { max: p.max });
  $("preview-too-many").hidden = !p.too_many;
  // The other classes of a school's export are counted, not listed.
  const rows = p.rows.filter((r) => r.status !== "other_group");
  $("preview-table").tBodies[0].replaceChildren(...rows.map((r) => h("tr", { class: `st-${r.status}`, "data-line": r.line },
    h("td", { class: "num line" }, String(r.line)),
    h("td", { class: "name" }, r.name ? h("strong", {}, r.name) : "—"),
    h("td", {}, r.first_name), h("td", {}, r.last_name), h("td", {}, r.birth_date),
    h("td", { class: "what" }, h("span", { class: `tag tag-${r.status}` }, t(`roster.js.status.${r.status}`)), " ", r.message))));
  const button = $("confirm-import");
  button.disabled = p.names.length === 0 || p.too_many;
  button.textContent = p.names.length === 0 ? t("roster.js.nothing") : tn("roster.js.confirm", p.names.length);
  $("preview").hidden = false;
  $("preview").scrollIntoView({ block: "start" });
}

async function changeGroup() {
  if (!pending) return;
  const source = { ...pending.source, group: $("group").value };
  try {
    showPreview(await preview(source), source);
  } catch (err) { showError(err, t); }
}

// commit adds the previewed names, all or none, and shows their secrets.
async function commit(names) {
  const r = await request("POST", `/classes/${classID}/students`, { names: names.join("\n"), secret_kind: secretKind() });
  await load();
  done(tn("roster.js.added", r.students.length));
  showSecrets(r.students);
}

async function confirmImport() {
  if (!pending) return;
  try {
    await commit(pending.names);
    closePreview();
    $("paste-form").reset();
    $("import-form").reset();
  } catch (err) { showError(err, t); }
}

function closePreview() {
  pending = null;
  $("preview").hidden = true;
}

// --- The class ------------------------------------------------------------

function drawCarry() {
  $("carry").replaceChildren(...students.map((s) => h("label", { class: "row" },
    h("input", { type: "checkbox", name: "carry", value: s.id, checked: true }), " ", s.name)));
}

async function renameClass(ev) {
  ev.preventDefault();
  try {
    const c = await request("PATCH", `/classes/${classID}`, { name: new FormData(ev.target).get("name") });
    className = c.name;
    $("class-title").textContent = c.name;
    document.title = document.title.replace(body.dataset.className, c.name);
    body.dataset.className = c.name;
    done(t("roster.js.class_renamed", { name: c.name }));
  } catch (err) { showError(err, t); }
}

async function archiveClass() {
  const ok = await ask({ title: t("roster.js.archive_title", { class: className }), text: $("archive-help").textContent, ok: t("roster.js.archive_ok"), danger: true });
  if (!ok) return;
  try {
    await request("POST", `/classes/${classID}/archive`);
    location.assign("/home");
  } catch (err) { showError(err, t); }
}

async function newYear(ev) {
  ev.preventDefault();
  const data = new FormData(ev.target);
  const name = String(data.get("name") || "").trim();
  const ids = data.getAll("carry").map(Number);
  const archive = data.get("archive") === "on";
  const ok = await ask({
    title: t("roster.js.year_title", { new: name, class: className }), text: t("roster.js.year_text", { new: name, n: ids.length }),
    more: archive ? t("roster.js.year_archive", { class: className }) : "", ok: t("roster.js.year_ok"),
  });
  if (!ok) return;
  try {
    const r = await request("POST", `/classes/${classID}/new-year`, { name, student_ids: ids, archive });
    location.assign(`/classes/${r.class.id}/roster?lang=${lang}`);
  } catch (err) { showError(err, t); }
}

async function start() {
  $("add-one").addEventListener("submit", addOne);
  $("paste-form").addEventListener("submit", pasteList);
  $("import-form").addEventListener("submit", importFile);
  $("group").addEventListener("change", changeGroup);
  $("confirm-import").addEventListener("click", confirmImport);
  $("cancel-import").addEventListener("click", closePreview);
  $("secrets-done").addEventListener("click", () => { $("new-secrets").hidden = true; $("secrets-list").replaceChildren(); });
  $("rename-class").addEventListener("submit", renameClass);
  $("new-year").addEventListener("submit", newYear);
  $("archive-class")?.addEventListener("click", archiveClass);
  $("dialog-input").addEventListener("input", checkTyped);
  $("confirm-dialog").addEventListener("close", dialogClosed);
  $("logout").addEventListener("click", async () => {
    try { await request("POST", "/auth/logout"); } catch { /* signed out anyway */ }
    location.assign("/");
  });
  try {
    await load();
  } catch (err) { showError(err, t); }
  body.dataset.ready = "1";
}

start();
