package cats

import "slices"

// The infinite game (booklet, "la partie infinie"): a player who has given
// away all their cards scores a point and takes cards back from the players
// richest in cards, "15 to 30 cards (or more) depending on the number of
// players"; the players stop when they wish and the two with the fewest
// points lose.

// RefillCards is how many cards a player who emptied their hand takes back
// in the infinite game with n players. Rule decision: 15 with 3 players, 3
// more per extra player, 30 with 8 (the booklet's 15–30 range).
func RefillCards(n int) int { return 15 + 3*(n-3) }

// refill gives seat (no card left) up to RefillCards cards, one at a time,
// each from the seat that holds most cards (ties: the first after seat in
// the direction of play). Rule decisions: a card comes from the top of the
// giver's deck, or when their deck is empty from the bottom of their face-up
// pile (a covered card: the newest card stays, so a match on the table is
// not changed); the cards go under the taker's deck; taking stops early when
// the richest holds fewer than two cards more than the taker (taking more
// would make the taker the richer).
//
// With two players each plays two piles, and each pile plays as a player
// ("chaque main joue séparément"): a pile that empties scores its player a
// point and takes RefillCards(4) = 18 cards back from the richest pile of
// the other player (never from its own player's other pile, which would
// give the player nothing).
func (g *Game) refill(seat int, at int64) int {
	st := &g.st
	n := len(st.Players)
	want := RefillCards(n)
	taken := 0
	for taken < want {
		rich := -1
		for k := 1; k < n; k++ {
			s := ((seat+st.Dir*k)%n + n) % n
			p := &st.Players[s]
			if p.Out || g.owner(s) == g.owner(seat) || (len(p.Deck) == 0 && len(p.Pile) < 2) {
				continue
			}
			if rich < 0 || p.cards() > st.Players[rich].cards() {
				rich = s
			}
		}
		me := &st.Players[seat]
		if rich < 0 || st.Players[rich].cards() < me.cards()+2 {
			break
		}
		p := &st.Players[rich]
		var c Card
		if len(p.Deck) > 0 {
			c, p.Deck = p.Deck[0], p.Deck[1:]
		} else {
			c = p.Pile[0]
			p.Pile = slices.Delete(p.Pile, 0, 1)
		}
		me.Deck = append(me.Deck, c)
		taken++
	}
	return taken
}

// scoreEmptyHands: infinite game, every pile with no card left scores its
// player a point and refills. A pile that could take no card back stays
// empty: it scored for that emptying and does not score again at the next
// exchange (spec: "a point per emptied hand"), only after it held cards.
func (g *Game) scoreEmptyHands(at int64) {
	st := &g.st
	for i := range st.Players {
		p := &st.Players[i]
		if p.cards() > 0 {
			p.Scored = false
		}
		if !p.Out && p.cards() == 0 && !p.Scored {
			st.Points[g.owner(i)]++
			st.Stats.Refills++
			n := g.refill(i, at)
			p.Scored = p.cards() == 0
			if g.loud() {
				g.emit(at, i, "point", "points", st.Points[g.owner(i)], "took", n)
			}
		}
	}
}

// endInfinite ranks the seats by points, most first. Rule decision: equal
// points are ranked by the cards held, fewest first (as at the safety cap),
// then by seat order; the last two (the last one with two players) are the
// losers and the others, in order, go to Finished (see infiniteResult for
// the winners).
func (g *Game) endInfinite(at int64, reason string) {
	st := &g.st
	order := g.seatsIn()
	cards := g.Cards()
	slices.SortStableFunc(order, func(a, b int) int {
		if st.Points[a] != st.Points[b] {
			return st.Points[b] - st.Points[a]
		}
		return cards[a] - cards[b]
	})
	st.Finished = append(st.Finished[:0], order[:len(order)-g.losers()]...)
	g.end(at, reason)
}

// stop: a student ends the infinite game ("the players stop when they wish").
func (g *Game) stop(seat int, at int64) {
	if g.loud() {
		g.emitSeat(at, seat, "stop")
	}
	g.endInfinite(at, ReasonStopped)
}

// Points is each seat's points in the infinite game (nil otherwise).
func (g *Game) Points() []int { return slices.Clone(g.st.Points) }
