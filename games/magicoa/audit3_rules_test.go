package magicoa

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Third audit of the rules: one scenario per rule of the spec (and of the
// booklet where the spec is silent), named for the rule. The scenarios go
// through Play and Apply as a player would, and check the state only where
// the rule is about it.

// a3FinishRound has every awaited seat play its first legal move (a correct
// answer in the multiplication edition) until the round number changes or
// the game ends. It returns the seats in the order they placed a card.
func a3FinishRound(t testing.TB, g *Game) []int {
	t.Helper()
	round, match := g.s.Round, g.s.Match
	var placers []int
	for !g.Over() && g.s.Round == round && g.s.Match == match {
		seat := g.Waiting()[0]
		m := g.Legal(seat)[0]
		if m.Type == MoveAnswer {
			m.Product = a3Right(g, seat)
		}
		if m.Type == MovePlace {
			placers = append(placers, seat)
		}
		_, err := g.Play(seat, m, g.s.Clock)
		require.NoError(t, err)
	}
	return placers
}

// a3Right is the right answer to the question seat is asked now.
func a3Right(g *Game, seat int) int {
	if g.s.Phase == PhaseTriple {
		for _, q := range g.s.Triples {
			if q.Seat == seat {
				return 3 * q.Points
			}
		}
	}
	return g.currentCard(seat).Value
}

// a3Answer has seat answer the product of the card it places now, rightly.
func a3Answer(t testing.TB, g *Game, seat int) games.Step {
	t.Helper()
	st, err := g.Play(seat, Move{Type: MoveAnswer, Product: g.currentCard(seat).Value}, g.s.Clock)
	require.NoError(t, err)
	return st
}

// a3Card gives seat the multiplication card f as its card id.
func a3Card(g *Game, seat, id int, f games.Fact) {
	g.s.Gold[seat][id] = GoldCard{ID: id, Fact: f, Value: f.Product()}
}

// Set-up: as many potions as players in a row, Potion face up but the last,
// which stays Power face up; the rest is a pile, Power face up; each player
// holds 12 gold cards; the youngest (the start seat) holds the first-player
// card.
func TestSetupLaysOnePotionPerPlayerTheLastPowerFaceUpAndTheRestAsAPile(t *testing.T) {
	for n := 2; n <= 6; n++ {
		g, err := New(Config{Seats: students(n), StartSeat: n - 1}, uint64(n))
		require.NoError(t, err)
		require.Len(t, g.s.Layout, n)
		assert.Len(t, g.s.Pile, 37-n, "%d players: the rest is the pile", n)
		ids := map[int]bool{}
		for _, sl := range g.s.Layout {
			ids[sl.Potion.ID] = true
			assert.Empty(t, sl.Bids)
		}
		for _, p := range g.s.Pile {
			ids[p.ID] = true
		}
		assert.Len(t, ids, 37, "every potion once")
		for s := range n {
			v := g.view(s)
			for i, sl := range v.Layout {
				assert.Equal(t, i == n-1, sl.Potion.Hidden, "%d players, slot %d seen by %d", n, i, s)
			}
			assert.Equal(t, g.s.Layout[n-1].Potion.Power, v.Layout[n-1].Potion.Power, "the Power face shows the power")
			assert.True(t, v.PileTop.Hidden, "the pile lies Power face up")
			assert.Len(t, v.Hand, GoldPerPlayer)
			assert.Empty(t, v.Chosen)
		}
		assert.Equal(t, n-1, g.s.First)
		assert.Equal(t, PhaseChoose, g.s.Phase)
		assert.Equal(t, 1, g.s.Round)
	}
}

// Set-up: the potions are shuffled (the game's seed decides the order).
func TestSetupShufflesThePotions(t *testing.T) {
	orders := map[string]bool{}
	for seed := range uint64(10) {
		g, err := New(Config{Seats: students(4)}, seed)
		require.NoError(t, err)
		orders[mustJSON(t, g.s.Layout)+mustJSON(t, g.s.Pile)] = true
	}
	assert.Len(t, orders, 10)
}

// A round: every player picks two new gold cards from their hand; the cards
// played the round before are out of the game.
func TestEachRoundEveryPlayerChoosesTwoMoreCardsFromTheirHand(t *testing.T) {
	g := newClassic(t, 3)
	chooseValues(t, g, [2]int{12, 11}, [2]int{1, 2}, [2]int{3, 4})
	a3FinishRound(t, g)
	require.Equal(t, 2, g.s.Round)
	assert.Equal(t, PhaseChoose, g.s.Phase)
	assert.ElementsMatch(t, []int{0, 1, 2}, g.Waiting(), "everybody chooses, in any order")
	for s := range 3 {
		assert.Len(t, g.hand(s), 10)
	}
	_, err := g.Play(0, Move{Type: MoveChoose, Cards: []int{11, 0}}, 0)
	assert.Equal(t, "magicoa.not_in_hand", ruleCode(t, err), "the 12 was played in round 1")
}

// Secret choice: the second chosen card stays face down while the first is
// placed; only its owner knows it.
func TestSecondChosenCardStaysFaceDownUntilItIsPlayed(t *testing.T) {
	views := make([]string, 2)
	for k, second := range []int{1, 2} {
		g := newClassic(t, 2)
		setLayout(g, 3, 4)
		chooseValues(t, g, [2]int{12, second}, [2]int{5, 6})
		place(t, g, 0, 0)
		views[k] = mustJSON(t, g.View(1))
		assert.Equal(t, []CardView{{ID: second - 1, Value: second}}, g.view(0).Chosen, "the owner sees it")
	}
	assert.Equal(t, views[0], views[1], "seat 1 cannot tell seat 0's second card")
}

// Order of play: the first player, then clockwise; first cards, then second
// cards; the first-player card moves to the left every round.
func TestPlacementOrderFollowsTheFirstPlayerCardRoundAfterRound(t *testing.T) {
	g, err := New(Config{Seats: students(3), StartSeat: 1}, 5)
	require.NoError(t, err)
	want := [][]int{{1, 2, 0, 1, 2, 0}, {2, 0, 1, 2, 0, 1}, {0, 1, 2, 0, 1, 2}, {1, 2, 0, 1, 2, 0}}
	for r, order := range want {
		require.Equal(t, r+1, g.s.Round)
		placed := a3FinishRound(t, g)
		// A discarded card would be missing from the order; with these moves
		// (every seat's first legal one) no card is discarded.
		assert.Equal(t, order, placed, "round %d", r+1)
	}
}

// Placing: a cover is compared with the card on top of the potion, not the
// cards it buried: a card between the two may not cover.
func TestCoverIsComparedWithTheTopCardOnly(t *testing.T) {
	g := newClassic(t, 3)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{3, 1}, [2]int{9, 2}, [2]int{5, 10})
	place(t, g, 0, 0)
	place(t, g, 1, 0) // 9 over 3
	_, err := g.Play(2, Move{Type: MovePlace, Potion: 0}, 0)
	assert.Equal(t, "magicoa.not_greater", ruleCode(t, err), "5 beats the buried 3, not the 9 on top")
	place(t, g, 2, 1)
	place(t, g, 0, 2)
	place(t, g, 1, 2) // 2 over 1
	_, err = g.Play(2, Move{Type: MovePlace, Potion: 0}, 0)
	require.NoError(t, err, "10 over 9")
	assert.Equal(t, 0, g.Score(0), "the covered 3 wins nothing")
	assert.Equal(t, 5, g.Score(1))
	assert.Equal(t, 3+4, g.Score(2))
}

