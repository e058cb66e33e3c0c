package cats

import "slices"

// helpReveal arranges the reveal of pile h when it is a student's who has
// made fewer than Config.HelpBelow multiplications in the game: the first
// card of their deck whose product equals another player's newest card
// comes to the top, so the reveal makes a match they can slap (when their
// top card already does, or no card would, the deck stays as dealt). Why:
// a child meets a match of their own only now and then, and a game of two
// minutes could end without one multiplication for them, the summary
// saying "Facts answered 0". The computers' decks are never arranged, and
// a student who has practised enough reveals as dealt.
func (g *Game) helpReveal(h int) {
	st := &g.st
	seat := g.owner(h)
	if st.Config.HelpBelow <= st.answered(seat, 0) || !g.human(h) {
		return
	}
	p := &st.Players[h]
	i := slices.IndexFunc(p.Deck, g.matchesAnother(h))
	if i > 0 {
		c := p.Deck[i]
		copy(p.Deck[1:i+1], p.Deck[:i])
		p.Deck[0] = c
	}
}

// matchesAnother reports whether a card would match the newest card of a
// player still in who is not the same seat as pile h.
func (g *Game) matchesAnother(h int) func(c Card) bool {
	return func(c Card) bool {
		v, ok := c.Value()
		if !ok {
			return false
		}
		for j := range g.st.Players {
			o := &g.st.Players[j]
			if j == h || o.Out || g.owner(j) == g.owner(h) {
				continue
			}
			if w, ok := o.top().Value(); ok && w == v {
				return true
			}
		}
		return false
	}
}

// answered adds n to seat's multiplications and returns them (the slice is
// made at the first, so a game without any saves as before).
func (st *state) answered(seat, n int) int {
	if n > 0 && len(st.Answered) == 0 {
		st.Answered = make([]int, len(st.Config.Seats))
	}
	if seat >= len(st.Answered) {
		return 0
	}
	st.Answered[seat] += n
	return st.Answered[seat]
}
