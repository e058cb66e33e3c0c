package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// TestBrowserReplayDrawsTheBoardOfEachGameReadOnly: a teacher opens the
// replay of a demo game of each kind, in French and in English. The board
// is drawn by the game's own module, read-only (no pointer reaches it, no
// control takes the keyboard); the "next" control, the arrow keys and the
// slider step through it; the texts are the page's language (no English
// event words on the French page); at 375 px nothing is wider than the
// screen; and the page raises no Content-Security-Policy violation.
func TestBrowserReplayDrawsTheBoardOfEachGameReadOnly(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	bg := context.Background()
	sealer, err := credential.NewSealer(testKey)
	require.NoError(t, err)
	school, err := demo.Load(bg, e.st, sealer, e.clock())
	require.NoError(t, err)
	found := map[string]store.Game{}
	for _, s := range school.Classes[0].Students {
		ps, err := e.st.PlaySessionsOf(bg, s.ID, time.Time{})
		require.NoError(t, err)
		for _, p := range ps {
			gs, err := e.st.GamesOfSession(bg, p.ID)
			require.NoError(t, err)
			for _, g := range gs {
				if _, ok := found[g.Game]; !ok {
					found[g.Game] = g
				}
			}
		}
	}
	require.Len(t, found, 4)

	_, err = chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	msgs := watchConsole(t, ctx)
	failed := watchRequests(t, ctx)
	step(t, ctx, "login page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	js := fmt.Sprintf(`fetch("/api/v1/auth/teacher", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: %q})}).then(r => r.status)`, demo.TeacherEmail, demo.TeacherPassword)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, 200, status)

	words := map[string]struct{ step, step2, step3, mult string }{
		"fr": {"Étape 1 sur", "Étape 2 sur", "Étape 3 sur", "Multiplications de cette étape"},
		"en": {"Step 1 of", "Step 2 of", "Step 3 of", "Multiplications in this step"},
	}
	// English words the engines' log or a module's English sentence would
	// show on the French page.
	english := []string{"revealed", "slapped", "placed", "captured", "caught", "Step ", "Seat ", "correct=", "Computer"}
	evalString := func(expr string) string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		require.NoError(t, err, expr)
		return s
	}
	for _, kind := range []string{"potion", "cats", "cube", "magicoa"} {
		g := found[kind]
		ps, err := e.st.PlaySession(bg, g.PlaySessionID)
		require.NoError(t, err)
		child, err := e.st.Student(bg, ps.StudentID)
		require.NoError(t, err)
		for _, lang := range []string{"fr", "en"} {
			t.Run(kind+"-"+lang, func(t *testing.T) {
				w := words[lang]
				url := fmt.Sprintf("%s/dashboard/games/%d?lang=%s", srv.URL, g.ID, lang)
				step(t, ctx, "open the replay", chromedp.EmulateViewport(1366, 900), chromedp.Navigate(url),
					chromedp.WaitVisible(css(`[data-replay-board][data-ready]`)))
				assert.Contains(t, textOf(t, ctx, "#replay-where"), w.step)
				assert.Positive(t, count(t, ctx, `[data-replay-board] svg, [data-replay-board] .card, [data-replay-board] button`), "the board is drawn")
				boardText := textOf(t, ctx, "[data-replay-board]")
				assert.Contains(t, boardText, child.DisplayName, "the board names the child")
				assert.NotContains(t, boardText, map[string]string{"fr": "Toi", "en": "You:"}[lang], "the child's seat is not \"you\" for the adult reading")

				// Read-only: no pointer reaches the board, none of its
				// controls is in the keyboard order.
				assert.Equal(t, "none", evalString(`getComputedStyle(document.querySelector("[data-replay-board]")).pointerEvents`))
				assert.Equal(t, 0, count(t, ctx, `[data-replay-board] button:not([tabindex="-1"]), [data-replay-board] [tabindex]:not([tabindex="-1"])`), "no control of the board takes the focus")

				step(t, ctx, "next", chromedp.Click(css(`[data-step="next"]`)))
				waitFor(t, ctx, fmt.Sprintf(`document.querySelector("#replay-where").textContent.includes(%q)`, w.step2))
				assert.Contains(t, evalString(`location.search`), "step=2", "the address keeps the step")
				evalString(`document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true})), ""`)
				waitFor(t, ctx, fmt.Sprintf(`document.querySelector("#replay-where").textContent.includes(%q)`, w.step3))
				assert.Positive(t, count(t, ctx, `[data-replay-board] svg, [data-replay-board] .card, [data-replay-board] button`), "the board is drawn at step 3")
				screenshot(t, ctx, fmt.Sprintf("replay-%s-%s-1366", kind, lang))

				// The last step, through the slider: the game's result.
				step(t, ctx, "last", chromedp.Click(css(`[data-step="last"]`)))
				step(t, ctx, "result", chromedp.WaitVisible(css(`[data-replay-result]`)))
				assert.Equal(t, "true", attr(t, ctx, `[data-step="next"]`, "aria-disabled"), "no step after the last")
				screenshot(t, ctx, fmt.Sprintf("replay-%s-%s-last", kind, lang))

				page := textOf(t, ctx, "main")
				assert.Contains(t, page, w.mult)
				if lang == "fr" {
					for _, word := range english {
						assert.NotContains(t, page, word, "no English on the French page")
					}
				}
				// The child's multiplications say right or wrong in words.
				if n := count(t, ctx, "ul.attempts li"); n > 0 {
					assert.Equal(t, n, count(t, ctx, "ul.attempts li .att-icon + .att-word"))
				}

				step(t, ctx, "phone", chromedp.EmulateViewport(375, 800), chromedp.Navigate(url+"&step=3"),
					chromedp.WaitVisible(css(`[data-replay-board][data-ready]`)))
				assertFits(t, ctx, fmt.Sprintf("the %s replay (%s) at 375 px", kind, lang))
				screenshot(t, ctx, fmt.Sprintf("replay-%s-%s-375", kind, lang))

				csp, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__csp || []`))
				require.NoError(t, err)
				assert.Empty(t, csp, "Content-Security-Policy violations")
				assert.Empty(t, failed.take(""), "failed requests")
			})
		}
	}
	assert.Empty(t, msgs.problems(), "console errors")
}

// waitFor polls a JavaScript condition for up to 5 seconds.
func waitFor(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		require.NoError(t, err, cond)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", cond)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
