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

	"github.com/multipli/multipli/games/cube"
)

// Every game is playable by keyboard alone and by touch alone: each test
// plays one real move of each of the four games (a capture, a slap that
// wins, an answer, a formula) with one kind of input only, and reads the
// attempt it left in the database.

// hand is how the child plays: press chooses the control that matches a
// CSS selector; typeNumber types a number into the field of a selector.
type hand interface {
	press(sel string)
	typeNumber(sel string, n int)
}

func keySel(key string) string { return fmt.Sprintf(`[data-key=%q]`, key) }

// keys plays with the keyboard: Tab (or Shift+Tab, whichever way is
// shorter in the page's order) until the control has the focus, then Enter
// or Space in turn. Each focused control must show its focus ring.
type keys struct {
	b           *browserTest
	space       bool
	tabs, backs int // Tab and Shift+Tab presses
}

// focusJS says where the focus stands against the element of a selector:
// "here", "back" (it comes before the focus), "forth", or "none" (not drawn).
const focusJS = `((sel) => {
	const e = document.querySelector(sel), a = document.activeElement;
	if (!e) return "none";
	if (a === e) return "here";
	if (!a || a === document.body) return "forth";
	return a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING ? "back" : "forth";
})`

// ringJS names the focus ring the focused control shows: an outline or a
// shadow for an HTML control, a thick stroke for an SVG one (a tile's
// edge, a face, an empty place); "" when it shows none.
const ringJS = `(() => {
	const a = document.activeElement, cs = getComputedStyle(a);
	if (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2) return "outline";
	if (cs.boxShadow && cs.boxShadow !== "none") return "shadow";
	for (const e of [a, ...a.querySelectorAll(".face, .tile-edge")]) {
		if (e instanceof SVGElement && parseFloat(getComputedStyle(e).strokeWidth) >= 6) return "stroke";
	}
	return "";
})()`

func (k *keys) focus(sel string) {
	b := k.b
	b.t.Helper()
	for range 150 {
		switch b.eval(focusJS + "(" + jsString(sel) + ")") {
		case "here":
			require.NotEmpty(b.t, b.eval(ringJS), "the focused %s shows a focus ring", sel)
			return
		case "back":
			b.run(chromedp.KeyEvent("\t", chromedp.KeyModifiers(chromedp.ModifierShift)))
			k.backs++
		case "forth":
			b.run(chromedp.KeyEvent("\t"))
			k.tabs++
		default:
			time.Sleep(100 * time.Millisecond)
		}
	}
	b.screenshot("keys-lost")
	b.t.Fatalf("Tab never reached %s (the focus is on %s)", sel, b.eval(`document.activeElement.outerHTML.slice(0, 120)`))
}

func (k *keys) press(sel string) {
	k.focus(sel)
	k.space = !k.space
	if k.space {
		k.b.run(chromedp.KeyEvent(" "))
	} else {
		k.b.run(chromedp.KeyEvent("\r"))
	}
}

func (k *keys) typeNumber(sel string, n int) {
	k.focus(sel)
	k.b.run(chromedp.KeyEvent(fmt.Sprint(n) + "\r"))
}

// fingers plays by touch on a phone: a tap on the centre of the control,
// which must be what lies under that point and be at least 44×44 px.
type fingers struct{ b *browserTest }

// aimJS scrolls the control into the middle of the screen and gives the
// centre to tap, its size, and what the point holds ("" when it is the
// control or inside it).
const aimJS = `((sel) => {
	const e = document.querySelector(sel);
	if (!e) return "";
	e.scrollIntoView({ block: "center", inline: "center" });
	const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
	const at = document.elementFromPoint(x, y);
	const other = at && (at === e || e.contains(at)) ? "" : (at ? at.outerHTML.slice(0, 80) : "nothing");
	return JSON.stringify({ x, y, w: r.width, h: r.height, other });
})`