// Placing: the booklet does not forbid covering your own card.
func TestCoverOfYourOwnCardIsAllowed(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{5, 9}, [2]int{1, 2})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	assert.Contains(t, g.Legal(0), Move{Type: MovePlace, Potion: 0})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	assert.Equal(t, 3, g.Score(0), "seat 0's 9 over its own 5 wins")
}

// Placing: a card goes on a free potion even when it is lower than every
// card placed; it is discarded only when no potion is free.
func TestLowCardIsNotDiscardedWhileAPotionIsFree(t *testing.T) {
	g := newClassic(t, 3)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{10, 1}, [2]int{11, 2}, [2]int{1, 12})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	assert.Equal(t, []Move{{Type: MovePlace, Potion: 2}}, g.Legal(2), "the 1 goes on the only free potion")
	assert.Zero(t, g.s.Stats.Discards)
	place(t, g, 2, 2)
	assert.Equal(t, 1, g.s.Stats.Discards, "then seat 0's 1 fits nowhere")
}

// Placing: a card lower than every card placed, with no potion free, leaves
// the game: it wins nothing and the next player places.
func TestDiscardedCardLeavesTheGameAndWinsNothing(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{7, 1}, [2]int{8, 12})
	place(t, g, 0, 0)
	st := place(t, g, 1, 1)
	require.Equal(t, "discarded", st.Events[len(st.Events)-1].Type)
	assert.Equal(t, 0, st.Events[len(st.Events)-1].Seat)
	assert.Equal(t, Played, g.s.Where[0][0])
	assert.Equal(t, []int{1}, g.Waiting(), "seat 1 places its second card")
	place(t, g, 1, 0)
	assert.Empty(t, g.s.Won[0])
	assert.Len(t, g.s.Won[1], 2)
}

