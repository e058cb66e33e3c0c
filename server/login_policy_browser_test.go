package server_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A child opens their login card's link (what its QR code holds) and lands
// on their home, signed in; the token leaves the address bar. A card voided
// by a new PIN says so, in French for a French browser.
func TestBrowserTheLoginCardsLinkSignsTheChildIn(t *testing.T) {
	ctx := browser(t)
	e, ts, _ := liveEnv(t) // a real clock: the page and the server agree on time
	teacher := e.signup(t, "teacher", "t@school.test")
	classID, _, ids := e.classWithStudent(t, teacher, "Léa\nTom")
	token := e.cardToken(t, teacher, classID, ids[0])

	step(t, ctx, "open the card's link", chromedp.Navigate(ts.URL+"/#card="+token), chromedp.WaitVisible(css("#home h1")))
	assert.Contains(t, textOf(t, ctx, "#home h1"), "Léa")
	at, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.NotContains(t, at, token)

	_, err = chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	require.NoError(t, err)
	e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", ids[0]), Token: teacher, Body: map[string]string{"kind": "pin"}})
	step(t, ctx, "French", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")),
		chromedp.Click(css("[data-lang-switch]")), chromedp.WaitVisible(`//button[text()="Je suis élève"]`))
	step(t, ctx, "an old card", chromedp.Navigate("about:blank"), chromedp.Navigate(ts.URL+"/#card="+token), chromedp.WaitVisible(css("#error")))
	assert.Contains(t, textOf(t, ctx, "#error"), "carte de connexion")
	at, err = chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Equal(t, ts.URL+"/", at, "the token left the address bar")
}

// A teacher signs up in English and lands on their home; someone signing
// up again with that e-mail, in French, is asked to sign in with the
// account's password — the API told neither of them more than that.
func TestBrowserSignUpSignsTheNewTeacherInAndSendsATakenEmailToSignIn(t *testing.T) {
	ctx := browser(t)
	_, ts, _ := liveEnv(t) // a real clock: the page and the server agree on time

	signUp := func(what, password string, then chromedp.Action[chromedp.Void]) {
		step(t, ctx, what,
			chromedp.Click(css(`[data-tab=teacher]`)),
			chromedp.Click(css(`[data-panel=teacher] [data-toggle-mode]`)),
			chromedp.WaitVisible(css(`[data-panel=teacher] input[name=name]`)),
			chromedp.SendKeys(css(`[data-panel=teacher] input[name=name]`), "Ana"),
			chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), "ana@school.test"),
			chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), password),
			chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
			then)
	}
	step(t, ctx, "English", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	if strings.Contains(textOf(t, ctx, "[data-lang-switch]"), "English") {
		step(t, ctx, "to English", chromedp.Click(css("[data-lang-switch]")))
	}
	signUp("sign up", "correct horse battery", chromedp.WaitVisible(css("body[data-ready] #home h1")))

	_, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	require.NoError(t, err)
	step(t, ctx, "French", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	if strings.Contains(textOf(t, ctx, "[data-lang-switch]"), "Français") {
		step(t, ctx, "to French", chromedp.Click(css("[data-lang-switch]")))
	}
	signUp("sign up again", "another password", chromedp.WaitVisible(css("#error")))
	assert.Contains(t, textOf(t, ctx, "#error"), "a peut-être déjà un compte")
	assert.Equal(t, "Se connecter", textOf(t, ctx, `[data-panel=teacher] button[type=submit]`), "the form is back to signing in")
	step(t, ctx, "sign in", chromedp.SetValue(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)), chromedp.WaitVisible(css("body[data-ready] #home h1")))
	assert.Contains(t, textOf(t, ctx, "#home h1"), "Vos classes")
}

// The QR code of a printed card, as Chromium draws it, reads (zbarimg, what
// a phone's camera app does) as the card's link, which signs the child in.
func TestBrowserTheLoginCardsQRCodeReadsAsItsLink(t *testing.T) {
	ctx := browser(t)
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("MULTIPLI_REQUIRE_BROWSER") == "1" {
			t.Fatal("MULTIPLI_REQUIRE_BROWSER=1 but zbarimg is not installed (apt-get install zbar-tools)")
		}
		t.Skip("no zbarimg: the QR reading test is skipped")
	}
	e, ts, _ := liveEnv(t) // a real clock: the page and the server agree on time
	e.signup(t, "teacher", "t@school.test")
	step(t, ctx, "teacher signs in", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")),
		chromedp.Click(css(`[data-tab=teacher]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), "t@school.test"),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css("body[data-ready] #home h1")))
	teacher := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": "t@school.test", "password": "correct horse battery"}}).JSON["token"].(string)
	classID, _, ids := e.classWithStudent(t, teacher, "Léa")
	token := e.cardToken(t, teacher, classID, ids[0])

	step(t, ctx, "the cards", chromedp.Navigate(fmt.Sprintf("%s/classes/%d/cards", ts.URL, classID)), chromedp.WaitVisible(css(".card-qr")))
	png, err := chromedp.Run(ctx, chromedp.Screenshot(css(".card-qr")))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "qr.png")
	require.NoError(t, os.WriteFile(path, png, 0o600))
	out, err := exec.Command(zbar, "--quiet", "--raw", path).Output()
	require.NoError(t, err, "zbarimg reads the QR code")
	link := strings.TrimSpace(string(out))
	assert.Equal(t, ts.URL+"/#card="+token, link)

	_, err = chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	require.NoError(t, err)
	step(t, ctx, "open what the QR says", chromedp.Navigate(link), chromedp.WaitVisible(css("#home h1")))
	assert.Contains(t, textOf(t, ctx, "#home h1"), "Léa")
}

// A child who types a wrong PIN on a phone sees why: the message, below
// the keypad, is brought on the screen (it sat under the fold, and the
// child only saw the slots emptied).
func TestBrowserAWrongPINIsToldOnThePhonesScreen(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.run(chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	b.run(chromedp.Navigate(b.base + "/?lang=fr"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`#class-code`)))
	b.run(chromedp.SendKeys(chromedp.CSS(`#class-code`), b.s.classCode))
	b.run(chromedp.Click(chromedp.CSS(`#class-code-form [type=submit]`)))
	b.run(chromedp.WaitVisible(chromedp.CSS(`#names button`)))
	b.tap(`//ul[@id="names"]//button[normalize-space(.)="Léa"]`)
	for _, k := range "9876" {
		b.tap(chromedp.CSS(fmt.Sprintf(`#keypad [data-key="%c"]`, k)))
	}
	b.run(chromedp.WaitVisible(chromedp.CSS(`#error`)))
	var where string
	for range 20 {
		where = b.eval(`(() => { const r = document.getElementById("error").getBoundingClientRect();
			return r.top >= 0 && r.bottom <= innerHeight ? "in sight" : "at " + Math.round(r.top) + " of " + innerHeight; })()`)
		if where == "in sight" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.screenshot("login-wrong-pin-phone")
	assert.Equal(t, "in sight", where)
	assert.Contains(t, b.eval(`document.getElementById("error").textContent`), "code")
}
