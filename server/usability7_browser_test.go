package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The seventh usability pass: a child playing Monster Cube to its end and
// Magicoa, a teacher with the demo school, a parent with two children,
// walked in French and English at 375 and 1280 px. Each test here is one
// thing they stumbled on.

// Léa played a whole game of Monster Cube (rule set #4). All game long the
// page counted monsters caught ("Toi : 17 monstres · Pixel : 7 monstres");
// the end said "Tu as gagné ! Bravo !" over "Toi : 43 · Pixel : 19", numbers
// she had never seen, with no word for what they count
// (/tmp/u7/c-cube-over-fr-375-full.png). In the fixture, Hibou wins with 7
// monsters against Minou's 8: "Hibou : 20" and "Minou : 17" did not say
// why. Each line now names its points beside the monsters caught. And
// the other players' boards below still showed whose turn it was.
func TestBrowserUsability7CubeResultSaysWhatTheScoresCount(t *testing.T) {
	b := newBrowserTest(t, 3)
	for _, c := range []struct {
		lang  string
		w, h  int64
		lines []string
	}{
		{"fr", 375, 812, []string{"Toi\u00a0: 0 point avec 0 monstre", "Minou\u00a0: 17 points avec 8 monstres", "Hibou\u00a0: 20 points avec 7 monstres"}},
		{"en", 1280, 900, []string{"You: 0 points with 0 monsters", "Minou: 17 points with 8 monsters", "Hibou: 20 points with 7 monsters"}},
	} {
		b.run(chromedp.EmulateViewport(c.w, c.h))
		b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-over&lang=" + c.lang))
		b.run(chromedp.WaitVisible(chromedp.CSS(`.result .scores li`)))
		got := b.eval(`[...document.querySelectorAll(".result .scores li")].map((li) => li.textContent).join("\n")`)
		b.screenshot("usability7-cube-result-" + c.lang)
		for _, want := range c.lines {
			assert.Contains(t, got, want, "the result's scores (%s)", c.lang)
		}
		// Under "La partie est finie.", Minou's tiles still said "joue"
		// (playing): nobody plays a finished game.
		assert.Equal(t, "0", b.eval(`String(document.querySelectorAll(".mini-board.turn, .mini-board .badge.turn").length)`),
			"no board is playing once the game is over (%s)", c.lang)
	}
}

// Léa opened her finished Monster Cube game again (a reload, another
// device): the first-time guide opened on it, "Comment jouer à Monster Cube
// · Étape 1 sur 6 · Choisis un monstre", over a game with no monster left,
// and scrolled the page down to the empty row, away from "Tu as gagné !"
// (/tmp/u7/c-cube-over-fr-375.png). A game already over now opens on its
// result; a game still on opens the guide as before.
func TestBrowserUsability7AFinishedGameOpensOnItsResultNotTheGuide(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.run(chromedp.EmulateViewport(375, 812))
	for _, lang := range []string{"fr", "en"} {
		b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-over&guide=1&lang=" + lang))
		b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"] .result`)))
		b.screenshot("usability7-cube-over-guide-" + lang)
		assert.Equal(t, "closed", b.eval(`document.body.dataset.guide || ""`), "no first-time guide on a finished game (%s)", lang)
		assert.Equal(t, "yes", b.eval(`(() => { const r = document.querySelector(".result").getBoundingClientRect();
			return r.top >= 0 && r.top < innerHeight ? "yes" : "no " + r.top; })()`), "the result is in sight (%s)", lang)
	}
	// The same child on a game still being played gets the guide.
	b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-4&guide=1&lang=fr"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)))
	assert.Equal(t, "open", b.eval(`document.body.dataset.guide || ""`), "the guide of a game still on")
}
