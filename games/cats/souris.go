package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// The "Souris !" call (booklet, rule for confirmed players, Config.SourisCall):
// "Si 2 joueurs ont un produit commun et ne réagissent pas, les autres
// peuvent attendre que le joueur suivant pose une carte pour annoncer
// « Souris »". The two concerned put their face-up cards under their deck
// and the fastest caller reveals next; a caller who was wrong puts their
// own face-up cards under their deck.
//
// Rule decisions (digital edition):
//   - A match is "let pass" when its window closed (deadline or next reveal)
//     with no slap from its seats. It may be called in the window opened by
//     the next reveal, whatever that reveal shows — even when the next
//     player is one of the two and their new card covers the match: the
//     call is about the match let pass, whose cards are still in their
//     face-up piles. The call window is the one reveal's window (the same
//     window and clock as slaps: `at`, the server judging by order of
//     arrival; a student wins a tie). When the match still stands after it,
//     nobody having slapped, it is let pass again and stays callable in the
//     next window, and so on until it is covered (then called in that one
//     window or never), slapped, called, or its cards leave the table (an
//     exchange or a gluttony took a pile).
//   - A call is right when a match let pass is callable and the caller owns
//     none of its piles; calling on one's own match is a wrong call (slap
//     instead). A call in the window where the match appears is too early:
//     wrong.
//   - The first call, right or wrong, ends the window like a gluttony (no
//     missed attempts: it was cut short). Right: every callable match
//     let pass by others is settled (its piles go under their decks), the
//     caller reveals next. Wrong: the caller's face-up cards go under their
//     deck (with two piles, both), the turn holder reveals next.
//   - While a match let pass is callable, computer cats wait for calls
//     until the window closes before revealing (a student may still flip).
//   - Attempts: a right call is a claim on each multiplication card of the
//     match let pass, given the other card's product (correct). A wrong call
//     names no card: which two products the child thought equal cannot be
//     known (a guess could be any fact on the table), so it records no
//     attempt — the call's penalty is the game's answer.

// recordUnclaimed remembers, when window w closes, the matches nobody
// slapped: they are callable in the next window.
func (g *Game) recordUnclaimed(w *window) {
	st := &g.st
	st.Unclaimed = st.Unclaimed[:0]
	if w.Kind == KindMatch {
		for gi, grp := range w.Groups {
			if w.Done[gi] || slapsIn(w, grp) {
				continue
			}
			if m, ok := g.letPass(w, grp); ok {
				st.Unclaimed = append(st.Unclaimed, m)
			}
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

// callable lists the matches let pass that may be called now: the last
// window let them pass and their cards are still on the table.
func (g *Game) callable() []missedMatch {
	var out []missedMatch
	for _, m := range g.st.Unclaimed {
		if g.onTable(m, false) {
			out = append(out, m)
		}
	}
	return out
}

// callableBy keeps the callable matches in which seat has no pile.
func (g *Game) callableBy(seat int) []missedMatch {
	var out []missedMatch
	for _, m := range g.callable() {
		if !slices.ContainsFunc(m.Seats, func(h int) bool { return g.owner(h) == seat }) {
			out = append(out, m)
		}
	}
	return out
}

// call judges a "Souris !" call of seat (a player) at time at inside the
// open window.
func (g *Game) call(seat int, at int64) {
	st := &g.st
	w := st.Win
	w.Calls = append(w.Calls, seat)
	ms := g.callableBy(seat)
	if g.st.Config.Seats[seat].Human() {
		g.callAttempts(seat, at, ms)
	}
	st.Unclaimed = nil
	g.dropWindow()
	st.Pending = st.Pending[:0]
	st.TurnSince = at
	if len(ms) == 0 {
		for _, h := range g.handsOf(seat) {
			p := &st.Players[h]
			p.Deck = append(p.Deck, p.Pile...)
			p.Pile = p.Pile[:0]
		}
		if g.loud() {
			g.emitSeat(at, seat, "souris", "right", false)
		}
		return
	}
	var seats []int
	for _, m := range ms {
		for _, s := range m.Seats {
			if slices.Contains(seats, s) {
				continue
			}
			p := &st.Players[s]
			p.Deck = append(p.Deck, p.Pile...)
			p.Pile = p.Pile[:0]
			seats = append(seats, s)
		}
	}
	st.Stats.Souris++
	if g.loud() {
		g.emitSeat(at, seat, "souris", "right", true, "seats", seats)
	}
	st.Turn = g.revealsNext(seat) // the caller reveals, with either of their piles
	g.checkFinish(at)
}

// callAttempts: a right call recognised the matches let pass: one claim per
// multiplication card of each, given the other card's product (correct).
// A wrong call records nothing (see above). Response times run from the
// reveal that opened the window: the moment the call became allowed.
func (g *Game) callAttempts(seat int, at int64, ms []missedMatch) {
	w := g.st.Win
	for _, m := range ms {
		for i, c := range m.Cards {
			if !c.IsMult() {
				continue
			}
			other := (i + 1) % len(m.Cards)
			v, _ := m.Cards[other].Value()
			g.attempt(attemptFor(seat, c, v, at, w.Opened))
		}
	}
}

// sourisChance is how often a computer cat of each level calls "Souris !"
// on a match two others let pass. Rule decision: beginners never call (the
// booklet keeps the call for confirmed players); they never call wrongly.
var sourisChance = [...]float64{games.BotBeginner: 0, games.BotSolid: 0.5, games.BotStrong: 0.9}

// BotCall decides whether the computer cat playing pile me calls "Souris !"
// on the table it sees, and after how long (a reaction of its median, as a
// slap).
func BotCall(t *Table, me int, level int, medianMS float64, rng *games.RNG) (bool, int64) {
	if !t.In[me] || len(t.Missed) == 0 {
		return false, 0
	}
	owner := func(h int) int {
		if t.Owners != nil {
			return t.Owners[h]
		}
		return h
	}
	others := false
	for _, grp := range t.Missed {
		if !slices.ContainsFunc(grp, func(h int) bool { return owner(h) == owner(me) }) {
			others = true
		}
	}
	if !others {
		return false, 0 // never on its own match
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
// A player calls once, whatever their piles.
func (g *Game) botsCall(t *Table) {
	st := &g.st
	for i, seat := range st.Config.Seats {
		if seat.Human() || !g.seatIn(i) {
			continue
		}
		h := i
		for _, o := range g.handsOf(i) {
			if !st.Players[o].Out {
				h = o
				break
			}
		}
		ok, delay := BotCall(t, h, seat.Bot, float64(seat.ReactionMS), st.RNG)
		if at := st.Win.Opened + delay; ok && at <= st.Win.Deadline {
			st.Pending = append(st.Pending, slap{Seat: h, At: at, Call: true})
		}
	}
}

// keepCalls drops the pending slaps once an exchange is decided, keeping the
// calls while a match let pass may still be called.
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
