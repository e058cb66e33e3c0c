package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// The "Souris !" call (booklet, rule for confirmed players, Config.SourisCall):
// when two players with equal products do not react, the others may wait for
// the next reveal and call "Souris !". The two concerned put their face-up
// cards under their deck and the fastest caller reveals next; a caller who
// was wrong puts their own face-up cards under their deck.
//
// Rule decisions (digital edition):
//   - A match is "let pass" when its window closed (deadline or next reveal)
//     with no slap from its seats. Calls are judged in the window of the next
//     reveal, while that window is open (the same window and clock as slaps:
//     `at`, the server judging by order of arrival; a student wins a tie).
//   - A call is right when a match let pass still stands (its seats still
//     show the same newest cards) and the caller is not one of its seats;
//     calling on one's own match is a wrong call (slap instead). A call made
//     in the window where the match appears is too early: wrong.
//   - The first call, right or wrong, ends the window like a gluttony (no
//     missed attempts: it was cut short). Right: every standing match let pass
//     is settled (its seats' face-up cards go under their decks), the caller
//     reveals next. Wrong: the caller's face-up cards go under their deck, the
//     turn holder reveals next.
//   - While a match let pass still stands, computer cats wait for calls
//     until the window closes before revealing (a student may still flip).

// recordUnclaimed remembers, when window w closes, the matches nobody slapped.
func (g *Game) recordUnclaimed(w *window) {
	st := &g.st
	st.Unclaimed = st.Unclaimed[:0]
	if w.Kind == KindMatch {
		for gi, grp := range w.Groups {
			if w.Done[gi] || slapsIn(w, grp) {
				continue
			}
			m := missedMatch{Seats: slices.Clone(grp)}
			for _, s := range grp {
				m.Cards = append(m.Cards, w.Tops[s])
			}
			st.Unclaimed = append(st.Unclaimed, m)
		}
	}
	if len(st.Unclaimed) == 0 {
		st.Unclaimed = nil
	}
}

func slapsIn(w *window, grp []int) bool {
	for _, s := range grp {
		if slapped(w, s) {
			return true
		}
	}
	return false
}

// standing lists the matches let pass that still show the same cards.
func (g *Game) standing() [][]int {
	var out [][]int
	for _, m := range g.st.Unclaimed {
		ok := true
		for i, s := range m.Seats {
			if p := &g.st.Players[s]; p.Out || p.top() != m.Cards[i] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, m.Seats)
		}
	}
	return out
}

// call judges a "Souris !" call of seat at time at inside the open window.
func (g *Game) call(seat int, at int64) {
	st := &g.st
	w := st.Win
	w.Calls = append(w.Calls, seat)
	var groups [][]int
	for _, grp := range g.standing() {
		if !slices.Contains(grp, seat) {
			groups = append(groups, grp)
		}
	}
	if g.human(seat) {
		g.callAttempts(seat, at, groups)
	}
	st.Unclaimed = nil
	g.dropWindow()
	st.Pending = st.Pending[:0]
	st.TurnSince = at
	if len(groups) == 0 {
		p := &st.Players[seat]
		p.Deck = append(p.Deck, p.Pile...)
		p.Pile = p.Pile[:0]
		if g.loud() {
			g.emit(at, seat, "souris", "right", false)
		}
		return
	}
	var seats []int
	for _, grp := range groups {
		for _, s := range grp {
			p := &st.Players[s]
			p.Deck = append(p.Deck, p.Pile...)
			p.Pile = p.Pile[:0]
			seats = append(seats, s)
		}
	}
	st.Stats.Souris++
	if g.loud() {
		g.emit(at, seat, "souris", "right", true, "seats", seats)
	}
	st.Turn = g.next(seat, true)
	g.checkFinish(at)
}

// callAttempts: a right call recognised the match: one claim per
// multiplication card of each match, given the other card's product
// (correct). A wrong call claimed two other players' newest cards equal: the
// pair with the closest different products is taken as the confusion, each
// multiplication card of it given the other's product (incorrect); when no
// such pair is shown (e.g. a call too early on a fresh match) no fact was
// claimed wrongly and no attempt is recorded. Response times run from the
// window's reveal.
func (g *Game) callAttempts(seat int, at int64, groups [][]int) {
	w := g.st.Win
	tops := w.Tops
	if len(groups) > 0 {
		for _, grp := range groups {
			for _, s := range grp {
				if c := tops[s]; c.IsMult() {
					v, _ := tops[firstOther(grp, s)].Value()
					g.attempt(attemptFor(seat, c, v, at, w.Opened))
				}
			}
		}
		return
	}
	a, b, best := -1, -1, -1
	for i, c := range tops {
		v, ok := c.Value()
		if !ok || i == seat {
			continue
		}
		for j := i + 1; j < len(tops); j++ {
			u, ok := tops[j].Value()
			if !ok || j == seat || u == v {
				continue
			}
			if d := abs(u - v); best < 0 || d < best {
				a, b, best = i, j, d
			}
		}
	}
	if a < 0 {
		return
	}
	av, _ := tops[a].Value()
	bv, _ := tops[b].Value()
	if c := tops[a]; c.IsMult() {
		g.attempt(attemptFor(seat, c, bv, at, w.Opened))
	}
	if c := tops[b]; c.IsMult() {
		g.attempt(attemptFor(seat, c, av, at, w.Opened))
	}
}

// sourisChance is how often a computer cat of each level calls "Souris !"
// on a match two others let pass. Rule decision: beginners never call (the
// booklet keeps the call for confirmed players); they never call wrongly.
var sourisChance = [...]float64{games.BotBeginner: 0, games.BotSolid: 0.5, games.BotStrong: 0.9}

// BotCall decides whether the computer cat at seat me calls "Souris !" on the
// table it sees, and after how long (a reaction of its median, as a slap).
func BotCall(t *Table, me int, level int, medianMS float64, rng *games.RNG) (bool, int64) {
	if !t.In[me] || len(t.Missed) == 0 {
		return false, 0
	}
	for _, grp := range t.Missed {
		if slices.Contains(grp, me) {
			return false, 0
		}
	}
	if level < games.BotBeginner || level > games.BotStrong {
		level = games.BotSolid
	}
	if medianMS <= 0 {
		medianMS = Profile(level).MedianMS
	}
	if rng.Float64() >= sourisChance[level] {
		return false, 0
	}
	return true, reaction(medianMS, rng)
}

// botsCall draws the computer cats' calls when a window opens on a match
// let pass (only with Config.SourisCall, so other games draw as before).
func (g *Game) botsCall(t *Table) {
	st := &g.st
	for i, seat := range st.Config.Seats {
		if seat.Human() || st.Players[i].Out {
			continue
		}
		ok, delay := BotCall(t, i, seat.Bot, float64(seat.ReactionMS), st.RNG)
		if at := st.Win.Opened + delay; ok && at <= st.Win.Deadline {
			st.Pending = append(st.Pending, slap{Seat: i, At: at, Call: true})
		}
	}
}

// keepCalls drops the pending slaps once an exchange is decided, keeping the
// calls while a match let pass still stands.
func keepCalls(p []slap, souris bool) []slap {
	if !souris {
		return p[:0]
	}
	out := p[:0]
	for _, s := range p {
		if s.Call {
			out = append(out, s)
		}
	}
	return out
}
