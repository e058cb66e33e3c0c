package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games/cube"
)

// Feedback in the games, as a child reads it: a wrong move wears the
// wrong-move style (a class, a cross icon and a word, not a colour only),
// names the child's own numbers, goes at their next move, and says "try
// again" only where they can. Each game is played in English, then in
// French, in the same browser.

// feedbackWords is the word of each tone in each language (catalog/*.json,
// feedback.*).
var feedbackWords = map[string]map[string]string{
	"en": {"wrong": "Not quite:", "refused": "Not possible:", "right": "Right!"},
	"fr": {"wrong": "Pas tout à fait\u00a0:", "refused": "Pas possible\u00a0:", "right": "Juste\u00a0!"},
}

// useLang sets the language cookie the pages read and goes back to the
// child's home in it.
func (b *browserTest) useLang(lang string) {
	b.t.Helper()
	b.eval(fmt.Sprintf(`document.cookie = "lang=%s; path=/"; "ok"`, lang))
	b.run(chromedp.Navigate(b.base + "/student"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`.game-grid`)))
}

// waitFor reports whether an element matching sel is shown within d.
func (b *browserTest) waitFor(sel string, d time.Duration) bool {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel))) == nil
}

// verdict checks that the element sel shows the wrong-move style: the
// class fb-wrong, the cross icon and the word of tone; it returns its text.
func (b *browserTest) wrongStyle(sel, lang, tone string) string {
	b.t.Helper()
	q := fmt.Sprintf(`document.querySelector(%q)`, sel)
	assert.Equal(b.t, "true", b.eval(q+`.classList.contains("fb-wrong") + ""`), "%s has the wrong-move class", sel)
	assert.Equal(b.t, "1", b.eval(q+`.querySelectorAll("svg.fb-icon path").length + ""`), "%s has the cross icon", sel)
	assert.Equal(b.t, feedbackWords[lang][tone], b.eval(q+`.querySelector(".fb-word").textContent`), "%s says the wrong-move word", sel)
	assert.Equal(b.t, "0", b.eval(`[...document.querySelectorAll(".fb-right")].filter((e) => !e.hidden).length + ""`),
		"no right-move message is shown beside a wrong move")
	return b.eval(q + `.textContent`)
}

// potionWrongTriple finds two of the seat's potions and one of the
// opponent's monsters that do not make a capture.
func potionWrongTriple(g map[string]any) (p1, p2, m, a, c, mon int, ok bool) {
	v := viewOf(g)
	me := int(v["seat"].(float64))
	zones := v["zones"].([]any)
	mine, theirs := zones[me].([]any), zones[1-me].([]any)
	for i := range mine {
		for j := i + 1; j < len(mine); j++ {
			x, y := mine[i].(map[string]any), mine[j].(map[string]any)
			for _, z := range theirs {
				w := z.(map[string]any)
				if x["potion"].(float64)*y["potion"].(float64) != w["monster"].(float64) {
					return int(x["id"].(float64)), int(y["id"].(float64)), int(w["id"].(float64)),
						int(x["potion"].(float64)), int(y["potion"].(float64)), int(w["monster"].(float64)), true
				}
			}
		}
	}
	return 0, 0, 0, 0, 0, 0, false
}

// potionRefusedCapture plays Léa's MultipliPotion game in lang until she
// has tried a capture that the rules refuse (two of her potions whose
// product is not the monster's number), and returns with the refusal on
// screen: her two potions and the monster.
func potionRefusedCapture(b *browserTest, lang string) (g map[string]any, a, c, mon int) {
	t := b.t
	t.Helper()
	b.useLang(lang)
	g = b.start("start-potion-3")
	for i := 0; i < 80; i++ {
		g = b.game(g)
		require.NotEqual(t, true, g["over"], "the game ended before a wrong capture could be tried")
		v := viewOf(g)
		me := int(v["seat"].(float64))
		version := g["version"].(float64)
		p1, p2, m, x, y, z, ok := potionWrongTriple(g)
		switch {
		case has(g, "accept"):
			b.click("accept")
		case has(g, "lay"):
			b.click(fmt.Sprintf("h-%d", potionLay(g)))
		case has(g, "capture") && ok:
			b.choose(fmt.Sprintf("z%d-%d", me, p1), fmt.Sprintf("z%d-%d", me, p2), fmt.Sprintf("z%d-%d", 1-me, m))
			b.click("capture")
			require.True(t, b.waitFor(".play-alert.fb-wrong", 10*time.Second), "the refusal is shown")
			return g, x, y, z
		case has(g, "end"):
			b.click("end")
		default:
			time.Sleep(100 * time.Millisecond)
			continue
		}
		b.waitChange(g, version)
	}
	t.Fatalf("no wrong capture could be tried in %s", lang)
	return nil, 0, 0, 0
}

