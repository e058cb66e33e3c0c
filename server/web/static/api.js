// A small client for the JSON API. Browsers are signed in by an HttpOnly
// cookie; requests that change something echo the CSRF cookie in the
// X-CSRF-Token header, as the server requires.
import { cookie, t } from "./lib/i18n.js";

export class APIError extends Error {
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export async function api(method, path, body) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && method !== "HEAD") {
    const csrf = cookie("multipli_csrf");
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  let res;
  try {
    res = await fetch("/api/v1" + path, {
      method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new APIError(0, "network", t("error.network"));
  }
  if (res.status === 204) return null;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = data?.error ?? {};
    throw new APIError(res.status, e.code ?? "unknown", e.message ?? res.statusText, e.field);
  }
  return data;
}

// showError puts an error's message in the page's #error element.
export function showError(err) {
  const box = document.getElementById("error");
  if (!box) return;
  if (!err) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.textContent = err.message;
  box.hidden = false;
}

// el builds an element: el("li", {class: "x", onclick: f}, child, "text").
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
