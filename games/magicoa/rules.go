package magicoa

import "github.com/multipli/multipli/games"

// Move types.
const (
	MoveChoose   = "choose"   // Cards: two gold cards, the first is placed first
	MoveAnswer   = "answer"   // Product: the student's product (card or tripled score)
	MovePlace    = "place"    // Potion: slot index; Double: across Potion and Potion+1
	MoveExchange = "exchange" // Potion: slot index whose potion swaps with the pile top
	MovePass     = "pass"     // no exchange
	MovePower    = "power"    // Activate: the power (true) or the points (false)
)

// canBid reports whether seat may lay a card worth value on slot i: a free
// potion, or a card strictly lower (or equal with Equality) on top.
func (g *Game) canBid(seat, i, value int) bool {
	top, ok := g.s.Layout[i].top()
	if !ok {
		return true
	}
	return value > top.Value || (value == top.Value && g.hasPower(seat, Equality))
}

// placements are the legal place moves of seat's current card. Empty means
// the card is discarded (booklet: lower than every card placed and no free
// potion; with powers, generally: nowhere to go). Decision: a player never
// discards voluntarily while a placement exists, because the booklet lists
// discarding only for a card that cannot be placed.
func (g *Game) placements(seat int) []Move {
	v := g.currentCard(seat).Value
	var out []Move
	for i := range g.s.Layout {
		if g.canBid(seat, i, v) {
			out = append(out, Move{Type: MovePlace, Potion: i})
		}
	}
	if g.hasPower(seat, DoubleBid) {
		for i := 0; i+1 < len(g.s.Layout); i++ {
			if g.canBid(seat, i, v) && g.canBid(seat, i+1, v) {
				out = append(out, Move{Type: MovePlace, Potion: i, Double: true})
			}
		}
	}
	return out
}

// currentCard is the card seat places now (the top of its stack).
func (g *Game) currentCard(seat int) GoldCard {
	return g.s.Gold[seat][g.s.Chosen[seat][0]]
}

// needsAnswer: in the multiplication edition a student answers the product
// of the card before placing it. Computer players never answer.
func (g *Game) needsAnswer(seat int) bool {
	return g.s.Config.Edition == Multiplication && g.s.Config.Seats[seat].Human() && !g.s.Answered
}

// Waiting lists the seats whose move the game awaits, computers included
// (Advance moves those).
func (g *Game) Waiting() []int {
	var out []int
	switch g.s.Phase {
	case PhaseChoose:
		for i := range g.s.Config.Seats {
			if len(g.s.Chosen[i]) == 0 {
				out = append(out, i)
			}
		}
	case PhasePlace:
		seat, _ := g.placer()
		out = append(out, seat)
	case PhaseExchange:
		out = append(out, g.s.Exchangers[0])
	case PhasePower:
		out = append(out, g.s.Pending[0].Seat)
	case PhaseTriple:
		for _, q := range g.s.Triples {
			if len(out) == 0 || out[len(out)-1] != q.Seat {
				out = append(out, q.Seat)
			}
		}
	}
	return out
}

func (g *Game) waitingFor(seat int) bool {
	for _, s := range g.Waiting() {
		if s == seat {
			return true
		}
	}
	return false
}

// Legal lists the moves seat may make now. The answer move is listed
// without its product (the interface asks for it).
func (g *Game) Legal(seat int) []Move {
	if seat < 0 || seat >= g.players() || !g.waitingFor(seat) {
		return nil
	}
	switch g.s.Phase {
	case PhaseChoose:
		var out []Move
		for _, a := range g.hand(seat) {
			for _, b := range g.hand(seat) {
				if a != b {
					out = append(out, Move{Type: MoveChoose, Cards: []int{a, b}})
				}
			}
		}
		return out
	case PhasePlace:
		if g.needsAnswer(seat) {
			return []Move{{Type: MoveAnswer}}
		}
		return g.placements(seat)
	case PhaseExchange:
		out := []Move{{Type: MovePass}}
		for i := range g.s.Layout {
			out = append(out, Move{Type: MoveExchange, Potion: i})
		}
		return out
	case PhasePower:
		p := g.pendingPotion()
		if p.Power == NoPower {
			return nil
		}
		return []Move{{Type: MovePower, Activate: false}, {Type: MovePower, Activate: true}}
	case PhaseTriple:
		return []Move{{Type: MoveAnswer}}
	}
	return nil
}

// hand is seat's cards still in hand, by ID.
func (g *Game) hand(seat int) []int {
	var out []int
	for c, w := range g.s.Where[seat] {
		if w == InHand {
			out = append(out, c)
		}
	}
	return out
}

// pendingPotion is the won potion whose power choice is awaited.
func (g *Game) pendingPotion() Potion {
	if len(g.s.Pending) == 0 {
		return Potion{}
	}
	pp := g.s.Pending[0]
	for _, h := range g.s.Won[pp.Seat] {
		if h.Potion.ID == pp.Potion {
			return h.Potion
		}
	}
	return Potion{}
}

// ruleErr is a shorthand for games.Broken with this package's prefix.
func ruleErr(code string, kv ...any) *games.RuleError { return games.Broken("magicoa."+code, kv...) }
