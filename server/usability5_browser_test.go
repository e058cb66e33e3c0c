package server_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fifth usability pass: a child on a phone and a teacher, walked in
// French and English at 375 and 1280 px. Each test here is one thing they
// stumbled on.

// Léa holds 5 × 3 and nobody shows 15, yet every other card on the table
// said "Same as mine!" ("Pareil que moi !"): a child could take it for the
// page telling her the cards match. Each card now asks, and says what to do
// if she thinks so ("Same as mine? Slap!"): the same words on every card
// (they give nothing away), and a tap still names the card she compares
// with (the engine's `with`). The dev harness's fixture is that table.
func TestBrowserUsability5CatsCardsAskInsteadOfTelling(t *testing.T) {
	b := newBrowserTest(t, 9)
	want := map[string]struct{ words, label string }{
		"en": {"Same as mine? Slap!", "Slap if Minou's card, 2 × 2, makes the same as mine, 5 × 3"},
		"fr": {"Pareil que la mienne\u00a0? Tape\u00a0!", "Taper si la carte de Minou, 2 × 2, fait pareil que la mienne, 5 × 3"},
	}
	type card struct{ Key, Words, Label string }
	for _, lang := range []string{"en", "fr"} {
		for _, width := range []int64{375, 1280} {
			b.run(chromedp.EmulateViewport(width, 800))
			b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cats&lang=" + lang))
			b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready] .slap-with`)))
			var cards []card
			require.NoError(t, json.Unmarshal([]byte(b.eval(`JSON.stringify([...document.querySelectorAll(".slap-with")].map((e) => ({
				key: e.dataset.key, words: e.querySelector(".slap-with-word").textContent, label: e.getAttribute("aria-label") })))`)), &cards))
			require.Len(t, cards, 3, "the fixture: three other cards showing a number, none making 15 (%s)", lang)
			for _, c := range cards {
				assert.Equal(t, want[lang].words, c.Words, "%s in %s: a question and what to do, the same on every card", c.Key, lang)
				assert.Contains(t, c.Words, "?", "%s in %s asks", c.Key, lang)
			}
			assert.Equal(t, "with1", cards[0].Key)
			assert.Equal(t, want[lang].label, cards[0].Label, "read aloud as a choice too (%s)", lang)
			assert.Empty(t, b.misfits(gameControls), "the table in %s at %d px", lang, width)
			b.screenshot(fmt.Sprintf("usability5-cats-%s-%d", lang, width))
		}
		// The child names the card she compares with: a tap on Minou's card
		// slaps with Minou's.
		b.click("with1")
		assert.Contains(t, b.eval(`document.getElementById("sent").textContent`), `{"type":"slap","with":1}`, "in %s", lang)
	}
}

// The assignment form had "Timers on" ticked beside the due date, with
// nothing to say what a timer does. The box now has its own line and a
// sentence under it in the product's terms: which games time the child,
// how long, from when, and what unticking changes; the checkbox points to
// it (aria-describedby), and it reads on a phone.
func TestBrowserUsability5AssignmentFormSaysWhatTimersDo(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	s := e.newSchool(t)
	step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	browserSignIn(t, ctx, "teacher", s.teacherEmail)
	want := map[string][]string{
		"en": {"by heart", "Monster Cube", "10 to 12 seconds", "Multipli Cat's", "2 to 6 seconds", "MultipliPotion and Magicoa", "Unticked", "a minute"},
		"fr": {"par cœur", "Monster Cube", "10 à 12 secondes", "Multipli Cat's", "2 à 6 secondes", "MultipliPotion et Magicoa", "Décoché", "une minute"},
	}
	type box struct{ DueBottom, BoxTop, BoxBottom, HelpTop, HelpRight, Width float64 }
	for _, lang := range []string{"fr", "en"} {
		for _, width := range []int64{375, 1280} {
			step(t, ctx, "the form", chromedp.EmulateViewport(width, 800),
				chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d/assignments?lang=%s", srv.URL, s.classID, lang)), chromedp.WaitVisible(css("#assignment-form")))
			help := attr(t, ctx, `input[name="timers"]`, "aria-describedby")
			require.NotEmpty(t, help, "the timers box points to its explanation (%s)", lang)
			text := strings.ReplaceAll(textOf(t, ctx, "#"+help), "\u00a0", " ")
			for _, w := range want[lang] {
				assert.Contains(t, text, w, "the explanation in %s", lang)
			}
			g := evalJS[box](t, ctx, fmt.Sprintf(`(() => {
				const r = (s) => document.querySelector(s).getBoundingClientRect();
				return { dueBottom: r('input[name="due"]').bottom, boxTop: r('input[name="timers"]').top, boxBottom: r('input[name="timers"]').bottom,
					helpTop: r("#%s").top, helpRight: r("#%s").right, width: innerWidth };
			})()`, help, help))
			assert.GreaterOrEqual(t, g.BoxTop, g.DueBottom, "the box is on its own line, not beside the due date (%s, %d px)", lang, width)
			assert.GreaterOrEqual(t, g.HelpTop, g.BoxBottom-1, "the explanation is under the box (%s, %d px)", lang, width)
			assert.Less(t, g.HelpTop-g.BoxBottom, 40.0, "right under it (%s, %d px)", lang, width)
			assert.LessOrEqual(t, g.HelpRight, g.Width, "inside the screen (%s, %d px)", lang, width)
			assertFits(t, ctx, fmt.Sprintf("the form (%s, %d px)", lang, width))
			screenshot(t, ctx, fmt.Sprintf("usability5-timers-%s-%d", lang, width))
			// And what the screen shows at the box.
			step(t, ctx, "to the timers", chromedp.ScrollIntoView(css(`input[name="timers"]`)))
			buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), fmt.Sprintf("usability5-timers-%s-%d-screen.png", lang, width)), buf, 0o600))
		}
	}
}