// Hidden potion: the Power-face potion may be bid on like any other; won it
// is revealed, unwon it leaves the game unseen.
func TestHiddenPotionMayBeBidOnAndLeavesUnseenWhenUnwon(t *testing.T) {
	g := newClassic(t, 2)
	hidden := g.s.Layout[1].Potion
	chooseValues(t, g, [2]int{1, 3}, [2]int{2, 4})
	assert.Contains(t, g.Legal(0), Move{Type: MovePlace, Potion: 1})
	for g.s.Round == 1 {
		s := g.Waiting()[0]
		m := g.Legal(s)[0]
		if m.Type == MovePlace {
			m.Potion = 0 // everybody bids on the Potion-face one
		}
		_, err := g.Play(s, m, 0)
		require.NoError(t, err)
	}
	assert.Contains(t, g.s.Out, hidden)
	assert.False(t, g.s.Public[hidden.ID], "nobody saw its points")
}

// Collect: each potion goes to the owner of its top card, so one player may
// win several potions in a round and another none.
func TestOnePlayerMayWinSeveralPotionsInARound(t *testing.T) {
	g := newClassic(t, 3)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{10, 11}, [2]int{1, 2}, [2]int{3, 4})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 2, 2)
	place(t, g, 0, 1) // 11 over 1; seat 1's 2 then fits nowhere
	place(t, g, 2, 2)
	require.Equal(t, 2, g.s.Round)
	assert.Equal(t, []int{3 + 4, 0, 5}, []int{g.Score(0), g.Score(1), g.Score(2)})
}

// Powers: the winners of power potions choose in turn order from the first
// player (platform decision), once everything is collected.
func TestPowerChoicesAreAskedInTurnOrderFromTheFirstPlayer(t *testing.T) {
	g, err := New(Config{Seats: students(3), StartSeat: 1}, 2)
	require.NoError(t, err)
	setLayout(g, 3, 4, 5)
	g.s.Layout[0].Potion.Power = DoubleBid
	g.s.Layout[2].Potion.Power = Equality
	chooseValues(t, g, [2]int{12, 4}, [2]int{1, 2}, [2]int{11, 3})
	place(t, g, 1, 1)
	place(t, g, 2, 2)
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 2, 1)
	place(t, g, 0, 1)
	require.Equal(t, PhasePower, g.s.Phase)
	assert.Equal(t, []int{2}, g.Waiting(), "seat 2 follows the first player, seat 1")
	_, err = g.Play(2, Move{Type: MovePower, Activate: true}, 0)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, g.Waiting())
	assert.Equal(t, DoubleBid, g.view(0).Deciding.Power)
}

