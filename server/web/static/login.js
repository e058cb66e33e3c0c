// The landing page: student login (class code → name → PIN or pictures) and
// teacher and parent sign-in or sign-up.
import { request, showError } from "./lib/api.js";
import { h } from "./lib/dom.js";
import { ready, setupLangSwitch, t } from "./lib/i18n.js";

await ready;

const PICTURES = ["cat", "dog", "sun", "moon", "star", "tree", "fish", "car", "house", "flower", "apple", "boat"];

const state = { code: "", classData: null, student: null, pin: "", pictures: [] };

function $(id) { return document.getElementById(id); }

function showTab(name) {
  for (const b of document.querySelectorAll("[data-tab]")) b.setAttribute("aria-selected", String(b.dataset.tab === name));
  for (const p of document.querySelectorAll("[data-panel]")) p.hidden = p.dataset.panel !== name;
  showError(null, t);
}

function showStep(id) {
  for (const s of document.querySelectorAll("[data-panel=student] .step")) s.hidden = s.id !== id;
  showError(null, t);
}

async function lookupClass(ev) {
  ev.preventDefault();
  state.code = $("class-code").value.trim().toUpperCase();
  try {
    state.classData = await request("GET", "/class-codes/" + encodeURIComponent(state.code));
  } catch (err) {
    showError(err, t);
    return;
  }
  const list = $("names");
  list.replaceChildren(...state.classData.students.map((s) =>
    h("li", {}, h("button", { type: "button", class: "name", on: { click: () => pickStudent(s) } }, s.name))));
  showStep("pick-name");
}

function pickStudent(s) {
  state.student = s;
  state.pin = "";
  state.pictures = [];
  if (s.secret_kind === "pictures") {
    $("pictures-hello").textContent = t("hello", { name: s.name });
    drawPictures();
    showStep("pictures-step");
  } else {
    $("pin-hello").textContent = t("hello", { name: s.name });
    drawPin();
    showStep("pin-step");
  }
}

function drawPin() {
  $("pin-dots").textContent = "●".repeat(state.pin.length) + "○".repeat(4 - state.pin.length);
}

function buildKeypad() {
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "erase", "0"];
  $("keypad").replaceChildren(...keys.map((k) => h("button", {
    type: "button", class: k === "erase" ? "key key-erase" : "key", "data-key": k,
    "aria-label": k === "erase" ? t("erase") : k,
    on: { click: () => pressKey(k) },
  }, k === "erase" ? "⌫" : k)));
}

function pressKey(k) {
  if (k === "erase") state.pin = state.pin.slice(0, -1);
  else if (state.pin.length < 4) state.pin += k;
  drawPin();
  if (state.pin.length === 4) studentLogin({ pin: state.pin });
}

function pictureImg(name) {
  const label = t(`picture.${name}`);
  return h("img", { src: "/static/pictures/" + name + ".svg", alt: label, width: 64, height: 64 });
}

function drawPictures() {
  $("pictures-chosen").replaceChildren(...[0, 1, 2].map((i) =>
    h("span", { class: "slot" }, state.pictures[i] ? pictureImg(state.pictures[i]) : String(i + 1))));
  $("pictures-grid").replaceChildren(
    ...PICTURES.map((p) => h("button", {
      type: "button", class: "picture", "data-picture": p, disabled: state.pictures.includes(p),
      "aria-label": t(`picture.${p}`), on: { click: () => pressPicture(p) },
    }, pictureImg(p))),
    h("button", { type: "button", class: "picture key-erase", "aria-label": t("erase"), on: { click: () => pressPicture(null) } }, "⌫"),
  );
}

function pressPicture(p) {
  if (p === null) state.pictures.pop();
  else if (state.pictures.length < 3 && !state.pictures.includes(p)) state.pictures.push(p);
  drawPictures();
  if (state.pictures.length === 3) studentLogin({ pictures: state.pictures });
}

async function studentLogin(secret) {
  try {
    await request("POST", "/auth/student", { class_code: state.code, student_id: state.student.id, ...secret });
    location.assign("/student");
  } catch (err) {
    state.pin = "";
    state.pictures = [];
    const pictures = state.student.secret_kind === "pictures";
    if (pictures) drawPictures(); else drawPin();
    // The server says "wrong login or password" to everyone; a child is
    // told in their own words which of their secrets did not match.
    if (err.status === 401 && err.code === "bad_credentials") err = new Error(t(pictures ? "login.wrong_pictures" : "login.wrong_pin"));
    showError(err, t);
    // On a phone the message sits below the keypad or the pictures: it is
    // brought into sight, or the child would only see the slots emptied.
    document.getElementById("error")?.scrollIntoView({ block: "nearest" });
  }
}

