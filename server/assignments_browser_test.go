package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Archiving asks first: "Cancel" keeps the assignment; "Yes, archive"
// hides it and offers "Undo", which brings it back for the children.
func TestBrowserArchiveAsksAndCanBeUndone(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	a := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
		"title": "Table of 7", "tables": []int{7}, "games": []string{"magicoa", "potion"}}})
	id := num(t, a.JSON["id"])
	// An ended one (due last week), summed up on the same page.
	e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
		"level": "green", "start": e.clock().AddDate(0, 0, -14).Format("2006-01-02"), "due": e.clock().AddDate(0, 0, -7).Format("2006-01-02"),
		"target": map[string]any{"unit": "sessions", "per_week": 3}}})
	mine := func() int {
		return len(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.studentID), Token: s.student}).JSON["assignments"].([]any))
	}

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]"))))
	js := fmt.Sprintf(`fetch("/api/v1/auth/teacher", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, s.teacherEmail)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)

	archive, yes, no := fmt.Sprintf(`[data-archive="%d"]`, id), fmt.Sprintf(`[data-archive-yes="%d"]`, id), fmt.Sprintf(`[data-archive-no="%d"]`, id)
	step(t, ctx, "open the page", chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d/assignments?lang=en", srv.URL, s.classID)),
		chromedp.WaitVisible(css(archive)))
	assert.Contains(t, textOf(t, ctx, "#assignments .assignment"), "MultipliPotion, Magicoa")

	step(t, ctx, "archive, then cancel", chromedp.Click(css(archive)), chromedp.WaitVisible(css(yes)), chromedp.Click(css(no)), chromedp.WaitNotVisible(css(yes)))
	assert.Equal(t, 1, mine(), "cancelled: still asked of the children")

	step(t, ctx, "archive, confirmed", chromedp.Click(css(archive)), chromedp.WaitVisible(css(yes)), chromedp.Click(css(yes)),
		chromedp.WaitVisible(css("#undo-archive")), chromedp.WaitNotVisible(css(archive)))
	screenshot(t, ctx, "assignment-archived")
	assert.Contains(t, textOf(t, ctx, "#archived-notice"), "Assignment archived")
	assert.Equal(t, 0, mine(), "archived: the children no longer see it")

	step(t, ctx, "undo", chromedp.Click(css("#undo-archive")), chromedp.WaitVisible(css(archive)))
	assert.Equal(t, 1, mine(), "undone: back for the children")
	assert.Equal(t, "Table of 7", strings.TrimSpace(textOf(t, ctx, "#assignments .assignment h2")))

	for _, lang := range []string{"fr", "en"} {
		for _, w := range []int64{375, 1366} {
			step(t, ctx, "the page at "+lang, chromedp.EmulateViewport(w, 800),
				chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d/assignments?lang=%s", srv.URL, s.classID, lang)), chromedp.WaitVisible(css(".assignment-summary")))
			assertFits(t, ctx, fmt.Sprintf("assignments (%s) at %d px", lang, w))
			screenshot(t, ctx, fmt.Sprintf("assignments-%s-%d", lang, w))
		}
	}
}
