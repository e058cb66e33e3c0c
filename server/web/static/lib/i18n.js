// Every text of the pages, in French and English, from the catalogue the
// server renders its own texts from (GET /i18n/{lang}.json): one source for
// both sides. A message is a string, or an object of CLDR plural forms
// ({ one, other }) chosen by params.count, else params.n. {name} is filled
// from params. A key ending ".me" is the sentence about the child ("Tu as
// posé…"), chosen by t(key, { me: true }) when the catalogue has it.
//
// The language is the "lang" cookie (set by the switch; the server reads
// it too, so its error messages come back in the same language), else the
// browser's first of French or English, else English. Pages await `ready`
// before their first render.

const LANGS = ["en", "fr"];
const listeners = [];
const texts = {};
const loads = {};

export function cookie(name) {
  const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
  return m ? decodeURIComponent(m[1]) : "";
}

function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const p = String(l).toLowerCase().slice(0, 2);
    if (LANGS.includes(p)) return p;
  }
  return "en";
}

let current = LANGS.includes(cookie("lang")) ? cookie("lang") : browserLang();

// load fetches a language's catalogue once. A failure leaves it empty, so
// that t() shows keys rather than the page staying blank.
function load(l) {
  loads[l] ??= fetch(`/i18n/${l}.json`, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`i18n: ${l}: HTTP ${r.status}`))))
    .catch((err) => { console.error(err); return {}; })
    .then((m) => { texts[l] = m; });
  return loads[l];
}

// ready resolves when the current language's texts are loaded.
export const ready = load(current).then(() => { document.documentElement.lang = current; });

export function lang() { return current; }

// setLang switches the language once its texts are loaded, remembers it for
// a year and tells every listener (pages redraw their texts).
export async function setLang(l) {
  const next = l === "fr" ? "fr" : "en";
  await load(next);
  current = next;
  document.cookie = `lang=${current}; path=/; max-age=31536000; SameSite=Lax`;
  document.documentElement.lang = current;
  for (const fn of listeners) fn(current);
}

export function onLangChange(fn) { listeners.push(fn); }

const rules = {};
function pluralForm(n) {
  rules[current] ??= new Intl.PluralRules(current);
  return rules[current].select(Number(n));
}

// t returns key's text in the current language. A missing key shows
// itself, so a gap is seen, not hidden.
export function t(key, params = {}) {
  const all = texts[current] || {};
  let m = all[key];
  if (m === undefined) return key;
  if (params.me && all[key + ".me"] !== undefined) m = all[key + ".me"];
  if (typeof m === "object") {
    const n = params.count ?? params.n;
    m = (n === undefined ? m.other : m[pluralForm(n)]) ?? m.other;
  }
  return m.replace(/\{(?:(de|De|que|Que|le|Le|la|La):)?(\w+)\}/g,
    (all, word, k) => (!(k in params) ? all : word ? elide(word, String(params[k])) : String(params[k])));
}

// French elides de, que, le, la before a vowel: a French message writes
// {de:name}, filled "d’Inès" or "de Léa". The same rule as the server's
// (catalog/elision.go, which says why): a vowel, accented or not, elides;
// Y before a consonant (d’Yves, de Yasmine); H and anything else does not.
const short = { de: "d’", De: "D’", que: "qu’", Que: "Qu’", le: "l’", Le: "L’", la: "l’", La: "L’" };
function elide(word, next) {
  const [a, b] = [...next.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()];
  const vowel = "aeiouœæ".includes(a ?? "-") || (a === "y" && b !== undefined && /\p{L}/u.test(b) && !"aeiouy".includes(b));
  return vowel ? short[word] + next : `${word} ${next}`;
}

// tn is t with the count as its own argument: tn("stars", 3).
export function tn(key, n, params = {}) {
  return t(key, { ...params, n });
}

// applyStatic fills elements marked data-i18n and wires data-lang-switch
// buttons, so plain HTML pages carry no text in one language.
export function applyStatic(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const btn of root.querySelectorAll("[data-lang-switch]")) {
    btn.textContent = t("lang.other");
    btn.lang = current === "fr" ? "en" : "fr";
    btn.setAttribute("aria-label", t("lang.switch"));
    if (!btn.dataset.wired) {
      btn.dataset.wired = "1";
      btn.onclick = () => setLang(current === "fr" ? "en" : "fr");
    }
  }
}

// setupLangSwitch fills the page and redraws it, with onChange for what
// data-i18n cannot reach, when the language changes.
export function setupLangSwitch(onChange = () => {}) {
  onLangChange(onChange);
  applyStatic();
}

onLangChange(() => applyStatic());
