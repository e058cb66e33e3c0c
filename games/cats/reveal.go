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
	g.emit(at, -1, "recycle")
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
	var revealed []int
	if st.Magic {
		st.Magic = false
		for k := 0; k < len(st.Players); k++ {
			s := ((turn+st.Dir*k)%len(st.Players) + len(st.Players)) % len(st.Players)
			if p := &st.Players[s]; !p.Out && len(p.Deck) > 0 {
				revealed = append(revealed, s)
			}
		}
	} else {
		revealed = []int{turn}
	}
	for _, s := range revealed {
		p := &st.Players[s]
		c := p.Deck[0]
		p.Deck = p.Deck[1:]
		p.Pile = append(p.Pile, c)
		g.emit(at, s, "reveal", "card", c)
	}
	st.Stats.Reveals++
	w := &window{Kind: KindNone, Opened: at, Deadline: at + int64(st.Config.WindowMS), Revealer: turn}
	// Non-reflex specials act at once, in the order they were revealed.
	reflex := map[Special]int{}
	for _, s := range revealed {
		switch c := st.Players[s].top(); c.S {
		case DeadEnd:
			st.Dir = -st.Dir
			g.emit(at, s, "direction", "dir", st.Dir)
		case Magic:
			st.Magic = true
			g.emit(at, s, "magic")
		case Gift:
			g.gift(s, at)
		case Chase, Ambush, Seesaw:
			if _, seen := reflex[c.S]; !seen {
				reflex[c.S] = s
			}
		}
	}
	w.Tops = make([]Card, len(st.Players))
	for i := range st.Players {
		if !st.Players[i].Out {
			w.Tops[i] = st.Players[i].top()
		}
	}
	// Rule decision: when a simultaneous (Magic) reveal shows several reflex
	// cards, one is played: Chase, then Ambush, then Seesaw, then products.
	switch {
	case has(reflex, Chase):
		w.Kind, w.Revealer = KindChase, reflex[Chase]
		w.Groups = [][]int{g.inPlay()}
	case has(reflex, Ambush):
		w.Kind, w.Revealer = KindAmbush, reflex[Ambush]
		w.Groups = [][]int{g.inPlay()}
	case has(reflex, Seesaw):
		w.Kind, w.Revealer = KindSeesaw, reflex[Seesaw]
		if grp := seesawGroup(w.Tops); grp != nil {
			w.Groups = [][]int{grp}
		}
	default:
		if grps := matchGroups(w.Tops); len(grps) > 0 {
			w.Kind, w.Groups = KindMatch, grps
			w.Extra = g.lastCardSpecials(grps)
		}
	}
	w.Done = make([]bool, len(w.Groups))
	w.Live = len(w.Groups) > 0
	st.Win = w
	st.Turn = g.next(turn, false)
	st.TurnSince = at
	if st.Stats.Reveals >= st.Config.MaxReveals {
		g.endByCap(at)
		return
	}
	g.botsReact(revealed)
}

func has(m map[Special]int, s Special) bool {
	_, ok := m[s]
	return ok
}

// inPlay lists the seats still in.
func (g *Game) inPlay() []int {
	var out []int
	for i := range g.st.Players {
		if !g.st.Players[i].Out {
			out = append(out, i)
		}
	}
	return out
}

// matchGroups lists the seats sharing a product among the newest cards, one
// group per product with two or more seats, smallest product first.
func matchGroups(tops []Card) [][]int {
	var groups [][]int
	for i, c := range tops {
		v, ok := c.Value()
		if !ok {
			continue
		}
		found := false
		for _, grp := range groups {
			if w, _ := tops[grp[0]].Value(); w == v {
				found = true
				break
			}
		}
		if found {
			continue
		}
		grp := []int{i}
		for j := i + 1; j < len(tops); j++ {
			if w, ok := tops[j].Value(); ok && w == v {
				grp = append(grp, j)
			}
		}
		if len(grp) > 1 {
			groups = append(groups, grp)
		}
	}
	slices.SortFunc(groups, func(a, b []int) int {
		va, _ := tops[a[0]].Value()
		vb, _ := tops[b[0]].Value()
		return va - vb
	})
	return groups
}

// seesawGroup is the seats showing the largest and the smallest product
// (specials ignored). Rule decision: when several show the largest or the
// smallest, all of them may slap and, as for three equal products, the
// fastest gives their pile to the slowest. Nil when fewer than two seats show
// a number: then nobody may slap (booklet).
func seesawGroup(tops []Card) []int {
	lo, hi, shown := 0, 0, 0
	for _, c := range tops {
		if v, ok := c.Value(); ok {
			if shown == 0 || v < lo {
				lo = v
			}
			if shown == 0 || v > hi {
				hi = v
			}
			shown++
		}
	}
	if shown < 2 {
		return nil
	}
	var grp []int
	for i, c := range tops {
		if v, ok := c.Value(); ok && (v == lo || v == hi) {
			grp = append(grp, i)
		}
	}
	return grp
}

// lastCardSpecials lists the players whose deck is empty and whose last card
// is a special: booklet part VI lets them slap when two others match.
func (g *Game) lastCardSpecials(groups [][]int) []int {
	var out []int
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
		src.Deck = src.Deck[1:]
		g.emit(at, from, "give", "to", to)
	}
}
