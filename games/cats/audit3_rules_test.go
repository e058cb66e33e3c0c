package cats

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// Third audit of the engine against the spec and the booklet where the
// spec is silent: one test per rule, named for the rule. The decks are rigged (top first) so each scenario is exact.

// withPiles sets the face-up piles (newest last) of a rigged game.
func withPiles(g *Game, piles ...[]Card) {
	for i, p := range piles {
		g.st.Players[i].Pile = append([]Card{}, p...)
	}
}

func cardsOnTable(g *Game) int {
	n := 0
	for i := range g.st.Players {
		n += g.st.Players[i].cards()
	}
	return n
}

// --- Cards ---

// Spec, Cards: 100 multiplication cards (every ordered a × b, a, b in 1–10),
// 42 product cards (the distinct products), 18 specials 4/4/4/4/1/1.
func TestAudit3FullBoxIs100Multiplications42Products18Specials(t *testing.T) {
	deck, err := BuildDeck(LearningLevel(10), true)
	require.NoError(t, err)
	c := Count(deck)
	assert.Equal(t, 100, c.Mult)
	assert.Equal(t, 42, c.Product)
	assert.Equal(t, 18, c.Special)
	assert.Equal(t, map[Special]int{Chase: 4, DeadEnd: 4, Magic: 4, Seesaw: 4, Ambush: 1, Gift: 1}, c.Specials)
	var facts []games.Fact
	for _, k := range deck {
		if k.IsMult() {
			facts = append(facts, k.Fact())
		}
	}
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			assert.Contains(t, facts, games.Fact{A: a, B: b})
		}
	}
}

// Spec, Cards (booklet part V): the learning decks 1–5 … 1–9.
func TestAudit3LearningDecksAreTheBookletsPartV(t *testing.T) {
	for _, tc := range []struct {
		tables, mult, product, special, perKind int
	}{
		{5, 50, 28, 10, 2}, {6, 60, 32, 10, 2}, {7, 70, 36, 14, 3}, {8, 80, 39, 14, 3}, {9, 90, 41, 18, 4},
	} {
		deck, err := BuildDeck(LearningLevel(tc.tables), true)
		require.NoError(t, err)
		c := Count(deck)
		assert.Equal(t, tc.mult, c.Mult, "tables 1–%d", tc.tables)
		assert.Equal(t, tc.product, c.Product, "tables 1–%d", tc.tables)
		assert.Equal(t, tc.special, c.Special, "tables 1–%d", tc.tables)
		for _, s := range []Special{Chase, DeadEnd, Magic, Seesaw} {
			assert.Equal(t, tc.perKind, c.Specials[s], "tables 1–%d %s", tc.tables, s)
		}
		assert.Equal(t, 1, c.Specials[Ambush])
		assert.Equal(t, 1, c.Specials[Gift])
	}
	deck, err := BuildDeck(LearningLevel(5), false)
	require.NoError(t, err)
	var products []int
	for _, k := range deck {
		if !k.IsMult() {
			products = append(products, int(k.N))
		}
	}
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 45, 50}, products,
		"the booklet's list for tables 1–5")
}

// Spec, Cards: beginners play without specials; specials are an option.
func TestAudit3SpecialsAreAnOptionOffByDefault(t *testing.T) {
	for _, specials := range []bool{false, true} {
		g, err := New(Config{Level: LearningLevel(10), Seats: students(4), Specials: specials}, 7)
		require.NoError(t, err)
		n := 0
		for _, p := range g.st.Players {
			n += Count(p.Deck).Special
		}
		if specials {
			assert.Equal(t, 18, n)
		} else {
			assert.Zero(t, n, "off unless Config.Specials")
		}
	}
}

// --- Players and the deal ---

// Spec, Players: 3 to 8; with 2 each plays two independent piles.
func TestAudit3ThreeToEightPlayersOrTwoWithTwoPilesEach(t *testing.T) {
	for _, tc := range []struct {
		seats, piles int
		ok           bool
	}{{1, 0, false}, {2, 4, true}, {3, 3, true}, {8, 8, true}, {9, 0, false}} {
		g, err := New(Config{Level: LearningLevel(10), Seats: students(tc.seats)}, 1)
		if !tc.ok {
			assert.Error(t, err, "%d seats", tc.seats)
			continue
		}
		require.NoError(t, err)
		assert.Len(t, g.st.Players, tc.piles, "%d seats", tc.seats)
	}
	g := rig2(t, Config{}, []Card{f1, f1}, []Card{f2, f2}, []Card{f3, f3}, []Card{f5, f5})
	var owners, piles []int
	for k := range 5 {
		owners, piles = append(owners, g.owner(g.st.Turn)), append(piles, g.st.Turn)
		play(t, g, g.owner(g.st.Turn), Flip(), int64(100*k))
	}
	assert.Equal(t, []int{0, 1, 2, 3, 0}, piles, "piles A1 B1 A2 B2 round the table")
	assert.Equal(t, []int{0, 1, 0, 1, 0}, owners, "piles A1 B1 A2 B2: the two players take turns")
}