func (f fingers) press(sel string) {
	b := f.b
	b.t.Helper()
	var aim struct {
		X, Y, W, H float64
		Other      string
	}
	for range 30 {
		if s := b.eval(aimJS + "(" + jsString(sel) + ")"); s != "" {
			require.NoError(b.t, json.Unmarshal([]byte(s), &aim))
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.NotZero(b.t, aim.W, "%s is on the screen", sel)
	require.Empty(b.t, aim.Other, "the centre of %s is not covered", sel)
	require.True(b.t, aim.W >= 43.5 && aim.H >= 43.5, "%s is %.0f×%.0f px, big enough for a finger", sel, aim.W, aim.H)
	b.run(chromedp.TapXY(aim.X, aim.Y))
}

// typeNumber taps the field (a phone opens its keypad), types, and taps
// the field's OK button.
func (f fingers) typeNumber(sel string, n int) {
	f.press(sel)
	f.b.run(chromedp.KeyEvent(fmt.Sprint(n)))
	f.press(`form:has(` + sel + `) button[type=submit]`)
}

func TestBrowserGamesPlayByKeyboard(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	k := &keys{b: b}
	playEachGame(b, k, "keys")
	t.Logf("%d Tab and %d Shift+Tab presses", k.tabs, k.backs)
	require.Positive(t, k.backs, "the focus went back with Shift+Tab too")
}

func TestBrowserGamesPlayByTouch(t *testing.T) {
	b := newBrowserTest(t, 9)
	b.login()
	b.run(chromedp.EmulateViewport(375, 667, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	playEachGame(b, fingers{b: b}, "touch")
}

// playEachGame plays one real move of each game, each in a subtest (one
// game failing does not hide how the others fare).
func playEachGame(b *browserTest, p hand, name string) {
	top := b.t
	games := []struct {
		name string
		play func(*browserTest, hand, string)
	}{{"potion", potionCaptureBy}, {"cats", catsSlapBy}, {"magicoa", magicoaAnswerBy}, {"cube", cubeFormulaBy}}
	for _, g := range games {
		top.Run(g.name, func(t *testing.T) {
			b.t = t
			defer func() { b.t = top }()
			g.play(b, p, name)
		})
	}
}

// home goes back to the play home, to start the next game from there.
func (b *browserTest) home() {
	b.t.Helper()
	b.run(chromedp.Navigate(b.base + "/student"))
	b.run(chromedp.WaitVisible(chromedp.CSS(`.game-grid`)))
}

// potionCaptureBy plays MultipliPotion until the child's first capture.
func potionCaptureBy(b *browserTest, p hand, name string) {
	b.home()
	g := b.start("start-potion-3")
	for range 300 {
		g = b.game(g)
		require.NotEqual(b.t, true, g["over"], "the game ended before a capture")
		v := viewOf(g)
		me := int(v["seat"].(float64))
		version := g["version"].(float64)
		switch {
		case has(g, "accept"):
			p.press(keySel("accept"))
		case has(g, "lay"):
			p.press(keySel(fmt.Sprintf("h-%d", potionLay(g))))
		case has(g, "capture"):
			if p1, p2, m, ok := potionCapture(g); ok {
				pressExactly(b, func(k string) { p.press(keySel(k)) }, fmt.Sprintf("z%d-%d", me, p1), fmt.Sprintf("z%d-%d", me, p2), fmt.Sprintf("z%d-%d", 1-me, m))
				b.screenshot(name + "-potion-capture")
				p.press(keySel("capture"))
				b.waitChange(g, version)
				requireAttempt(b, g, "capture")
				b.verdictInSight(name)
				// Stopping here: the summary counts the capture so far, and
				// the verdict on the last move goes with the board.
				p.press(keySel("finish"))
				b.run(chromedp.WaitVisible(chromedp.CSS(`.summary`)))
				assert.Equal(b.t, "1", b.eval(`document.querySelector(".summary-list dd:last-of-type").textContent`), "one monster captured so far")
				assert.Equal(b.t, "true", b.eval(`String(document.querySelector(".play-feedback").hidden)`), "no verdict left above the summary")
				return
			}
			p.press(keySel("end"))
		case has(g, "end"):
			p.press(keySel("end"))
		default:
			time.Sleep(100 * time.Millisecond)
			continue
		}
		b.waitChange(g, version)
	}
	b.t.Fatal("no capture came up")
}

// catsSlapBy plays Multipli Cat's until the child wins an exchange with a
// slap.
func catsSlapBy(b *browserTest, p hand, name string) {
	b.home()
	g := b.start("start-cats")
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		for _, a := range b.attempts(g) {
			if a.Kind == "claim" && a.Correct {
				b.screenshot(name + "-cats-won")
				return
			}
		}
		g = b.game(g)
		require.NotEqual(b.t, true, g["over"], "the game ended before Léa won an exchange")
		switch {
		case has(g, "slap") && catsMatchOf(g):
			p.press(keySel("slap"))
			time.Sleep(300 * time.Millisecond)
		case has(g, "flip"):
			p.press(keySel("flip"))
			time.Sleep(150 * time.Millisecond)
		default:
			time.Sleep(100 * time.Millisecond)
		}
	}
	b.screenshot(name + "-cats-timeout")
	b.t.Fatal("Léa did not win an exchange in time")
}

// magicoaAnswerBy plays Magicoa until the child has typed a right product.
func magicoaAnswerBy(b *browserTest, p hand, name string) {
	b.home()
	g := b.start("start-magicoa-multiplication")
	for range 200 {
		g = b.game(g)
		require.NotEqual(b.t, true, g["over"])
		v := viewOf(g)
		version := g["version"].(float64)
		switch {
		case has(g, "choose"):
			hand := v["hand"].([]any)
			p.press(keySel(fmt.Sprintf("g%d", int(hand[0].(map[string]any)["id"].(float64)))))
			p.press(keySel(fmt.Sprintf("g%d", int(hand[1].(map[string]any)["id"].(float64)))))
			p.press(keySel("choose"))
		case has(g, "answer"):
			key, product := "answer-product", 0
			if v["phase"] == "triple" {
				key, product = "answer-triple", int(v["triple"].(map[string]any)["points"].(float64))*3
			} else {
				f := v["current"].(map[string]any)["fact"].(map[string]any)
				product = int(f["a"].(float64) * f["b"].(float64))
			}
			b.screenshot(name + "-magicoa-answer")
			p.typeNumber(keySel(key), product)
			b.waitChange(g, version)
			requireAttempt(b, g, "answer")
			return
		case has(g, "place"):
			slot := -1
			for _, m := range legal(g) {
				if mv := m.(map[string]any); mv["type"] == "place" && mv["double"] != true {
					n, _ := mv["potion"].(float64)
					slot = int(n)
				}
			}
			p.press(keySel(fmt.Sprintf("place%d", slot)))
		case has(g, "power"):
			p.press(keySel("keep"))
		case has(g, "pass"):
			p.press(keySel("pass"))
		default:
			time.Sleep(100 * time.Millisecond)
			continue
		}
		b.waitChange(g, version)
	}
	b.t.Fatal("no answer came up")
}

// cubeFormulaBy plays Monster Cube (rule set #4: a tile moved, then three
// faces) until the child's formula is found right.
func cubeFormulaBy(b *browserTest, p hand, name string) {
	b.home()
	g := b.start("start-cube-4")
	for range 40 {
		g = b.game(g)
		require.NotEqual(b.t, true, g["over"])
		if !has(g, cube.MoveFind) {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		mv := cubeMove(b.t, g)
		version := g["version"].(float64)
		p.press(keySel(fmt.Sprintf("t%d,%d", mv.Tile.From.Q, mv.Tile.From.R)))
		p.press(keySel(fmt.Sprintf("e%d,%d", mv.Tile.To.Q, mv.Tile.To.R)))
		if mv.Type == cube.MovePass {
			p.press(keySel("pass"))
			b.waitChange(g, version)
			continue
		}
		for _, f := range mv.Faces {
			p.press(keySel(fmt.Sprintf("f%d,%d,%d", f.At.Q, f.At.R, int(f.Face))))
		}
		if mv.Ops[1] == "-" {
			p.press(keySel("op1"))
		}
		p.press(keySel(fmt.Sprintf("m%d", mv.Code)))
		b.screenshot(name + "-cube-formula")
		p.press(keySel("find"))
		b.waitChange(g, version)
		requireAttempt(b, g, "formula")
		return
	}
	b.t.Fatal("no formula came up")
}

// verdictInSight: the verdict on the child's move is on the screen where
// the child is, not above it (on a phone the page is scrolled down to the
// cards when the child moves).
func (b *browserTest) verdictInSight(name string) {
	b.t.Helper()
	const inSight = `(() => {
		const v = document.querySelector(".play-feedback:not([hidden])");
		if (!v) return "none";
		const r = v.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight ? "yes" : "out: " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of " + innerHeight + ", scrolled " + Math.round(scrollY);
	})()`
	got := ""
	for range 30 {
		if got = b.eval(inSight); got != "none" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.screenshot(name + "-verdict")
	require.Equal(b.t, "yes", got, "the verdict is in sight")
}

// requireAttempt checks the move left a right attempt of its kind.
func requireAttempt(b *browserTest, g map[string]any, kind string) {
	b.t.Helper()
	for range 20 {
		for _, a := range b.attempts(g) {
			if a.Kind == kind {
				require.True(b.t, a.Correct, "the %s made in the page is right", kind)
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("the %s left no attempt", kind)
}

func jsString(s string) string {
	return "`" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "`", "\\`") + "`"
}
