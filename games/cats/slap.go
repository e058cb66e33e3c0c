package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// slap judges a slap of seat at time at inside the open window. with is the
// seat whose card the slapper claims equal to theirs (-1: not said).
//
// Who is first: slaps are judged in the order the server receives them on
// its clock (at). Ties: within one input, a student's move is applied before
// the computer slaps due at the same millisecond (Play handles those after),
// and computer slaps due at the same millisecond go in seat order.
func (g *Game) slap(seat int, at int64, with int) {
	w := g.st.Win
	for _, s := range w.Slaps {
		if s.Seat == seat {
			return // a second slap in the same window changes nothing
		}
	}
	if !g.allowed(seat) {
		g.gluttony(seat, at, with)
		return
	}
	w.Slaps = append(w.Slaps, slap{Seat: seat, At: at})
	if g.loud() {
		g.emit(at, seat, "slap")
	}
	if g.human(seat) {
		g.claimAttempts(seat, at)
	}
	g.resolve(at, false)
}

// allowed reports whether seat may slap in the open window, including late
// slaps of a concerned seat after its exchange was decided (no effect, no
// gluttony: their hand arrived second on the mouse).
func (g *Game) allowed(seat int) bool {
	w := g.st.Win
	switch w.Kind {
	case KindChase, KindAmbush:
		return slices.Contains(w.Groups[0], seat)
	case KindMatch:
		if slices.Contains(w.Extra, seat) {
			return true
		}
	}
	return inGroups(w.Groups, seat)
}

// resolve settles every group of the window that can be settled at time at.
// A group is settled as soon as all its concerned seats but one have slapped
// (the last one is the slowest whatever happens), or at the deadline with the
// slaps it has. A non-slapper counts as slowest; among several non-slappers
// the first in the direction of play after the revealer is chosen.
func (g *Game) resolve(at int64, deadline bool) {
	w := g.st.Win
	if !w.Live {
		return
	}
	for gi, grp := range w.Groups {
		if w.Done[gi] {
			continue
		}
		var first = -1
		slapped := 0
		for _, s := range w.Slaps {
			if slices.Contains(grp, s.Seat) {
				slapped++
				if first < 0 {
					first = s.Seat
				}
			} else if first < 0 && w.Kind == KindMatch && slices.Contains(w.Extra, s.Seat) {
				first = s.Seat
			}
		}
		extraWins := first >= 0 && !slices.Contains(grp, first)
		switch {
		case w.Kind == KindAmbush && first >= 0:
		case extraWins:
		case slapped >= len(grp)-1 && slapped > 0:
		case deadline && first >= 0:
		default:
			continue
		}
		w.Done[gi] = true
		g.settle(w, gi, first, at)
		if g.st.Done || g.st.Win == nil {
			return
		}
	}
	w.Live = slices.Contains(w.Done, false)
	if !w.Live {
		g.st.Pending = keepCalls(g.st.Pending, w.Souris) // computer cats stop once it is decided
	}
}

// slowest is the concerned seat that slapped last, or that did not slap.
func (g *Game) slowest(w *window, grp []int) int {
	n := len(g.st.Players)
	for k := 1; k <= n; k++ {
		s := ((w.Revealer+g.st.Dir*k)%n + n) % n
		if slices.Contains(grp, s) && !slapped(w, s) {
			return s
		}
	}
	last := grp[0]
	for _, s := range w.Slaps {
		if slices.Contains(grp, s.Seat) {
			last = s.Seat
		}
	}
	return last
}

func slapped(w *window, seat int) bool {
	for _, s := range w.Slaps {
		if s.Seat == seat {
			return true
		}
	}
	return false
}

// settle applies the outcome of one group whose fastest slapper is first.
func (g *Game) settle(w *window, gi int, first int, at int64) {
	st := &g.st
	grp := w.Groups[gi]
	ps := st.Players
	switch w.Kind {
	case KindChase:
		// The slowest puts their own pile under their deck; the fastest reveals.
		slow := g.slowest(w, grp)
		p := &ps[slow]
		p.Deck = append(p.Deck, p.Pile...)
		p.Pile = p.Pile[:0]
		st.Stats.Chases++
		if g.loud() {
			g.emit(at, first, "chase", "slowest", slow)
		}
		st.Turn, st.TurnSince = g.next(first, true), at
		return
	case KindAmbush:
		// The revealer winning changes nothing; otherwise everybody else gives
		// them the top card of their deck. Rule decision: the winner reveals next.
		st.Stats.Ambushes++
		if first != w.Revealer {
			for i := range ps {
				if i != w.Revealer && !ps[i].Out && len(ps[i].Deck) > 0 {
					ps[w.Revealer].Deck = append(ps[w.Revealer].Deck, ps[i].Deck[0])
					ps[i].Deck = ps[i].Deck[1:]
				}
			}
		}
		if g.loud() {
			g.emit(at, first, "ambush", "revealer", w.Revealer)
		}
		st.Turn, st.TurnSince = g.next(first, true), at
		g.checkFinish(at) // a giver may have had only that card
		return
	}
	st.Stats.Exchanges++
	for _, s := range grp {
		st.Stats.Involved[s]++
	}
	st.Stats.Won[first]++
	if !slices.Contains(grp, first) {
		// Booklet part VI: a player whose last card is a special wins against
		// the matching players: they all put their own pile under their deck
		// and share the winner's pile, one card each in seat order.
		st.Stats.Involved[first]++
		for _, s := range grp {
			p := &ps[s]
			p.Deck = append(p.Deck, p.Pile...)
			p.Pile = p.Pile[:0]
		}
		for i, c := range ps[first].Pile {
			p := &ps[grp[i%len(grp)]]
			p.Deck = append(p.Deck, c)
		}
		ps[first].Pile = ps[first].Pile[:0]
		if g.loud() {
			g.emit(at, first, "exchange", "losers", slices.Clone(grp))
		}
	} else {
		slow := g.slowest(w, grp)
		win, lose := &ps[first], &ps[slow]
		lose.Deck = append(lose.Deck, win.Pile...)
		lose.Deck = append(lose.Deck, lose.Pile...)
		win.Pile, lose.Pile = win.Pile[:0], lose.Pile[:0]
		if g.loud() {
			g.emit(at, first, "exchange", "loser", slow)
		}
	}
	// The winner reveals next, unless another group of this window was
	// settled first.
	if !w.TurnSet {
		w.TurnSet = true
		st.Turn, st.TurnSince = g.next(first, true), at
	}
	g.checkFinish(at)
}