func TestBrowserFeedbackPotionWrongCaptureNamesTheChildsCards(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		_, a, c, mon := potionRefusedCapture(b, lang)
		b.screenshot("feedback-potion-wrong-" + lang)
		text := b.wrongStyle(".play-alert", lang, "refused")
		// In the order the child pressed them (a press lost to a redraw is pressed again later).
		assert.True(t, strings.Contains(text, fmt.Sprintf("%d × %d", a, c)) || strings.Contains(text, fmt.Sprintf("%d × %d", c, a)),
			"the child's two potions: %q", text)
		assert.Contains(t, text, fmt.Sprint(mon), "the monster the child chose")
	}
}

// A right capture's green verdict does not outlive the move it belongs to:
// it goes at the child's next move, and the refusal of a later wrong
// capture stands alone.
func TestBrowserFeedbackPotionRightVerdictGoesAtTheNextMove(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		g := b.start("start-potion-3")
		praised, done := false, false
		for i := 0; i < 200 && !done; i++ {
			g = b.game(g)
			require.NotEqual(t, true, g["over"], "the game ended before a right then a wrong capture")
			v := viewOf(g)
			me := int(v["seat"].(float64))
			version := g["version"].(float64)
			r1, r2, rm, right := potionCapture(g)
			w1, w2, wm, _, _, _, wrong := potionWrongTriple(g)
			switch {
			case has(g, "accept"):
				b.click("accept")
			case has(g, "lay"):
				b.click(fmt.Sprintf("h-%d", potionLay(g)))
			case has(g, "capture") && !praised && right:
				b.choose(fmt.Sprintf("z%d-%d", me, r1), fmt.Sprintf("z%d-%d", me, r2), fmt.Sprintf("z%d-%d", 1-me, rm))
				b.click("capture")
				require.True(t, b.waitFor(".play-feedback.fb-right", 10*time.Second), "the right capture is praised")
				b.screenshot("feedback-potion-right-" + lang)
				text := b.eval(`document.querySelector(".play-feedback").textContent`)
				assert.Contains(t, text, feedbackWords[lang]["right"])
				assert.Equal(t, "1", b.eval(`document.querySelectorAll(".play-feedback svg.fb-icon path").length + ""`), "a tick beside the word")
				praised = true
			case has(g, "capture") && praised && wrong:
				b.choose(fmt.Sprintf("z%d-%d", me, w1), fmt.Sprintf("z%d-%d", me, w2), fmt.Sprintf("z%d-%d", 1-me, wm))
				b.click("capture")
				require.True(t, b.waitFor(".play-alert.fb-wrong", 10*time.Second), "the refusal is shown")
				b.screenshot("feedback-potion-stale-" + lang)
				b.wrongStyle(".play-alert", lang, "refused")
				assert.Equal(t, "true", b.eval(`document.querySelector(".play-feedback").hidden + ""`), "no earlier praise under the refusal")
				done = true
				continue
			case has(g, "end"):
				b.click("end")
				if praised {
					// The praise belonged to the capture: the next move ends it.
					assert.Equal(t, "true", b.eval(`document.querySelector(".play-feedback").hidden + ""`), "the praise goes at the next move")
				}
			default:
				time.Sleep(100 * time.Millisecond)
				continue
			}
			b.waitChange(g, version)
		}
		require.True(t, done, "a right then a wrong capture were made in %s", lang)
	}
}

func TestBrowserFeedbackMagicoaWrongAnswerDoesNotSayTryAgain(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		g := b.start("start-magicoa-multiplication")
		done := false
		for i := 0; i < 60 && !done; i++ {
			g = b.game(g)
			require.NotEqual(t, true, g["over"])
			v := viewOf(g)
			version := g["version"].(float64)
			switch {
			case has(g, "choose"):
				hand := v["hand"].([]any)
				b.click(fmt.Sprintf("g%d", int(hand[0].(map[string]any)["id"].(float64))))
				b.click(fmt.Sprintf("g%d", int(hand[1].(map[string]any)["id"].(float64))))
				b.click("choose")
			case has(g, "answer") && v["phase"] != "triple":
				f := v["current"].(map[string]any)["fact"].(map[string]any)
				x, y := int(f["a"].(float64)), int(f["b"].(float64))
				wrong := x*y + 1
				b.run(chromedp.SendKeys(chromedp.CSS(`[data-key="answer-product"]`), fmt.Sprint(wrong)+"\r"))
				require.True(t, b.waitFor(".play-feedback.fb-wrong", 10*time.Second), "the wrong answer is said")
				b.screenshot("feedback-magicoa-wrong-" + lang)
				text := b.wrongStyle(".play-feedback", lang, "wrong")
				assert.Contains(t, text, fmt.Sprint(wrong), "the number the child typed")
				assert.Contains(t, text, fmt.Sprintf("%d × %d = %d", x, y, x*y), "the right product")
				low := strings.ToLower(text)
				assert.NotContains(t, low, "try again", "the card is played anyway: nothing to try again")
				assert.NotContains(t, low, "essaie encore")
				done = true
				continue
			case has(g, "answer"):
				q := v["triple"].(map[string]any)
				b.run(chromedp.SendKeys(chromedp.CSS(`[data-key="answer-triple"]`), fmt.Sprint(int(q["points"].(float64))*3)+"\r"))
			case has(g, "place"):
				slot := -1
				for _, m := range legal(g) {
					mv := m.(map[string]any)
					if mv["type"] == "place" && mv["double"] != true {
						p, _ := mv["potion"].(float64)
						slot = int(p)
					}
				}
				b.click(fmt.Sprintf("place%d", slot))
			case has(g, "power"):
				b.click("keep")
			case has(g, "pass"):
				b.click("pass")
			default:
				time.Sleep(100 * time.Millisecond)
				continue
			}
			b.waitChange(g, version)
		}
		require.True(t, done, "a wrong answer was typed in %s", lang)
	}
}