// Spec, Play: deal all cards as evenly as possible.
func TestAudit3DealAllCardsAsEvenlyAsPossible(t *testing.T) {
	for n := 2; n <= 8; n++ {
		g, err := New(Config{Level: LearningLevel(10), Seats: students(n), Specials: true}, uint64(n))
		require.NoError(t, err)
		var sizes []int
		for _, p := range g.st.Players {
			sizes = append(sizes, len(p.Deck))
			assert.Empty(t, p.Pile)
		}
		assert.Equal(t, 160, cardsOnTable(g), "%d players: every card is dealt", n)
		assert.LessOrEqual(t, slices.Max(sizes)-slices.Min(sizes), 1, "%d players", n)
	}
}

// Spec, Play: clockwise; the student (seat 0) starts unless chosen otherwise.
func TestAudit3StudentStartsAndPlayGoesClockwise(t *testing.T) {
	g := rig(t, students(4), []Card{f1, f1}, []Card{f2, f2}, []Card{f3, f3}, []Card{f5, f5})
	assert.Equal(t, 0, g.st.Turn)
	var order []int
	for k := range 5 {
		order = append(order, g.st.Turn)
		refused(t, g, (g.st.Turn+1)%4, Flip(), int64(k*100), "game.not_your_turn")
		play(t, g, g.st.Turn, Flip(), int64(k*100))
	}
	assert.Equal(t, []int{0, 1, 2, 3, 0}, order)
	g2, err := New(Config{Level: LearningLevel(5), Seats: students(3), Start: 2}, 1)
	require.NoError(t, err)
	assert.Equal(t, 2, g2.st.Turn, "chosen otherwise")
}

// Spec, Play: only the newest card of each pile counts.
func TestAudit3OnlyTheNewestCardOfEachPileCounts(t *testing.T) {
	g := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{Product(12)})
	withPiles(g, []Card{Mult(3, 4)}, nil, nil) // 3×4 covered by the 1×1 below
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	assert.Equal(t, KindNone, g.st.Win.Kind, "the covered 3×4 does not match the 12")
	assert.Equal(t, 0, g.st.Turn)
}

// --- Equal products ---

// Spec, Play: equal products (multiplication vs product card, or vs
// multiplication): the faster gives their face-up pile to the other, who
// puts it, with their own face-up pile, under their deck; the winner
// reveals next.
func TestAudit3EqualProductsFasterGivesPileToSlowerWinnerRevealsNext(t *testing.T) {
	for _, tc := range []struct {
		name  string
		other Card
	}{{"against a product card", Product(12)}, {"against a multiplication card", Mult(2, 6)}} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{tc.other, f5})
			withPiles(g, nil, nil, []Card{f7})
			play(t, g, 0, Flip(), 0)
			play(t, g, 1, Flip(), 100)
			play(t, g, 2, Flip(), 200)
			require.Equal(t, [][]int{{0, 2}}, g.st.Win.Groups)
			play(t, g, 2, Slap(), 400)
			assert.Equal(t, []Card{f1, f7, tc.other, Mult(3, 4)}, deckOf(g, 0), "the winner's whole pile, then the loser's own, under the loser's deck")
			assert.Empty(t, pileOf(g, 0))
			assert.Empty(t, pileOf(g, 2))
			assert.Equal(t, []Card{f2}, pileOf(g, 1), "the other player keeps their pile")
			assert.Equal(t, 2, g.st.Turn, "the winner reveals next")
			assert.Equal(t, 1, g.Stats().Exchanges)
		})
	}
}

// Spec, Play: only the two concerned may slap; a third player's slap is
// gluttony.
func TestAudit3OnlyTheConcernedMaySlapOnEqualProducts(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	assert.ElementsMatch(t, []int{0, 2}, g.Waiting(), "the game waits for the two concerned")
	play(t, g, 1, Slap(), 300)
	assert.Equal(t, 1, g.Stats().Gluttonies)
	assert.Zero(t, g.Stats().Exchanges)
}

