package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// claimAttempts: a student slapped rightly (seat is the pile they slapped
// with; attempts name the player). On a match, one claim per
// multiplication card of the matching cards, given the other card's product
// (the student's own card when it is the other one); on a Seesaw, a claim on
// their own card with its product. Response times run from the reveal.
func (g *Game) claimAttempts(seat int, at int64) {
	w := g.st.Win
	switch w.Kind {
	case KindMatch:
		gi := groupOf(w.Groups, seat)
		if gi < 0 {
			gi = 0 // booklet part VI: a last-card special slaps on the match
		}
		grp := w.Groups[gi]
		for _, s := range grp {
			c := w.Tops[s]
			if !c.IsMult() {
				continue
			}
			other := seat
			if other == s || !slices.Contains(grp, other) {
				other = firstOther(grp, s)
			}
			v, _ := w.Tops[other].Value()
			g.attempt(attemptFor(g.owner(seat), c, v, at, w.Opened))
		}
	case KindSeesaw:
		if c := w.Tops[seat]; c.IsMult() {
			v, _ := c.Value()
			g.attempt(attemptFor(g.owner(seat), c, v, at, w.Opened))
		}
	}
}

func firstOther(grp []int, s int) int {
	for _, o := range grp {
		if o != s {
			return o
		}
	}
	return s
}

// gluttonyAttempts: a student slapped when they could not. What they claimed
// equal is their own newest card and the card of the seat they named (with),
// or else the newest card whose product is closest to theirs (rule decision:
// the likeliest confusion). Under a Seesaw they claimed their own card to be
// the largest or smallest: given is the nearer of those two products.
// Slapping with a special or no card on top claims no multiplication.
func (g *Game) gluttonyAttempts(seat int, at int64, with int) {
	w := g.st.Win
	own := w.Tops[seat]
	ov, ok := own.Value()
	if !ok {
		return
	}
	if w.Kind == KindSeesaw {
		if len(w.Groups) == 0 || !own.IsMult() {
			return
		}
		lo, hi, _ := extremes(w.Tops)
		given := lo
		if hi-ov < ov-lo {
			given = hi
		}
		g.attempt(attemptFor(g.owner(seat), own, given, at, w.Opened))
		return
	}
	partner := -1
	if with >= 0 && with < len(w.Tops) && with != seat {
		if _, ok := w.Tops[with].Value(); ok {
			partner = with
		}
	}
	if partner < 0 {
		best := -1
		for i, c := range w.Tops {
			if v, ok := c.Value(); ok && i != seat {
				if d := abs(v - ov); best < 0 || d < best {
					best, partner = d, i
				}
			}
		}
	}
	if partner < 0 {
		return
	}
	pc := w.Tops[partner]
	pv, _ := pc.Value()
	if own.IsMult() {
		g.attempt(attemptFor(g.owner(seat), own, pv, at, w.Opened))
	}
	if pc.IsMult() {
		g.attempt(attemptFor(g.owner(seat), pc, ov, at, w.Opened))
	}
}

// missed: when window w closes, each student concerned by a match or a
// Seesaw who did not slap missed it: their multiplication card, or the
// multiplication cards they should have matched when theirs was a product
// card (rule decision: the fact they let pass).
//
// A match nobody slaps stays on the table, and equal products are checked on
// all the newest cards after every reveal, so it is a group of every window
// until a card covers it. It was missed once: a student misses a pairing of
// two newest cards (theirs and the one whose fact they missed) once while
// both stand (st.Passed remembers the matches let pass that still stand). A
// new card that joins the match is a new chance (a new pairing), and so is
// the same card met again after it was covered. Stats.Missed likewise
// counts a group nobody claimed once while it stands.
func (g *Game) missed(w *window) {
	st := &g.st
	prev := g.standingPassed()
	if w.Kind != KindMatch && w.Kind != KindSeesaw {
		return
	}
	match := w.Kind == KindMatch
	for gi, grp := range w.Groups {
		if !w.Done[gi] && !(match && passedGroup(prev, grp)) {
			st.Stats.Missed++ // nobody claimed this match
		}
		for _, s := range grp {
			if slapped(w, s) || !g.human(s) {
				continue
			}
			if c := w.Tops[s]; c.IsMult() {
				if !(match && passedTogether(prev, s, s)) {
					g.attempt(games.Missed(g.owner(s), c.Fact()))
				}
				continue
			}
			if !match {
				continue
			}
			for _, o := range grp {
				if c := w.Tops[o]; o != s && c.IsMult() && !passedTogether(prev, s, o) {
					g.attempt(games.Missed(g.owner(s), c.Fact()))
				}
			}
		}
	}
	if !match {
		return
	}
	for gi, grp := range w.Groups {
		if !w.Done[gi] && !passedGroup(prev, grp) {
			if m, ok := g.letPass(w, grp); ok {
				st.Passed = append(st.Passed, m)
			}
		}
	}
}

// standingPassed drops from st.Passed the matches whose cards no longer
// stand, and returns the rest.
func (g *Game) standingPassed() []missedMatch {
	st := &g.st
	keep := st.Passed[:0]
	for _, m := range st.Passed {
		if g.onTable(m, true) {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		keep = nil
	}
	st.Passed = keep
	return keep
}

// letPass records group grp of window w as a match let pass: its seats, the
// cards they show and how deep in their piles.
func (g *Game) letPass(w *window, grp []int) (missedMatch, bool) {
	m := missedMatch{Seats: slices.Clone(grp)}
	for _, s := range grp {
		p := &g.st.Players[s]
		if p.Out || p.top() != w.Tops[s] {
			return missedMatch{}, false
		}
		m.Cards = append(m.Cards, w.Tops[s])
		m.Depths = append(m.Depths, len(p.Pile))
	}
	return m, true
}

// onTable reports whether a match's cards are still on the table: each in
// its pile at its depth; newest also asks that each is still the newest
// card of its pile. (A match saved before depths were kept is judged on the
// newest cards.)
func (g *Game) onTable(m missedMatch, newest bool) bool {
	for i, s := range m.Seats {
		if s >= len(g.st.Players) {
			return false
		}
		p := &g.st.Players[s]
		if p.Out {
			return false
		}
		if len(m.Depths) != len(m.Seats) {
			if p.top() != m.Cards[i] {
				return false
			}
			continue
		}
		d := m.Depths[i]
		if d < 1 || len(p.Pile) < d || p.Pile[d-1] != m.Cards[i] || (newest && len(p.Pile) != d) {
			return false
		}
	}
	return true
}

// passedGroup reports a match let pass with exactly the seats of grp.
func passedGroup(passed []missedMatch, grp []int) bool {
	for _, m := range passed {
		if slices.Equal(m.Seats, grp) {
			return true
		}
	}
	return false
}

// passedTogether reports a match let pass in which seats a and b both were.
func passedTogether(passed []missedMatch, a, b int) bool {
	for _, m := range passed {
		if slices.Contains(m.Seats, a) && slices.Contains(m.Seats, b) {
			return true
		}
	}
	return false
}

// extremes is the smallest and largest product shown, and how many show one.
func extremes(tops []Card) (lo, hi, shown int) {
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
	return lo, hi, shown
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
