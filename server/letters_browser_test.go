package server_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A parent opens their letter's link (what its QR code holds): the sign-in
// page offers the parent's sign-up, and once signed up the code is filled
// in on their home; one click links them. The teacher then sees the parent
// under the child on the roster and unlinks them, after a confirmation;
// the parent's report of the child is gone at once.
func TestBrowserALettersLinkLinksTheParentAndTheTeacherUnlinks(t *testing.T) {
	needTools(t, "pdftotext")
	ctx := browser(t)
	e, srv, _ := liveEnv(t)
	msgs := watchConsole(t, ctx)
	teacherEmail := uniqueEmail("letters")
	teacher := e.signup(t, "teacher", teacherEmail)
	classID, _, ids := e.classWithStudent(t, teacher, "Léa\nZoé")

	res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/letters.pdf?lang=fr", classID), Token: teacher})
	pdf := filepath.Join(t.TempDir(), "letters.pdf")
	require.NoError(t, os.WriteFile(pdf, res.Raw, 0o600))
	pages := pageTexts(t, pdf)
	require.Len(t, pages, 2)
	code := letterCode.FindString(pages[1]) // Zoé's
	require.NotEmpty(t, code)

	step(t, ctx, "phone screen", chromedp.EmulateViewport(375, 812))
	parentEmail := uniqueEmail("mum")
	step(t, ctx, "the letter's link", chromedp.Navigate(srv.URL+"/?tab=parent&code="+code),
		chromedp.WaitVisible(css(`body[data-ready] [data-panel=parent] input[name=name]`)),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=name]`), "Inès Martin"),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=email]`), parentEmail),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=parent] button[type=submit]`)),
		chromedp.WaitVisible(css(`#home input[name=code]`)))
	value, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#home input[name=code]").value`))
	require.NoError(t, err)
	assert.Equal(t, code, value, "the code is filled in")
	step(t, ctx, "link", chromedp.Click(css(`#home form button[type=submit]`)),
		chromedp.WaitVisible(`//main[@id="home"]//li/strong[text()="Zoé"]`))
	parent := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/parent",
		Body: map[string]string{"email": parentEmail, "password": "correct horse battery"}}).JSON["token"].(string)
	report := req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report", ids[1]), Token: parent}
	e.must(t, http.StatusOK, report)

	_, err = chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	require.NoError(t, err)
	step(t, ctx, "the teacher's roster", chromedp.Navigate(srv.URL+fmt.Sprintf("/classes/%d/roster?lang=fr", classID)),
		chromedp.WaitVisible(css("body[data-ready] [data-tab=teacher]")),
		chromedp.Click(css(`[data-tab=teacher]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), teacherEmail),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css(`body.roster[data-ready]`)))
	zoe := fmt.Sprintf("#student-%d", ids[1])
	assert.Equal(t, "Parents\u00a0: Inès Martin ("+parentEmail+") Délier", textOf(t, ctx, zoe+" .parents"))
	assert.Equal(t, "Aucun parent relié pour l’instant.", textOf(t, ctx, fmt.Sprintf("#student-%d .parents", ids[0])))
	assert.Equal(t, 2, count(t, ctx, `#letters-link[href$="letters.pdf?lang=fr"], #cards-link`))
	assertFits(t, ctx, "the parents")

	step(t, ctx, "unlink, then change one's mind", chromedp.Click(css(zoe+` [data-act=unlink]`)),
		chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-cancel")), chromedp.Click(css("#dialog-cancel")),
		chromedp.WaitNotPresent(css("#confirm-dialog[open]")))
	e.must(t, http.StatusOK, report)
	step(t, ctx, "unlink", chromedp.Click(css(zoe+` [data-act=unlink]`)),
		chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-ok")))
	assert.Equal(t, "Délier Inès Martin de Zoé\u00a0?", textOf(t, ctx, "#dialog-title"))
	// Waits for the status line the unlink writes, then reads the row: a
	// wait on the row itself could hold on to the row drawn before.
	step(t, ctx, "confirm", chromedp.Click(css("#dialog-ok")), chromedp.WaitNotPresent(css("#confirm-dialog[open]")))
	require.Eventually(t, func() bool { return textOf(t, ctx, "#status") != "" }, 15*time.Second, 50*time.Millisecond, "the unlink's status line")
	assert.Equal(t, 1, count(t, ctx, zoe+" .parents.muted"), "Zoé's row says no parent is linked")
	assert.Equal(t, "Inès Martin ne suit plus Zoé.", textOf(t, ctx, "#status"))
	assert.Equal(t, http.StatusNotFound, e.do(t, report).Status, "the parent lost the child at once")

	empty := newClass(t, e, teacher, "CM2")
	step(t, ctx, "an empty class", chromedp.Navigate(srv.URL+fmt.Sprintf("/classes/%d/roster?lang=fr", empty)),
		chromedp.WaitVisible(css(`body.roster[data-ready] #no-students`)))
	assert.Equal(t, 0, count(t, ctx, `#letters-link:not([hidden])`), "no child, no letters")
	assert.Empty(t, msgs.problems(), "console errors or CSP violations")
}
