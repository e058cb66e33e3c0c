package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Léa's teacher set tables 2 to 5 on Magicoa (the registry's last game),
// titled in two languages at once as a bilingual teacher writes it. In
// English and in French her home's one main button starts Magicoa, the
// heading says what is asked in her language only, and her classmates stay
// hidden until she asks to play with one.
func TestBrowserHomeMainButtonStartsTheAssignment(t *testing.T) {
	b := newBrowserTest(t, 3)
	today := time.Now().UTC()
	b.e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", b.s.classID), Token: b.s.teacher, Body: map[string]any{
		"title": "Tables 2 à 5 / Tables 2 to 5", "tables": []int{2, 3, 4, 5}, "games": []string{"magicoa"},
		"target": map[string]any{"unit": "sessions", "per_week": 3},
		"start":  today.AddDate(0, 0, -1).Format("2006-01-02"), "due": today.AddDate(0, 0, 7).Format("2006-01-02"),
	}})
	b.login()
	titles := map[string]string{"en": "Tables 2 to 5", "fr": "Tables 2 à 5"}
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		b.screenshot("home-main-" + lang)
		assert.Equal(t, titles[lang], b.eval(`document.querySelector(".main-play .as-title").textContent`), "the assignment in %s", lang)
		text := b.eval(`document.getElementById("home").innerText`)
		for other, title := range titles {
			if other != lang {
				assert.NotContains(t, text, title, "no %s title on the %s home", other, lang)
			}
		}
		assert.NotContains(t, text, " / ", "one language at a time")
		assert.Equal(t, "magicoa", b.eval(`document.querySelector('[data-key="play-main"]').dataset.game`))
		// No start button of a game's card is shown before the card is
		// opened: the main button is the one "Play" in view.
		assert.Equal(t, "0", b.eval(`String([...document.querySelectorAll('[data-key^="start-"]')].filter((e) => e.checkVisibility()).length)`))

		shown := `String(document.querySelector('[data-key="mate-potion"]').checkVisibility())`
		assert.Equal(t, "false", b.eval(shown), "the classmates are hidden")
		b.run(chromedp.Click(chromedp.CSS(`[data-key="card-potion"] > summary`)))
		assert.Equal(t, "false", b.eval(shown), "still hidden in the opened card")
		b.click("invite-potion")
		assert.Equal(t, "true", b.eval(shown), "shown once Léa asks to play with a classmate")
		assert.Contains(t, b.eval(`document.querySelector('[data-key="mate-potion"]').textContent`), "Zoé")

		g := b.start("play-main")
		stored, err := b.st.Game(context.Background(), int64(g["id"].(float64)))
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(stored.Game, "magicoa"), "the main button started %s in %s", stored.Game, lang)
		b.screenshot("home-main-started-" + lang)
	}
}
