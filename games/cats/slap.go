package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// slap judges a slap of pile h at time at inside the open window. with is
// the pile whose card the slapper claims equal to theirs (-1: not said).
//
// Who is first: slaps are judged in the order the server receives them on
// its clock (at). Ties: within one input, a student's move is applied before
// the computer slaps due at the same millisecond (Play handles those after),
// and computer slaps due at the same millisecond go in seat order.
//
// With two piles each, a Chase or an Ambush asks every player to slap: a
// player slaps it with both hands at once (both their piles slap).
func (g *Game) slap(h int, at int64, with int) {
	w := g.st.Win
	for _, s := range w.Slaps {
		if s.Seat == h || (everybody(w.Kind) && g.owner(s.Seat) == g.owner(h)) {
			return // a second slap in the same window changes nothing
		}
	}
	if !g.allowed(h) {
		g.gluttony(h, at, with, false)
		return
	}
	if g.wrongPartner(h, with) {
		g.gluttony(h, at, with, true)
		return
	}
	w.Slaps = append(w.Slaps, slap{Seat: h, At: at})
	if everybody(w.Kind) {
		for _, o := range g.handsOf(g.owner(h)) {
			if o != h && slices.Contains(w.Groups[0], o) {
				w.Slaps = append(w.Slaps, slap{Seat: o, At: at})
			}
		}
	}
	if g.loud() {
		g.emit(at, h, "slap")
	}
	if g.human(h) {
		g.claimAttempts(h, at)
	}
	g.resolve(at, false)
	if g.st.Done {
		// The exchange ended the game: no reveal will close the window, so
		// the concerned students who did not slap missed it now, as the
		// window's close would have logged in the middle of a game.
		g.missed(w)
	}
}

// wrongPartner reports a slap on equal products that names (with) a card
// showing another product than the slapper's: the child claimed two
// different products equal. The spec counts a wrong comparison as gluttony
// ("not concerned, wrong comparison, ..."); without this the engine gave a
// concerned child the exchange and logged correct claims for a comparison
// they got wrong. A named card showing no number (a special, no card) is
// not a comparison of products and is ignored, as on a Seesaw (the named
// card is not what the Seesaw compares) or for a part VI last-card special.
func (g *Game) wrongPartner(h, with int) bool {
	w := g.st.Win
	if w.Kind != KindMatch || with < 0 || with == h {
		return false
	}
	gi := groupOf(w.Groups, h)
	if _, ok := w.Tops[with].Value(); !ok || gi < 0 {
		return false
	}
	return !slices.Contains(w.Groups[gi], with)
}

// everybody reports a window in which every player slaps (Chase, Ambush).
func everybody(kind string) bool { return kind == KindChase || kind == KindAmbush }

