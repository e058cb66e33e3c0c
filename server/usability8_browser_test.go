package server_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// The eighth usability pass: the result of a finished game, in the other
// three games, as Monster Cube's now reads (usability 7).

// At the end of MultipliPotion, Multipli Cat's and Magicoa the result listed
// "Toi : 2" / "Minou : 5", a bare number with no unit. Each line now says
// what it counts, in the words the game used all along: MultipliPotion's
// trophies; Magicoa's points beside the potions won; Multipli Cat's places
// (a number the child never saw) as who had no cards left first, then
// next, and the cards the others still hold — or, in the infinite game,
// the points its badges counted.
func TestBrowserUsability8EveryResultSaysWhatTheScoresCount(t *testing.T) {
	b := newBrowserTest(t, 3)
	for _, c := range []struct {
		fixture string
		fr, en  []string
	}{
		{"potion-over",
			[]string{"Toi\u00a0: 2 trophées", "Minou\u00a0: 5 trophées"},
			[]string{"You: 2 trophies", "Minou: 5 trophies"}},
		{"cats-over",
			[]string{"Toi\u00a0: encore 71 cartes", "Minou\u00a0: encore 1 carte", "Hibou\u00a0: Champion, plus de cartes en premier", "Renard\u00a0: plus de cartes, fini\u00a0n°2"},
			[]string{"You: 71 cards left", "Minou: 1 card left", "Hibou: Champion, the first with no cards left", "Renard: no cards left, finished\u00a0#2"}},
		{"cats-infinite-over",
			[]string{"Toi\u00a0: 0 point", "Minou\u00a0: 10 points", "Hibou\u00a0: 3 points", "Renard\u00a0: 2 points"},
			[]string{"You: 0 points", "Minou: 10 points", "Hibou: 3 points", "Renard: 2 points"}},
		{"magicoa-over",
			[]string{"Toi\u00a0: 6 points avec 4 potions", "Minou\u00a0: 8 points avec 6 potions", "Hibou\u00a0: 17 points avec 6 potions"},
			[]string{"You: 6 points with 4 potions", "Minou: 8 points with 6 potions", "Hibou: 17 points with 6 potions"}},
	} {
		for _, l := range []struct {
			lang  string
			w, h  int64
			lines []string
		}{{"fr", 375, 812, c.fr}, {"en", 1280, 900, c.en}} {
			b.run(chromedp.EmulateViewport(l.w, l.h))
			b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=" + c.fixture + "&lang=" + l.lang))
			b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"] .result .scores li`)))
			got := strings.Split(b.eval(`[...document.querySelectorAll(".result .scores li")].map((li) => li.textContent).join("\n")`), "\n")
			b.screenshot("usability8-" + c.fixture + "-" + l.lang)
			assert.Equal(t, l.lines, got, "the result's scores, each with its unit (%s, %s)", c.fixture, l.lang)
			// A game over offers no move: the Cat's mouse, kept disabled,
			// sat over the table and the result on a phone.
			assert.Equal(t, "0", b.eval(`String(document.querySelectorAll('[data-key="slap"]').length)`), "no slap button once the game is over (%s)", c.fixture)
		}
	}
}
