package potion

import "slices"

// helpDraw arranges the draw of a student who has made fewer than
// Config.HelpBelow multiplications in the game: when nothing they hold or
// have laid gives them a capture, the first card of the pile whose potion
// would (with a potion already in their zone, on a monster in the
// opponent's zone) comes to the top, so they draw it. Why: a child on the 7
// and 8 tables lost a whole game 0–5 in 11 turns without one capture
// possible, and their summary said "Facts answered 0"; a game must give
// the child multiplications to do. The computer's draws are never
// arranged, and a student who has practised enough draws as shuffled.
func (g *Game) helpDraw(seat int) {
	s := &g.s
	if s.Config.HelpBelow <= s.answered(seat, 0) || !s.Config.Seats[seat].Human() {
		return
	}
	if len(g.availableFacts(seat)) > 0 || slices.ContainsFunc(s.Hands[seat], g.givesCapture(seat)) {
		return
	}
	if i := slices.IndexFunc(s.Pile, g.givesCapture(seat)); i > 0 {
		c := s.Pile[i]
		s.Pile = slices.Delete(s.Pile, i, i+1)
		s.Pile = slices.Insert(s.Pile, 0, c)
	}
}

// quizOpen reports whether seat may answer the quiz: with the quiz option,
// or while a student has made fewer multiplications than Config.HelpBelow —
// the draws cannot make a child capture a fact they do not see, so the quiz
// (type the product of two of their potions, before laying) is offered too:
// a game where no capture came, or none was seen, still asks the child a
// multiplication they can answer.
func (g *Game) quizOpen(seat int) bool {
	s := &g.s
	return s.Config.Quiz || (s.Config.HelpBelow > s.answered(seat, 0) && s.Config.Seats[seat].Human())
}

// givesCapture reports whether a card laid by seat would complete a
// capture with a potion already in their zone.
func (g *Game) givesCapture(seat int) func(id int) bool {
	return func(id int) bool {
		p := g.s.Cards[id].Potion
		for _, z := range g.s.Zones[seat] {
			if g.hasMonster(g.s.Zones[other(seat)], p*g.s.Cards[z].Potion) {
				return true
			}
		}
		return false
	}
}

// answered adds n to seat's multiplications and returns them (the slice is
// made at the first, so a game without any saves as before).
func (s *state) answered(seat, n int) int {
	if n > 0 && len(s.Answered) == 0 {
		s.Answered = make([]int, len(s.Config.Seats))
	}
	if seat >= len(s.Answered) {
		return 0
	}
	s.Answered[seat] += n
	return s.Answered[seat]
}
