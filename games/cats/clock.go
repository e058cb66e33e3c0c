package cats

import "slices"

// What is due next on the game clock. At equal times slaps come first (a slap
// at the deadline still counts), then the deadline, then a reveal.
const (
	dueNone = iota
	dueSlap
	dueDeadline
	dueReveal
)

func (g *Game) nextDue() (int64, int) {
	st := &g.st
	if st.Done {
		return 0, dueNone
	}
	at, kind := int64(0), dueNone
	consider := func(t int64, k int) {
		if kind == dueNone || t < at {
			at, kind = t, k
		}
	}
	if len(st.Pending) > 0 {
		consider(st.Pending[0].At, dueSlap)
	}
	if st.Win != nil {
		consider(st.Win.Deadline, dueDeadline)
	}
	if st.Win == nil || !(st.Win.Live || st.Win.Souris) {
		seat := st.Config.Seats[g.owner(st.Turn)]
		switch {
		case !seat.Human():
			consider(st.TurnSince+int64(st.Config.RevealDelayMS), dueReveal)
		case st.Config.AutoRevealMS > 0:
			consider(st.TurnSince+int64(st.Config.AutoRevealMS), dueReveal)
		}
	}
	return at, kind
}

// advance handles everything due up to limit (included or not).
func (g *Game) advance(limit int64, inclusive bool) {
	for !g.st.Done {
		t, kind := g.nextDue()
		if kind == dueNone || t > limit || (!inclusive && t == limit) {
			return
		}
		t = max(t, g.st.Clock)
		g.st.Clock = t
		switch kind {
		case dueSlap:
			p := g.st.Pending[0]
			g.st.Pending = g.st.Pending[1:]
			switch {
			case g.st.Win == nil:
			case p.Call:
				if seat := g.owner(p.Seat); !slices.Contains(g.st.Win.Calls, seat) {
					g.call(seat, t)
				}
			default:
				g.slap(p.Seat, t, -1)
			}
		case dueDeadline:
			g.closeWindow(t, true)
		case dueReveal:
			g.reveal(t)
		}
	}
}

// Next is the clock time of the next thing due without a student's input.
func (g *Game) Next() (int64, bool) {
	t, kind := g.nextDue()
	if kind == dueNone {
		return 0, false
	}
	return max(t, g.st.Clock), true
}
