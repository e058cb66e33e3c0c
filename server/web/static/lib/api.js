// The one client of the JSON API, for every page and game. The browser is
// signed in by an HttpOnly cookie; a request that changes something echoes
// the readable CSRF cookie in the X-CSRF-Token header, as the server
// requires. A refusal's body {error: {code, message, field?, params?}}
// becomes a thrown APIError; a server out of reach is an APIError of
// status 0 and code "network".

const API = "/api/v1";
const CSRF_COOKIE = "multipli_csrf";
const CSRF_HEADER = "X-CSRF-Token";

// APIError is a refused or failed request. message is the server's, already
// in the page's language (the server reads the "lang" cookie), or the code
// when the server sent none: errorText turns either into words.
export class APIError extends Error {
  constructor(status, code, message, { field, params } = {}) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.field = field;
    this.params = params || {};
  }
}

// cookie reads one of the page's readable cookies ("" when absent).
export function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

// request sends one JSON request to /api/v1 + path and resolves with the
// decoded answer (null when the answer has no body).
export async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && method !== "HEAD") {
    const csrf = cookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  let res;
  try {
    res = await fetch(API + path, {
      method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new APIError(0, "network", "");
  }
  const text = await res.text().catch(() => "");
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new APIError(res.status, e.code || `http_${res.status}`, e.message || "", { field: e.field, params: e.params });
  }
  return data;
}

// errorText is what to tell the reader about err: the server's message when
// it sent one, else the page's text for the code (t("error.network")…), else
// its generic text, else the error's own message. t is the page's
// translation function; a key it does not know comes back unchanged.
export function errorText(err, t = (key) => key) {
  if (!err) return "";
  if (err.message && err.message !== err.code) return err.message;
  for (const key of [err.code && `error.${err.code}`, "error.generic"]) {
    if (!key) continue;
    const text = t(key);
    if (text && text !== key) return text;
  }
  return err.message || String(err.code || "");
}

// showError writes err in words (errorText) in the page's #error line, or
// empties and hides it when err is null.
export function showError(err, t) {
  const box = document.getElementById("error");
  if (!box) return;
  box.textContent = err ? errorText(err, t) : "";
  box.hidden = !err;
}
