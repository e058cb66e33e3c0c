package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A teacher on a phone goes back a week on the class dashboard and forward
// again, then opens the list of a heatmap cell by a tap and another by the
// keyboard — in French and in English, 375 pixels wide: no page wider than
// the screen, the heatmap's legend within its picture, no CSP violation.
func TestBrowserClassWeeksAndHeatmapListOnAPhone(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, dbURL := liveEnv(t)
	s := e.newSchool(t)
	a := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"level": "violet"}})
	plays(t, e, dbURL, s.studentID, num(t, a.JSON["id"]), [][2]int{{6, 7}, {7, 8}, {8, 9}, {6, 9}, {9, 9}, {6, 8}, {7, 7}, {8, 8}})

	_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	failed := watchRequests(t, ctx)
	step(t, ctx, "home", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`fetch("/api/v1/auth/teacher", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, s.teacherEmail), chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)

	noViolations := func(what string) {
		t.Helper()
		csp, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__csp || []`))
		require.NoError(t, err)
		assert.Empty(t, csp, "%s: Content-Security-Policy violations", what)
		assert.Empty(t, failed.take(""), "%s: failed requests", what)
	}
	cl := fmt.Sprintf("%s/dashboard/classes/%d", srv.URL, s.classID)
	for _, lang := range []string{"fr", "en"} {
		step(t, ctx, "class page "+lang, chromedp.EmulateViewport(375, 800), chromedp.Navigate(cl+"?lang="+lang), chromedp.WaitVisible(css("#class-table")))
		this := textOf(t, ctx, "#week-text")
		assert.Zero(t, count(t, ctx, `[data-week="next"]`), "%s: Léa played this week: it is shown, with no next link", lang)
		assert.NotContains(t, this, "-W", "a week in words")

		step(t, ctx, "previous week", chromedp.Click(css(`[data-week="prev"]`)), chromedp.WaitVisible(css(`[data-week="next"]`)))
		before := textOf(t, ctx, "#week-text")
		assert.NotEqual(t, this, before)
		assert.Equal(t, 2, count(t, ctx, `#class-table tr[data-played="false"]`), "%s: nobody played the week before", lang)
		assertFits(t, ctx, "the class page a week back ("+lang+") at 375 px")
		screenshot(t, ctx, "weeks-class-prev-375-"+lang)
		// The new page is read once it is there: right after the click the
		// old one may still be coming down (its nodes gone mid-read).
		step(t, ctx, "next week", chromedp.Click(css(`[data-week="next"]`)))
		assert.Eventually(t, func() bool {
			s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === "complete" && !document.querySelector('[data-week="next"]') ? (document.querySelector("#week-text")?.textContent ?? "") : ""`))
			return err == nil && strings.TrimSpace(s) == strings.TrimSpace(this)
		}, 15*time.Second, 50*time.Millisecond, "%s: back on this week", lang)
		noViolations("class page " + lang)

		step(t, ctx, "heatmap "+lang, chromedp.Navigate(cl+"/heatmap?lang="+lang), chromedp.WaitVisible(css(`#class-heatmap svg`)))
		assert.Zero(t, count(t, ctx, "[data-fact-children]"))
		step(t, ctx, "tap 7 × 8", chromedp.Click(css(`[data-fact="7x8"]`)), chromedp.WaitVisible(css(`[data-fact-children="7x8"]`)))
		list := textOf(t, ctx, "[data-fact-children]")
		assert.Contains(t, list, "Léa", "%s: Léa tried 7 × 8 and does not know it by heart", lang)
		assert.Contains(t, list, "Zoé", "%s: Zoé never tried it", lang)
		assert.Less(t, strings.Index(list, "Léa"), strings.Index(list, "Zoé"))
		assertFits(t, ctx, "the heatmap with its list ("+lang+") at 375 px")
		// The legend's lines end inside the picture (an SVG text does not
		// wrap: a long line was cut at the picture's edge).
		out, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => { const s = document.querySelector("#class-heatmap svg"); const b = s.querySelector(".legend").getBBox(); return b.x + b.width - s.viewBox.baseVal.width; })()`))
		require.NoError(t, err)
		assert.LessOrEqual(t, out, 0.0, "%s: the legend fits the heatmap's width", lang)
		screenshot(t, ctx, "weeks-heatmap-list-375-"+lang)

		// By the keyboard: the cell is a link, Enter follows it.
		step(t, ctx, "6 × 7 by the keyboard", chromedp.Focus(css(`[data-fact="6x7"]`)), chromedp.KeyEvent("\r"), chromedp.WaitVisible(css(`[data-fact-children="6x7"]`)))
		noViolations("heatmap " + lang)

		for _, w := range []int64{375, 1366} {
			for _, p := range []struct{ name, path, ready string }{
				{"student", fmt.Sprintf("/dashboard/students/%d", s.studentID), "#student-heatmap"},
				{"report", fmt.Sprintf("/reports/students/%d", s.studentID), ".report-head"},
				{"class", fmt.Sprintf("/dashboard/classes/%d", s.classID), "#class-table"},
			} {
				step(t, ctx, p.name, chromedp.EmulateViewport(w, 900), chromedp.Navigate(srv.URL+p.path+"?lang="+lang), chromedp.WaitVisible(css(p.ready)))
				assertFits(t, ctx, fmt.Sprintf("%s (%s) at %d px", p.name, lang, w))
				assert.Equal(t, 1, count(t, ctx, `[data-week="prev"]`), "%s: a previous-week link", p.name)
				screenshot(t, ctx, fmt.Sprintf("weeks-%s-%d-%s", p.name, w, lang))
				noViolations(p.name + " " + lang)
			}
		}
	}
}