// Powers: nobody holds the same power twice; two potions of one power won
// in the same round: the first may be activated, the second keeps its points.
func TestTwoPotionsOfTheSamePowerInOneRoundTheSecondKeepsItsPoints(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	g.s.Layout[0].Potion.Power = Equality
	g.s.Layout[1].Potion.Power = Equality
	chooseValues(t, g, [2]int{11, 12}, [2]int{1, 2})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 0, 1) // seat 1's 2 then fits nowhere
	require.Equal(t, []int{0}, g.Waiting())
	_, err := g.Play(0, Move{Type: MovePower, Activate: true}, 0)
	require.NoError(t, err)
	assert.Equal(t, PhaseChoose, g.s.Phase, "no second question")
	assert.Equal(t, []Power{Equality}, g.view(1).Players[0].Powers)
	assert.Equal(t, 4, g.Score(0), "the first potion's 3 points are lost, the second keeps its 4")
}

// Powers: a power is chosen after the bidding and the exchanges, so it works
// from the next round on (Exchange activated in round 1 is first used
// after the bidding of round 2).
func TestNewPowerWorksFromTheNextRound(t *testing.T) {
	g := newClassic(t, 2)
	winPowerPotion(t, g, Exchange, 4)
	_, err := g.Play(0, Move{Type: MovePower, Activate: true}, 0)
	require.NoError(t, err)
	require.Equal(t, 2, g.s.Round)
	for g.s.Phase != PhaseExchange {
		s := g.Waiting()[0]
		_, err := g.Play(s, g.Legal(s)[0], 0)
		require.NoError(t, err)
		require.Equal(t, 2, g.s.Round, "round 2 has its exchange")
	}
	assert.Equal(t, []int{0}, g.Waiting())
}

// Triple Blue / Triple Green: the holder's potions of that colour kept for
// their points are worth 3, whenever they were won; nobody else's.
func TestTriplePowerTriplesOnlyItsHoldersPotionsOfItsColour(t *testing.T) {
	g := newClassic(t, 2)
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Blue, Points: 1}},
		{Potion: Potion{ID: 3, Colour: Green, Points: 1}}, {Potion: Potion{ID: 4, Colour: Blue, Points: 1, Power: DoubleBid}, Active: true}}
	g.s.Won[1] = []Held{{Potion: Potion{ID: 5, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 6, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue)
	assert.Equal(t, 3+3+1+0, g.Score(0), "an activated blue potion stays at 0")
	assert.Equal(t, 2, g.Score(1))
	give(g, 1, TripleGreen)
	assert.Equal(t, 2, g.Score(1), "Triple Green does nothing for blue potions")
}

// Double bid: one card across two neighbours bids on both, so it may cover
// a card on each side at once.
func TestDoubleBidOverTwoCardsCoversBoth(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, DoubleBid)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{3, 4}, [2]int{1, 9})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 0, 1) // 4 over 1
	_, err := g.Play(1, Move{Type: MovePlace, Potion: 0, Double: true}, 0)
	require.NoError(t, err)
	assert.Empty(t, g.s.Won[0])
	assert.Equal(t, 3+4, g.Score(1), "seat 1 wins both potions")
}

// Exchange: after the bidding the holder alone looks at the pile top and may
// swap it with an auctioned potion; the bids stay, the potion taken out goes
// on the pile, and the next round lays it out again.
func TestExchangeSwapsThePileTopInAndPutsTheRowPotionOnThePile(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, Exchange)
	setLayout(g, 3, 4)
	top := Potion{ID: 150, Colour: Yellow, Points: 6}
	g.s.Pile[len(g.s.Pile)-1] = top
	pile := len(g.s.Pile)
	chooseValues(t, g, [2]int{8, 9}, [2]int{1, 2})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 0, 1) // seat 1's 2 then fits nowhere
	require.Equal(t, PhaseExchange, g.s.Phase)
	assert.Equal(t, []int{1}, g.Waiting())
	assert.True(t, g.view(0).PileTop.Hidden)
	assert.Equal(t, PotionView{ID: 150, Colour: Yellow, Points: 6}, *g.view(1).PileTop)
	out := g.s.Layout[1].Potion
	_, err := g.Play(1, Move{Type: MoveExchange, Potion: 1}, 0)
	require.NoError(t, err)
	assert.Equal(t, []Held{{Potion: g.s.Won[0][0].Potion}, {Potion: top}}, g.s.Won[0], "seat 0's 9 wins the potion swapped in")
	require.Equal(t, 2, g.s.Round)
	assert.Equal(t, out, g.s.Layout[0].Potion, "the potion taken out lay on the pile")
	assert.Len(t, g.s.Pile, pile-2)
}

