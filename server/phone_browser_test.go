package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fitsJS lists what does not fit a phone's screen: the page wider than the
// window, any shown element whose right edge passes it, any shown button
// whose words spill out of it, and any control of the page (buttons,
// links styled as buttons, summaries, selects, SVG controls) smaller than
// 44×44 px, the size a child's finger needs. Controls are those matching
// the selector given.
const fitsJS = `((controls) => {
	const w = innerWidth, bad = [];
	const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.getAttribute("class") ? "." + String(e.getAttribute("class")).split(" ").join(".") : "") + (e.dataset && e.dataset.key ? "[" + e.dataset.key + "]" : "") + " " + JSON.stringify((e.textContent || "").trim().slice(0, 24));
	if (document.documentElement.scrollWidth > w) bad.push("page is " + document.documentElement.scrollWidth + " px wide");
	for (const e of document.querySelectorAll("body *")) {
		if (!e.checkVisibility()) continue;
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > w + 0.5) bad.push(name(e) + " ends at " + Math.round(r.right));
		if ((e.tagName === "BUTTON" || e.classList.contains("btn")) && e.scrollWidth > e.clientWidth + 1) bad.push(name(e) + " spills its words");
	}
	for (const e of document.querySelectorAll("svg.gold text")) {
		const r = e.getBoundingClientRect(), c = e.closest("svg").getBoundingClientRect();
		if (e.checkVisibility() && (r.left < c.left - 0.5 || r.right > c.right + 0.5)) bad.push("gold card's " + JSON.stringify(e.textContent) + " spills out of its card");
	}
	for (const e of document.querySelectorAll(".summary-list dd")) {
		if (e.checkVisibility() && e.getBoundingClientRect().width < 100) bad.push("summary line " + JSON.stringify(e.textContent) + " squeezed to " + Math.round(e.getBoundingClientRect().width) + " px");
	}
	for (const e of document.querySelectorAll(controls)) {
		if (!e.checkVisibility()) continue;
		const r = e.getBoundingClientRect();
		if (r.width < 43.5 || r.height < 43.5) bad.push(name(e) + " is " + Math.round(r.width) + "×" + Math.round(r.height));
	}
	return JSON.stringify(bad.slice(0, 15));
})`

const homeControls = `main button, main a.btn, main summary, main select, header button`

// gameControls are a game's main controls: its buttons and the SVG
// controls (cards, potions, Monster Cube's tiles and faces) a child taps.
const gameControls = `main button, main [role=button], header button`

func (b *browserTest) misfits(controls string) []string {
	b.t.Helper()
	var bad []string
	ctl, _ := json.Marshal(controls)
	require.NoError(b.t, json.Unmarshal([]byte(b.eval(fitsJS+"("+string(ctl)+")")), &bad))
	return bad
}

// On a 375×667 phone, in English and in French, Léa's home (every card
// opened, the classmates shown) and each game's page fit the screen, their
// words stay inside their buttons and every control is big enough for a
// finger.
func TestBrowserChildPagesFitAPhone(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	b.run(chromedp.EmulateViewport(375, 667))
	starts := map[string]string{"potion": "start-potion-3", "cats": "start-cats", "cube": "start-cube-1", "magicoa": "start-magicoa-multiplication"}
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		assert.Empty(t, b.misfits(homeControls), "the home in %s", lang)
		b.screenshot("phone-home-" + lang)
		b.eval(`document.querySelectorAll("main details").forEach((d) => { d.open = true; }); document.querySelectorAll('[data-key^="invite-"]').forEach((e) => e.click()); ""`)
		assert.Empty(t, b.misfits(homeControls), "the home in %s, every card open", lang)
		b.screenshot("phone-home-open-" + lang)
		for _, game := range []string{"potion", "cats", "cube", "magicoa"} {
			b.useLang(lang)
			b.start(starts[game])
			b.run(chromedp.WaitVisible(chromedp.CSS(`.play-board > *`)))
			assert.Empty(t, b.misfits(gameControls), "%s in %s", game, lang)
			b.screenshot("phone-" + game + "-" + lang)
		}
		// The states a new game does not show: the end's summary, Magicoa's
		// gold cards in each phase, a Potion turn called for vigilance, Monster
		// Cube's hint of a tile move (its ghost tile widens the board).
		for _, fx := range []string{"potion-over&summary=1", "potion-4-called", "magicoa-choose", "magicoa-place", "magicoa-answer", "magicoa-power", "cube-4", "cube-hint-move", "cats-2piles"} {
			b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?lang=" + lang + "&fixture=" + fx))
			b.run(chromedp.WaitVisible(chromedp.CSS(`.play-title`)))
			if strings.Contains(fx, "summary") {
				b.run(chromedp.WaitVisible(chromedp.CSS(`.play-foot > *`)))
			}
			assert.Empty(t, b.misfits(gameControls), "%s in %s", fx, lang)
			if strings.Contains(fx, "summary") {
				assert.Equal(t, map[string]string{"en": "Monsters captured", "fr": "Monstres capturés"}[lang],
					b.eval(`document.querySelector(".summary-list dt:last-of-type").textContent`), "Potion's score is its monsters")
			}
			b.screenshot("phone-fixture-" + strings.ReplaceAll(fx, "&", "-") + "-" + lang)
		}
	}
}
