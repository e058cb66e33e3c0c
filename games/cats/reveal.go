package cats

import "slices"

// next is the seat after from in the direction of play that can reveal: still
// in, with cards in its deck. A player whose deck is empty waits for an
// exchange with their face-up pile (booklet part VI) and is skipped. When
// nobody still in has a deck, it is the next seat still in: its reveal first
// turns every face-up pile under its deck (see reveal). inclusive also
// accepts from itself.
func (g *Game) next(from int, inclusive bool) int {
	n := len(g.st.Players)
	start := 1
	if inclusive {
		start = 0
	}
	fallback := -1
	for k := start; k <= n; k++ {
		s := ((from+g.st.Dir*k)%n + n) % n
		p := &g.st.Players[s]
		if p.Out {
			continue
		}
		if len(p.Deck) > 0 {
			return s
		}
		if fallback < 0 {
			fallback = s
		}
	}
	if fallback < 0 {
		return from
	}
	return fallback
}

// recycle turns every face-up pile under its deck.
func (g *Game) recycle(at int64) {
	for i := range g.st.Players {
		p := &g.st.Players[i]
		p.Deck = append(p.Deck, p.Pile...)
		p.Pile = p.Pile[:0]
	}
	if g.loud() {
		g.emit(at, -1, "recycle")
	}
}

// reveal turns the top card of the turn holder (or of everybody after a
// Magic card) and opens the reaction window.
func (g *Game) reveal(at int64) {
	st := &g.st
	turn := st.Turn
	g.closeWindow(at, false)
	if st.Done {
		return
	}
	st.Turn = turn // a student may flip before a live window was settled
	st.Pending = st.Pending[:0]
	if len(st.Players[st.Turn].Deck) == 0 {
		// Rule decision: nobody still in has a deck, so the game would stop;
		// everybody turns their face-up pile under their deck.
		g.recycle(at)
		st.Turn = g.next(st.Turn, true)
	}
	turn = st.Turn
	revealed := g.revealed[:0]
	if st.Magic {
		st.Magic = false
		for k := 0; k < len(st.Players); k++ {
			s := ((turn+st.Dir*k)%len(st.Players) + len(st.Players)) % len(st.Players)
			if p := &st.Players[s]; !p.Out && len(p.Deck) > 0 {
				revealed = append(revealed, s)
			}
		}
	} else {
		revealed = append(revealed, turn)
	}
	g.revealed = revealed
	for _, s := range revealed {
		p := &st.Players[s]
		g.helpReveal(s)
		c := p.Deck[0]
		p.Deck = p.Deck[1:]
		p.Pile = append(p.Pile, c)
		if g.loud() {
			g.emit(at, s, "reveal", "card", c)
		}
	}
	st.Stats.Reveals++
	w := g.newWindow(at, turn)
	// Non-reflex specials act at once, in the order they were revealed.
	chase, ambush, seesaw := -1, -1, -1
	for _, s := range revealed {
		switch c := st.Players[s].top(); c.S {
		case DeadEnd:
			st.Dir = -st.Dir
			if g.loud() {
				g.emit(at, s, "direction", "dir", st.Dir)
			}
		case Magic:
			st.Magic = true
			if g.loud() {
				g.emit(at, s, "magic")
			}
		case Gift:
			g.gift(s, at)
		case Chase:
			chase = first(chase, s)
		case Ambush:
			ambush = first(ambush, s)
		case Seesaw:
			seesaw = first(seesaw, s)
		}
	}
	for i := range st.Players {
		if !st.Players[i].Out {
			w.Tops[i] = st.Players[i].top()
		}
	}
	// Rule decision: when a simultaneous (Magic) reveal shows several reflex
	// cards, one is played: Chase, then Ambush, then Seesaw, then products.
	switch {
	case chase >= 0:
		w.Kind, w.Revealer = KindChase, chase
		w.Groups = append(w.Groups, g.inPlayInto(w.nextGroup()))
	case ambush >= 0:
		w.Kind, w.Revealer = KindAmbush, ambush
		w.Groups = append(w.Groups, g.inPlayInto(w.nextGroup()))
	case seesaw >= 0:
		w.Kind, w.Revealer = KindSeesaw, seesaw
		if grp := seesawInto(w.nextGroup(), w.Tops); grp != nil {
			w.Groups = append(w.Groups, grp)
		}
	case hasMatch(w.Tops):
		w.Kind = KindMatch
		w.Groups = matchGroupsInto(w.Groups, w.Tops)
		w.Extra = g.lastCardSpecials(w.Groups, w.Extra)
	}
	for range w.Groups {
		w.Done = append(w.Done, false)
	}
	w.Live = len(w.Groups) > 0
	w.Souris = st.Config.SourisCall && len(g.callable()) > 0
	st.Win = w
	st.Turn = g.next(turn, false)
	st.TurnSince = at
	if st.Stats.Reveals >= st.Config.MaxReveals {
		g.endByCap(at)
		return
	}
	g.botsReact(revealed)
}

func first(cur, s int) int {
	if cur >= 0 {
		return cur
	}
	return s
}