// Exchange: the holder may also pass; the row is auctioned as it was.
func TestExchangePassLeavesTheRowAsItWas(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, Exchange)
	setLayout(g, 3, 4)
	top := g.s.Pile[len(g.s.Pile)-1]
	chooseValues(t, g, [2]int{8, 9}, [2]int{1, 2})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 0, 1)
	_, err := g.Play(1, Move{Type: MovePass}, 0)
	require.NoError(t, err)
	assert.Equal(t, 3+4, g.Score(0))
	assert.Equal(t, top, g.s.Layout[0].Potion, "the pile top is laid out next round")
}

// Exchange: "after each bidding phase", the last round's too (six players
// leave one potion in the pile).
func TestExchangeComesAfterEveryBiddingPhaseEvenTheLast(t *testing.T) {
	g := newClassic(t, 6)
	give(g, 3, Exchange)
	exchanges := map[int]bool{}
	for !g.Over() {
		s := g.Waiting()[0]
		if g.s.Phase == PhaseExchange {
			assert.Equal(t, 3, s)
			exchanges[g.s.Round] = true
		}
		_, err := g.Play(s, g.Legal(s)[0], 0)
		require.NoError(t, err)
	}
	assert.Len(t, exchanges, RoundsPerGame)
}

// Indiscretion: from the round after it is activated, its holder alone sees
// the potion that lies Power face up.
func TestIndiscretionShowsOnlyItsHolderThePowerFacePotionFromTheNextRound(t *testing.T) {
	g := newClassic(t, 2)
	winPowerPotion(t, g, Indiscretion, 4)
	_, err := g.Play(0, Move{Type: MovePower, Activate: true}, 0)
	require.NoError(t, err)
	require.Equal(t, 2, g.s.Round)
	hidden := g.s.Layout[1].Potion
	assert.Equal(t, PotionView{ID: hidden.ID, Colour: hidden.Colour, Points: hidden.Points, Power: hidden.Power}, g.view(0).Layout[1].Potion)
	assert.True(t, g.view(1).Layout[1].Potion.Hidden)
	assert.False(t, g.s.Public[hidden.ID], "a secret look")
}

// Equality: a card may go on a card of the same value, so a card equal to a
// top card is placed there instead of being discarded.
func TestEqualitySavesACardThatWouldBeDiscarded(t *testing.T) {
	for _, equality := range []bool{false, true} {
		g := newClassic(t, 2)
		if equality {
			give(g, 1, Equality)
		}
		setLayout(g, 3, 4)
		chooseValues(t, g, [2]int{5, 3}, [2]int{8, 5})
		place(t, g, 0, 0)
		place(t, g, 1, 1) // seat 0's 3 then fits nowhere
		if !equality {
			assert.Equal(t, 2, g.s.Round, "without Equality seat 1's 5 is discarded too")
			assert.Equal(t, 2, g.s.Stats.Discards)
			continue
		}
		assert.Equal(t, []Move{{Type: MovePlace, Potion: 0}}, g.Legal(1))
		place(t, g, 1, 0)
		assert.Equal(t, 3+4, g.Score(1), "seat 1's 5 on seat 0's 5 wins")
	}
}

// Scoring: magic points are the points of the potions kept Potion face up;
// an activated potion's points are lost.
func TestScoreIsTheSumOfTheKeptPotionsPoints(t *testing.T) {
	g := newClassic(t, 2)
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Red, Points: 5}}, {Potion: Potion{ID: 2, Colour: Yellow, Points: 2, Power: Exchange}},
		{Potion: Potion{ID: 3, Colour: Purple, Points: 6, Power: Equality}, Active: true}}
	assert.Equal(t, 7, g.Score(0))
	assert.Equal(t, []int{7, 0}, g.Result().Scores)
}

