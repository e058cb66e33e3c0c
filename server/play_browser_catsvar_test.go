package server_test

import (
	"encoding/json"
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
	b.dismissGuide()
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
// sends the call (here usually a wrong one: the engine judges it); it says
// when a call is allowed, and a line under the controls gives the rule.
func TestBrowserMultipliCatsSourisButtonSendsTheCall(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	g := b.openGame("cats", "souris")
	b.run(chromedp.WaitVisible(chromedp.CSS(`.souris-rule`)))
	assert.Contains(t, b.eval(`document.querySelector(".souris-rule").textContent`), "wait for the next card")
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		g = b.game(g)
		require.NotEqual(t, true, g["over"])
		switch {
		case has(g, "souris"):
			b.run(chromedp.WaitVisible(chromedp.CSS(`[data-key="souris"]`)))
			assert.Equal(t, "Souris!after the next card", b.eval(`document.querySelector('[data-key="souris"]').textContent`))
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

// The Cat's card of the home: two players (two piles each) and the options
// ticked together start one game with all of them; the table shows the
// four piles, the student's two first, and the student plays their turns.
func TestBrowserMultipliCatsTwoPlayersWithOptionsFromTheHome(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	b.eval(`(() => { const s = document.querySelector('[data-key="players-cats"]'); s.value = "2"; s.dispatchEvent(new Event("change")); return ""; })()`)
	b.click("opt-cats-specials")
	b.click("opt-cats-souris")
	b.screenshot("cats-home-options")
	g := b.start("start-cats")
	g = b.game(g)
	assert.Equal(t, "specials+souris", g["edition"])
	v := viewOf(g)
	assert.Equal(t, true, v["two_piles"])
	assert.Equal(t, true, v["souris_call"])
	require.Len(t, g["seats"], 2, "Léa and one computer cat")
	b.run(chromedp.WaitVisible(chromedp.CSS(`.cat-player`)))
	assert.Equal(t, "4", b.eval(`String(document.querySelectorAll(".cat-player").length)`), "four piles")
	assert.Equal(t, "You · pile 1|You · pile 2", b.eval(`[...document.querySelectorAll(".cat-player.me")].map((e) => e.getAttribute("aria-label")).join("|")`))
	b.screenshot("cats-two-piles")
	flips := 0
	deadline := time.Now().Add(45 * time.Second)
	for flips < 2 && time.Now().Before(deadline) {
		g = b.game(g)
		require.NotEqual(t, true, g["over"])
		if has(g, "flip") {
			version := g["version"].(float64)
			b.click("flip")
			g = b.waitChange(g, version)
			flips++
			continue
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.Equal(t, 2, flips, "Léa revealed from both her piles")
	revealed := 0
	for _, p := range viewOf(g)["players"].([]any) {
		pm := p.(map[string]any)
		if pm["owner"] == float64(0) && pm["pile"].(float64) > 0 {
			revealed++
		}
	}
	assert.Equal(t, 2, revealed, "one card on each of her piles")
}

// A product card prints its multiplications, as the booklet's cards do
// (the dev harness on a real two-pile view that shows the product 16).
func TestBrowserMultipliCatsProductCardPrintsItsMultiplications(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cats-2piles"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"] .cprod`)))
	facts := b.eval(`[...document.querySelectorAll("svg.ccard")].filter((s) => s.querySelector(".cprod")?.textContent === "16")
		.map((s) => [...s.querySelectorAll(".cprod-fact")].map((e) => e.textContent).join(" ")).join("|")`)
	assert.Equal(t, "2×8 4×4 8×2", facts)
	assert.Contains(t, b.eval(`[...document.querySelectorAll(".cat-card")].map((e) => e.getAttribute("aria-label")).join("|")`),
		"product 16 (2 × 8, 4 × 4, 8 × 2)", "read aloud too")
	b.screenshot("cats-product-card")
}

// The result names several winners in the plural (French "ont gagné"), and
// a Cat's game says why it ended. The real shell, in Chromium, on a game
// over whose winners are two other players.
func TestBrowserResultNamesSeveralWinnersInThePlural(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.run(chromedp.Navigate(b.base + "/static/play/dev/game.html?fixture=cats&lang=fr"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"] .cats-game`)))
	title := b.evalAsync(`(async () => {
		const dto = await (await fetch("/static/play/dev/fixtures/cats.json")).json();
		dto.over = true;
		dto.view.over = true;
		dto.result = { winners: [1, 2], scores: [0, 2, 2, 0], reason: "cats.two_left" };
		const root = document.createElement("main");
		document.body.append(root);
		const { mount } = await import("/static/play/shell.js");
		await mount({ root, gameID: "over", socket: false, transport: { game: async () => dto, open: async () => dto, move: async () => dto, end: async () => ({}), start: async () => ({}) } });
		await new Promise((r) => setTimeout(r, 100));
		return root.querySelector("#result-title").textContent + "|" + root.querySelector(".result p").textContent;
	})()`)
	assert.Equal(t, "Minou, Hibou ont gagné cette fois.|Il ne reste que deux joueurs\u00a0: ce sont les perdants.", title)
}

// evalAsync evaluates an expression whose value is a promise of a string.
func (b *browserTest) evalAsync(expr string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	require.NoError(b.t, err)
	return v
}

// "The other player starts", ticked on the home: Multipli Cat's deals the
// first reveal to the computer cat after Léa, and MultipliPotion has the
// computer lay first, before Léa plays anything.
func TestBrowserOtherPlayerStartsWhenTheChildSaysSo(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	b.click("opt-cats-other_starts")
	b.screenshot("cats-home-other-starts")
	g := b.start("start-cats")
	g = b.game(g)
	assert.Equal(t, "standard", g["edition"], "who starts is no edition")
	assert.Equal(t, float64(1), viewOf(g)["turn"], "the next cat reveals first")

	b.home()
	// The cats' game waits to be continued, against its three computer cats.
	b.run(chromedp.WaitVisible(chromedp.CSS(`#cont-title`)))
	assert.Regexp(t, `against [^,·]+, [^,·]+ and [^,·]+ ·`, b.eval(`document.querySelector("#cont-title").closest("section").textContent`), "every opponent named")
	b.click("opt-potion-other_starts")
	g = b.start("start-potion-3")
	g = b.game(g)
	first := ""
	for _, e := range g["events"].([]any) {
		em := e.(map[string]any)
		if first == "" && (em["type"] == "lay" || em["type"] == "capture") {
			first = fmt.Sprint(em["seat"])
		}
	}
	assert.Equal(t, "1", first, "the computer laid first")
}

// On a phone, Multipli Cat's keeps its slap button on the screen while the
// child watches the piles at the top of the table (it sat 600 px below).
func TestBrowserCatsSlapButtonStaysInSightOnAPhone(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.run(chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	b.openHarness("cats-2piles")
	got := b.eval(`(() => {
		document.querySelector(".cats-table").scrollIntoView({ block: "start" });
		const table = document.querySelector(".cats-table").getBoundingClientRect();
		const slap = document.querySelector('[data-key="slap"]').getBoundingClientRect();
		return JSON.stringify({ tableTop: Math.round(table.top), slapTop: Math.round(slap.top), slapBottom: Math.round(slap.bottom), slapHeight: Math.round(slap.height), h: innerHeight });
	})()`)
	var r struct{ TableTop, SlapTop, SlapBottom, SlapHeight, H float64 }
	require.NoError(t, json.Unmarshal([]byte(got), &r))
	b.screenshot("cats-phone-slap")
	assert.GreaterOrEqual(t, r.TableTop, 0.0, "the piles' top is on the screen: %s", got)
	assert.LessOrEqual(t, r.SlapBottom, r.H, "the slap button is on the screen with them: %s", got)
	assert.GreaterOrEqual(t, r.SlapTop, 0.0, got)
	assert.GreaterOrEqual(t, r.SlapHeight, 44.0, "big enough for a finger")
}
