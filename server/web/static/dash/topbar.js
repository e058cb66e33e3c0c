// The adults' server-rendered pages: the top bar's sign-out button (the
// roster page wires its own in roster.js).
import { request } from "../lib/api.js";

const button = document.querySelector("[data-logout]");
if (button) {
  button.addEventListener("click", async () => {
    try { await request("POST", "/auth/logout"); } catch { /* signed out anyway */ }
    location.assign("/");
  });
}