// Spec, Play: three or more share the product: all may slap; the fastest
// gives their pile to the slowest (a concerned player who did not slap
// counts as slowest).
func TestAudit3ThreeEqualProductsFastestGivesToSlowest(t *testing.T) {
	for _, tc := range []struct {
		name          string
		slaps         []int
		winner, loser int
	}{
		{"the non-slapper is slowest", []int{1, 0}, 1, 2},
		{"another order", []int{2, 0}, 2, 1},
		{"the deadline: the first non-slapper after the revealer", []int{0}, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(4), []Card{f1}, []Card{Mult(2, 6), f2}, []Card{f3}, []Card{f5})
			withPiles(g, []Card{Mult(3, 4)}, nil, []Card{Product(12)}, nil)
			g.st.Turn = 1
			play(t, g, 1, Flip(), 0)
			require.Equal(t, [][]int{{0, 1, 2}}, g.st.Win.Groups)
			for k, s := range tc.slaps {
				play(t, g, s, Slap(), int64(100+100*k))
			}
			if len(tc.slaps) == 1 {
				require.Zero(t, g.Stats().Exchanges, "one slap of three: waits for the deadline")
				_, err := g.Advance(DefaultWindowMS)
				require.NoError(t, err)
			}
			require.Equal(t, 1, g.Stats().Exchanges)
			assert.Empty(t, pileOf(g, tc.winner))
			assert.Empty(t, pileOf(g, tc.loser))
			for _, s := range []int{0, 1, 2} {
				if s != tc.winner && s != tc.loser {
					assert.Len(t, pileOf(g, s), 1, "the third concerned keeps their pile")
				}
			}
			assert.Equal(t, tc.winner, g.st.Turn)
		})
	}
}

// Spec, Play: no equal products: the next player in the direction reveals.
func TestAudit3NoEqualProductsNextPlayerReveals(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{f2, f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	assert.Equal(t, 1, g.st.Turn)
	play(t, g, 1, Flip(), 100)
	assert.Equal(t, KindNone, g.st.Win.Kind)
	assert.Equal(t, 2, g.st.Turn)
}

// --- Gluttony ---

// Spec, Play: a player who slaps when they may not (not concerned, wrong
// comparison, wrong reading of a special) takes every face-up card on the
// table under their deck; the player after them reveals next.
func TestAudit3GluttonyTakesEveryFaceUpCardAndThePlayerAfterReveals(t *testing.T) {
	for _, tc := range []struct {
		name          string
		piles         [][]Card // seats 0–2 face up
		reveal        Card     // seat 3 reveals it
		glutton, next int
	}{
		{"not concerned by the match", [][]Card{{Mult(3, 4)}, {f2}, {f5}}, Product(12), 1, 2},
		{"nothing matches", [][]Card{{f1}, {f2}, {f3}}, f5, 3, 0},
		{"a Dead end asks no slap (the player after, reversed)", [][]Card{{f1}, {f2}, {f3}}, Spec(DeadEnd), 0, 3},
		{"a Magic asks no slap", [][]Card{{f1}, {f2}, {f3}}, Spec(Magic), 2, 3},
		{"a Gift asks no slap", [][]Card{{f1}, {f2}, {f3}}, Spec(Gift), 1, 2},
		{"Seesaw: neither largest nor smallest", [][]Card{{Mult(1, 2)}, {Mult(5, 5)}, {Mult(3, 4)}}, Spec(Seesaw), 2, 3},
		{"Seesaw: only one number shown", [][]Card{{f2}, {Spec(Chase)}, {Spec(DeadEnd)}}, Spec(Seesaw), 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(4), []Card{f7, f7}, []Card{f7, f7}, []Card{f7, f7}, []Card{tc.reveal, f7, f7, f7, f7})
			withPiles(g, tc.piles...)
			g.st.Turn = 3
			play(t, g, 3, Flip(), 0)
			require.NotNil(t, g.st.Win)
			before := cardsOnTable(g)
			faceUp := 0
			for i := range g.st.Players {
				faceUp += len(pileOf(g, i))
			}
			deck := len(deckOf(g, tc.glutton))
			play(t, g, tc.glutton, Slap(), 500)
			assert.Equal(t, 1, g.Stats().Gluttonies)
			assert.Zero(t, g.Stats().Exchanges)
			for i := range g.st.Players {
				assert.Empty(t, pileOf(g, i), "every face-up card is taken")
			}
			assert.Len(t, deckOf(g, tc.glutton), deck+faceUp, "under the glutton's deck")
			assert.Equal(t, before, cardsOnTable(g))
			assert.Equal(t, tc.next, g.st.Turn, "the player after the glutton reveals")
			assert.Nil(t, g.st.Win, "the window closes")
		})
	}
}

