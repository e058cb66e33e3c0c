package webcheck

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rule is one CSS rule: its selector (with the @media it sits in, if any)
// and its declarations.
type rule struct {
	selector string
	decls    map[string]string
}

var (
	cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	cssRule    = regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)
	cssVar     = regexp.MustCompile(`^var\(\s*(--[\w-]+)\s*\)$`)
	hexColour  = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
)

// parseCSS reads the innermost rules of a stylesheet (rules inside @media
// come out with the media query dropped: a colour pair must pass in every
// context anyway).
func parseCSS(css string) []rule {
	css = cssComment.ReplaceAllString(css, "")
	var out []rule
	for _, m := range cssRule.FindAllStringSubmatch(css, -1) {
		sel := strings.TrimSpace(m[1])
		if i := strings.LastIndex(sel, "{"); i >= 0 {
			sel = strings.TrimSpace(sel[i+1:])
		}
		if at := strings.LastIndex(sel, "@"); at >= 0 && strings.Contains(sel[at:], "(") {
			continue
		}
		decls := map[string]string{}
		for _, d := range strings.Split(m[2], ";") {
			k, v, ok := strings.Cut(d, ":")
			if ok {
				decls[strings.TrimSpace(k)] = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
			}
		}
		out = append(out, rule{selector: sel, decls: decls})
	}
	return out
}

// palette is play.css's :root custom properties.
func palette(tb testing.TB, rules []rule) map[string]string {
	tb.Helper()
	for _, r := range rules {
		if r.selector == ":root" {
			out := map[string]string{}
			for k, v := range r.decls {
				if strings.HasPrefix(k, "--") {
					out[k] = v
				}
			}
			return out
		}
	}
	require.Fail(tb, "play.css has no :root block")
	return nil
}

