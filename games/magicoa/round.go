package magicoa

import "github.com/multipli/multipli/games"

// settle moves the game on through everything that needs no decision:
// the start of placement once all have chosen, forced discards, the end of
// bidding, collection, forced power choices, the end of rounds and games.
func (g *Game) settle(at int64, st *games.Step) {
	n := g.players()
	for {
		switch g.s.Phase {
		case PhaseChoose:
			if len(g.Waiting()) > 0 {
				return
			}
			g.s.Phase, g.s.Turn = PhasePlace, 0
			g.s.Answered, g.s.Since = false, at
			st.Events = append(st.Events, games.Event{At: at, Seat: -1, Type: "bidding_started"})
		case PhasePlace:
			if g.s.Turn >= 2*n {
				g.endBidding(at)
				continue
			}
			seat, _ := g.placer()
			if g.needsAnswer(seat) || len(g.placements(seat)) > 0 {
				return
			}
			card := g.currentCard(seat)
			g.s.Stats.Discards++
			st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "discarded",
				Data: map[string]any{"card": card.ID, "value": card.Value}})
			g.spendCard(seat)
			g.nextTurn(at)
		case PhaseExchange:
			if len(g.s.Exchangers) > 0 && len(g.s.Pile) > 0 {
				// The Exchange holder looks at the top of the pile.
				g.see(g.s.Pile[len(g.s.Pile)-1].ID, g.s.Exchangers[0])
				return
			}
			g.s.Exchangers = nil
			g.collect(at, st)
		case PhasePower:
			if len(g.s.Pending) == 0 {
				g.endRound(at, st)
				continue
			}
			pp := g.s.Pending[0]
			if !g.hasPower(pp.Seat, g.pendingPotion().Power) {
				return
			}
			// Decision: nobody holds the same power twice, so a player who
			// wins a power they already hold keeps the potion's points.
			g.s.Pending = g.s.Pending[1:]
			g.resolvePower(pp, false, at, st)
		case PhaseTriple:
			if len(g.s.Triples) == 0 {
				g.s.Phase = PhaseOver
				st.Events = append(st.Events, games.Event{At: at, Seat: -1, Type: "over", Data: map[string]any{"scores": g.Result().Scores}})
			}
			return
		default:
			return
		}
	}
}

func (g *Game) see(potionID, seat int) { g.s.Seen[potionID] |= 1 << seat }

// beginRound lays out as many potions as players from the pile, all Potion
// face up except the last one, which stays Power face up.
func (g *Game) beginRound(at int64) {
	g.s.Round++
	n := min(g.players(), len(g.s.Pile))
	g.s.Layout = make([]Slot, n)
	for i := range n {
		p := g.s.Pile[len(g.s.Pile)-1]
		g.s.Pile = g.s.Pile[:len(g.s.Pile)-1]
		g.s.Layout[i] = Slot{Potion: p}
		if i < n-1 {
			g.s.Public[p.ID] = true
		}
	}
	if n > 0 {
		hidden := g.s.Layout[n-1].Potion.ID
		for s := range g.s.Config.Seats {
			if g.hasPower(s, Indiscretion) {
				g.see(hidden, s) // looks secretly at the Power-face potion
			}
		}
	}
	for s := range g.s.Chosen {
		g.s.Chosen[s] = []int{}
	}
	g.s.Phase, g.s.Since = PhaseChoose, at
}

// endBidding opens the exchanges: every Exchange holder, in turn order from
// the first player, may swap the pile top with an auctioned potion.
func (g *Game) endBidding(at int64) {
	g.s.Exchangers = nil
	n := g.players()
	for k := range n {
		s := (g.s.First + k) % n
		if g.hasPower(s, Exchange) {
			g.s.Exchangers = append(g.s.Exchangers, s)
		}
	}
	g.s.Phase, g.s.Since = PhaseExchange, at
}

// collect gives every potion to the owner of the gold card on top of it;
// potions nobody bid on leave the game. Won power potions wait for their
// owner's choice, in turn order from the first player.
func (g *Game) collect(at int64, st *games.Step) {
	n := g.players()
	byRank := make([][]pendingPower, n)
	for _, sl := range g.s.Layout {
		top, ok := sl.top()
		if !ok {
			g.s.Out = append(g.s.Out, sl.Potion)
			continue
		}
		g.s.Public[sl.Potion.ID] = true
		g.s.Won[top.Seat] = append(g.s.Won[top.Seat], Held{Potion: sl.Potion})
		st.Events = append(st.Events, games.Event{At: at, Seat: top.Seat, Type: "won",
			Data: map[string]any{"potion": sl.Potion.ID, "colour": string(sl.Potion.Colour), "points": sl.Potion.Points, "power": string(sl.Potion.Power)}})
		if sl.Potion.Power != NoPower && g.s.Config.Variant != Junior {
			rank := (top.Seat - g.s.First + n) % n
			byRank[rank] = append(byRank[rank], pendingPower{Seat: top.Seat, Potion: sl.Potion.ID})
		}
	}
	g.s.Layout = nil
	g.s.Pending = nil
	for _, r := range byRank {
		g.s.Pending = append(g.s.Pending, r...)
	}
	g.s.Phase, g.s.Since = PhasePower, at
}

// endRound passes the first-player card to the left and starts the next
// round, the second game (Expert) or the end.
func (g *Game) endRound(at int64, st *games.Step) {
	g.s.First = (g.s.First + 1) % g.players()
	if g.s.Round < RoundsPerGame {
		g.beginRound(at)
		st.Events = append(st.Events, games.Event{At: at, Seat: -1, Type: "round_started", Data: map[string]any{"round": g.s.Round}})
		return
	}
	if g.s.Match < g.s.Config.matches() {
		g.s.Match++
		g.startMatch()
		g.beginRound(at)
		st.Events = append(st.Events, games.Event{At: at, Seat: -1, Type: "second_game_started"})
		return
	}
	g.finish(at)
}

// finish asks each student of the multiplication edition to compute the
// points of their potions tripled by a Triple power, then ends the game.
func (g *Game) finish(at int64) {
	g.s.Phase, g.s.Since = PhaseTriple, at
	g.s.Triples = nil
	if g.s.Config.Edition != Multiplication {
		return
	}
	for s, seat := range g.s.Config.Seats {
		if !seat.Human() {
			continue
		}
		for _, tp := range triplePowers {
			if !g.hasPower(s, tp.power) {
				continue
			}
			if pts := g.colourPoints(s, tp.colour); pts > 0 {
				g.s.Triples = append(g.s.Triples, tripleQuestion{Seat: s, Power: tp.power, Points: pts, Asked: at})
			}
		}
	}
}

// triplePowers are the powers that triple a colour's points.
var triplePowers = []struct {
	power  Power
	colour Colour
}{{TripleBlue, Blue}, {TripleGreen, Green}}

// colourPoints is the face value of seat's potions of colour c kept for
// their points.
func (g *Game) colourPoints(seat int, c Colour) int {
	pts := 0
	for _, h := range g.s.Won[seat] {
		if !h.Active && h.Potion.Colour == c {
			pts += h.Potion.Points
		}
	}
	return pts
}
