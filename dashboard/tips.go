package dashboard

import (
	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// A tip is a strategy a parent can show at home, built on a fact the child
// finds easier. strategyFor picks the first strategy of this list that fits
// the fact (the order goes from the most to the least reliable anchor):
// ×1, ×10, ×2 (a double), ×5 (half of ×10), ×11 (the digit twice), 7 × 8
// (5, 6, 7, 8), ×9 (fingers, or ×10 minus once), squares, ×4 (double double),
// ×3 (double plus once), ×8 (double three times), ×6 (×5 plus once), ×12
// (×10 plus ×2), ×7 (×5 plus ×2).
type strategy struct {
	key  string
	fits func(a, b int) bool // a ≤ b
	// params fills the tip for the fact: o is the other factor.
	params func(a, b int) map[string]any
}

func other(a, b, t int) int {
	if a == t {
		return b
	}
	return a
}

func has(a, b, t int) bool { return a == t || b == t }

func tipParams(a, b, t int) map[string]any {
	o := other(a, b, t)
	return map[string]any{"a": a, "b": b, "o": o, "p": a * b, "o2": 2 * o, "o4": 4 * o, "o5": 5 * o, "o10": 10 * o, "t": t}
}

func table(t int) func(a, b int) bool { return func(a, b int) bool { return has(a, b, t) } }
func anchored(t int) func(a, b int) map[string]any {
	return func(a, b int) map[string]any { return tipParams(a, b, t) }
}

var strategies = []strategy{
	{key: "x1", fits: table(1), params: anchored(1)},
	{key: "x10", fits: table(10), params: anchored(10)},
	{key: "x2", fits: table(2), params: anchored(2)},
	{key: "x5", fits: table(5), params: anchored(5)},
	{key: "x11", fits: func(a, b int) bool { return has(a, b, 11) && other(a, b, 11) <= 9 }, params: anchored(11)},
	{key: "x7x8", fits: func(a, b int) bool { return a == 7 && b == 8 }, params: anchored(8)},
	{key: "x9", fits: func(a, b int) bool { return has(a, b, 9) && other(a, b, 9) <= 10 }, params: func(a, b int) map[string]any {
		p := tipParams(a, b, 9)
		o := p["o"].(int)
		p["left"], p["right"] = o-1, 10-o
		return p
	}},
	{key: "x9big", fits: table(9), params: anchored(9)},
	{key: "square", fits: func(a, b int) bool { return a == b }, params: anchored(a0)},
	{key: "x4", fits: table(4), params: anchored(4)},
	{key: "x3", fits: table(3), params: anchored(3)},
	{key: "x8", fits: table(8), params: anchored(8)},
	{key: "x6", fits: table(6), params: anchored(6)},
	{key: "x12", fits: table(12), params: anchored(12)},
	{key: "x7", fits: table(7), params: anchored(7)},
}

// a0 marks the square's anchor: the fact's own factor.
const a0 = 0

// strategyFor returns the first strategy that fits the fact. Every fact
// with a factor of at most 12 fits one: squares and ×1–×12 cover all pairs.
func strategyFor(f games.Fact) strategy {
	p := f.Pair()
	for _, s := range strategies {
		if s.fits(p.A, p.B) {
			return s
		}
	}
	return strategy{key: "any", params: anchored(p.A)}
}

// Tip is a short strategy for the fact, in lang.
func Tip(lang string, f games.Fact) string {
	s := strategyFor(f)
	p := f.Pair()
	return catalog.Text(lang, "dashboard.tip."+s.key, s.params(p.A, p.B))
}
