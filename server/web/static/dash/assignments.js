// The assignments page: create and archive through the JSON API (which
// checks the CSRF token a plain HTML form cannot send), then reload the
// server-rendered list.
import { request, showError } from "../lib/api.js";
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

if (form) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await request("POST", `/classes/${form.dataset.class}/assignments`, assignmentBody(new FormData(form)));
      location.reload();
    } catch (err) {
      showError(err, t);
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
