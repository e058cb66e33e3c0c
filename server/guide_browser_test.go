package server_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guideGames are the games a child opens from the home (both editions of
// MultipliPotion), with the first words of the guide's first step in
// each language (catalog guide.*), so a test sees the guide is the game's.
var guideGames = []struct {
	start, game string
	first       map[string]string
}{
	{"start-potion-3", "potion", map[string]string{"en": "These are your cards. On your turn, you take", "fr": "Voici tes cartes. À ton tour, tu prends"}},
	{"start-potion-4", "potion", map[string]string{"en": "These are your cards. On your turn, put", "fr": "Voici tes cartes. À ton tour, pose"}},
	{"start-cats", "cats", map[string]string{"en": "This is your pile.", "fr": "Voici ton tas."}},
	{"start-magicoa-multiplication", "magicoa", map[string]string{"en": "These potions are for sale.", "fr": "Ces potions sont à gagner."}},
	{"start-cube-1", "cube", map[string]string{"en": "Pick a monster.", "fr": "Choisis un monstre."}},
	{"start-cube-4", "cube", map[string]string{"en": "Pick a monster.", "fr": "Choisis un monstre."}},
}

// guideNames: one guide per game, but one per edition of MultipliPotion
// and per rule set of Monster Cube, which play differently.
var guideNames = map[string]string{"start-potion-3": "potion-3", "start-potion-4": "potion-4", "start-cats": "cats", "start-magicoa-multiplication": "magicoa", "start-cube-1": "cube-1", "start-cube-4": "cube-4"}

// combosOf is how many ways of choosing faces a Monster Cube rule set
// draws: three, or two where the faces come from three different tiles.
var combosOf = map[string]string{"start-cube-1": "3", "start-cube-4": "2"}

// On a 375-pixel phone, in English then in French (a fresh device: the
// browser's memory cleared between them), each game's first opening shows
// the guide; it walks step by step, each step ringing a real part of the
// board, and ends with "Got it!"; the next opening of the same game does not
// show it; "How to play" brings it back, and its Rules button opens the
// rules card with its pictures. Monster Cube's three ways of choosing faces
// are drawn before any claim. No CSP violation, nothing wider than the
// screen, every control at least 44 px.
func TestBrowserGuideTeachesEachGameOnFirstOpen(t *testing.T) {
	b := newBrowserTest(t, 3)
	_, err := chromedp.Call(b.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	b.login()
	b.run(chromedp.EmulateViewport(375, 667))
	for _, lang := range []string{"en", "fr"} {
		b.eval(`localStorage.clear(); ""`)
		for _, g := range guideGames {
			name := g.start + "-" + lang
			b.useLang(lang)
			game := b.openFromHome(g.start)
			require.Equal(t, "open", b.guideState(), "%s: the guide opens the first time", name)
			b.run(chromedp.WaitVisible(chromedp.CSS(`[data-key=guide]`)))
			assert.True(t, strings.HasPrefix(b.eval(`document.querySelector(".guide-text").textContent`), g.first[lang]), "%s: the first step is the game's", name)
			if g.game == "cube" {
				assert.Equal(t, combosOf[g.start], b.eval(`[...document.querySelectorAll(".combos-box[open] .combo svg")].filter((e) => e.checkVisibility()).length + ""`),
					"%s: the three combinations are drawn before the first claim", name)
			}
			b.walkGuide(name, lang)
			// "Seen" is this child's: the flag names her account.
			assert.Contains(t, b.eval(`Object.keys(localStorage).join(" ") + " "`), fmt.Sprintf("multipli.guide.student%d.%s ", b.s.studentID, guideNames[g.start]), name)

			// The next opening: no guide.
			b.run(chromedp.Navigate(fmt.Sprintf("%s/play/%d", b.base, int64(game["id"].(float64)))))
			b.run(chromedp.WaitVisible(chromedp.CSS(`main#play .play-board > *`)))
			assert.Equal(t, "closed", b.guideState(), "%s: the guide does not come back by itself", name)
			assert.Equal(t, "0", b.eval(`document.querySelectorAll("[data-key=guide]").length + ""`), name)
			assert.Empty(t, b.misfits(gameControls), "%s: the page with its How to play and Rules buttons fits a phone", name)
			b.viewShot("guide-none-" + name)

			// "How to play" brings it back; its Rules button opens the card.
			b.click("guide-open")
			b.run(chromedp.WaitVisible(chromedp.CSS(`[data-key=guide][data-step="1"]`)))
			b.click("guide-rules")
			b.run(chromedp.WaitVisible(chromedp.CSS(`dialog.rules-dialog[open] .rules-card`)))
			pictures := b.eval(`[...document.querySelectorAll("dialog.rules-dialog .rules-pic svg, dialog.rules-dialog .combo svg")].filter((e) => e.getBoundingClientRect().width > 20).length + ""`)
			assert.GreaterOrEqual(t, mustAtoi(t, pictures), 4.0, "%s: the rules card shows its pictures", name)
			assert.NotContains(t, b.eval(`document.querySelector("dialog.rules-dialog").textContent`), "rules.", "%s: every sentence is written", name)
			if g.game == "cube" {
				assert.Equal(t, combosOf[g.start], b.eval(`document.querySelectorAll("dialog.rules-dialog .combo svg").length + ""`), "%s: the card draws the combinations", name)
			}
			assert.Empty(t, b.misfits(gameControls+`, dialog button`), "%s: the rules card fits", name)
			b.viewShot("guide-rules-" + name)
			b.click("rules-close")
			b.run(chromedp.WaitNotPresent(chromedp.CSS(`dialog.rules-dialog`)))
			b.run(chromedp.KeyEvent("\x1b")) // Escape leaves the guide
			assert.Equal(t, "closed", b.guideState(), "%s: Escape closes the guide", name)
			assert.Equal(t, "[]", b.eval(`JSON.stringify(window.__csp || [])`), "%s: no CSP violation", name)
		}
	}
	// On a laptop's screen, for the eye: the guide and the rules card.
	b.run(chromedp.EmulateViewport(1366, 900))
	b.eval(`localStorage.clear(); ""`)
	for _, key := range []string{"start-cube-1", "start-magicoa-multiplication"} {
		b.useLang("en")
		b.openFromHome(key)
		require.Equal(t, "open", b.guideState())
		b.click("guide-next")
		b.click("guide-next")
		b.viewShot("guide-wide-" + key)
		b.click("guide-rules")
		b.run(chromedp.WaitVisible(chromedp.CSS(`dialog.rules-dialog[open] .rules-card`)))
		b.viewShot("guide-wide-rules-" + key)
		assert.Equal(t, "[]", b.eval(`JSON.stringify(window.__csp || [])`), "%s: no CSP violation", key)
	}
}

// walkGuide presses Next through every step of the open guide: each step
// rings an element of the page, says its words in the page's language, and
// the bubble, the ring and the page fit the screen; the last button is
// "Got it!" and closes the guide.
func (b *browserTest) walkGuide(name, lang string) {
	b.t.Helper()
	total := mustAtoi(b.t, b.eval(`document.querySelector(".guide-count").textContent.match(/(\d+)\D*$/)[1]`))
	require.GreaterOrEqual(b.t, total, 4.0, "%s: a guided turn has several steps", name)
	for i := 1; i <= int(total); i++ {
		b.run(chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`[data-key=guide][data-step="%d"]`, i))))
		assert.Equal(b.t, "1", b.eval(`document.querySelectorAll(".guide-target").length + ""`), "%s step %d: one element is pointed at", name, i)
		assert.Equal(b.t, "true", b.eval(`(() => { const e = document.querySelector(".guide-target"); return String(!!e && e.closest("main") !== null && e.checkVisibility()); })()`),
			"%s step %d: the ring is on the real board", name, i)
		assert.Equal(b.t, "", b.eval(`(() => { const t = document.querySelector(".guide-target").getBoundingClientRect(), g = document.querySelector("[data-key=guide]").getBoundingClientRect();
			if (t.height + g.height + 40 > innerHeight) return "";
			return t.bottom <= g.top || t.top >= g.bottom ? "" : "the bubble covers the element it points at"; })()`), "%s step %d", name, i)
		text := b.eval(`document.querySelector(".guide-text").textContent`)
		assert.NotContains(b.t, text, "guide.", "%s step %d: the words are written", name, i)
		assert.Equal(b.t, lang, b.eval(`document.querySelector("[data-key=guide]").lang`), "%s step %d", name, i)
		assert.Equal(b.t, "guide-next", b.eval(`document.activeElement.dataset.key || ""`), "%s step %d: the keyboard is on Next", name, i)
		assert.Empty(b.t, b.misfits(gameControls+`, [data-key=guide] button`), "%s step %d fits a phone", name, i)
		if i == 1 || i == 3 || i == int(total) {
			b.viewShot(fmt.Sprintf("guide-%s-step%d", name, i))
		}
		if i == int(total) {
			assert.Equal(b.t, map[string]string{"en": "Got it!", "fr": "J’ai compris\u00a0!"}[lang], b.eval(`document.querySelector("[data-key=guide-next]").textContent`), name)
		}
		b.click("guide-next")
	}
	require.Equal(b.t, "closed", b.guideState(), "%s: Got it closes the guide", name)
	assert.Equal(b.t, "0", b.eval(`document.querySelectorAll("[data-key=guide], .guide-target").length + ""`), "%s: nothing of the guide stays", name)
}

