package dashboard

import (
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
	tip  games.Message
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
	{key: "x1", fits: table(1), params: anchored(1), tip: games.Message{
		EN: "{a} × {b} = {p}: times 1, a number stays the same.",
		FR: "{a} × {b} = {p} : multiplié par 1, un nombre ne change pas."}},
	{key: "x10", fits: table(10), params: anchored(10), tip: games.Message{
		EN: "{a} × {b} = {p}: times 10, write a 0 after {o}.",
		FR: "{a} × {b} = {p} : fois 10, on écrit un 0 après {o}."}},
	{key: "x2", fits: table(2), params: anchored(2), tip: games.Message{
		EN: "{a} × {b} is a double: {o} + {o} = {p}.",
		FR: "{a} × {b}, c'est un double : {o} + {o} = {p}."}},
	{key: "x5", fits: table(5), params: anchored(5), tip: games.Message{
		EN: "Times 5 is half of times 10: {o} × 10 = {o10}, and half of {o10} is {p}.",
		FR: "Fois 5, c'est la moitié de fois 10 : {o} × 10 = {o10}, et la moitié de {o10} est {p}."}},
	{key: "x11", fits: func(a, b int) bool { return has(a, b, 11) && other(a, b, 11) <= 9 }, params: anchored(11), tip: games.Message{
		EN: "Times 11 up to 9 writes the digit twice: {o} × 11 = {p}.",
		FR: "Fois 11 jusqu'à 9, on écrit le chiffre deux fois : {o} × 11 = {p}."}},
	{key: "x7x8", fits: func(a, b int) bool { return a == 7 && b == 8 }, params: anchored(8), tip: games.Message{
		EN: "Count 5, 6, 7, 8: 56 = 7 × 8.",
		FR: "Compte 5, 6, 7, 8 : 56 = 7 × 8."}},
	{key: "x9", fits: func(a, b int) bool { return has(a, b, 9) && other(a, b, 9) <= 10 }, params: func(a, b int) map[string]any {
		p := tipParams(a, b, 9)
		o := p["o"].(int)
		p["left"], p["right"] = o-1, 10-o
		return p
	}, tip: games.Message{
		EN: "Finger trick for {a} × {b}: hold up ten fingers, fold down finger number {o}: {left} fingers on its left are the tens, {right} on its right the units: {p}.",
		FR: "L'astuce des doigts pour {a} × {b} : lève tes dix doigts, baisse le doigt numéro {o} : {left} doigts à sa gauche font les dizaines, {right} à sa droite les unités : {p}."}},
	{key: "x9big", fits: table(9), params: anchored(9), tip: games.Message{
		EN: "Times 9 is times 10 minus once: {o10} − {o} = {p}.",
		FR: "Fois 9, c'est fois 10 moins une fois : {o10} − {o} = {p}."}},
	{key: "square", fits: func(a, b int) bool { return a == b }, params: anchored(a0), tip: games.Message{
		EN: "{a} × {a} is a square: draw {a} rows of {a} dots, a square of {p} dots.",
		FR: "{a} × {a} est un carré : dessine {a} rangées de {a} points, un carré de {p} points."}},
	{key: "x4", fits: table(4), params: anchored(4), tip: games.Message{
		EN: "Times 4 is double, then double again: {o} × 2 = {o2}, {o2} × 2 = {p}.",
		FR: "Fois 4, c'est le double du double : {o} × 2 = {o2}, {o2} × 2 = {p}."}},
	{key: "x3", fits: table(3), params: anchored(3), tip: games.Message{
		EN: "Times 3 is the double plus once more: {o2} + {o} = {p}.",
		FR: "Fois 3, c'est le double plus une fois : {o2} + {o} = {p}."}},
	{key: "x8", fits: table(8), params: anchored(8), tip: games.Message{
		EN: "Times 8 is doubling three times: {o} → {o2} → {o4} → {p}.",
		FR: "Fois 8, c'est doubler trois fois : {o} → {o2} → {o4} → {p}."}},
	{key: "x6", fits: table(6), params: anchored(6), tip: games.Message{
		EN: "Times 6 is times 5 plus once more: {o5} + {o} = {p}.",
		FR: "Fois 6, c'est fois 5 plus une fois : {o5} + {o} = {p}."}},
	{key: "x12", fits: table(12), params: anchored(12), tip: games.Message{
		EN: "Times 12 is times 10 plus times 2: {o10} + {o2} = {p}.",
		FR: "Fois 12, c'est fois 10 plus fois 2 : {o10} + {o2} = {p}."}},
	{key: "x7", fits: table(7), params: anchored(7), tip: games.Message{
		EN: "Times 7 is times 5 plus times 2: {o5} + {o2} = {p}.",
		FR: "Fois 7, c'est fois 5 plus fois 2 : {o5} + {o2} = {p}."}},
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
	return strategy{key: "any", params: anchored(p.A), tip: games.Message{
		EN: "{a} × {b} = {p}: say it aloud three times, then check it with a friend.",
		FR: "{a} × {b} = {p} : dis-le trois fois à voix haute, puis vérifie avec quelqu'un."}}
}

// Tip is a short strategy for the fact, in lang.
func Tip(lang string, f games.Fact) string {
	s := strategyFor(f)
	p := f.Pair()
	return s.tip.Text(lang, s.params(p.A, p.B))
}
