package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failedRequests collects every response of the tab with a status of 400 or
// more (a missing stylesheet, script or icon).
type failedRequests struct {
	mu  sync.Mutex
	bad []string
}

func watchRequests(t *testing.T, ctx context.Context) *failedRequests {
	t.Helper()
	f := &failedRequests{}
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && r.Response != nil && r.Response.Status >= 400 {
			f.mu.Lock()
			f.bad = append(f.bad, fmt.Sprintf("%d %s", r.Response.Status, r.Response.URL))
			f.mu.Unlock()
		}
	}))
	return f
}

// take returns what failed since the last call, leaving out the page's own
// address when it is an error page on purpose.
func (f *failedRequests) take(allowed string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, b := range f.bad {
		if allowed != "" && strings.HasSuffix(b, " "+allowed) {
			continue
		}
		out = append(out, b)
	}
	f.bad = nil
	return out
}

// cspWatch runs in every document before its own scripts (a DevTools
// script, which the page's policy does not restrict) and keeps each
// Content-Security-Policy violation the page raises.
const cspWatch = `window.__csp = []; document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber));`

// readerCheck lists, for a page in the language %q, what a teacher or a
// parent would find wrong in its visible text: in French a word glued to
// ":", ";", "!" or "?" (French spaces them: "Niveau : Vert"); words of the
// other language; a date written the computer's way (2026-11-25); the
// signed-in name cut by the screen's edge; a raw number ("#12"); a
// table's caption shown under a heading that says the same; a chart among
// others without its title.
const readerCheck = `((lang) => {
  const out = [];
  // What the page shows, and what it says to a screen reader or on
  // hovering (labels, titles, the charts' points).
  const said = [...document.querySelectorAll("main [aria-label], main [title]")].map((e) => (e.getAttribute("aria-label") || "") + "\n" + (e.getAttribute("title") || ""));
  const titles = [...document.querySelectorAll("main svg title")].map((e) => e.textContent);
  const text = [document.body.innerText, ...said, ...titles].join("\n").replace(/https?:\/\/\S+/g, "").replace(/\S+@\S+/g, "");
  if (lang === "fr") {
    for (const m of text.matchAll(/\S*[\p{L}\p{N}.)»][:;!?](?=\s|$)/gu)) out.push("no space before the sign: " + m[0]);
    for (const m of text.matchAll(/\b(the|and|with|your|week|level|students?|played|never|today|yesterday|none|yes|assignments?|tables? chosen|back|print|show|replay|report|sign|step|first|previous|next|last|child|children|from|facts?|known|heart|hardest|accuracy|timers?)\b/giu)) out.push("English: " + m[0]);
  } else {
    for (const m of text.matchAll(/(semaine|élèves?|niveau|jamais|aujourd’hui|devoirs?|partie|calculs?|enfants?|retour|imprimer|afficher|revoir|séances?|réussite|minuteurs?|bilan|lettres|cartes|tableau|précédente|suivante|déconnecter)(?![\p{L}])/giu)) out.push("French: " + m[0]);
  }
  for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) out.push("ISO date: " + m[0]);
  for (const m of text.matchAll(/#\d+/g)) out.push("a raw number: " + m[0]);
  for (const c of document.querySelectorAll("caption")) {
    const heading = c.closest("section")?.querySelector("h2, h3");
    const r = c.getBoundingClientRect();
    if (heading && r.height > 1 && r.width > 1 && heading.textContent.trim() === c.textContent.trim()) out.push("said twice: " + c.textContent);
  }
  for (const f of document.querySelectorAll(".charts figure")) {
    if (!f.querySelector("figcaption")?.innerText.trim()) out.push("a chart without a title");
  }
  const who = document.querySelector(".topbar .who");
  if (who && (who.scrollWidth > who.clientWidth + 1 || who.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)) out.push("the name is cut: " + who.textContent);
  return out;
})(%q)`

// topBarLook is what makes the top bar look the same on every adult page:
// its colours and the sizes of its words.
const topBarLook = `(() => {
  const st = (sel) => { const e = document.querySelector(sel); if (!e) return sel + " none"; const c = getComputedStyle(e); return [sel, c.backgroundColor, c.color, c.fontSize, c.fontWeight, c.borderBottomColor].join(" "); };
  return [".topbar", ".topbar .brand", ".topbar .who", ".topbar .lang-switch", ".topbar #logout"].map(st).join(" | ");
})()`

type adultPage struct {
	name, path, ready string
	status            int // the page's own status, when it is an error page
}