// gluttony: seat slapped when not allowed; they take every face-up card on
// the table under their deck and the player after them reveals. The window
// closes: what it asked for is gone with the cards.
func (g *Game) gluttony(seat int, at int64, with int) {
	st := &g.st
	if g.human(seat) {
		g.gluttonyAttempts(seat, at, with)
	}
	p := &st.Players[seat]
	for i := range st.Players {
		q := &st.Players[i]
		if i != seat {
			p.Deck = append(p.Deck, q.Pile...)
			q.Pile = q.Pile[:0]
		}
	}
	p.Deck = append(p.Deck, p.Pile...)
	p.Pile = p.Pile[:0]
	st.Stats.Gluttonies++
	if g.loud() {
		g.emit(at, seat, "gluttony")
	}
	g.dropWindow()
	st.Pending = st.Pending[:0]
	st.Unclaimed = nil
	st.Turn, st.TurnSince = g.next(seat, false), at
	// A player whose deck was empty has just lost their last cards to the
	// glutton: they have no card left, so they are out (the rules' only test).
	g.checkFinish(at)
}

// closeWindow ends the open window at its deadline or at the next reveal:
// groups still waiting are settled with the slaps they have, and a student
// concerned by a match or a Seesaw who did not slap missed it.
func (g *Game) closeWindow(at int64, deadline bool) {
	w := g.st.Win
	if w == nil {
		return
	}
	wasLive := w.Live
	if wasLive {
		g.resolve(at, true)
		if g.st.Done {
			return
		}
	}
	g.missedAttempts(w)
	if g.st.Config.SourisCall {
		g.recordUnclaimed(w)
	}
	g.dropWindow()
	if deadline && g.loud() {
		g.emit(at, -1, "window_closed")
	}
	if deadline {
		g.st.Pending = g.st.Pending[:0]
		if wasLive && !w.TurnSet {
			// Nobody slapped in time: the turn passes as if nothing matched.
			g.st.TurnSince = at
		}
	}
}

// checkFinish marks the players who have no card left; the first is the
// champion. Play goes on until two players are left: they are the losers.
func (g *Game) checkFinish(at int64) {
	st := &g.st
	if st.Config.Infinite {
		g.scoreEmptyHands(at)
		return
	}
	for i := range st.Players {
		p := &st.Players[i]
		if !p.Out && p.cards() == 0 {
			p.Out = true
			st.Finished = append(st.Finished, i)
			if g.loud() {
				g.emit(at, i, "finished", "place", len(st.Finished))
			}
		}
	}
	if g.active() <= 2 {
		g.end(at, ReasonChampion)
		return
	}
	if st.Players[st.Turn].Out {
		st.Turn = g.next(st.Turn, false)
	}
}

func (g *Game) end(at int64, reason string) {
	st := &g.st
	st.Done, st.Reason = true, reason
	st.Unclaimed = nil
	g.dropWindow()
	st.Pending = nil
	if g.loud() {
		g.emit(at, -1, "over", "reason", reason)
	}
}

// endByCap ends a game that reached MaxReveals: the players still in are
// ranked by the cards they hold (fewest first, then seat order) and all but
// the two holding most join the winners.
func (g *Game) endByCap(at int64) {
	st := &g.st
	if st.Config.Infinite {
		g.endInfinite(at, ReasonCapPoints)
		return
	}
	in := g.inPlay()
	slices.SortStableFunc(in, func(a, b int) int { return st.Players[a].cards() - st.Players[b].cards() })
	st.Finished = append(st.Finished, in[:len(in)-2]...)
	g.end(at, ReasonCap)
}

// attemptFor is the attempt of a multiplication card claimed equal to given.
func attemptFor(seat int, c Card, given int, at, opened int64) games.Attempt {
	return games.NewAttempt(seat, games.KindClaim, c.Fact(), given, at-opened)
}

// dropWindow closes the window and keeps it to be reused by the next reveal.
func (g *Game) dropWindow() {
	g.spare, g.st.Win = g.st.Win, nil
}
