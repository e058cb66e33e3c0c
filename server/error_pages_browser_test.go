package server_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// In Chromium: a child who opens /dashboard, and a teacher who exports a
// range whose end is before its start, read a page in their language (not
// a JSON body); the child's page leads to the teacher's sign-in, which
// comes back to the dashboard. The favicon is there.
func TestBrowserErrorsArePagesNotJSON(t *testing.T) {
	ctx := browser(t)
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	// The browser drops cookies that expire in the past: real time here.
	e := newEnv(t, st, func(c *server.Config) { c.Now = time.Now })
	ts := httptest.NewServer(e.srv.Handler())
	t.Cleanup(ts.Close)
	s := e.newSchool(t)

	// page reads what the browser shows: the navigation's status, the
	// document's type, its heading and its text.
	type shown struct {
		Status int    `json:"status"`
		Type   string `json:"type"`
		H1     string `json:"h1"`
		Text   string `json:"text"`
	}
	page := func(what string) shown {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[shown](`({status: performance.getEntriesByType("navigation")[0].responseStatus,
			type: document.contentType, h1: (document.querySelector("h1") || {}).textContent || "", text: document.body.innerText})`))
		require.NoError(t, err, what)
		return got
	}

	step(t, ctx, "the child signs in", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")),
		chromedp.SendKeys(css("#class-code"), strings.ToLower(s.classCode)), chromedp.Click(css("#class-code-form button")),
		chromedp.WaitVisible(css("#names button")), chromedp.Click(`//button[text()="Léa"]`), chromedp.WaitVisible(css("#keypad")))
	for _, d := range "1234" {
		step(t, ctx, "keypad", chromedp.Click(css(fmt.Sprintf(`#keypad button[data-key="%c"]`, d))))
	}
	step(t, ctx, "the child's home", chromedp.WaitVisible(css("#home h1")))

	step(t, ctx, "the child opens the dashboard", chromedp.Navigate(ts.URL+"/dashboard"), chromedp.WaitVisible(css("body.error-page main h1")))
	got := page("English error page")
	assert.Equal(t, 403, got.Status)
	assert.Equal(t, "text/html", got.Type)
	assert.Equal(t, "This page is not for this account", got.H1)
	assert.NotContains(t, got.Text, `"error"`)

	step(t, ctx, "in French", chromedp.Navigate(ts.URL+"/dashboard?lang=fr"), chromedp.WaitVisible(css("body.error-page main h1")))
	got = page("French error page")
	assert.Equal(t, 403, got.Status)
	assert.Equal(t, "Cette page n’est pas pour ce compte", got.H1)
	assert.Contains(t, got.Text, "Vous n’avez pas le droit de faire cela.")

	// The way on: the teacher's sign-in (their tab open), then back here.
	step(t, ctx, "sign in as the teacher", chromedp.Click(`//a[text()="Se connecter avec un autre compte"]`),
		chromedp.WaitVisible(css(`body[data-ready] [data-tab=teacher][aria-selected=true]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), s.teacherEmail),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css(`form.export`)))
	at, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Equal(t, ts.URL+"/dashboard?lang=fr", at, "back on the page the child could not see")

	step(t, ctx, "an export with the days the wrong way round",
		chromedp.SetValue(css(`form.export input[name=from]`), "2026-03-05"),
		chromedp.SetValue(css(`form.export input[name=to]`), "2026-03-01"),
		chromedp.Click(css(`form.export button[type=submit]`)),
		chromedp.WaitVisible(css("body.error-page main h1")))
	got = page("export error page")
	assert.Equal(t, 400, got.Status)
	assert.Equal(t, "text/html", got.Type)
	assert.Equal(t, "Cette adresse n’est pas tout à fait juste", got.H1)
	assert.Contains(t, got.Text, "Le jour «\u00a0au\u00a0» est avant le jour «\u00a0du\u00a0»")
	assert.NotContains(t, got.Text, `"error"`)

	icon, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch("/favicon.ico").then(r => r.status)`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	assert.Equal(t, 200, icon)
}

// A parent's home names the child's level with its label, not its id
// ("Niveau green" was seen); the sign-in page opens on the parent's tab
// when asked to.
func TestBrowserParentsHomeNamesTheLevel(t *testing.T) {
	ctx := browser(t)
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st, func(c *server.Config) { c.Now = time.Now })
	ts := httptest.NewServer(e.srv.Handler())
	t.Cleanup(ts.Close)
	s := e.newSchool(t)
	email := uniqueEmail("p")
	parent := e.signup(t, "parent", email)
	e.linkParent(t, s.teacher, parent, s.studentID)
	e.must(t, 200, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher, Body: map[string]any{"level": "green"}})

	step(t, ctx, "the parent signs in on their tab", chromedp.Navigate(ts.URL+"/?tab=parent"),
		chromedp.WaitVisible(css(`body[data-ready] [data-tab=parent][aria-selected=true]`)),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=email]`), email),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=parent] button[type=submit]`)),
		chromedp.WaitVisible(css(`#home li strong`)))
	got := textOf(t, ctx, "#home li") // the browser's language: English
	assert.Contains(t, got, "Green level (2–5)")
	assert.NotContains(t, got, "green")
	step(t, ctx, "in French", chromedp.Click(css("[data-lang-switch]")), chromedp.WaitVisible(`//li[contains(., "Niveau vert")]`))
	got = textOf(t, ctx, "#home li")
	assert.Contains(t, got, "Niveau vert (2 à 5)")
	assert.NotContains(t, got, "green")
}