// slapHand is the pile a student's slap is made with: with one pile each,
// theirs; with two, a pile still in that has not slapped in this window,
// the one that may slap if any (the child slaps because they saw a match;
// which hand hits the mouse is the screen's detail), preferring a pile
// other than the one they name (with). -1: none left to slap with.
func (g *Game) slapHand(seat, with int) int {
	w := g.st.Win
	var free []int
	for _, h := range g.handsOf(seat) {
		if g.st.Players[h].Out || slapped(w, h) {
			if everybody(w.Kind) && slapped(w, h) {
				return -1
			}
			continue
		}
		free = append(free, h)
	}
	for _, h := range free {
		// The pile whose card the student named as equal first: with two
		// piles matching two different cards, the other pile's slap would
		// be a wrong comparison (see wrongPartner).
		if h != with && g.allowed(h) && !g.wrongPartner(h, with) {
			return h
		}
	}
	for _, h := range free {
		if h != with && g.allowed(h) {
			return h
		}
	}
	for _, h := range free {
		if h != with {
			return h
		}
	}
	if len(free) > 0 {
		return free[0]
	}
	return -1
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
// A group is settled as soon as its loser is known — all its concerned
// piles but one have slapped (the last one is the slowest whatever happens)
// — or at the deadline with the slaps it has. A non-slapper counts as
// slowest; among several non-slappers the first in the direction of play
// after the revealer is chosen. On a Seesaw the loser is on the other side
// from the fastest (see seesawSide). In a Chase the players are counted,
// not the piles (with two piles each, a player slaps with both).
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
		case first < 0:
			continue
		case w.Kind == KindAmbush, extraWins, deadline:
		case w.Kind == KindSeesaw:
			side := g.seesawSide(w, grp, first)
			if slappedIn(w, side) < len(side)-1 {
				continue
			}
		case w.Kind == KindChase:
			if g.slappedSeats(w, grp) < g.seatsOfGroup(grp)-1 {
				continue
			}
		case slapped < len(grp)-1:
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

// seesawSide is where the loser of a Seesaw is taken from when first was the
// fastest: the piles at the other end (booklet: "L'échange sera entre le
// plus grand produit et le plus petit"). Rule decision: when several show
// the largest (or the smallest), the fastest of all wins and the slowest of
// the other end loses; when every number shown is the same, each is both
// ends and the loser is the slowest of the others.
func (g *Game) seesawSide(w *window, grp []int, first int) []int {
	lo, hi, _ := extremes(w.Tops)
	v, _ := w.Tops[first].Value()
	var side []int
	for _, s := range grp {
		u, _ := w.Tops[s].Value()
		switch {
		case s == first:
		case lo == hi, v == lo && u == hi, v == hi && u == lo:
			side = append(side, s)
		}
	}
	return side
}

// slappedIn counts the piles of side that slapped.
func slappedIn(w *window, side []int) int {
	k := 0
	for _, s := range side {
		if slapped(w, s) {
			k++
		}
	}
	return k
}

// seatsOfGroup counts the players a group's piles belong to.
func (g *Game) seatsOfGroup(grp []int) int {
	k := 0
	for i, s := range grp {
		if !slices.ContainsFunc(grp[:i], func(o int) bool { return g.owner(o) == g.owner(s) }) {
			k++
		}
	}
	return k
}

// slappedSeats counts the players who slapped with a pile of grp.
func (g *Game) slappedSeats(w *window, grp []int) int {
	var seen []int
	for _, s := range w.Slaps {
		if slices.Contains(grp, s.Seat) && !slices.Contains(seen, g.owner(s.Seat)) {
			seen = append(seen, g.owner(s.Seat))
		}
	}
	return len(seen)
}

// slowest is the concerned pile that slapped last, or that did not slap.
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
		// The slowest puts their own pile under their deck (with two piles
		// each, the slowest player both); the fastest reveals.
		slow := g.slowest(w, grp)
		for _, h := range g.handsOf(g.owner(slow)) {
			p := &ps[h]
			p.Deck = append(p.Deck, p.Pile...)
			p.Pile = p.Pile[:0]
		}
		st.Stats.Chases++
		if g.loud() {
			g.emit(at, first, "chase", "slowest", slow)
		}
		st.Turn, st.TurnSince = g.revealsNext(first), at
		return
	case KindAmbush:
		// The revealer winning changes nothing; otherwise everybody else gives
		// them the top card of their deck. Rule decision: the winner reveals next.
		st.Stats.Ambushes++
		if g.owner(first) != g.owner(w.Revealer) {
			for i := range ps {
				if i != w.Revealer && !ps[i].Out && len(ps[i].Deck) > 0 {
					ps[w.Revealer].Deck = append(ps[w.Revealer].Deck, ps[i].Deck[0])
					ps[i].Deck = ps[i].Deck[1:]
				}
			}
		}
		if g.loud() {
			g.emit(at, w.Revealer, "ambush", "winner", first)
		}
		st.TurnSince = at
		g.checkFinish(at) // a giver may have had only that card
		// Chosen after checkFinish: in the infinite game a giver who gave
		// their last card has just taken cards back (see settle).
		st.Turn = g.revealsNext(first)
		return
	}
	st.Stats.Exchanges++
	g.countInvolved(grp, first)
	st.Stats.Won[g.owner(first)]++
	if !slices.Contains(grp, first) {
		// Booklet part VI: a player whose last card is a special wins against
		// the matching players: they all put their own pile under their deck
		// and share the winner's pile, one card each in seat order.
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
		lose := grp
		if w.Kind == KindSeesaw {
			lose = g.seesawSide(w, grp, first)
		}
		slow := g.slowest(w, lose)
		win, loser := &ps[first], &ps[slow]
		loser.Deck = append(loser.Deck, win.Pile...)
		loser.Deck = append(loser.Deck, loser.Pile...)
		win.Pile, loser.Pile = win.Pile[:0], loser.Pile[:0]
		if g.loud() {
			g.emit(at, first, "exchange", "loser", slow)
		}
	}
	// The winner reveals next, unless another group of this window was
	// settled first. Chosen after checkFinish: in the infinite game a winner
	// who gave their last cards scores a point and takes cards back, and
	// still reveals next (spec: "The winner reveals next"); chosen before,
	// the turn skipped them (no deck yet) and could fall on a player whose
	// deck the refill had just emptied, whose reveal then turned every pile
	// under its deck although others held decks.
	if !w.TurnSet {
		st.TurnSince = at
	}
	g.checkFinish(at)
	if !w.TurnSet {
		w.TurnSet = true
		st.Turn = g.next(first, true)
	}
}

