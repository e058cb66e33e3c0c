// The assignments page: create and archive through the JSON API (which
// checks the CSRF token a plain HTML form cannot send), then reload the
// server-rendered list.
import { request, showError, errorText } from "../lib/api.js";
import { h } from "../lib/dom.js";
import { ready, t } from "../lib/i18n.js";

await ready;

const form = document.getElementById("assignment-form");

function assignmentBody(data) {
  const body = {
    title: data.get("title") || "",
    games: data.getAll("games"),
    target: { unit: data.get("unit"), per_week: Number(data.get("per_week")) },
    start: data.get("start"),
    timers: data.get("timers") === "on",
    student_ids: data.getAll("students").map(Number),
  };
  if (data.get("due")) body.due = data.get("due");
  if (data.get("level") === "custom") {
    body.tables = String(data.get("tables") || "").split(/[^0-9]+/).filter(Boolean).map(Number);
  } else {
    body.level = data.get("level");
  }
  return body;
}

// A refusal is shown where the teacher is: under the field it names (the
// box marked data-field in the template), with the field named as the
// form labels it ("Tables choisies", not the API's "tables"), and the
// focus moves to that field (the page scrolls to it); a refusal of no
// field of the form is shown just above the button pressed.
function clearFieldErrors() {
  for (const p of form.querySelectorAll("p.field-error:not(#form-error)")) p.remove();
  for (const e of form.querySelectorAll("[aria-invalid]")) {
    e.removeAttribute("aria-invalid");
    e.removeAttribute("aria-describedby");
  }
  const bottom = document.getElementById("form-error");
  bottom.hidden = true;
  bottom.textContent = "";
}

function showFormError(err) {
  clearFieldErrors();
  showError(null, t);
  const box = err.field && form.querySelector(`[data-field="${CSS.escape(err.field)}"]`);
  if (!box) {
    const bottom = document.getElementById("form-error");
    bottom.textContent = errorText(err, t);
    bottom.hidden = false;
    return;
  }
  // The catalogue's text for the code, with the form's name of the field;
  // the server's message when the catalogue has none.
  const key = `error.${err.code}`;
  let text = t(key, { ...err.params, field: box.dataset.label });
  if (text === key) text = errorText(err, t);
  const p = h("p", { class: "error field-error", id: `error-${err.field}` }, text);
  box.after(p);
  const control = box.querySelector(`[name="${CSS.escape(err.field)}"]`) || box.querySelector("input:checked, input, select");
  if (control) {
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", p.id);
    control.focus();
    control.scrollIntoView({ block: "center" });
  }
}

if (form) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await request("POST", `/classes/${form.dataset.class}/assignments`, assignmentBody(new FormData(form)));
      location.reload();
    } catch (err) {
      showFormError(err);
    }
  });
}

// Archiving asks first (the children lose the assignment), then offers an
// undo: the card goes, a notice with "Undo" brings it back as it was.
const notice = document.getElementById("archived-notice");
let lastArchived = null;

function confirmOf(id) {
  return document.querySelector(`[data-confirm="${id}"]`);
}

for (const button of document.querySelectorAll("[data-archive]")) {
  button.addEventListener("click", () => {
    const box = confirmOf(button.dataset.archive);
    box.hidden = false;
    box.querySelector("[data-archive-yes]").focus();
  });
}

for (const button of document.querySelectorAll("[data-archive-no]")) {
  button.addEventListener("click", () => {
    confirmOf(button.dataset.archiveNo).hidden = true;
    document.querySelector(`[data-archive="${button.dataset.archiveNo}"]`).focus();
  });
}

for (const button of document.querySelectorAll("[data-archive-yes]")) {
  button.addEventListener("click", async () => {
    const id = button.dataset.archiveYes;
    try {
      await request("POST", `/assignments/${id}/archive`);
      showError(null, t);
      document.querySelector(`#assignments [data-assignment="${id}"]`).hidden = true;
      lastArchived = id;
      notice.hidden = false;
      document.getElementById("undo-archive").focus();
    } catch (err) {
      showError(err, t);
    }
  });
}

async function unarchive(id) {
  try {
    await request("POST", `/assignments/${id}/unarchive`);
    location.reload();
  } catch (err) {
    showError(err, t);
  }
}

document.getElementById("undo-archive")?.addEventListener("click", () => {
  if (lastArchived) unarchive(lastArchived);
});

for (const button of document.querySelectorAll("[data-unarchive]")) {
  button.addEventListener("click", () => unarchive(button.dataset.unarchive));
}
