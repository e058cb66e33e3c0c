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

for (const button of document.querySelectorAll("[data-archive]")) {
  button.addEventListener("click", async () => {
    try {
      await request("POST", `/assignments/${button.dataset.archive}/archive`);
      location.reload();
    } catch (err) {
      showError(err, t);
    }
  });
}