// viewShot saves what the screen shows (a fixed bubble stays where the
// child sees it, unlike on a whole-page capture).
func (b *browserTest) viewShot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	require.NoError(b.t, err)
	require.NoError(b.t, os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644))
}

// Monster Cube: the three ways of choosing faces stand open under the
// board until the child's first claim, then fold (one tap opens them); a
// claim of three faces of one tile (never a way that counts) is enough.
func TestBrowserCubeCombinationsFoldAfterTheFirstClaim(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	g := b.start("start-cube-1")
	assert.Equal(t, "true", b.eval(`document.querySelector(".combos-box").open + ""`), "open before any claim")
	claimed := false
	for i := 0; i < 10 && !claimed; i++ {
		g = b.game(g)
		require.NotEqual(t, true, g["over"])
		v := viewOf(g)
		tile := v["board"].([]any)[0].(map[string]any)["at"].(map[string]any)
		q, r := int(tile["q"].(float64)), int(tile["r"].(float64))
		b.eval(`document.querySelector("[data-key=clear]")?.click(); ""`)
		for f := range 3 {
			b.click(fmt.Sprintf("f%d,%d,%d", q, r, f))
		}
		b.click(fmt.Sprintf("m%d", int(v["row"].([]any)[0].(map[string]any)["code"].(float64))))
		b.click("claim")
		claimed = b.waitFor(".play-feedback.fb-wrong", 5*time.Second)
	}
	require.True(t, claimed, "a claim was made")
	assert.Equal(t, "false", b.eval(`document.querySelector(".combos-box").open + ""`), "folded after the first claim")
	assert.Equal(t, "3", b.eval(`document.querySelectorAll(".combos-box .combo").length + ""`), "still there, one tap away")
	b.screenshot("cube-combos-folded")
}
