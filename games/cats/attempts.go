package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// claimAttempts: a student slapped rightly. On a match, one claim per
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
			g.attempt(attemptFor(seat, c, v, at, w.Opened))
		}
	case KindSeesaw:
		if c := w.Tops[seat]; c.IsMult() {
			v, _ := c.Value()
			g.attempt(attemptFor(seat, c, v, at, w.Opened))
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
		g.attempt(attemptFor(seat, own, given, at, w.Opened))
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
		g.attempt(attemptFor(seat, own, pv, at, w.Opened))
	}
	if pc.IsMult() {
		g.attempt(attemptFor(seat, pc, ov, at, w.Opened))
	}
}

// missedAttempts: when a window closes, each student concerned by a match
// or a Seesaw who did not slap missed it: their multiplication card, or the
// multiplication cards they should have matched when theirs was a product
// card (rule decision: the fact they let pass).
func (g *Game) missedAttempts(w *window) {
	if w.Kind != KindMatch && w.Kind != KindSeesaw {
		return
	}
	for gi, grp := range w.Groups {
		if !w.Done[gi] {
			g.st.Stats.Missed++ // nobody claimed this match
		}
		for _, s := range grp {
			if slapped(w, s) {
				continue
			}
			if !g.human(s) {
				continue
			}
			if c := w.Tops[s]; c.IsMult() {
				g.attempt(games.Missed(s, c.Fact()))
				continue
			}
			if w.Kind != KindMatch {
				continue
			}
			for _, o := range grp {
				if c := w.Tops[o]; o != s && c.IsMult() {
					g.attempt(games.Missed(s, c.Fact()))
				}
			}
		}
	}
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