// Every page a teacher or a parent reads, in French and in English: no
// Content-Security-Policy violation, no failed request, no console error;
// no page wider than a 375-pixel phone, a 768-pixel tablet or a 1366-pixel
// laptop (a wide table scrolls in its own box); and on each the signed-in
// adult's name, one language switch with the home's words, and sign-out
// within the screen.
func TestBrowserAdultPagesFitTheScreenWithoutCSPViolations(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, dbURL := liveEnv(t)
	s := e.newSchool(t)
	a := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"level": "violet"}})
	plays(t, e, dbURL, s.studentID, num(t, a.JSON["id"]), [][2]int{{6, 7}, {7, 8}, {8, 9}, {6, 9}, {9, 9}, {6, 8}, {7, 7}, {8, 8}})
	teacherName := e.must(t, 200, req{Method: "GET", Path: "/api/v1/me", Token: s.teacher}).JSON["name"].(string)
	parentEmail := uniqueEmail("fit")
	e.must(t, 202, req{Method: "POST", Path: "/api/v1/parents", Body: map[string]string{"email": parentEmail, "password": "correct horse battery", "name": "Sophie Martin"}})
	parent := e.must(t, 200, req{Method: "POST", Path: "/api/v1/auth/parent", Body: map[string]string{"email": parentEmail, "password": "correct horse battery"}}).JSON["token"].(string)
	e.linkParent(t, s.teacher, parent, s.studentID)

	_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	msgs := watchConsole(t, ctx)
	failed := watchRequests(t, ctx)

	signIn := func(role, email string) {
		t.Helper()
		js := fmt.Sprintf(`fetch("/api/v1/auth/%s", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, role, email)
		status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, status, "sign in as the %s", role)
	}

	firstBar := "" // the look of the first page's top bar
	check := func(t *testing.T, p adultPage, lang, who string) {
		t.Helper()
		sep := "?"
		if strings.Contains(p.path, "?") {
			sep = "&"
		}
		url := srv.URL + p.path + sep + "lang=" + lang
		if p.path == "/home" {
			// The home's language is the cookie its switch sets.
			url = srv.URL + p.path
			_, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.cookie = "lang=`+lang+`; path=/"`))
			require.NoError(t, err)
		}
		step(t, ctx, p.name, chromedp.EmulateViewport(1366, 900), chromedp.Navigate(url), chromedp.WaitVisible(css(p.ready)))
		for _, w := range []int64{375, 768, 1366} {
			step(t, ctx, fmt.Sprintf("%s at %d px", p.name, w), chromedp.EmulateViewport(w, 800))
			assertFits(t, ctx, fmt.Sprintf("%s (%s) at %d px", p.name, lang, w))
			out, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`Math.max(...[...document.querySelectorAll(".topbar > *")].map((e) => e.getBoundingClientRect().right)) - document.documentElement.clientWidth`))
			require.NoError(t, err)
			assert.LessOrEqual(t, out, 0.5, "%s (%s) at %d px: the top bar stays on the screen", p.name, lang, w)
			// Every width and language when the screenshots are kept (to
			// look at them), else the French phone only.
			if (w == 375 && lang == "fr") || os.Getenv("MULTIPLI_SCREENSHOT_DIR") != "" {
				screenshot(t, ctx, fmt.Sprintf("fit-%s-%d-%s", lang, w, strings.ReplaceAll(p.name, " ", "-")))
			}
		}
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(readerCheck, lang)))
		require.NoError(t, err)
		assert.Empty(t, problems, "%s (%s): what a reader would find wrong", p.name, lang)
		bar, err := chromedp.Run(ctx, chromedp.Evaluate[string](topBarLook))
		require.NoError(t, err)
		if firstBar == "" {
			firstBar = bar
		}
		assert.Equal(t, firstBar, bar, "%s (%s): the same top bar as the other adult pages", p.name, lang)
		htmlLang, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
		require.NoError(t, err)
		assert.Equal(t, lang, htmlLang, "%s: the page is in the language asked for", p.name)
		assert.Equal(t, 1, count(t, ctx, ".lang-switch"), "%s: one language switch", p.name)
		other := map[string]string{"fr": "English", "en": "Français"}[lang]
		assert.Equal(t, other, strings.TrimSpace(textOf(t, ctx, ".lang-switch")), "%s: the switch names the other language", p.name)
		assert.Equal(t, who, strings.TrimSpace(textOf(t, ctx, ".topbar .who")), "%s: the signed-in name", p.name)
		assert.Equal(t, 1, count(t, ctx, ".topbar #logout"), "%s: sign-out", p.name)
		csp, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__csp || []`))
		require.NoError(t, err)
		assert.Empty(t, csp, "%s (%s): Content-Security-Policy violations", p.name, lang)
		allowed := ""
		if p.status != 0 {
			allowed = url
		}
		assert.Empty(t, failed.take(allowed), "%s (%s): failed requests", p.name, lang)
	}

	// The sign-in page, where every adult starts, read the same way.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]"))))
	for _, lang := range []string{"fr", "en"} {
		for _, tab := range []string{"teacher", "parent"} {
			_, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.cookie = "lang=`+lang+`; path=/"`))
			require.NoError(t, err)
			step(t, ctx, "sign-in page", chromedp.EmulateViewport(375, 800), chromedp.Navigate(srv.URL+"/?tab="+tab), chromedp.WaitVisible(css("body[data-ready]")))
			problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(readerCheck, lang)))
			require.NoError(t, err)
			assert.Empty(t, problems, "sign-in page, %s tab (%s)", tab, lang)
			if os.Getenv("MULTIPLI_SCREENSHOT_DIR") != "" {
				screenshot(t, ctx, fmt.Sprintf("fit-%s-375-sign-in-%s", lang, tab))
			}
		}
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]"))))
	signIn("teacher", s.teacherEmail)
	cl := fmt.Sprintf("/dashboard/classes/%d", s.classID)
	teacherPages := []adultPage{
		{name: "home", path: "/home", ready: "body[data-ready] .classes"},
		{name: "dashboards", path: "/dashboard", ready: "main"},
		{name: "class dashboard", path: cl, ready: "#class-table"},
		{name: "heatmap", path: cl + "/heatmap", ready: "#class-heatmap svg"},
		{name: "heatmap fact", path: cl + "/heatmap?fact=7x8", ready: "#fact-children"},
		{name: "student", path: fmt.Sprintf("/dashboard/students/%d", s.studentID), ready: "#student-heatmap svg"},
		{name: "assignments", path: cl + "/assignments", ready: "#assignments"},
		{name: "roster", path: fmt.Sprintf("/classes/%d/roster", s.classID), ready: "body[data-ready]"},
		{name: "cards", path: fmt.Sprintf("/classes/%d/cards", s.classID), ready: ".card"},
		{name: "error", path: "/dashboard/classes/999999999", ready: ".error-message", status: 404},
	}
	for _, lang := range []string{"fr", "en"} {
		for _, p := range teacherPages {
			check(t, p, lang, teacherName)
		}
		// The login cards lead back to their class like the class's other
		// pages (the page was a dead end but for the browser's back).
		// Among the class's pages, the one open is marked.
		for _, p := range []string{cl, cl + "/heatmap", cl + "/assignments"} {
			step(t, ctx, p, chromedp.Navigate(srv.URL+p+"?lang="+lang), chromedp.WaitVisible(css(".class-nav")))
			assert.Equal(t, p+"?lang="+lang, attr(t, ctx, `.class-nav [aria-current="page"]`, "href"))
		}
		step(t, ctx, "cards", chromedp.Navigate(fmt.Sprintf("%s/classes/%d/cards?lang=%s", srv.URL, s.classID, lang)), chromedp.WaitVisible(css("#back-to-class")))
		assert.Equal(t, cl+"?lang="+lang, attr(t, ctx, "#back-to-class", "href"))
		// The replay, reached from the student page's list of sessions.
		step(t, ctx, "student page", chromedp.Navigate(fmt.Sprintf("%s/dashboard/students/%d?lang=%s", srv.URL, s.studentID, lang)), chromedp.WaitVisible(css(`#sessions a[href^="/dashboard/games/"]`)))
		replay := strings.SplitN(attr(t, ctx, `#sessions a[href^="/dashboard/games/"]`, "href"), "?", 2)[0]
		check(t, adultPage{name: "replay", path: replay, ready: "main h1"}, lang, teacherName)
	}

	// The highlight of a heatmap cell applies (it was a <style> inside the
	// SVG, which the policy blocked; now it is in dash.css).
	// SVG inside the page, and a headless tab is not focused: the focus is
	// emulated so that :focus applies.
	_, err = chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	require.NoError(t, err)
	step(t, ctx, "heatmap", chromedp.Navigate(srv.URL+cl+"/heatmap?lang=fr"), chromedp.WaitVisible(css("#class-heatmap svg")))
	// The class heatmap's cells are links (to who misses the fact): the
	// link takes the focus.
	stroke, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const a = document.querySelector("#class-heatmap [data-fact]"); a.focus(); return getComputedStyle(a.querySelector("rect")).strokeWidth; })()`))
	require.NoError(t, err)
	assert.Equal(t, "3px", stroke, "a focused heatmap cell gets its thick border")

	// Sign-out from a dashboard page's top bar, then the parent's pages.
	step(t, ctx, "sign out", chromedp.Navigate(srv.URL+cl+"?lang=fr"), chromedp.WaitVisible(css("#class-table")),
		chromedp.Click(css("#logout")), chromedp.WaitVisible(css("body[data-ready] [data-tab=teacher]")))
	me, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch("/api/v1/me").then(r => r.status)`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, me, "the sign-out button signed the teacher out")
	failed.take(srv.URL + "/api/v1/me") // that 401 is the check's own
	signIn("parent", parentEmail)
	parentPages := []adultPage{
		{name: "parent home", path: "/home", ready: "body[data-ready] #home h1"},
		{name: "reports", path: "/reports", ready: "main"},
		{name: "report", path: fmt.Sprintf("/reports/students/%d", s.studentID), ready: ".report-practise"},
	}
	for _, lang := range []string{"fr", "en"} {
		for _, p := range parentPages {
			check(t, p, lang, "Sophie Martin")
		}
	}
	var problems []string
	for _, m := range msgs.problems() {
		// The error page's own status, and the check of sign-out's 401.
		if !strings.Contains(m, "/dashboard/classes/999999999") && !(strings.Contains(m, "401") && strings.Contains(m, "/api/v1/me")) {
			problems = append(problems, m)
		}
	}
	assert.Empty(t, problems, "console errors, CSP reports or failed loads")
}