// Spec, Play: gluttony includes a wrong comparison. A concerned student who
// names (with) a card showing another product than theirs claimed two
// different products equal: gluttony, and the attempts are the claim they
// made (incorrect). Before the fix the engine ignored the named card, gave
// them the exchange and logged two correct claims.
func TestAudit3WrongComparisonNamingAnotherProductIsGluttony(t *testing.T) {
	for _, tc := range []struct {
		name     string
		with     int
		glutton  bool
		attempts []games.Attempt
	}{
		{"the matching card named: a right slap", 1, false, []games.Attempt{
			{Seat: 0, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(300)},
			{Seat: 0, Kind: games.KindClaim, A: 2, B: 6, Given: intp(12), Correct: true, ResponseMS: msp(300)},
		}},
		{"another product named: a wrong comparison", 2, true, []games.Attempt{
			{Seat: 0, Kind: games.KindClaim, A: 3, B: 4, Given: intp(15), Correct: false, ResponseMS: msp(300)},
			{Seat: 0, Kind: games.KindClaim, A: 3, B: 5, Given: intp(12), Correct: false, ResponseMS: msp(300)},
		}},
		{"a special named: no comparison of products, the slap stands", 3, false, []games.Attempt{
			{Seat: 0, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(300)},
			{Seat: 0, Kind: games.KindClaim, A: 2, B: 6, Given: intp(12), Correct: true, ResponseMS: msp(300)},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(4), []Card{Mult(3, 4), f1}, []Card{f2}, []Card{f3}, []Card{f5})
			withPiles(g, []Card{f7}, []Card{Mult(2, 6)}, []Card{Mult(3, 5)}, []Card{Spec(DeadEnd)})
			play(t, g, 0, Flip(), 300) // 3×4 meets 2×6
			require.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
			st := play(t, g, 0, SlapWith(tc.with), 600)
			assert.Equal(t, tc.attempts, st.Attempts)
			if tc.glutton {
				assert.Equal(t, 1, g.Stats().Gluttonies)
				assert.Zero(t, g.Stats().Exchanges)
				assert.Len(t, deckOf(g, 0), 1+5, "every face-up card under the glutton's deck")
				i := slices.IndexFunc(st.Events, func(e games.Event) bool { return e.Type == "gluttony" })
				require.GreaterOrEqual(t, i, 0)
				assert.Equal(t, true, st.Events[i].Data["wrong_pair"], "the log says a match was there, the named card was not it")
			} else {
				assert.Zero(t, g.Stats().Gluttonies)
				assert.Equal(t, 1, g.Stats().Won[0])
			}
		})
	}
}

// With two players a slap is made with the pile that needs it; naming a
// card picks the pile that matches it, so a right comparison is never
// judged on the player's other pile (which would now be a wrong one).
func TestAudit3TwoPlayersNamingACardSlapsWithThePileThatMatchesIt(t *testing.T) {
	g := rig2(t, Config{}, []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{Mult(3, 5), f3}, []Card{Product(15), f5})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, [][]int{{0, 1}, {2, 3}}, g.st.Win.Groups)
	st := play(t, g, 0, SlapWith(3), 500) // A names B2's 15: A2's 3×5
	assert.Zero(t, g.Stats().Gluttonies)
	assert.Equal(t, 2, g.st.Win.Slaps[0].Seat, "A slapped with A2")
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.Attempt{Seat: 0, Kind: games.KindClaim, A: 3, B: 5, Given: intp(15), Correct: true, ResponseMS: msp(200)}, st.Attempts[0])
}

// --- Special cards ---

// Spec, Chase: everybody slaps; the slowest puts their own face-up pile
// under their deck; the fastest reveals next.
func TestAudit3ChaseSlowestPutsTheirPileUnderTheirDeckFastestReveals(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f5}, []Card{f2, f7}, []Card{Spec(Chase), f3})
	for s := range 3 {
		play(t, g, s, Flip(), int64(100*s))
	}
	require.Equal(t, KindChase, g.st.Win.Kind)
	assert.ElementsMatch(t, []int{0, 1, 2}, g.Waiting(), "everybody slaps")
	play(t, g, 1, Slap(), 300)
	play(t, g, 2, Slap(), 400) // the revealer slaps too; seat 0 is the slowest
	assert.Equal(t, 1, g.Stats().Chases)
	assert.Empty(t, pileOf(g, 0))
	assert.Equal(t, []Card{f5, f1}, deckOf(g, 0))
	assert.Equal(t, []Card{f2}, pileOf(g, 1), "the others keep their piles")
	assert.Equal(t, []Card{Spec(Chase)}, pileOf(g, 2))
	assert.Equal(t, 1, g.st.Turn, "the fastest reveals next")
	assert.Zero(t, g.Stats().Gluttonies)
}

