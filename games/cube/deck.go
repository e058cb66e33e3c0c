package cube

import "github.com/multipli/multipli/games"

// refill lays out monsters up to three (#1, #4: three new after each
// resolution). When the pile runs short the first time the discard is
// shuffled in; the second time, what is left is the last round.
func (g *Game) refill() {
	s := &g.s
	if len(s.Pile) < 3-len(s.Row) && !s.LastRound {
		s.Exhausted++
		if s.Exhausted == 1 {
			d := append([]int(nil), s.Discard...)
			s.RNG.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
			s.addBelow(d)
			s.Discard = []int{}
		} else {
			s.LastRound = true
		}
	}
	w := g.weights(g.layoutFor(s.Turn))
	for len(s.Row) < 3 && len(s.Pile) > 0 {
		s.Row = append(s.Row, g.draw(w))
	}
}

// layoutFor is the board on which a seat looks for the monsters.
func (g *Game) layoutFor(seat int) Layout {
	if g.s.Config.turnBased() {
		return g.s.Boards[seat]
	}
	return g.s.Board
}

// draw takes a card from the pile's top layer (pile.go: a card put under
// the pile, or a later level deck, waits for the layers above it). Within
// that layer the deck level chooses: codes with a solution on the board
// whose a × b is a fact of the level are preferred, in proportion to that
// fact's weight; codes without one stay possible, less often, so every card
// still comes. #3 has no multiplication and draws from the top.
func (g *Game) draw(best *[MonsterCount + 1]float64) int {
	s := &g.s
	if best == nil {
		return s.take(0)
	}
	top := s.Pile[:s.drawable()]
	w := make([]float64, len(top))
	for i, c := range top {
		w[i] = best[c]
	}
	return s.take(s.RNG.Weighted(w))
}

// weights are the drawing weights on board, nil to draw from the top (#3
// has no multiplication).
func (g *Game) weights(board Layout) *[MonsterCount + 1]float64 {
	if g.s.Config.Rules == RulesDice || len(board) == 0 {
		return nil
	}
	w := levelWeights(board, g.s.Config.Level, g.s.Config.solverRules())
	return &w
}

// Weights of codes without a solution of the level: unreachable codes come
// least, reachable ones through other facts a little more.
const (
	weightNoSolution = 0.05
	weightOffLevel   = 0.15
)

// levelWeights gives each code 1..56 its drawing weight on board.
func levelWeights(board Layout, lvl games.Level, r Rules) [MonsterCount + 1]float64 {
	var w [MonsterCount + 1]float64
	for c := range w {
		w[c] = weightNoSolution
	}
	fs := r.formulas()
	walk(board, r, func(_ *Triple, v [3]int, _ *TileMove) {
		for _, f := range fs {
			vals := [3]int{v[f.order[0]], v[f.order[1]], v[f.order[2]]}
			x, _ := Eval(vals, f.ops)
			if x < 1 || x > MonsterCount {
				continue
			}
			fact := games.Fact{A: vals[0], B: vals[1]}
			cand := weightOffLevel
			if lvl.Has(fact) {
				cand = lvl.Weight(fact)
			}
			w[x] = max(w[x], cand)
		}
	})
	return w
}

// dealPersonal deals #2: seven cards to each seat's personal pile (the rest
// stay in the box), three of them to the hand.
func (g *Game) dealPersonal() {
	s := &g.s
	n := len(s.Config.Seats)
	s.Piles, s.Hands, s.Fronts = make([][]int, n), make([][]int, n), make([][]int, n)
	w := g.weights(s.Board)
	for range 7 {
		for i := range n {
			s.Piles[i] = append(s.Piles[i], g.draw(w))
		}
	}
	s.Out = append(s.Out, s.Pile...)
	s.Pile, s.Layers = []int{}, nil
	for i := range n {
		s.Hands[i] = append([]int{}, s.Piles[i][:3]...)
		s.Piles[i] = append([]int{}, s.Piles[i][3:]...)
		s.Fronts[i] = []int{}
	}
}