// newWindow opens a window, reusing the last closed one's memory.
func (g *Game) newWindow(at int64, revealer int) *window {
	w := g.spare
	g.spare = nil
	if w == nil {
		w = &window{}
	}
	n := len(g.st.Players)
	tops := w.Tops[:0]
	for range n {
		tops = append(tops, Card{})
	}
	*w = window{Kind: KindNone, Opened: at, Deadline: at + int64(g.st.Config.WindowMS), Revealer: revealer,
		Tops: tops, Groups: w.Groups[:0], Done: w.Done[:0], Extra: w.Extra[:0], Slaps: w.Slaps[:0]}
	return w
}

// nextGroup is an empty group slice, reusing memory past len(w.Groups).
func (w *window) nextGroup() []int {
	if len(w.Groups) < cap(w.Groups) {
		return w.Groups[:len(w.Groups)+1][len(w.Groups)][:0]
	}
	return nil
}

// inPlayInto lists the seats still in.
func (g *Game) inPlayInto(out []int) []int {
	for i := range g.st.Players {
		if !g.st.Players[i].Out {
			out = append(out, i)
		}
	}
	return out
}

// hasMatch reports two newest cards with the same product.
func hasMatch(tops []Card) bool {
	for i, c := range tops {
		if v, ok := c.Value(); ok {
			for _, d := range tops[i+1:] {
				if w, ok := d.Value(); ok && w == v {
					return true
				}
			}
		}
	}
	return false
}

// sharesProduct reports another newest card with the product of seat me's.
func sharesProduct(tops []Card, me int) bool {
	v, ok := tops[me].Value()
	if !ok {
		return false
	}
	for i, c := range tops {
		if w, ok := c.Value(); ok && i != me && w == v {
			return true
		}
	}
	return false
}

// matchGroupsInto lists the seats sharing a product among the newest cards,
// one group per product with two or more seats, smallest product first; it
// reuses the memory of groups.
func matchGroupsInto(groups [][]int, tops []Card) [][]int {
	groups = groups[:0]
	for i, c := range tops {
		v, ok := c.Value()
		if !ok {
			continue
		}
		seen := false
		for j := range i {
			if w, ok := tops[j].Value(); ok && w == v {
				seen = true
				break
			}
		}
		if seen || !sharesProduct(tops, i) {
			continue
		}
		var grp []int
		if len(groups) < cap(groups) {
			grp = groups[:len(groups)+1][len(groups)][:0]
		}
		for j := i; j < len(tops); j++ {
			if w, ok := tops[j].Value(); ok && w == v {
				grp = append(grp, j)
			}
		}
		groups = append(groups, grp)
	}
	// Insertion sort by product: there are at most four groups.
	for i := 1; i < len(groups); i++ {
		for j := i; j > 0; j-- {
			a, _ := tops[groups[j-1][0]].Value()
			b, _ := tops[groups[j][0]].Value()
			if a <= b {
				break
			}
			groups[j-1], groups[j] = groups[j], groups[j-1]
		}
	}
	return groups
}

// seesawInto appends the seats showing the largest and the smallest product
// (specials ignored). Rule decision: when several show the largest or the
// smallest, all of them may slap and, as for three equal products, the
// fastest gives their pile to the slowest. Nil when fewer than two seats show
// a number: then nobody may slap (booklet).
func seesawInto(grp []int, tops []Card) []int {
	lo, hi, shown := extremes(tops)
	if shown < 2 {
		return nil
	}
	for i, c := range tops {
		if v, ok := c.Value(); ok && (v == lo || v == hi) {
			grp = append(grp, i)
		}
	}
	return grp
}

// inSeesaw reports whether seat me shows the largest or smallest product.
func inSeesaw(tops []Card, me int) bool {
	lo, hi, shown := extremes(tops)
	v, ok := tops[me].Value()
	return ok && shown >= 2 && (v == lo || v == hi)
}

// lastCardSpecials lists the players whose deck is empty and whose last card
// is a special: booklet part VI lets them slap when two others match.
func (g *Game) lastCardSpecials(groups [][]int, out []int) []int {
	for i := range g.st.Players {
		p := &g.st.Players[i]
		if !p.Out && len(p.Deck) == 0 && p.top().IsSpecial() && !inGroups(groups, i) {
			out = append(out, i)
		}
	}
	return out
}

func inGroups(groups [][]int, seat int) bool {
	return groupOf(groups, seat) >= 0
}

func groupOf(groups [][]int, seat int) int {
	for i, grp := range groups {
		if slices.Contains(grp, seat) {
			return i
		}
	}
	return -1
}

// gift: the revealer gives the top card of their deck to each other player
// still in, in the direction of play, while they have cards in their deck.
func (g *Game) gift(from int, at int64) {
	st := &g.st
	n := len(st.Players)
	for k := 1; k < n; k++ {
		to := ((from+st.Dir*k)%n + n) % n
		src, dst := &st.Players[from], &st.Players[to]
		if dst.Out || len(src.Deck) == 0 {
			continue
		}
		dst.Deck = append(dst.Deck, src.Deck[0])
		dst.Scored = false // holds a card again: emptying it scores (infinite game)
		src.Deck = src.Deck[1:]
		if g.loud() {
			g.emit(at, from, "give", "to", to)
		}
	}
}
