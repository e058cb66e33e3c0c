package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// browserSignIn signs the tab in as a teacher or a parent (the password of
// the tests' accounts), from a page of the site.
func browserSignIn(t *testing.T, ctx context.Context, role, email string) {
	t.Helper()
	js := fmt.Sprintf(`fetch("/api/v1/auth/%s", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, role, email)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status, "sign in as the %s", role)
}

// linkedParent is a parent account with a known e-mail, linked to the
// school's student.
func linkedParent(t *testing.T, e *env, s school) string {
	t.Helper()
	email := uniqueEmail("up")
	e.must(t, 202, req{Method: "POST", Path: "/api/v1/parents", Body: map[string]string{"email": email, "password": "correct horse battery", "name": "Sophie Martin"}})
	token := e.must(t, 200, req{Method: "POST", Path: "/api/v1/auth/parent", Body: map[string]string{"email": email, "password": "correct horse battery"}}).JSON["token"].(string)
	e.linkParent(t, s.teacher, token, s.studentID)
	return email
}

func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	require.NoError(t, err, js)
	return v
}

// A parent reading the report in French presses "English": "← Back" (to
// /reports) and the "Multipli" logo (to /home) stay in English; the home's
// own switch (lib/i18n.js, the one the children's pages use too) changes
// the language of the server's pages as well.
func TestBrowserTheLanguageChosenStaysForTheVisit(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	email := linkedParent(t, e, s)
	// A French browser (its requests and navigator.languages): English
	// is the reader's choice, not the default.
	step(t, ctx, "blank", chromedp.Navigate("about:blank"))
	ua := evalJS[string](t, ctx, `navigator.userAgent`)
	_, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "fr-FR,fr"})
	require.NoError(t, err)
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	require.Equal(t, "fr", evalJS[string](t, ctx, `document.documentElement.lang`), "a French browser")
	browserSignIn(t, ctx, "parent", email)

	step(t, ctx, "the report in French", chromedp.EmulateViewport(375, 800),
		chromedp.Navigate(fmt.Sprintf("%s/reports/students/%d?lang=fr", srv.URL, s.studentID)), chromedp.WaitVisible(css(`html[lang="fr"] main.report`)))
	step(t, ctx, "English", chromedp.Click(css(".lang-switch")), chromedp.WaitVisible(css(`html[lang="en"] main.report`)))
	step(t, ctx, "← Back", chromedp.Click(css("a.back-link")), chromedp.WaitVisible(css(`html[lang="en"] .class-list`)))
	assert.Equal(t, "/reports", evalJS[string](t, ctx, `location.pathname + location.search`), "no ?lang= on the way back")
	assert.Contains(t, textOf(t, ctx, ".class-list"), "Weekly report")
	step(t, ctx, "the logo", chromedp.Click(css("a.brand")), chromedp.WaitVisible(css("body[data-ready]")))
	assert.Equal(t, "/home", evalJS[string](t, ctx, `location.pathname + location.search`))
	assert.Equal(t, "en", evalJS[string](t, ctx, `document.documentElement.lang`), "the home follows the choice")
	screenshot(t, ctx, "lang-stays-home-en")

	// The home's switch: back to French, on the server's pages too.
	step(t, ctx, "Français", chromedp.Click(css("[data-lang-switch]")), chromedp.WaitVisible(css(`html[lang="fr"] body[data-ready]`)))
	step(t, ctx, "the reports", chromedp.Navigate(srv.URL+"/reports"), chromedp.WaitVisible(css(".class-list")))
	assert.Equal(t, "fr", evalJS[string](t, ctx, `document.documentElement.lang`), "the server reads the home's choice")
	assert.Contains(t, textOf(t, ctx, ".class-list"), "Bilan")
}

// touchTargetsJS lists the links a finger taps to move between the adults'
// pages (the class's pages, "← back" links, the top bar's page link, the
// previous and next weeks) that
// are smaller than 44×44 px.
const touchTargetsJS = `[...document.querySelectorAll(".class-nav a, a.back-link, .dash-nav a, a.week-step")].filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect(); return e.textContent.trim() + " " + Math.round(r.width) + "×" + Math.round(r.height); })
  .filter((s) => { const [w, h] = s.split(" ").pop().split("×").map(Number); return w < 44 || h < 44; })`

// On a 375-pixel phone, in French and in English, the class's sub-menu,
// the "← back" links and the top bar's link are at least 44×44 px; on a
// laptop the sub-menu keeps one compact line.
func TestBrowserAdultPageLinksAreBigEnoughForAFinger(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, dbURL := liveEnv(t)
	s := e.newSchool(t)
	a := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"level": "violet"}})
	plays(t, e, dbURL, s.studentID, num(t, a.JSON["id"]), [][2]int{{6, 7}, {7, 8}})
	email := linkedParent(t, e, s)
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	browserSignIn(t, ctx, "teacher", s.teacherEmail)

	cl := fmt.Sprintf("/dashboard/classes/%d", s.classID)
	pages := []struct{ name, path, ready string }{
		{"class dashboard", cl, ".class-nav"},
		{"heatmap", cl + "/heatmap", ".class-nav"},
		{"assignments", cl + "/assignments", ".class-nav"},
		{"student", fmt.Sprintf("/dashboard/students/%d", s.studentID), "a.back-link"},
		{"cards", fmt.Sprintf("/classes/%d/cards", s.classID), "a.back-link"},
		{"roster", fmt.Sprintf("/classes/%d/roster", s.classID), "body[data-ready] .class-nav"},
		{"report", fmt.Sprintf("/reports/students/%d", s.studentID), "a.back-link"},
	}
	for _, lang := range []string{"fr", "en"} {
		for _, p := range pages {
			if p.name == "report" {
				step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
				browserSignIn(t, ctx, "parent", email)
			}
			step(t, ctx, p.name, chromedp.EmulateViewport(375, 800), chromedp.Navigate(srv.URL+p.path+"?lang="+lang), chromedp.WaitVisible(css(p.ready)))
			assert.Positive(t, count(t, ctx, ".class-nav a, a.back-link"), "%s: links to measure", p.name)
			assert.Empty(t, evalJS[[]string](t, ctx, touchTargetsJS), "%s (%s) at 375 px: links under 44 px", p.name, lang)
			if lang == "fr" {
				screenshot(t, ctx, "touch-fr-375-"+strings.ReplaceAll(p.name, " ", "-"))
			}
			if count(t, ctx, ".class-nav") > 0 {
				step(t, ctx, p.name+" on a laptop", chromedp.EmulateViewport(1366, 800))
				h := evalJS[float64](t, ctx, `Math.max(...[...document.querySelectorAll(".class-nav a")].map((e) => e.getBoundingClientRect().height))`)
				assert.Less(t, h, 30.0, "%s (%s) at 1366 px: the sub-menu's links stay compact", p.name, lang)
			}
			if p.name == "report" {
				step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
				browserSignIn(t, ctx, "teacher", s.teacherEmail)
			}
		}
	}
}

// On a phone, an assignment with "Chosen tables" ticked and none typed is
// refused under that field, which is named as the form names it, and the
// focus goes to it (it was at the top of the page, 972 px above the
// button, naming the API's "tables").
func TestBrowserAssignmentFormShowsTheErrorAtTheField(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	// Children enough for the form to be long on a phone.
	names := make([]string, 20)
	for i := range names {
		names[i] = fmt.Sprintf("Enfant %02d", i+1)
	}
	e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", s.classID), Token: s.teacher, Body: map[string]string{"names": strings.Join(names, "\n")}})
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	browserSignIn(t, ctx, "teacher", s.teacherEmail)
	want := map[string]string{"fr": "Le champ « Tables choisies » est obligatoire.", "en": "Field “Chosen tables” is required."}
	for _, lang := range []string{"fr", "en"} {
		step(t, ctx, "the form", chromedp.EmulateViewport(375, 667),
			chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d/assignments?lang=%s", srv.URL, s.classID, lang)), chromedp.WaitVisible(css("#assignment-form")))
		step(t, ctx, "no tables", chromedp.Click(css(`input[name="level"][value="custom"]`)), chromedp.Click(css("#create-assignment")),
			chromedp.WaitVisible(css("#error-tables")))
		got := strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(textOf(t, ctx, "#error-tables"))
		assert.Equal(t, want[lang], strings.TrimSpace(got), "named as the form names it")
		assert.True(t, evalJS[bool](t, ctx, `document.getElementById("error").hidden`), "not at the top of the page")
		assert.Equal(t, "tables", evalJS[string](t, ctx, `document.activeElement.name`), "the focus is on the field")
		assert.Equal(t, "error-tables", attr(t, ctx, `input[name="tables"]`, "aria-describedby"))
		assert.Equal(t, "true", attr(t, ctx, `input[name="tables"]`, "aria-invalid"))
		type box struct{ Top, Bottom, Field float64 }
		b := evalJS[box](t, ctx, `(() => { const r = document.getElementById("error-tables").getBoundingClientRect(); return {top: r.top, bottom: r.bottom, field: document.querySelector('input[name="tables"]').getBoundingClientRect().bottom}; })()`)
		assert.GreaterOrEqual(t, b.Top, 0.0, "the error is on the screen")
		assert.LessOrEqual(t, b.Bottom, 667.0, "the error is on the screen")
		assert.Less(t, b.Top-b.Field, 60.0, "the error is right under the field")
		// What the phone's screen shows, then the whole page.
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "assignment-error-"+lang+"-375-screen.png"), buf, 0o600))
		screenshot(t, ctx, "assignment-error-"+lang+"-375")
		assertFits(t, ctx, "the form with its error ("+lang+")")

		// Typed in, the assignment is made.
		evalJS[bool](t, ctx, `window.__before = true`)
		step(t, ctx, "7 and 8", chromedp.SendKeys(css(`input[name="tables"]`), "7, 8"), chromedp.Click(css("#create-assignment")))
		deadline := time.Now().Add(10 * time.Second)
		for {
			// An evaluation during the reload may fail: asked again.
			waiting, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__before === true || !document.querySelector("#assignments .assignment")`))
			if err == nil && !waiting {
				break
			}
			require.True(t, time.Now().Before(deadline), "the page reloads with the new assignment")
			time.Sleep(50 * time.Millisecond)
		}
		assert.Equal(t, 0, count(t, ctx, "#error-tables"))
	}
}