// Spec, Dead end: the direction reverses.
func TestAudit3DeadEndReversesTheDirection(t *testing.T) {
	g := rig(t, students(4), []Card{f1, f1}, []Card{Spec(DeadEnd), f2}, []Card{f3, f3}, []Card{f5, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.False(t, g.SeatView(0).Clockwise)
	assert.Equal(t, 0, g.st.Turn, "back to the player before")
	play(t, g, 0, Flip(), 200)
	assert.Equal(t, 3, g.st.Turn)
}

// Spec, Magic: on the next round all players reveal together, then matches
// and specials are checked.
func TestAudit3MagicNextRoundEverybodyRevealsTogether(t *testing.T) {
	g := rig(t, students(3), []Card{Spec(Magic), Mult(3, 4)}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	assert.True(t, g.SeatView(0).Magic)
	play(t, g, 1, Flip(), 100) // one flip: everybody reveals
	assert.Equal(t, []Card{Spec(Magic), Mult(3, 4)}, pileOf(g, 0))
	assert.Equal(t, []Card{Product(12)}, pileOf(g, 1))
	assert.Equal(t, []Card{f3}, pileOf(g, 2))
	assert.False(t, g.SeatView(0).Magic)
	assert.Equal(t, KindMatch, g.st.Win.Kind, "then matches are checked")
	assert.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
}

// Spec, Seesaw: the largest and the smallest product (specials ignored) may
// slap; the faster gives their pile to the other, as for equal products.
func TestAudit3SeesawLargestAgainstSmallest(t *testing.T) {
	for _, tc := range []struct {
		name           string
		slapper, loser int
	}{{"the largest is faster", 1, 0}, {"the smallest is faster", 0, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(4), []Card{Mult(1, 2), f1}, []Card{Mult(5, 5), f2}, []Card{Mult(3, 4), f3}, []Card{Spec(Seesaw), f5})
			for s := range 4 {
				play(t, g, s, Flip(), int64(100*s))
			}
			require.Equal(t, KindSeesaw, g.st.Win.Kind)
			require.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
			play(t, g, tc.slapper, Slap(), 500)
			assert.Equal(t, 1, g.Stats().Exchanges)
			assert.Empty(t, pileOf(g, tc.slapper))
			assert.Empty(t, pileOf(g, tc.loser))
			assert.Len(t, deckOf(g, tc.loser), 3)
			assert.Len(t, pileOf(g, 2), 1)
			assert.Equal(t, tc.slapper, g.st.Turn)
		})
	}
}

// Spec, Seesaw: if only one player shows a number, nobody slaps.
func TestAudit3SeesawWithOneNumberNobodySlaps(t *testing.T) {
	g := rig(t, students(3), []Card{f2, f1}, []Card{Spec(Seesaw), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	require.Equal(t, KindSeesaw, g.st.Win.Kind)
	assert.Empty(t, g.st.Win.Groups)
	assert.Equal(t, []int{2}, g.Waiting(), "nobody is asked to slap: only the turn holder is waited for")
	play(t, g, 0, Slap(), 300)
	assert.Equal(t, 1, g.Stats().Gluttonies)
}

// Spec, Ambush: everybody may slap; the revealer wins: nothing happens;
// otherwise every other player gives them the top card of their deck.
func TestAudit3AmbushEverybodyGivesTheRevealerACardUnlessTheyWin(t *testing.T) {
	for _, tc := range []struct {
		name     string
		winner   int
		revealer []Card
		gave     bool
	}{{"the revealer wins", 2, []Card{f3}, false}, {"another player wins", 0, []Card{f3, f5, f7}, true}} {
		t.Run(tc.name, func(t *testing.T) {
			g := rig(t, students(3), []Card{f1, f5, f1}, []Card{f2, f7, f2}, []Card{Spec(Ambush), f3})
			for s := range 3 {
				play(t, g, s, Flip(), int64(100*s))
			}
			require.Equal(t, KindAmbush, g.st.Win.Kind)
			play(t, g, tc.winner, Slap(), 300)
			assert.Equal(t, 1, g.Stats().Ambushes)
			assert.Equal(t, tc.revealer, deckOf(g, 2))
			if tc.gave {
				assert.Equal(t, []Card{f1}, deckOf(g, 0))
				assert.Equal(t, []Card{f2}, deckOf(g, 1))
			} else {
				assert.Len(t, deckOf(g, 0), 2)
				assert.Len(t, deckOf(g, 1), 2)
			}
			assert.Zero(t, g.Stats().Gluttonies)
			assert.Equal(t, tc.winner, g.st.Turn, "the winner reveals next")
		})
	}
}

// Spec, Gift: the player who revealed it gives one card (top of their deck)
// to each other player.
func TestAudit3GiftGivesATopCardToEachOtherPlayer(t *testing.T) {
	g := rig(t, students(3), []Card{Spec(Gift), Mult(2, 2), Mult(3, 3), f5}, []Card{f2}, []Card{f3})
	play(t, g, 0, Flip(), 0)
	assert.Equal(t, []Card{f5}, deckOf(g, 0))
	assert.Equal(t, []Card{f2, Mult(2, 2)}, deckOf(g, 1), "under their deck")
	assert.Equal(t, []Card{f3, Mult(3, 3)}, deckOf(g, 2))
}

// --- End ---

// Spec, End: the first player with no cards left is the Champion; play
// continues until two players remain, the two losers.
func TestAudit3ChampionFirstThenPlayUntilTwoRemain(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4)}, []Card{f2}, []Card{f3, Product(2), f1}, []Card{Product(12), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	play(t, g, 0, Slap(), 500) // seat 0 gives its last card away
	c, ok := g.Champion()
	require.True(t, ok)
	assert.Equal(t, 0, c)
	assert.False(t, g.Over(), "three players remain: play goes on")
	assert.Nil(t, g.Legal(0), "the champion is out")
	assert.Equal(t, 2, g.st.Turn, "seat 1 has no deck: skipped")
	play(t, g, 2, Flip(), 1000) // 2 meets seat 1's 1×2
	play(t, g, 1, Slap(), 1200) // seat 1 gives its last card away
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, ReasonChampion, r.Reason)
	assert.Equal(t, []int{0}, r.Winners, "the champion alone wins")
	assert.Equal(t, []int{2, 1, 0, 0}, r.Scores, "places; the two left are the losers")
}

// Spec, End (booklet part VI): a player whose last card is a special may
// still win an exchange when two others match.
func TestAudit3LastCardSpecialMayWinWhenTwoOthersMatch(t *testing.T) {
	g := rig(t, students(4), []Card{Spec(DeadEnd)}, []Card{f2, f1}, []Card{Mult(3, 4), f3}, []Card{f5, f5})
	withPiles(g, nil, []Card{Product(12)}, nil, nil)
	play(t, g, 0, Flip(), 0)   // Dead end: seat 3 next
	play(t, g, 3, Flip(), 100) // 1×5
	play(t, g, 2, Flip(), 200) // 3×4 meets seat 1's 12
	require.Equal(t, []int{0}, g.st.Win.Extra, "seat 0: no deck, a special on top")
	play(t, g, 0, Slap(), 300)
	assert.Zero(t, g.Stats().Gluttonies)
	c, ok := g.Champion()
	require.True(t, ok)
	assert.Equal(t, 0, c, "seat 0 gave its pile to the two")
}

// --- Digital edition: time ---

// Spec, Digital: the server rejects slaps before the card was shown or
// after the window closed; a slap at the deadline still counts.
func TestAudit3SlapsOutsideTheWindowAreRefused(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	refused(t, g, 1, Slap(), 0, "cats.window_closed")
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	refused(t, g, 1, Slap(), 50, "game.bad_time")
	play(t, g, 1, Slap(), 100+DefaultWindowMS)
	assert.Equal(t, 1, g.Stats().Won[1], "at the deadline: counts")

	g = rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	refused(t, g, 1, Slap(), 101+DefaultWindowMS, "cats.window_closed")
}

// Spec, Digital: the window closes after a configurable time (lengthened
// for a child who needs it, never switched off).
func TestAudit3WindowIsConfigurableNeverSwitchedOff(t *testing.T) {
	for _, tc := range []struct {
		window, deadline int
		ok               bool
	}{{0, DefaultWindowMS, true}, {2000, 2000, true}, {60000, 60000, true}, {-1, 0, false}, {60001, 0, false}} {
		g, err := New(Config{Level: LearningLevel(5), Seats: students(3), WindowMS: tc.window}, 1)
		if !tc.ok {
			assert.Error(t, err, "window %d", tc.window)
			continue
		}
		require.NoError(t, err)
		play(t, g, 0, Flip(), 10)
		assert.EqualValues(t, 10+tc.deadline, g.st.Win.Deadline, "window %d", tc.window)
	}
}

// --- Attempts ---

// Spec, Attempts: every row of the table, and the rule that every
// multiplication a student does or misses is logged.
func TestAudit3AttemptsFollowTheSpecTable(t *testing.T) {
	t.Run("right slap on a match: a claim per multiplication card, given the other card's product", func(t *testing.T) {
		g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Mult(2, 6), f2}, []Card{f3, f5})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100)
		st := play(t, g, 0, Slap(), 600)
		assert.Equal(t, []games.Attempt{
			{Seat: 0, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(500)},
			{Seat: 0, Kind: games.KindClaim, A: 2, B: 6, Given: intp(12), Correct: true, ResponseMS: msp(500)},
		}, st.Attempts)
		st = play(t, g, 1, Slap(), 900)
		assert.Len(t, st.Attempts, 2, "a late slap of the concerned loser is still a right claim")
		assert.True(t, st.Attempts[0].Correct)
	})
	t.Run("gluttony: the cards claimed, the value claimed equal, incorrect", func(t *testing.T) {
		g := rig(t, students(3), []Card{Mult(2, 7), f1}, []Card{Mult(3, 5), f2}, []Card{Product(16), f3})
		for s := range 3 {
			play(t, g, s, Flip(), int64(100*s))
		}
		st := play(t, g, 2, Slap(), 700) // 16: nearest product 15
		assert.Equal(t, []games.Attempt{
			{Seat: 2, Kind: games.KindClaim, A: 3, B: 5, Given: intp(16), Correct: false, ResponseMS: msp(500)},
		}, st.Attempts)
	})
	t.Run("concerned and no slap before the window closed: missed", func(t *testing.T) {
		g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100)
		st, err := g.Advance(100 + DefaultWindowMS)
		require.NoError(t, err)
		assert.Equal(t, []games.Attempt{
			games.Missed(0, games.Fact{A: 3, B: 4}),
			games.Missed(1, games.Fact{A: 3, B: 4}), // the product card's holder missed the fact
		}, st.Attempts)
	})
	t.Run("concerned, the other slapped first, no slap: missed", func(t *testing.T) {
		g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Mult(6, 2), f2}, []Card{f3, f5})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100)
		play(t, g, 1, Slap(), 400)
		st := play(t, g, 1, Flip(), 1000) // the winner reveals: the window closes
		assert.Equal(t, []games.Attempt{games.Missed(0, games.Fact{A: 3, B: 4})}, st.Attempts)
	})
	t.Run("Seesaw, the student largest or smallest: a claim on their card, its product", func(t *testing.T) {
		g := rig(t, students(4), []Card{Mult(1, 2), f1}, []Card{Mult(5, 5), f2}, []Card{Mult(3, 4), f3}, []Card{Spec(Seesaw), f5})
		for s := range 4 {
			play(t, g, s, Flip(), int64(100*s))
		}
		st := play(t, g, 1, Slap(), 800)
		assert.Equal(t, []games.Attempt{
			{Seat: 1, Kind: games.KindClaim, A: 5, B: 5, Given: intp(25), Correct: true, ResponseMS: msp(500)},
		}, st.Attempts)
	})
	t.Run("computer cats log nothing", func(t *testing.T) {
		g := rig(t, []games.Seat{bot(games.BotStrong), bot(games.BotStrong), bot(games.BotStrong)},
			[]Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
		for k := 0; k < 20 && !g.Over(); k++ {
			next, ok := g.Next()
			require.True(t, ok)
			st, err := g.Advance(next)
			require.NoError(t, err)
			assert.Empty(t, st.Attempts)
		}
	})
}

