package server_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Monster Cube board spread 4.5 tiles wide and 6 rows tall by earlier
// moves (the dev harness's real engine state cube-wide) keeps every face
// at least 44 px on a 375 px phone: the board scrolls sideways in its
// frame, the page itself does not, and where the child scrolled stays put
// when a chosen face redraws the board. Faces on both edges are chosen by
// touch and by keyboard.
// edgeFaceJS names the face furthest to one side ("left" or "right").
const edgeFaceJS = `((side) => {
	const faces = [...document.querySelectorAll(".hexboard .face-btn")];
	const x = (f) => f.getBoundingClientRect()[side] * (side === "right" ? 1 : -1);
	return faces.reduce((a, f) => (x(f) > x(a) ? f : a)).dataset.key;
})(%q)`

// shownWholeJS: the face lies inside the board's frame as scrolled.
const shownWholeJS = `((key) => {
	const f = document.querySelector("[data-key=" + JSON.stringify(key) + "]").getBoundingClientRect();
	const w = document.querySelector(".cube-board-wrap").getBoundingClientRect();
	return String(f.left >= w.left - 0.5 && f.right <= w.right + 0.5);
})(%q)`

func TestBrowserCubeWideBoardKeepsFacesForAFinger(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.run(chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	for _, by := range []string{"touch", "keys"} {
		var p hand = fingers{b: b}
		if by == "keys" {
			p = &keys{b: b}
		}
		b.openHarness("cube-wide")
		// Rule set #3 opens on moving a tile; the child turns to the faces.
		p.press(keySel("mode-faces"))

		var board struct {
			Faces, Scrolls                     bool
			MinW, MinH, PageW, View, Wide, Box float64
		}
		require.NoError(t, json.Unmarshal([]byte(b.eval(`(() => {
			const wrap = document.querySelector(".cube-board-wrap");
			const rects = [...document.querySelectorAll(".hexboard .face-btn .face")].map((f) => f.getBoundingClientRect());
			return JSON.stringify({
				faces: rects.length > 0, scrolls: wrap.classList.contains("scrolls"),
				minW: Math.min(...rects.map((r) => r.width)), minH: Math.min(...rects.map((r) => r.height)),
				pageW: document.documentElement.scrollWidth, view: innerWidth,
				wide: wrap.scrollWidth, box: wrap.clientWidth,
			});
		})()`)), &board))
		require.True(t, board.Faces, "%s: the faces are buttons", by)
		assert.GreaterOrEqual(t, board.MinW, 43.5, "%s: the narrowest face is wide enough for a finger", by)
		assert.GreaterOrEqual(t, board.MinH, 43.5, "%s: the shortest face is tall enough for a finger", by)
		assert.True(t, board.Scrolls, "%s: the board's frame scrolls", by)
		assert.Greater(t, board.Wide, board.Box, "%s: the board is wider than its frame", by)
		assert.LessOrEqual(t, board.PageW, board.View, "%s: the page itself does not scroll sideways", by)

		// The faces at the board's two ends are chosen, each shown whole in
		// the frame; the frame stays scrolled when the choice redraws it.
		for _, end := range []string{"right", "left"} {
			key := b.eval(fmt.Sprintf(edgeFaceJS, end))
			p.press(keySel(key))
			assert.Equal(t, "true", b.eval(fmt.Sprintf(`document.querySelector('[data-key=%q]').getAttribute("aria-pressed")`, key)), "%s: the far %s face is chosen", by, end)
			assert.Equal(t, "true", b.eval(fmt.Sprintf(shownWholeJS, key)), "%s: the far %s face is shown whole after the redraw", by, end)
			if end == "right" {
				b.screenshot("cube-wide-" + by)
			}
		}
	}
}