// resolve turns "#abc", "#aabbcc", "var(--x)", "#fff" or "white" into
// 0..1 RGB; ok is false for anything else (gradients, transparent, inherit).
func resolve(pal map[string]string, v string) (rgb [3]float64, ok bool) {
	v = strings.TrimSpace(v)
	if m := cssVar.FindStringSubmatch(v); m != nil {
		v = pal[m[1]]
	}
	if v == "white" {
		v = "#fff"
	}
	if !hexColour.MatchString(v) {
		return rgb, false
	}
	h := v[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	for i := range 3 {
		n, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		rgb[i] = float64(n) / 255
	}
	return rgb, true
}

// luminance is WCAG 2's relative luminance.
func luminance(c [3]float64) float64 {
	lin := func(x float64) float64 {
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

func contrast(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

const (
	aaText  = 4.5 // WCAG 1.4.3, normal text
	aaLarge = 3.0 // WCAG 1.4.3 large text (≥ 24 px, or ≥ 18.7 px bold); 1.4.11 UI components
)

// pair is a foreground on a background that play.css puts together.
type pair struct {
	fg, bg string
	min    float64
	where  string
}

// declaredPairs are the pairs play.css draws that a rule alone does not
// tell (text colour on an inherited background, SVG fills on the card they
// sit on, borders and focus rings on what surrounds them). Every rule that
// sets both color and background is checked too, automatically.
// Not checked, by WCAG's own exceptions: disabled buttons (opacity 0.55),
// drawings that carry no information of their own (the words beside them
// do: monsters, cats, potions' liquids, trophies, stars).
var declaredPairs = []pair{
	// Page text.
	{"var(--ink)", "var(--paper)", aaText, "body text"},
	{"var(--ink)", "var(--card)", aaText, "text in panels, zones and cards"},
	{"var(--ink-soft)", "var(--paper)", aaText, ".play-edition, .hint"},
	{"var(--ink-soft)", "var(--card)", aaText, ".zone-hint, .empty, .covered"},
	{"var(--ink-soft)", "#f3eee6", aaText, ".zone-op .zone-hint"},
	{"var(--ink-soft)", "#fff", aaText, ".slot-empty"},
	{"var(--blue)", "var(--paper)", aaText, "links, .as-title"},
	{"var(--green)", "var(--paper)", aaText, ".play-status"},
	{"var(--green)", "var(--card)", aaText, ".bid.free"},
	{"var(--ink)", "#fff8dc", aaText, ".cat-player.turn"},
	{"var(--ink)", "#fff4c2", aaText, "selected buttons, .slot.target, .hint-box"},
	{"var(--ink)", "var(--green-light)", aaText, ".level-green, .badge.done"},
	{"var(--ink)", "var(--violet-light)", aaText, ".level-violet"},
	{"var(--ink)", "#ffe27a", aaText, ".badge.turn"},
	{"var(--ink)", "#ffd0c9", aaText, ".badge.slapped"},
	{"#fff", "#8a3a30", aaText, ".slap.done (white text inherited)"},
	{"#8f2418", "#fff", aaText, ".slap-with-word"},
	// SVG text on the card it is drawn on (fills).
	{"var(--ink)", "#fff", aaText, ".num on white cards"},
	{"#111", "#fff", aaText, ".face-num and .pip: drawn with a 5 px white halo (paint-order stroke)"},
	{"var(--ink-soft)", "#fff", aaText, ".colour-word (white halo), .far-end .num"},
	{"var(--ink)", "#fff7e6", aaText, ".ccard-prod numbers"},
	{"var(--ink)", "#eee6ff", aaText, ".cspecial-name"},
	{"var(--violet)", "#eee6ff", aaLarge, ".cspecial-icon (48 px)"},
	{"var(--ink)", "#fff8e0", aaText, ".mcard-meta on two-star cards"},
	{"var(--ink)", "#ffe9e0", aaText, ".mcard-meta on three-star cards"},
	{"var(--ink)", "#fff3c4", aaText, ".gold-fact, .gold-value on gold cards"},
	{"var(--ink)", "#fdf6e3", aaText, ".power-times in a power window"},
	{"#fff", "#3a2a6a", aaText, ".mpower-name on a Power face"},
	{"#fff", "#2c2c6c", aaText, ".on-back, .front-mod on card backs"},
	{"var(--violet)", "#fff", aaLarge, ".mpower-mark"},
	{"#fff", "#000", aaText, ".face-order (black halo)"},
	// UI components and focus (3:1 against what is around them).
	{"var(--ink)", "var(--paper)", aaLarge, "button borders, focus outline"},
	{"var(--ink)", "var(--yellow-face)", aaLarge, "a focused yellow face (dashed ink stroke)"},
	{"var(--ink)", "var(--red-face)", aaLarge, "a focused red face"},
	{"var(--ink)", "var(--blue-face)", aaLarge, "a focused blue face"},
	{"var(--ink)", "#f0ece3", aaLarge, "a focused tile or empty place on the board"},
	{"var(--blue)", "#f0ece3", aaLarge, "a picked tile"},
	{"var(--violet)", "#f0ece3", aaLarge, "a moved tile"},
	{"var(--blue)", "var(--paper)", aaLarge, ".cat-player.me, .mslot.mine, .mini-board.turn borders"},
	{"#c0392b", "#fff", aaLarge, ".slap-with dashed border"},
	{"var(--warn)", "#eee", aaLarge, ".window-fill in the time bar"},
	{"var(--warn)", "var(--paper)", aaLarge, ".vigil-mode outline, .card-btn.shown border"},
	{"var(--green)", "#fff", aaLarge, ".pcard-green frame"},
	{"var(--violet)", "#fff", aaLarge, ".pcard-violet frame"},
	{"var(--green)", "var(--paper)", aaLarge, ".level-dot green"},
	{"var(--violet)", "var(--paper)", aaLarge, ".level-dot violet"},
}

// TestColourPairsMeetWCAGAA checks every colour pair: the declared list and
// every rule of play.css that sets both a text colour and a background.
func TestColourPairsMeetWCAGAA(t *testing.T) {
	rules := parseCSS(readPlay(t, "play.css"))
	pal := palette(t, rules)
	checked := 0
	test := func(p pair) {
		fg, ok1 := resolve(pal, p.fg)
		bg, ok2 := resolve(pal, p.bg)
		if !assert.True(t, ok1 && ok2, "%s: cannot read %s on %s", p.where, p.fg, p.bg) {
			return
		}
		c := contrast(fg, bg)
		checked++
		t.Logf("%5.2f:1 (needs %.1f) %s on %s: %s", c, p.min, p.fg, p.bg, p.where)
		assert.GreaterOrEqual(t, c, p.min, "%s: %s on %s is %.2f:1, AA needs %.1f:1", p.where, p.fg, p.bg, c, p.min)
	}
	for _, p := range declaredPairs {
		test(p)
	}
	auto := 0
	for _, r := range rules {
		fg, hasFG := r.decls["color"]
		bg, hasBG := r.decls["background"]
		if !hasBG {
			bg, hasBG = r.decls["background-color"]
		}
		if !hasFG || !hasBG {
			continue
		}
		if _, ok := resolve(pal, bg); !ok {
			continue // transparent or a gradient: covered by the declared pairs
		}
		auto++
		test(pair{fg, bg, aaText, "rule " + r.selector})
	}
	assert.Greater(t, auto, 5, "too few color+background rules found: has the parser broken?")
	t.Logf("%d colour pairs checked (%d from color+background rules)", checked, auto)
}

// TestContrastFormula pins the WCAG formula on known values.
func TestContrastFormula(t *testing.T) {
	black, _ := resolve(nil, "#000")
	white, _ := resolve(nil, "#fff")
	grey, _ := resolve(nil, "#777")
	assert.InDelta(t, 21.0, contrast(black, white), 0.01)
	assert.InDelta(t, 4.48, contrast(grey, white), 0.01)
	assert.Equal(t, contrast(white, grey), contrast(grey, white))
}

// TestReducedMotionTurnsMotionOff: play.css honours prefers-reduced-motion
// with a block that stops every animation and transition.
func TestReducedMotionTurnsMotionOff(t *testing.T) {
	css := cssComment.ReplaceAllString(readPlay(t, "play.css"), "")
	i := strings.Index(css, "@media (prefers-reduced-motion: reduce)")
	require.GreaterOrEqual(t, i, 0, "play.css has no prefers-reduced-motion block")
	block := css[i:]
	depth, end := 0, -1
	for j, c := range block {
		if c == '{' {
			depth++
		}
		if c == '}' {
			depth--
			if depth == 0 {
				end = j
				break
			}
		}
	}
	require.Positive(t, end)
	block = block[:end]
	for _, want := range []string{"*", "animation: none !important", "transition: none !important"} {
		assert.Contains(t, block, want, "the reduced-motion block must stop everything: %q", want)
	}
	// The one JS animation (the Cat's time bar) checks the same query.
	assert.Contains(t, readPlay(t, "cats.js"), `matchMedia("(prefers-reduced-motion: reduce)")`)
}