// Spec, Attempts: "the student was concerned by a match and did not slap
// before the window closed: missed". When the exchange settled at the
// window's deadline ends the game (its winner gave their last card away),
// the concerned students who never slapped still missed it; the engine
// returned before logging them.
func TestAudit3MissedIsLoggedWhenTheGameEndsAtTheWindowsClose(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, nil, []Card{Product(12), f3})
	withPiles(g, nil, []Card{Mult(2, 6)}, nil) // seat 1: no deck, its last card face up
	play(t, g, 0, Flip(), 0)
	play(t, g, 2, Flip(), 100) // seat 1 is skipped: 3×4, 2×6 and 12
	require.Equal(t, [][]int{{0, 1, 2}}, g.st.Win.Groups)
	play(t, g, 1, Slap(), 500) // one slap of three: settled at the deadline
	st, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	require.True(t, g.Over(), "seat 1 gave its last card away: two players left")
	assert.Equal(t, []games.Attempt{
		games.Missed(0, games.Fact{A: 3, B: 4}),
		games.Missed(2, games.Fact{A: 3, B: 4}),
		games.Missed(2, games.Fact{A: 2, B: 6}),
	}, st.Attempts)
}

// The same when the exchange that ends the game is settled by a slap, before
// the window's close: the other concerned student, who did not slap, missed
// the match as they would have in the middle of a game (there the window's
// close at the next reveal logs it; here no reveal comes).
func TestAudit3MissedIsLoggedWhenASlapEndsTheGame(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4)}, []Card{Product(12), f1}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0) // seat 0's last card: 3×4
	play(t, g, 1, Flip(), 100)
	require.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
	st := play(t, g, 0, Slap(), 400) // the faster gives away their last card
	require.True(t, g.Over(), "seat 0 has no card left: two players remain")
	assert.Contains(t, st.Attempts, games.Missed(1, games.Fact{A: 3, B: 4}))
}