// End: after six rounds (six players use 36 of the 37 potions), every gold
// card is spent and the game is over.
func TestSixPlayerGameEndsAfterSixRoundsWithOnePotionLeft(t *testing.T) {
	g, err := New(Config{Seats: computers(1, 2, 3, 1, 2, 3)}, 8)
	require.NoError(t, err)
	_, err = g.Advance(0)
	require.NoError(t, err)
	require.True(t, g.Over())
	assert.Equal(t, RoundsPerGame, g.s.Round)
	assert.Len(t, g.s.Pile, 1)
	won := 0
	for s := range 6 {
		won += len(g.s.Won[s])
		assert.Empty(t, g.hand(s))
	}
	assert.Equal(t, 36, won+len(g.s.Out))
}

// End: the most magic points win, equal points share the victory; no winner
// is named before the end.
func TestEqualBestScoresShareTheVictoryOnlyAtTheEnd(t *testing.T) {
	g := newClassic(t, 3)
	for s := range 3 {
		g.s.Won[s] = []Held{{Potion: Potion{ID: s, Colour: Red, Points: 4}}}
	}
	assert.Empty(t, g.Result().Winners, "the game is not over")
	g.s.Phase = PhaseOver
	assert.Equal(t, []int{0, 1, 2}, g.Result().Winners)
}

// Junior: no power is ever activated; won power potions keep their points.
func TestJuniorNeverActivatesAPower(t *testing.T) {
	g, err := New(Config{Seats: computers(3, 3, 2, 1), Variant: Junior}, 6)
	require.NoError(t, err)
	_, err = g.Advance(0)
	require.NoError(t, err)
	require.True(t, g.Over())
	withPower := 0
	for s := range 4 {
		for _, h := range g.s.Won[s] {
			assert.False(t, h.Active)
			if h.Potion.Power != NoPower {
				withPower++
			}
		}
	}
	assert.Positive(t, withPower, "power potions were won")
	assert.Empty(t, g.s.Stats.Activated)
}

// a3StudentGame is a multiplication game of one student (seat 0) against
// two computers.
func a3StudentGame(t testing.TB, seed uint64) *Game {
	t.Helper()
	g, err := New(Config{Seats: []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}, {Kind: games.SeatComputer, Bot: 3}},
		Edition: Multiplication, Level: games.Violet(), StartSeat: int(seed % 3)}, seed)
	require.NoError(t, err)
	return g
}

// Attempts: every card the student plays is first answered, one `answer`
// attempt with the card's fact and the typed product, right or wrong,
// including the cards that then fit nowhere and are discarded.
func TestEveryCardAStudentPlaysLogsOneAnswerAttemptDiscardsIncluded(t *testing.T) {
	discards := 0
	for seed := range uint64(30) {
		g := a3StudentGame(t, seed)
		r := rand.New(rand.NewPCG(seed, 4))
		var answered []games.Fact
		for at := int64(0); !g.Over(); at += 100 {
			if _, ok := g.Next(); ok {
				st, err := g.Advance(at)
				require.NoError(t, err)
				assert.Empty(t, st.Attempts, "computers make no attempts")
				continue
			}
			m := g.Legal(0)[0]
			phase := g.s.Phase
			var card GoldCard
			if m.Type == MoveAnswer {
				m.Product = a3Right(g, 0) + r.IntN(2) // right or wrong
				if phase == PhasePlace {
					card = g.currentCard(0)
				}
			}
			raw, _ := json.Marshal(m)
			st, err := g.Apply(0, raw, at)
			require.NoError(t, err)
			for _, e := range st.Events {
				if e.Type == "discarded" && e.Seat == 0 {
					discards++
				}
			}
			if m.Type != MoveAnswer || phase != PhasePlace {
				for _, a := range st.Attempts {
					assert.Equal(t, games.KindBid, a.Kind, "only a cover, after the answer")
				}
				continue
			}
			require.Len(t, st.Attempts, 1)
			a := st.Attempts[0]
			assert.Equal(t, games.KindAnswer, a.Kind)
			assert.Equal(t, card.Fact, games.Fact{A: a.A, B: a.B})
			assert.Equal(t, m.Product, *a.Given)
			assert.Equal(t, m.Product == card.Value, a.Correct)
			answered = append(answered, card.Fact)
		}
		var facts []games.Fact
		for _, c := range g.s.Gold[0] {
			facts = append(facts, c.Fact)
		}
		assert.ElementsMatch(t, facts, answered, "seed %d: each of the 12 cards answered once", seed)
	}
	assert.Positive(t, discards, "some student cards were discarded after their answer")
}

