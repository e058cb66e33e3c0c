// The assignments page: create and archive through the JSON API (which
// checks the CSRF token a plain HTML form cannot send), then reload the
// server-rendered list.
import { api, showError } from "../api.js";

const form = document.getElementById("assignment-form");

function request(data) {
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
      await api("POST", `/classes/${form.dataset.class}/assignments`, request(new FormData(form)));
      location.reload();
    } catch (err) {
      showError(err);
    }
  });
}

for (const button of document.querySelectorAll("[data-archive]")) {
  button.addEventListener("click", async () => {
    try {
      await api("POST", `/assignments/${button.dataset.archive}/archive`);
      location.reload();
    } catch (err) {
      showError(err);
    }
  });
}