// --- Variants ---

// Spec, End: the infinite game: a point per emptied hand, refill from the
// richest; play goes on until a student stops it; fewest points lose.
func TestAudit3InfiniteGameAPointPerEmptiedHandAndRefill(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true},
		[]Card{Mult(3, 4)}, append([]Card{f2}, fillers(39)...), append([]Card{Product(12)}, fillers(29)...))
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	total := cardsOnTable(g)
	play(t, g, 0, Slap(), 500)
	assert.Equal(t, []int{1, 0, 0}, g.Points())
	assert.Len(t, deckOf(g, 0), RefillCards(3), "15 cards back with three players")
	assert.Equal(t, total, cardsOnTable(g))
	assert.False(t, g.Over())
	assert.Empty(t, g.st.Finished)
	play(t, g, 1, Stop(), 600)
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, ReasonStopped, r.Reason)
	assert.Equal(t, []int{0}, r.Winners)

	plain := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{f3})
	refused(t, plain, 0, Stop(), 0, "cats.not_infinite")
}

// Spec, End: the advanced "Souris !" call (booklet: after a match two
// players let pass, the others may call once the next player has put down
// a card; the two put their face-up cards under their deck and the fastest
// caller reveals; a wrong caller puts their own face-up cards under their
// deck).
func TestAudit3SourisCallRightAndWrong(t *testing.T) {
	t.Run("right", func(t *testing.T) {
		g := rigWith(t, Config{Seats: students(4), SourisCall: true},
			[]Card{Mult(3, 4), f1}, []Card{Mult(2, 6), f2}, []Card{f3, f5}, []Card{f7, f1})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100) // 3×4 and 2×6: nobody slaps
		play(t, g, 2, Flip(), 200) // the next player puts a card down
		st := play(t, g, 3, Souris(), 900)
		assert.Equal(t, 1, g.Stats().Souris)
		assert.Equal(t, []Card{f1, Mult(3, 4)}, deckOf(g, 0))
		assert.Equal(t, []Card{f2, Mult(2, 6)}, deckOf(g, 1))
		assert.Equal(t, []Card{f3}, pileOf(g, 2))
		assert.Equal(t, 3, g.st.Turn, "the caller reveals next")
		assert.Equal(t, []games.Attempt{
			{Seat: 3, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(700)},
			{Seat: 3, Kind: games.KindClaim, A: 2, B: 6, Given: intp(12), Correct: true, ResponseMS: msp(700)},
		}, st.Attempts)
	})
	t.Run("wrong", func(t *testing.T) {
		g := rigWith(t, Config{Seats: students(4), SourisCall: true},
			[]Card{f1, f1}, []Card{f2, f2}, []Card{f3, f5}, []Card{f7, f1})
		withPiles(g, nil, nil, nil, []Card{f5})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100)
		st := play(t, g, 3, Souris(), 300)
		assert.Empty(t, st.Attempts)
		assert.Empty(t, pileOf(g, 3))
		assert.Equal(t, []Card{f7, f1, f5}, deckOf(g, 3))
		assert.Equal(t, []Card{f1}, pileOf(g, 0), "the others keep theirs")
		assert.Equal(t, 2, g.st.Turn, "the turn holder reveals")
	})
	t.Run("off unless chosen", func(t *testing.T) {
		g := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{f3})
		play(t, g, 0, Flip(), 0)
		refused(t, g, 1, Souris(), 100, "cats.no_souris")
	})
}

// Spec, Play: what happens to cards: no card is created or lost, whatever
// the options (computer games with every special and both variants).
func TestAudit3CardsAreConservedWithEveryOption(t *testing.T) {
	for seed := range uint64(6) {
		cfg := Config{Level: LearningLevel(10), Seats: []games.Seat{bot(1), bot(2), bot(3), bot(2)}, Specials: true,
			Infinite: seed%2 == 1, SourisCall: true, MaxReveals: 800}
		if seed >= 4 {
			cfg.Seats = cfg.Seats[:2]
		}
		g, err := New(cfg, seed)
		require.NoError(t, err)
		for !g.Over() {
			next, ok := g.Next()
			require.True(t, ok)
			_, err := g.Advance(next)
			require.NoError(t, err)
			require.Equal(t, 160, cardsOnTable(g), "seed %d", seed)
		}
	}
}
