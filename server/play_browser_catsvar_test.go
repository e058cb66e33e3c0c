package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openGame starts a session of a (hidden) edition through the API on Léa's
// behalf and opens its page, as the home's button would.
func (b *browserTest) openGame(game, edition string) map[string]any {
	b.t.Helper()
	_, g := b.e.startGame(b.t, b.s.student, map[string]any{"game": game, "edition": edition})
	b.run(chromedp.Navigate(fmt.Sprintf("%s/play/%d", b.base, int64(g["id"].(float64)))))
	b.run(chromedp.WaitVisible(chromedp.CSS(`main#play > *`)))
	return g
}

// The infinite game shows everybody's points and a Stop button that ends it.
func TestBrowserMultipliCatsInfiniteGameShowsPointsAndStops(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	g := b.openGame("cats", "infinite")
	b.run(chromedp.WaitVisible(chromedp.CSS(`[data-key="stop"]`)))
	badges := b.eval(`[...document.querySelectorAll(".badge.points")].map((e) => e.textContent).join("|")`)
	assert.Equal(t, 4, len(strings.Split(badges, "|")), "a points badge per seat: %s", badges)
	assert.Contains(t, badges, "0 point")
	b.screenshot("cats-infinite")
	b.click("stop")
	for range 50 {
		if g = b.game(g); g["over"] == true {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the Stop button did not end the game")
}

// With the "Souris !" call the button is offered while a window is open and
// sends the call (here usually a wrong one: the engine judges it).
func TestBrowserMultipliCatsSourisButtonSendsTheCall(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	g := b.openGame("cats", "souris")
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		g = b.game(g)
		require.NotEqual(t, true, g["over"])
		switch {
		case has(g, "souris"):
			b.click("souris")
			for range 50 {
				g = b.game(g)
				if !has(g, "souris") {
					return // the call was judged: it ended the window
				}
				time.Sleep(100 * time.Millisecond)
			}
		case has(g, "flip"):
			b.click("flip")
			time.Sleep(150 * time.Millisecond)
		default:
			time.Sleep(100 * time.Millisecond)
		}
	}
	t.Fatal("no window offered the Souris! call in time")
}