// The heatmaps' legend reads with a space where its lines meet: "(violet
// foncé) à 100", "(dark purple) to 100" (a screen reader, a search or a
// copy read "(violet foncé)à 100").
func TestBrowserHeatmapLegendHasItsSpaces(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	browserSignIn(t, ctx, "teacher", s.teacherEmail)
	want := map[string]string{"fr": "(violet foncé) à 100", "en": "(dark purple) to 100"}
	for _, lang := range []string{"fr", "en"} {
		for _, p := range []struct{ path, svg string }{
			{fmt.Sprintf("/dashboard/classes/%d/heatmap", s.classID), "#class-heatmap svg"},
			{fmt.Sprintf("/dashboard/students/%d", s.studentID), "#student-heatmap svg"},
		} {
			step(t, ctx, p.path, chromedp.Navigate(srv.URL+p.path+"?lang="+lang), chromedp.WaitVisible(css(p.svg)))
			legend := evalJS[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(%q)].map((e) => e.textContent)`, p.svg+" .legend text"))
			all := strings.Join(legend, "\n")
			assert.Contains(t, all, want[lang], "%s (%s)", p.path, lang)
			// No two words glued where any line meets the next.
			glued := evalJS[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(%q)].flatMap((t) => { const l = [...t.querySelectorAll("tspan")]; return l.slice(1).filter((n, i) => !/\s$/.test(l[i].textContent) && !/^\s/.test(n.textContent)).map((n, i) => l[i].textContent + "|" + n.textContent); })`, p.svg+" .legend text"))
			assert.Empty(t, glued, "%s (%s)", p.path, lang)
		}
	}
}