// catsTop is the value of a player's newest card and whether it is a
// multiplication (a × b).
func catsTop(p any) (a, c, value int) {
	top, _ := p.(map[string]any)["top"].(map[string]any)
	x, _ := top["a"].(float64)
	y, _ := top["b"].(float64)
	n, _ := top["n"].(float64)
	if x > 0 {
		return int(x), int(y), int(x * y)
	}
	return 0, 0, int(n)
}

func TestBrowserFeedbackCatsWrongSlapNamesTheCards(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		g := b.start("start-cats")
		done := false
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) && !done {
			g = b.game(g)
			require.NotEqual(t, true, g["over"])
			v := viewOf(g)
			players, _ := v["players"].([]any)
			me := int(v["seat"].(float64))
			a, c, mine := 0, 0, 0
			if me < len(players) {
				a, c, mine = catsTop(players[me])
			}
			other := false
			for i, p := range players {
				if _, _, n := catsTop(p); i != me && n > 0 {
					other = true
				}
			}
			switch {
			case has(g, "slap") && !catsMatchOf(g) && a > 0 && mine > 0 && other:
				b.click("slap")
				if !b.waitFor(".play-feedback.fb-wrong", 5*time.Second) {
					continue // a Seesaw the child won, or a refused slap: try another window
				}
				b.screenshot("feedback-cats-wrong-" + lang)
				text := b.wrongStyle(".play-feedback", lang, "wrong")
				assert.Contains(t, text, fmt.Sprintf("%d × %d = %d", a, c, a*c), "the card the child slapped on")
				done = true
			case has(g, "flip"):
				b.click("flip")
				time.Sleep(150 * time.Millisecond)
			default:
				time.Sleep(100 * time.Millisecond)
			}
		}
		require.True(t, done, "a wrong slap was made in %s", lang)
	}
}

