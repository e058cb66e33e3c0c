// The play API client (server/openapi.json): JSON over fetch with the login cookie and
// the CSRF header, and a WebSocket with reconnect for real-time games.

const API = "/api/v1";
const CSRF_COOKIE = "multipli_csrf";
const CSRF_HEADER = "X-CSRF-Token";

// ApiError carries the server's error code, its message (already in the
// caller's language: the server reads the "lang" cookie) and its params.
export class ApiError extends Error {
  constructor(status, code, message, params) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.params = params || {};
  }
}

function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

// request sends one JSON request. State-changing methods carry the CSRF
// token the login left in a readable cookie.
export async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && method !== "HEAD") headers[CSRF_HEADER] = cookie(CSRF_COOKIE);
  let res;
  try {
    res = await fetch(API + path, {
      method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", "", {});
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(res.status, e.code || "http_" + res.status, e.message || "", e.params);
  }
  return data;
}

// The calls of the play API.
export const play = {
  home: () => request("GET", "/play/home"),
  me: () => request("GET", "/me"),
  start: (game, edition, opts = {}) => request("POST", "/play/sessions", { game, edition, ...opts }),
  game: (id) => request("GET", `/play/games/${encodeURIComponent(id)}`),
  // open joins an invited classmate and lets the game's clock act (a POST:
  // GET only reads).
  open: (id) => request("POST", `/play/games/${encodeURIComponent(id)}/open`, {}),
  move: (id, version, seq, move) =>
    request("POST", `/play/games/${encodeURIComponent(id)}/moves`, { version, seq, move }),
  end: (sessionID) => request("POST", `/play/sessions/${encodeURIComponent(sessionID)}/end`, {}),
  logout: () => request("POST", "/auth/logout", {}),
};

// SIGNED_OUT is the close code of a socket whose login ended.
const SIGNED_OUT = 1008;

// GameSocket keeps a WebSocket to one game open: it reconnects with a
// growing delay (up to 8 s) and reports states, errors and whether it is up.
export class GameSocket {
  constructor(gameID, { onState, onError, onStatus }) {
    this.url = wsURL(`${API}/play/games/${encodeURIComponent(gameID)}/ws`);
    this.onState = onState;
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.connect();
  }

  get open() { return this.ws !== null && this.ws.readyState === WebSocket.OPEN; }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => { this.delay = 500; this.onStatus(true); });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state" && msg.game) this.onState(msg.game);
      else if (msg.type === "error" && msg.error) {
        const e = msg.error;
        // login_ended: the login was revoked or expired (status 401, so the
        // page offers to sign in again).
        this.onError(new ApiError(e.code === "login_ended" ? 401 : 422, e.code, e.message, e.params));
      }
    });
    ws.addEventListener("close", (ev) => {
      this.ws = null;
      // 1008: the server closed the socket because the login ended; a new
      // socket would be refused too.
      if (ev.code === SIGNED_OUT) {
        this.closed = true;
        return;
      }
      this.onStatus(false);
      this.retry();
    });
  }

  retry() {
    if (this.closed) return;
    setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // send returns false when the socket is down (the caller falls back to POST).
  send(seq, move) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify({ type: "move", seq, move }));
    return true;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}

function wsURL(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}
