package server_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// MultipliPotion's two calls that open a panel of their own — vigilance
// (show a capture the computer forgot) and the quiz (name the product of
// two of one's potions) — are played with the keyboard alone and by touch
// alone on a phone, on the dev harness's real engine state where both are
// offered; the move the page sends is read back from the harness's log.
func TestBrowserPotionVigilanceAndQuizByKeysAndTouch(t *testing.T) {
	b := newBrowserTest(t, 3)
	for _, by := range []string{"keys", "touch"} {
		var p hand = &keys{b: b}
		if by == "touch" {
			b.run(chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
			p = fingers{b: b}
		}

		b.openHarness("potion-quiz")
		if by == "keys" {
			// Upside down, 6 and 9 (16 and 91…) would swap: a card's numbers
			// are underlined, as on printed cards.
			assert.Equal(t, "underline", b.eval(`getComputedStyle(document.querySelector(".pcard .far-end .num")).textDecorationLine`))
		}
		p.press(keySel("quiz"))
		p.press(keySel("z0-25"))
		p.press(keySel("z0-15"))
		assert.Contains(t, b.eval(`document.querySelector('label[for="quiz-value"]').textContent`), "7", "%s: the question names the potions chosen", by)
		p.typeNumber(keySel("quiz-value"), 14)
		assert.Equal(t, map[string]any{"type": "answer", "potions": []any{25.0, 15.0}, "value": 14.0}, b.sentMove(), "the quiz by %s", by)
		b.screenshot("potion-quiz-" + by)

		b.openHarness("potion-quiz")
		p.press(keySel("vigil"))
		p.press(keySel("z1-3"))
		p.press(keySel("z1-31"))
		p.press(keySel("z0-10"))
		p.press(keySel("vigil-go"))
		assert.Equal(t, map[string]any{"type": "vigilance", "potions": []any{3.0, 31.0}, "monster": 10.0}, b.sentMove(), "vigilance by %s", by)
		b.screenshot("potion-vigilance-" + by)
	}
}

// openHarness opens the dev harness on a fixture, in English.
func (b *browserTest) openHarness(fixture string) {
	b.t.Helper()
	b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=" + fixture + "&lang=en"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready] .play-board > *`)))
}

// sentMove is the last move the harness was sent (its log holds one JSON
// line per move).
func (b *browserTest) sentMove() map[string]any {
	b.t.Helper()
	var lines []string
	for range 50 {
		if s := strings.TrimSpace(b.eval(`document.getElementById("sent").textContent`)); s != "" {
			lines = strings.Split(s, "\n")
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.NotEmpty(b.t, lines, "a move was sent")
	var sent struct {
		Move map[string]any `json:"move"`
	}
	require.NoError(b.t, json.Unmarshal([]byte(lines[len(lines)-1]), &sent))
	return sent.Move
}