// A child with 5 × 3 who taps 2 × 2 as "mine and this one" compared two
// different products: the engine logs the claim on the child's own card
// first (games/cats, TestAudit3WrongComparisonNamingAnotherProductIsGluttony)
// and marks the gluttony wrong_pair. The verdict names the child's card, not
// the one they tapped, and the log says the card did not make the same, not
// that there was no pair. The dev harness brings that state after the tap.
func TestBrowserCatsWrongComparisonNamesTheChildsCardFirst(t *testing.T) {
	b := newBrowserTest(t, 9)
	attempts := `[{"kind":"claim","a":5,"b":3,"given":4,"correct":false},{"kind":"claim","a":2,"b":2,"given":15,"correct":false}]`
	events := `[{"at":21000,"seat":0,"type":"gluttony","data":{"wrong_pair":true}}]`
	want := map[string][2]string{
		"en": {"5 × 3 = 15 and the other card shows 4", "You slapped with a card that does not make the same as yours"},
		"fr": {"5 × 3 = 15 et l’autre carte montre 4", "Tu as tapé avec une carte qui ne fait pas pareil que la tienne"},
	}
	for _, lang := range []string{"en", "fr"} {
		b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cats&lang=" + lang +
			"&moved_attempts=" + url.QueryEscape(attempts) + "&moved_events=" + url.QueryEscape(events)))
		b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready] .play-board > *`)))
		require.Contains(t, b.eval(`document.querySelector('[data-key="with0"]') ? "" : document.querySelector('[data-key="with1"]').textContent`), "2 × 2", "the fixture: 2 × 2 on the next cat's pile")
		b.click("with1")
		require.True(t, b.waitFor(".play-feedback.fb-wrong", 5*time.Second), "a verdict in %s", lang)
		assert.Contains(t, b.wrongStyle(".play-feedback", lang, "wrong"), want[lang][0], "the child's own card first")
		assert.Contains(t, b.eval(`document.querySelector(".events").innerText`), want[lang][1])
	}
}

func TestBrowserFeedbackCubeWrongClaimShowsTheChildsFormula(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		b.useLang(lang)
		g := b.start("start-cube-1")
		done := false
		for i := 0; i < 15 && !done; i++ {
			g = b.game(g)
			require.NotEqual(t, true, g["over"])
			if !has(g, cube.MoveClaim) {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			mv := cubeMove(t, g)
			// Another monster than the one the formula makes.
			code := -1
			for _, m := range viewOf(g)["row"].([]any) {
				if c := int(m.(map[string]any)["code"].(float64)); c != mv.Code {
					code = c
				}
			}
			if mv.Type == cube.MovePass || code < 0 {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			var vals [3]int
			board := cubeBoard(t, g)
			for k, f := range mv.Faces {
				x, ok := board.Value(f)
				require.True(t, ok)
				vals[k] = x
			}
			for _, f := range mv.Faces {
				b.click(fmt.Sprintf("f%d,%d,%d", f.At.Q, f.At.R, int(f.Face)))
			}
			op := "+"
			if mv.Ops[1] == "-" {
				b.click("op1")
				op = "−"
			}
			b.click(fmt.Sprintf("m%d", code))
			b.click("claim")
			if !b.waitFor(".play-feedback.fb-wrong", 5*time.Second) {
				continue // a computer caught a monster first: the row changed
			}
			b.screenshot("feedback-cube-wrong-" + lang)
			text := b.wrongStyle(".play-feedback", lang, "wrong")
			formula := fmt.Sprintf("%d × %d %s %d = %d", vals[0], vals[1], op, vals[2], mv.Code)
			assert.Contains(t, text, formula, "the child's formula and its value")
			assert.Contains(t, text, fmt.Sprint(code), "the monster the child chose")
			done = true
		}
		require.True(t, done, "a wrong claim was made in %s", lang)
	}
}

// cubeBoard is the seat's board in the game as the server sends it.
func cubeBoard(t *testing.T, g map[string]any) cube.Layout {
	t.Helper()
	var v cube.View
	raw, err := json.Marshal(g["view"])
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &v))
	if len(v.Boards) > v.Seat {
		return v.Boards[v.Seat]
	}
	return v.Board
}

func TestBrowserFeedbackLoginSaysWhichSecretDidNotMatch(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", b.s.spareStudentID), Token: b.s.teacher,
		Body: map[string]any{"kind": "pictures", "pictures": []string{"cat", "sun", "tree"}}})
	want := map[string][2]string{
		"en": {"The code doesn't match — try again or ask your teacher.", "The pictures don't match — try again or ask your teacher."},
		"fr": {"Le code ne correspond pas — réessaie ou demande à ta maîtresse ou ton maître.", "Les images ne correspondent pas — réessaie ou demande à ta maîtresse ou ton maître."},
	}
	for _, lang := range []string{"en", "fr"} {
		b.run(chromedp.Navigate(b.base + "/"))
		b.eval(fmt.Sprintf(`document.cookie = "lang=%s; path=/"; "ok"`, lang))
		enter := func(name string) {
			b.run(chromedp.Navigate(b.base + "/"))
			b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready] #class-code`)))
			b.run(chromedp.SendKeys(chromedp.CSS(`#class-code`), b.s.classCode))
			b.run(chromedp.Click(chromedp.CSS(`#class-code-form [type=submit]`)))
			b.run(chromedp.WaitVisible(chromedp.CSS(`#names button`)))
			b.run(chromedp.Click(fmt.Sprintf(`//ul[@id="names"]//button[normalize-space(.)=%q]`, name)))
		}
		enter("Léa")
		for _, k := range "9876" {
			b.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#keypad [data-key="%c"]`, k))))
		}
		require.True(t, b.waitFor("#error", 10*time.Second))
		assert.Equal(t, want[lang][0], strings.TrimSpace(b.eval(`document.querySelector("#error").textContent`)))
		b.screenshot("feedback-login-pin-" + lang)

		enter("Zoé")
		for _, p := range []string{"sun", "cat", "tree"} {
			b.run(chromedp.Click(chromedp.CSS(`#pictures-grid button[data-picture="` + p + `"]`)))
		}
		require.True(t, b.waitFor("#error", 10*time.Second))
		assert.Equal(t, want[lang][1], strings.TrimSpace(b.eval(`document.querySelector("#error").textContent`)))
		b.screenshot("feedback-login-pictures-" + lang)
	}
}