// signUp creates the account, then signs in with it: the server answers
// every sign-up alike, whether the e-mail was free or already had an
// account, so as not to tell anyone which addresses have one. It reports
// false when the sign-in is refused (the address had an account with
// another password).
async function signUp(role, data) {
  await request("POST", "/" + role + "s", { email: data.email, password: data.password, name: data.name });
  try {
    await request("POST", "/auth/" + role, { email: data.email, password: data.password });
  } catch (err) {
    if (err.status === 401) return false;
    throw err;
  }
  return true;
}

// cardLogin signs a child in with their login card's link (/#card=…, the
// token in the fragment, which the browser sends to nobody). The token
// leaves the address bar and the history at once.
async function cardLogin(token) {
  history.replaceState(null, "", location.pathname + location.search);
  try {
    await request("POST", "/auth/card", { token });
    location.assign("/student");
  } catch (err) {
    showError(err, t);
  }
}

// letterCode is the parent code of a parents' letter's QR code
// (/?tab=parent&code=…): the parent most likely has no account yet, and
// once signed in finds the code filled in on their home page.
function letterCode() {
  return (new URLSearchParams(location.search).get("code") || "").trim();
}

function setupAdultForm(form) {
  const role = form.dataset.role;
  const code = role === "parent" ? letterCode() : "";
  const nameLabel = form.querySelector("input[name=name]").closest("label");
  const setMode = (mode) => {
    form.dataset.mode = mode;
    nameLabel.hidden = mode === "login";
    form.querySelector("button[type=submit]").dataset.i18n = mode === "login" ? "login" : "signup";
    form.querySelector("[data-toggle-mode]").dataset.i18n = mode === "login" ? "signup.switch" : "login.switch";
    form.querySelector("input[name=password]").autocomplete = mode === "login" ? "current-password" : "new-password";
    for (const e of form.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  };
  setMode(code ? "signup" : "login");
  form.querySelector("[data-toggle-mode]").addEventListener("click", () => setMode(form.dataset.mode === "login" ? "signup" : "login"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      if (form.dataset.mode === "login") {
        await request("POST", "/auth/" + role, { email: data.email, password: data.password });
      } else if (!(await signUp(role, data))) {
        setMode("login");
        showError(new Error(t("signup.exists")), t);
        return;
      }
      location.assign(code ? "/home?code=" + encodeURIComponent(code) : afterSignIn());
    } catch (err) {
      showError(err, t);
    }
  });
}

// afterSignIn is where an adult goes once signed in: back to the page that
// sent them here (?next=, set by the server when their login had expired),
// if it is a page of this site, else home. The browser's URL parser is the
// judge, not a pattern: it drops tabs and newlines and reads "\" as "/", so
// "/<tab>/evil" or "/\evil" is "//evil", another site. next must be a path
// starting with a single "/", and once parsed against this page it must
// have this page's origin and still a path starting with a single "/" (the
// parser turns "/.//evil" into "//evil"); the parsed form is what is
// followed.
function afterSignIn() {
  const next = new URLSearchParams(location.search).get("next") || "";
  if (!/^\/(?![\/\\])/.test(next)) return "/home";
  let url;
  try {
    url = new URL(next, location.origin);
  } catch {
    return "/home";
  }
  if (url.origin !== location.origin || !/^\/(?![\/\\])/.test(url.pathname)) return "/home";
  return url.pathname + url.search + url.hash;
}

function start() {
  setupLangSwitch(() => {
    if (!$("pictures-step").hidden) drawPictures();
    buildKeypad();
  });
  for (const b of document.querySelectorAll("[data-tab]")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("class-code-form").addEventListener("submit", lookupClass);
  for (const b of document.querySelectorAll("[data-back]")) {
    b.addEventListener("click", () => showStep(b.dataset.back === "code" ? "class-code-form" : "pick-name"));
  }
  for (const f of document.querySelectorAll(".adult-form")) setupAdultForm(f);
  buildKeypad();
  document.addEventListener("keydown", (ev) => {
    if ($("pin-step").hidden) return;
    if (/^[0-9]$/.test(ev.key)) pressKey(ev.key);
    else if (ev.key === "Backspace") pressKey("erase");
  });
  // The server sends an adult whose login ended to ?tab=teacher or
  // ?tab=parent (with next): their form, not the children's.
  const tab = new URLSearchParams(location.search).get("tab");
  showTab(tab === "teacher" || tab === "parent" ? tab : "student");
  const card = new URLSearchParams(location.hash.slice(1)).get("card");
  if (card) cardLogin(card);
  // Tests (and anyone scripting the page) wait for this before acting.
  document.body.dataset.ready = "1";
}

start();
