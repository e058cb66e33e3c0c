package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// Monster Cube #1: a computer's catch replaces the whole row. The monster
// the child had chosen does not vanish without a word: the page says who
// caught which monster, in the child's language, until they pick another.
func TestBrowserCubeSaysWhoCaughtTheMonsterTheChildWasWorkingOn(t *testing.T) {
	b := newBrowserTest(t, 3)
	for _, c := range []struct{ lang, pick, want string }{
		{"en", "m42", "Minou caught monster 42 first!"},
		{"fr", "m42", "Minou a attrapé le monstre 42 avant toi\u00a0!"},
		{"en", "m21", "so monster 21 left with the row"},
		{"fr", "m21", "alors le monstre 21 est parti avec la rangée"},
	} {
		b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-1&push=cube-1-caught&lang=" + c.lang + "&click=" + c.pick))
		b.run(chromedp.WaitVisible(chromedp.CSS(`.lost-monster`)))
		assert.Contains(t, b.eval(`document.querySelector('.lost-monster').textContent`), c.want)
		b.screenshot("cube-lost-" + c.lang + "-" + c.pick)
		// Picking a new monster puts the message away.
		b.click("m30")
		assert.Equal(t, "0", b.eval(`String(document.querySelectorAll('.lost-monster').length)`))
	}
	// On a phone the message fits and every control stays big enough.
	b.run(chromedp.EmulateViewport(375, 667))
	for _, lang := range []string{"en", "fr"} {
		b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-1&push=cube-1-caught&lang=" + lang + "&click=m21"))
		b.run(chromedp.WaitVisible(chromedp.CSS(`.lost-monster`)))
		assert.Empty(t, b.misfits(gameControls), "cube with the message in %s", lang)
		b.screenshot("phone-cube-lost-" + lang)
	}
	b.run(chromedp.EmulateViewport(1366, 900))
	// A child who had chosen nothing is told nothing more than the log says.
	b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cube-1&push=cube-1-caught&lang=en"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`[data-key="m30"]`)))
	assert.Equal(t, "0", b.eval(`String(document.querySelectorAll('.lost-monster').length)`))
}