// Attempts: every cover the student tries is one `bid` attempt — given their
// product and right when the cover is allowed, given the covered value and
// wrong when it is refused — and a free potion is none. The student here
// tries the potions in order, as the screen offers them all.
func TestEveryCoverAStudentTriesLogsOneBidAttempt(t *testing.T) {
	tries := map[bool]int{}
	for seed := range uint64(30) {
		g := a3StudentGame(t, seed)
		for at := int64(0); !g.Over(); at += 100 {
			if _, ok := g.Next(); ok {
				_, err := g.Advance(at)
				require.NoError(t, err)
				continue
			}
			m := g.Legal(0)[0]
			if m.Type == MoveAnswer {
				m.Product = a3Right(g, 0)
			}
			if m.Type != MovePlace {
				_, err := g.Play(0, m, at)
				require.NoError(t, err)
				continue
			}
			card := g.currentCard(0)
			for i := range g.s.Layout {
				top, occupied := g.s.Layout[i].top()
				raw, _ := json.Marshal(Move{Type: MovePlace, Potion: i})
				st, err := g.Apply(0, raw, at)
				if !occupied {
					require.NoError(t, err)
					assert.Empty(t, st.Attempts)
					break
				}
				require.Len(t, st.Attempts, 1)
				a := st.Attempts[0]
				assert.Equal(t, games.KindBid, a.Kind)
				assert.Equal(t, card.Fact, games.Fact{A: a.A, B: a.B})
				assert.Equal(t, err == nil, a.Correct)
				tries[a.Correct]++
				if err == nil {
					assert.Equal(t, card.Value, *a.Given)
					break
				}
				assert.Equal(t, top.Value, *a.Given, "the covered card's value")
			}
		}
	}
	assert.Positive(t, tries[true])
	assert.Positive(t, tries[false])
}

// Attempts: a refused cover sent as the server sends it (Apply) is refused,
// not logged as an input, and still returns the wrong `bid` attempt.
func TestRefusedCoverThroughApplyReturnsItsBidAttempt(t *testing.T) {
	g := multStart(t) // seat 0 places its smallest card, seat 1 its largest
	g.s.First = 1
	a3Answer(t, g, 1)
	place(t, g, 1, 0)
	a3Answer(t, g, 0)
	inputs := len(g.Log())
	st, err := g.Apply(0, json.RawMessage(`{"type":"place","potion":0}`), g.s.Clock+700)
	assert.Equal(t, "magicoa.not_greater", ruleCode(t, err))
	small, high := g.s.Gold[0][0], g.s.Gold[1][11]
	assert.Equal(t, []games.Attempt{games.NewBid(0, small.Fact, high.Value, false, 700)}, st.Attempts)
	assert.Len(t, g.Log(), inputs, "a refused move is not replayed")
}

