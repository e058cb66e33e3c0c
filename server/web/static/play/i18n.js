// French and English for the play pages. The language is the "lang" cookie
// the switch sets (the server reads it too, so its rule messages come back in
// the same language), else the browser's first French or English language.

import { STRINGS } from "./strings.js";

const listeners = [];

function cookieLang() {
  const m = document.cookie.match(/(?:^|;\s*)lang=(fr|en)(?:;|$)/);
  return m ? m[1] : "";
}

function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const p = String(l).toLowerCase().slice(0, 2);
    if (p === "fr" || p === "en") return p;
  }
  return "en";
}

let current = cookieLang() || browserLang();

export function lang() { return current; }

// setLang switches the language, remembers it for a year and tells every
// listener (pages re-render their text).
export function setLang(l) {
  current = l === "fr" ? "fr" : "en";
  document.cookie = `lang=${current}; path=/; max-age=31536000; SameSite=Lax`;
  document.documentElement.lang = current;
  for (const fn of listeners) fn(current);
}

export function onLangChange(fn) { listeners.push(fn); }

// t returns the text of key in the current language with {name} replaced
// from params. A missing key shows itself, so a gap is seen, not hidden.
export function t(key, params = {}) {
  const entry = STRINGS[key];
  // params.me picks the "<lang>_me" variant when there is one: French
  // sentences about the child ("Tu as posé") differ from those about others.
  let s = entry ? ((params.me && entry[`${current}_me`]) || (entry[current] ?? entry.en)) : key;
  if (typeof s === "function") return s(params);
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

// plural picks key.one or key.other by n: French says "0 point", English
// "0 points".
export function tn(key, n, params = {}) {
  const one = current === "fr" ? n === 0 || n === 1 : n === 1;
  return t(one ? `${key}.one` : `${key}.other`, { n, ...params });
}

// applyStatic fills elements marked data-i18n and wires data-lang-switch
// buttons, so plain HTML pages need no inline text in one language.
export function applyStatic(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const btn of root.querySelectorAll("[data-lang-switch]")) {
    btn.textContent = current === "fr" ? "English" : "Français";
    btn.lang = current === "fr" ? "en" : "fr";
    btn.setAttribute("aria-label", t("lang.switch"));
    if (!btn.dataset.wired) {
      btn.dataset.wired = "1";
      btn.addEventListener("click", () => setLang(current === "fr" ? "en" : "fr"));
    }
  }
}

onLangChange(() => applyStatic());
