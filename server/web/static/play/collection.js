// The child's collection (/student/collection): a creature for each fact
// they know by heart (the server's count, fact_stats' flag: the same facts
// their teacher sees as known), an egg for each fact still to learn, and a
// certificate to print for each level they have mastered. It is the child's
// own: nothing here compares them with anyone.

import { request, errorText } from "../lib/api.js";
import { t, lang, applyStatic, onLangChange, ready } from "../lib/i18n.js";
import { h } from "../lib/dom.js";
import { creature, egg } from "./creatures.js";

await ready;

// renderCollection draws the page from the collection JSON.
export function renderCollection(root, data) {
  const groups = data.groups || [];
  const parts = [
    h("h1", { tabindex: "-1" }, t("collect.title")),
    h("p", { class: "collect-count", "data-key": "collect-count" }, t("collect.count", { n: data.known || 0, total: data.total || 0 })),
    h("p", { class: "collect-about" }, t("collect.about")),
  ];
  parts.push(certificates(data.levels || []));
  for (const g of groups) {
    const id = `group-${g.step}`;
    parts.push(h("section", { class: "panel collect-group", "aria-labelledby": id },
      h("h2", { id }, t(`collect.step.${g.step}`), " ",
        h("span", { class: "collect-group-count" }, t("collect.group_count", { n: g.known, total: (g.facts || []).length }))),
      h("ul", { class: "creature-grid" }, (g.facts || []).map((f) => f.known
        ? h("li", { class: "known", "data-fact": `${f.a}x${f.b}` }, h("span", { class: "cell", role: "img", "aria-label": t("collect.creature", f) },
          creature(f.a, f.b, f.product), h("span", { class: "fact", "aria-hidden": "true" }, `${f.a} × ${f.b}`)))
        : h("li", { class: "egg-slot", "data-fact": `${f.a}x${f.b}` }, h("span", { class: "cell", role: "img", "aria-label": t("collect.egg", f) }, egg(f.a, f.b)))))));
  }
  parts.push(h("p", {}, h("a", { class: "btn secondary", href: "/student", "data-key": "collect-back" }, t("collect.back"))));
  root.replaceChildren(...parts);
}

// certificates: a button per mastered level, and how many facts the next
// level still needs. The levels come in the ladder's order.
function certificates(levels) {
  const mastered = levels.filter((l) => l.mastered);
  const next = levels.find((l) => !l.mastered);
  const rows = mastered.map((l) => h("li", {},
    h("a", { class: "btn primary", href: `/api/v1/play/certificates/${encodeURIComponent(l.level)}?lang=${lang()}`,
      target: "_blank", rel: "noopener", "data-key": `certificate-${l.level}` },
    t("collect.certificate_print", { level: t(`collect.step.${l.level}`) }))));
  if (next) {
    rows.push(h("li", { class: "collect-next" }, t("collect.certificate_next",
      { level: t(`collect.step.${next.level}`), n: Math.max(next.needed - next.known, 0) })));
  }
  return h("section", { class: "panel collect-certificates", "aria-labelledby": "cert-title" },
    h("h2", { id: "cert-title" }, t("collect.certificates")),
    h("ul", { class: "plain" }, rows));
}

// The real page.
if (document.body && document.body.dataset.page === "collection") {
  const root = document.getElementById("collection");
  let data = null;
  const draw = () => { applyStatic(); if (data) renderCollection(root, data); };
  onLangChange(draw);
  const logout = document.getElementById("logout");
  if (logout) logout.onclick = async () => {
    try { await request("POST", "/auth/logout", {}); } finally { location.assign("/"); }
  };
  applyStatic();
  request("GET", "/play/collection").then((d) => {
    data = d;
    const who = document.getElementById("who");
    if (who) who.textContent = d.name || "";
    draw();
  }).catch((err) => {
    if (err && err.status === 401) { location.assign("/"); return; }
    root.prepend(h("p", { class: "play-alert", role: "alert" }, errorText(err, t) || t("error.generic")));
  });
}