// Multiplication: covering compares products, not factors: 9 × 2 = 18 does
// not cover 4 × 5 = 20, 3 × 7 = 21 does.
func TestCoverComparesProductsNotFactors(t *testing.T) {
	g := newMult(t, games.Violet(), students(2))
	setLayout(g, 3, 4)
	g.s.First = 1
	a3Card(g, 1, 0, games.Fact{A: 4, B: 5})
	a3Card(g, 1, 1, games.Fact{A: 2, B: 3})
	a3Card(g, 0, 0, games.Fact{A: 9, B: 2})
	a3Card(g, 0, 1, games.Fact{A: 3, B: 7})
	chooseValues(t, g, [2]int{1, 2}, [2]int{1, 2}) // IDs 0 then 1
	a3Answer(t, g, 1)
	place(t, g, 1, 0)
	a3Answer(t, g, 0)
	st, err := g.Play(0, Move{Type: MovePlace, Potion: 0}, g.s.Clock)
	assert.Equal(t, "magicoa.not_greater", ruleCode(t, err), "9 > 5 but 18 < 20")
	assert.False(t, st.Attempts[0].Correct)
	place(t, g, 0, 1)
	a3Answer(t, g, 1) // 6 fits nowhere: discarded
	a3Answer(t, g, 0)
	st = place(t, g, 0, 0)
	assert.Equal(t, []games.Attempt{games.NewBid(0, games.Fact{A: 3, B: 7}, 21, true, 0)}, st.Attempts, "3 < 4 but 21 > 20")
	assert.Equal(t, 3+4, g.Score(0))
}

// Attempts: a Double bid over one card is one cover tried: one `bid`.
func TestDoubleBidOverACardLogsOneBidAttempt(t *testing.T) {
	g := newMult(t, games.Violet(), students(2))
	give(g, 0, DoubleBid)
	setLayout(g, 3, 4)
	g.s.First = 1
	chooseValues(t, g, [2]int{12, 11}, [2]int{1, 2}) // seat 0's largest against seat 1's smallest
	a3Answer(t, g, 1)
	place(t, g, 1, 0)
	a3Answer(t, g, 0)
	big := g.s.Gold[0][11]
	st, err := g.Play(0, Move{Type: MovePlace, Potion: 0, Double: true}, g.s.Clock)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{games.NewBid(0, big.Fact, big.Value, true, 0)}, st.Attempts)
}

// Tripled score: asked at the end of each student holding a Triple power
// and potions of its colour; not of a computer, not of a student without
// such potions.
func TestTripledScoreIsAskedOnlyOfStudentsWithPotionsOfThatColour(t *testing.T) {
	g := newMult(t, games.Violet(), []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}})
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Green, Points: 1}}}
	g.s.Won[1] = []Held{{Potion: Potion{ID: 2, Colour: Green, Points: 1}}, {Potion: Potion{ID: 3, Colour: Green, Points: 1}}}
	g.s.Won[2] = []Held{{Potion: Potion{ID: 4, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue) // no blue potion
	give(g, 1, TripleGreen)
	give(g, 2, TripleBlue)
	g.finish(0)
	assert.Equal(t, []tripleQuestion{{Seat: 1, Power: TripleGreen, Points: 2}}, g.s.Triples)
	assert.Equal(t, []int{1}, g.Waiting())
	assert.Equal(t, []int{1, 6, 3}, g.Result().Scores)
}

// Tripled score (Expert): the game ends after the second game, so that is
// when the student computes it, not between the two games.
func TestTripledScoreIsAskedAfterTheSecondGameInExpert(t *testing.T) {
	g, err := New(Config{Seats: []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}, {Kind: games.SeatComputer, Bot: 2}},
		Edition: Multiplication, Level: games.Green(), Variant: Expert}, 3)
	require.NoError(t, err)
	g.s.Won[0] = []Held{{Potion: Potion{ID: 500, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue)
	g.s.Round = RoundsPerGame
	var st games.Step
	g.endRound(0, &st)
	assert.Equal(t, 2, g.s.Match)
	assert.Equal(t, PhaseChoose, g.s.Phase, "no question between the games")
	g.s.Round = RoundsPerGame
	g.endRound(0, &st)
	assert.Equal(t, PhaseTriple, g.s.Phase)
	assert.Equal(t, []int{0}, g.Waiting())
}

// Only the multiplication edition is practice: a student of the classic
// edition is never asked a tripled score.
func TestClassicStudentIsNeverAskedATripledScore(t *testing.T) {
	g := newClassic(t, 2)
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue)
	g.s.Round = RoundsPerGame
	var st games.Step
	g.endRound(0, &st)
	g.settle(0, &st)
	assert.True(t, g.Over())
	assert.Empty(t, st.Attempts)
}