// cardLinkLinesJS is, for each login card's link, its text and the
// offsets where it goes on to a new line.
const cardLinkLinesJS = `[...document.querySelectorAll(".card-link")].map((span) => {
  let text = "", last = null;
  const breaks = [];
  const walk = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (let i = 0; i < n.length; i++) {
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      const box = r.getClientRects()[0];
      if (box && last !== null && box.top > last + 2) breaks.push(text.length);
      if (box) last = box.top;
      text += n.data[i];
    }
  }
  const card = span.closest(".card").getBoundingClientRect();
  return { text, breaks, inside: span.getBoundingClientRect().right <= card.right + 0.5 };
})`

// A login card's link breaks only between its parts — after "://",
// before "#card=" and after it — on a phone and on A4 paper, and stays
// inside its card (it broke as "ht / tp://…").
func TestBrowserLoginCardsLinkBreaksBetweenItsParts(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	browserSignIn(t, ctx, "teacher", s.teacherEmail)
	type line struct {
		Text   string
		Breaks []int
		Inside bool
	}
	for _, lang := range []string{"fr", "en"} {
		for _, v := range []struct {
			name  string
			width int64
			media string
		}{{"phone", 375, "screen"}, {"tablet", 768, "screen"}, {"A4", 718, "print"}} {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: v.media})
			require.NoError(t, err)
			step(t, ctx, "cards", chromedp.EmulateViewport(v.width, 900),
				chromedp.Navigate(fmt.Sprintf("%s/classes/%d/cards?lang=%s", srv.URL, s.classID, lang)), chromedp.WaitVisible(css(".card")))
			if lang == "fr" {
				screenshot(t, ctx, "cards-link-fr-"+v.name)
			}
			links := evalJS[[]line](t, ctx, cardLinkLinesJS)
			require.NotEmpty(t, links)
			for _, l := range links {
				assert.True(t, strings.HasPrefix(l.Text, srv.URL+"/#card="), "the link reads and copies whole: %q", l.Text)
				assert.True(t, l.Inside, "%s (%s): %q stays inside its card", v.name, lang, l.Text)
				for _, b := range l.Breaks {
					before, after := l.Text[:b], l.Text[b:]
					ok := strings.HasSuffix(before, "://") || strings.HasPrefix(after, "#card=") || strings.HasSuffix(before, "#card=")
					assert.True(t, ok, "%s (%s): %q breaks as %q / %q", v.name, lang, l.Text, before, after)
				}
			}
		}
	}
}