// revealsNext is the pile that reveals after player h's pile was the
// fastest of a Chase or an Ambush (or, h a seat, the player who called
// "Souris !"): with two piles each a player slaps those with both hands and
// calls as a player, so when pile h has no deck their other pile reveals
// (spec: "the fastest reveals next"), not the next player's; else the next
// pile in the direction of play.
func (g *Game) revealsNext(h int) int {
	for _, o := range append([]int{h}, g.handsOf(g.owner(h))...) {
		if p := &g.st.Players[o]; !p.Out && len(p.Deck) > 0 {
			return o
		}
	}
	return g.next(h, true)
}

// countInvolved counts an exchange once for each player taking part (with
// two piles each, a player's two piles may meet).
func (g *Game) countInvolved(grp []int, first int) {
	var seen []int
	for _, s := range append(slices.Clone(grp), first) {
		if o := g.owner(s); !slices.Contains(seen, o) {
			seen = append(seen, o)
			g.st.Stats.Involved[o]++
		}
	}
}

// gluttony: pile seat slapped when not allowed; it takes every face-up card
// on the table under its deck and the pile after it reveals. The window
// closes: what it asked for is gone with the cards. wrongPair says the
// slapper had a match but named another card as equal to theirs: the event
// says so ("wrong_pair"), since "slapped with no match" would be untrue.
func (g *Game) gluttony(seat int, at int64, with int, wrongPair bool) {
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
		if wrongPair {
			g.emit(at, seat, "gluttony", "wrong_pair", true)
		} else {
			g.emit(at, seat, "gluttony")
		}
	}
	g.dropWindow()
	st.Pending = st.Pending[:0]
	st.Unclaimed = nil
	// A player whose deck was empty has just lost their last cards to the
	// glutton: they have no card left, so they are out (the rules' only test).
	st.TurnSince = at
	g.checkFinish(at)
	// The player after them reveals next, chosen once the infinite game's
	// refills are done (see settle).
	st.Turn = g.next(seat, false)
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
			// The window ran its course and the exchange settled at its
			// close ended the game: a student concerned who did not slap
			// still missed the match (spec: "did not slap before the window
			// closed"); returning here dropped those missed attempts.
			g.missed(w)
			return
		}
	}
	// "Too late: the mouse ran away" is said only of a match (or a
	// Seesaw) nobody slapped in time: said after every reveal without a
	// pair, it told the child they had been slow for nothing.
	missedOne := (w.Kind == KindMatch || w.Kind == KindSeesaw) && slices.Contains(w.Done, false)
	g.missed(w)
	if g.st.Config.SourisCall {
		g.recordUnclaimed(w)
	}
	g.dropWindow()
	if deadline && missedOne && g.loud() {
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

// checkFinish marks the piles that have no card left and the players whose
// piles are all empty; the first player is the champion. Play goes on until
// two players are left: they are the losers (with two players, the game
// ends when one has given all their cards: the other has lost).
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
			if g.twoPiles() && g.loud() {
				g.emit(at, i, "pile_empty")
			}
		}
	}
	for s := range st.Config.Seats {
		if !g.seatIn(s) && !slices.Contains(st.Finished, s) {
			st.Finished = append(st.Finished, s)
			if g.loud() {
				g.emitSeat(at, s, "finished", "place", len(st.Finished))
			}
		}
	}
	if g.active() <= g.losers() {
		reason := ReasonChampion
		if len(st.Config.Seats) == 2 {
			reason = ReasonOneLeft
		}
		g.end(at, reason)
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
// the two holding most (the one, with two players) are ranked after those
// who finished; the first of all is the winner.
func (g *Game) endByCap(at int64) {
	st := &g.st
	if st.Config.Infinite {
		g.endInfinite(at, ReasonCapPoints)
		return
	}
	in := g.seatsIn()
	cards := g.Cards()
	slices.SortStableFunc(in, func(a, b int) int { return cards[a] - cards[b] })
	st.Finished = append(st.Finished, in[:len(in)-g.losers()]...)
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
