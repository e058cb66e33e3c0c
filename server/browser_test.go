package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// browser starts a headless Chromium, or skips the test when none is
// installed (`go test ./...` must pass with only Go and gcc; .ci/run
// installs Chromium so that CI runs these).
func browser(t *testing.T) context.Context {
	t.Helper()
	required := os.Getenv("MULTIPLI_REQUIRE_BROWSER") == "1"
	if testing.Short() && !required {
		t.Skip("browser tests are skipped with -short")
	}
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if required {
			t.Fatal("MULTIPLI_REQUIRE_BROWSER=1 but no Chromium is installed (apt-get install chromium)")
		}
		t.Skip("no Chromium installed: browser tests skipped (MULTIPLI_REQUIRE_BROWSER=1 makes them required)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.Flag("no-sandbox", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	_, err := chromedp.Run(ctx, chromedp.Title()) // starts the browser, without a deadline
	require.NoError(t, err)
	return ctx
}

// step runs actions with a deadline, so a broken page fails the test
// instead of hanging it.
func step(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	require.NoError(t, chromedp.Do(sctx, actions...), what)
}

func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return visibleText(t, ctx, sel)
}

// visibleTextJS is chromedp.Text's answer (the innerText of the first
// match when it is laid out, else "") read in one evaluation, or null
// while nothing matches.
const visibleTextJS = `((sel) => {
	const e = document.querySelector(sel);
	if (!e) return null;
	return e.offsetWidth || e.offsetHeight || e.getClientRects().length ? e.innerText : "";
})(%q)`

// visibleText waits up to 15 s for sel and reads its text. One JavaScript
// evaluation, not a node query then a read: a page whose script redraws
// the element between the two (or a navigation still landing) made the
// read fail with "No node with given id found".
func visibleText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[*string](fmt.Sprintf(visibleTextJS, sel)))
		if err == nil && s != nil {
			return *s
		}
		if time.Now().After(deadline) {
			require.NoError(t, err, sel)
			t.Fatalf("%s: no such element", sel)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type css = chromedp.CSS

func TestBrowserStudentAndTeacherLogins(t *testing.T) {
	ctx := browser(t)
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	// The browser drops cookies that expire in the past: real time here.
	e := newEnv(t, st, func(c *server.Config) { c.Now = time.Now })
	ts := httptest.NewServer(e.srv.Handler())
	t.Cleanup(ts.Close)

	teacher := e.signup(t, "teacher", "t@school.test")
	_, code, ids := e.classWithStudent(t, teacher, "Léa\nTom")
	e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", ids[1]), Token: teacher,
		Body: map[string]any{"kind": "pictures", "pictures": []string{"cat", "sun", "tree"}}})

	enterClass := func() {
		step(t, ctx, "class code", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")),
			chromedp.SendKeys(css("#class-code"), strings.ToLower(code)), chromedp.Click(css("#class-code-form button")),
			chromedp.WaitVisible(css("#names button")))
	}

	enterClass()
	step(t, ctx, "pick Léa", chromedp.Click(`//button[text()="Léa"]`), chromedp.WaitVisible(css("#keypad")))
	for _, d := range "1234" {
		step(t, ctx, "keypad", chromedp.Click(css(fmt.Sprintf(`#keypad button[data-key="%c"]`, d))))
	}
	step(t, ctx, "student home", chromedp.WaitVisible(css("#home h1")))
	assert.Contains(t, textOf(t, ctx, "#home h1"), "Léa")
	step(t, ctx, "logout", chromedp.Click(css("#logout")), chromedp.WaitVisible(css("#class-code")))

	enterClass()
	step(t, ctx, "pick Tom", chromedp.Click(`//button[text()="Tom"]`), chromedp.WaitVisible(css("#pictures-grid")))
	for _, p := range []string{"sun", "cat", "tree"} {
		step(t, ctx, "wrong pictures", chromedp.Click(css(`#pictures-grid button[data-picture="`+p+`"]`)))
	}
	step(t, ctx, "error shown", chromedp.WaitVisible(css("#error")))
	assert.NotEmpty(t, textOf(t, ctx, "#error"))
	for _, p := range []string{"cat", "sun", "tree"} {
		step(t, ctx, "right pictures", chromedp.Click(css(`#pictures-grid button[data-picture="`+p+`"]`)))
	}
	step(t, ctx, "student home", chromedp.WaitVisible(css("#home h1")))
	assert.Contains(t, textOf(t, ctx, "#home h1"), "Tom")
	step(t, ctx, "logout", chromedp.Click(css("#logout")), chromedp.WaitVisible(css("body[data-ready] #class-code")))

	step(t, ctx, "teacher login",
		chromedp.Click(css(`[data-tab=teacher]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), "t@school.test"),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css("body[data-ready] .classes")))
	assert.Contains(t, textOf(t, ctx, ".classes"), code)
	// Creating a class is a cookie-authenticated POST: it passes only if the
	// page echoes the CSRF cookie.
	step(t, ctx, "create class", chromedp.SendKeys(css(`#home input[name=name]`), "CM2 Soleil"), chromedp.Click(css(`#home form button`)),
		chromedp.WaitVisible(`//li/h2[text()="CM2 Soleil"]`))
	step(t, ctx, "switch to French", chromedp.Click(css("[data-lang-switch]")), chromedp.WaitVisible(`//h1[text()="Vos classes"]`))

	// The next day, from a bookmark: the login has ended, the page sends
	// the teacher to sign in and back.
	classes := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes", Token: teacher}).JSON["classes"].([]any)
	dashboard := fmt.Sprintf("/dashboard/classes/%d", num(t, classes[0].(map[string]any)["id"]))
	_, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	require.NoError(t, err)
	step(t, ctx, "bookmark, signed out: the teacher's tab, not the children's", chromedp.Navigate(ts.URL+dashboard),
		chromedp.WaitVisible(css(`body[data-ready] [data-tab=teacher][aria-selected=true]`)),
		chromedp.WaitVisible(css(`[data-panel=teacher] input[name=email]`)))
	step(t, ctx, "sign in again",
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), "t@school.test"),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css("body.dash main h1")))
	at, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Equal(t, ts.URL+dashboard, at, "back on the bookmarked page")
}
