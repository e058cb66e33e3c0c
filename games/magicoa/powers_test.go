package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// winPowerPotion has seat 0 of a 2-player game win a potion carrying p.
func winPowerPotion(t testing.TB, g *Game, p Power, points int) {
	t.Helper()
	setLayout(g, points, 1)
	g.s.Layout[0].Potion.Power = p
	chooseValues(t, g, [2]int{11, 12}, [2]int{1, 2})
	place(t, g, 0, 0)
	place(t, g, 1, 1)
	place(t, g, 0, 0)
	place(t, g, 1, 1)
}

func TestPowerChoiceKeepPointsOrActivateForGood(t *testing.T) {
	g := newClassic(t, 2)
	winPowerPotion(t, g, DoubleBid, 4)
	require.Equal(t, PhasePower, g.s.Phase)
	assert.Equal(t, []int{0}, g.Waiting())
	assert.Equal(t, DoubleBid, g.view(0).Deciding.Power)
	_, err := g.Play(0, Move{Type: MovePower, Activate: true}, 0)
	require.NoError(t, err)
	assert.True(t, g.hasPower(0, DoubleBid))
	assert.Equal(t, 0, g.Score(0), "an activated potion's points are lost")
	assert.Equal(t, PhaseChoose, g.s.Phase, "the choice is final: the round moves on")

	h := newClassic(t, 2)
	winPowerPotion(t, h, DoubleBid, 4)
	_, err = h.Play(0, Move{Type: MovePower, Activate: false}, 0)
	require.NoError(t, err)
	assert.False(t, h.hasPower(0, DoubleBid))
	assert.Equal(t, 4, h.Score(0))
}

func TestPowerAlreadyHeldKeepsThePoints(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 0, Exchange)
	winPowerPotion(t, g, Exchange, 4)
	// Exchange phase first (seat 0 holds Exchange): pass.
	require.Equal(t, PhaseExchange, g.s.Phase)
	_, err := g.Play(0, Move{Type: MovePass}, 0)
	require.NoError(t, err)
	assert.Equal(t, PhaseChoose, g.s.Phase, "no choice asked: nobody holds the same power twice")
	assert.Equal(t, 4, g.Score(0), "the new potion keeps its 4 points")
	assert.Len(t, g.view(0).Players[0].Powers, 1)
}

func TestTripleBlueAndTripleGreen(t *testing.T) {
	g := newClassic(t, 2)
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 3, Colour: Green, Points: 1}}}
	assert.Equal(t, 3, g.Score(0))
	give(g, 0, TripleBlue)
	assert.Equal(t, 3+3+1, g.Score(0))
	give(g, 0, TripleGreen)
	assert.Equal(t, 3+3+3, g.Score(0))
}

func TestDoubleBidLaysOneCardAcrossTwoNeighbours(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 0, DoubleBid)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{8, 1}, [2]int{7, 9})
	assert.Contains(t, g.Legal(0), Move{Type: MovePlace, Potion: 0, Double: true})
	_, err := g.Play(0, Move{Type: MovePlace, Potion: 0, Double: true}, 0)
	require.NoError(t, err)
	assert.Equal(t, g.s.Layout[0].Bids, g.s.Layout[1].Bids, "two identical cards")
	// Seat 1's 7 cannot cover the 8 on either side (discarded), nor can
	// seat 0's 1; seat 1's 9 covers one side only.
	assert.Equal(t, Played, g.s.Where[1][6])
	place(t, g, 1, 1)
	g2 := g.s.Won
	assert.Equal(t, 3, g2[0][len(g2[0])-1].Potion.Points, "the double card still wins the other side")
	assert.Equal(t, 4, g2[1][0].Potion.Points)
}

func TestDoubleBidNeedsThePowerAndBothSidesLegal(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{8, 1}, [2]int{9, 2})
	_, err := g.Play(0, Move{Type: MovePlace, Potion: 0, Double: true}, 0)
	assert.Equal(t, "magicoa.no_double_bid", ruleCode(t, err))
	place(t, g, 0, 1)
	give(g, 1, DoubleBid)
	_, err = g.Play(1, Move{Type: MovePlace, Potion: 2, Double: true}, 0)
	assert.Equal(t, "magicoa.no_such_potion", ruleCode(t, err), "no neighbour to the right of the last potion")
	assert.Contains(t, g.Legal(1), Move{Type: MovePlace, Potion: 0, Double: true})
}

func TestExchangeSwapsThePileTopAfterBidding(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, Exchange)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{8, 9}, [2]int{1, 2})
	for g.s.Phase == PhasePlace {
		s := g.Waiting()[0]
		_, err := g.Play(s, g.Legal(s)[0], 0)
		require.NoError(t, err)
	}
	require.Equal(t, PhaseExchange, g.s.Phase)
	top := g.s.Pile[len(g.s.Pile)-1]
	assert.False(t, g.view(1).PileTop.Hidden, "the Exchange holder looks at the pile top")
	assert.True(t, g.view(0).PileTop.Hidden)
	owner := g.s.Layout[0].Bids[len(g.s.Layout[0].Bids)-1].Seat
	_, err := g.Play(1, Move{Type: MoveExchange, Potion: 0}, 0)
	require.NoError(t, err)
	assert.Equal(t, top, g.s.Won[owner][0].Potion, "the swapped-in potion is auctioned in its place")
	assert.Equal(t, 1, g.s.Stats.Exchanges)
}

func TestIndiscretionLooksAtThePowerFacePotion(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, Indiscretion)
	g.s.Round = 1
	g.beginRound(0)
	hidden := g.s.Layout[len(g.s.Layout)-1].Potion
	assert.True(t, g.view(0).Layout[1].Potion.Hidden)
	assert.Equal(t, PotionView{ID: hidden.ID, Colour: hidden.Colour, Points: hidden.Points, Power: hidden.Power}, g.view(1).Layout[1].Potion)
}

func TestEqualityCoversACardOfTheSameValue(t *testing.T) {
	g := newClassic(t, 2)
	give(g, 1, Equality)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{8, 1}, [2]int{8, 2})
	place(t, g, 0, 0)
	assert.Contains(t, g.Legal(1), Move{Type: MovePlace, Potion: 0})
	place(t, g, 1, 0)
	assert.Equal(t, 1, g.s.Layout[0].Bids[1].Seat)
}

func TestJuniorPlaysWithoutPowers(t *testing.T) {
	g, err := New(Config{Seats: students(2), Variant: Junior}, 1)
	require.NoError(t, err)
	winPowerPotion(t, g, DoubleBid, 4)
	assert.Equal(t, PhaseChoose, g.s.Phase, "no power choice")
	assert.Equal(t, 4, g.Score(0))
	assert.False(t, g.hasPower(0, DoubleBid))
}

func TestExpertPlaysTwoGamesKeepingPotionsAndPowers(t *testing.T) {
	g, err := New(Config{Seats: computers(3, 2, 1), Variant: Expert}, 5)
	require.NoError(t, err)
	var wonAfterFirst []int
	var powersAfterFirst [][]Power
	for !g.Over() {
		s, _ := g.computerWaiting()
		match := g.s.Match
		_, err := g.Play(s, botMove(g.view(s), g.s.Config.Seats[s].Bot, g.s.RNG), 0)
		require.NoError(t, err)
		if match == 1 && g.s.Match == 2 {
			for p := range 3 {
				wonAfterFirst = append(wonAfterFirst, len(g.s.Won[p]))
				powersAfterFirst = append(powersAfterFirst, g.view(0).Players[p].Powers)
				assert.Len(t, g.hand(p), 12, "gold cards come back")
			}
			assert.Len(t, g.s.Pile, 37-3, "a fresh deck")
		}
	}
	require.NotNil(t, wonAfterFirst)
	for p := range 3 {
		assert.GreaterOrEqual(t, len(g.s.Won[p]), wonAfterFirst[p])
		assert.Subset(t, g.view(0).Players[p].Powers, powersAfterFirst[p])
	}
	assert.Equal(t, 2, g.s.Match)
	assert.Equal(t, "magicoa.two_games", g.Result().Reason, "the result says two games were played")
}

func TestPowersListedInBookletOrder(t *testing.T) {
	assert.Equal(t, []Power{TripleBlue, TripleGreen, DoubleBid, Exchange, Indiscretion, Equality}, Powers())
	_ = games.BotStrong
}

func TestExchangeHoldersDecideInTurnOrderFromTheFirstPlayer(t *testing.T) {
	g, err := New(Config{Seats: students(3), StartSeat: 2}, 4)
	require.NoError(t, err)
	give(g, 0, Exchange)
	give(g, 1, Exchange)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{1, 2}, [2]int{3, 4}, [2]int{5, 6})
	for g.s.Phase == PhasePlace {
		s := g.Waiting()[0]
		_, err := g.Play(s, g.Legal(s)[0], 0)
		require.NoError(t, err)
	}
	assert.Equal(t, []int{0, 1}, g.s.Exchangers, "seat 2 is first, then 0, then 1")
	_, err = g.Play(1, Move{Type: MovePass}, 0)
	assert.Equal(t, "game.not_your_turn", ruleCode(t, err))
	_, err = g.Play(0, Move{Type: MovePass}, 0)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, g.Waiting())
}

func TestWonHiddenPotionIsRevealed(t *testing.T) {
	g := newClassic(t, 2)
	hidden := g.s.Layout[1].Potion
	require.True(t, g.view(0).Layout[1].Potion.Hidden)
	chooseValues(t, g, [2]int{12, 1}, [2]int{2, 3})
	_, err := g.Play(0, Move{Type: MovePlace, Potion: 1}, 0)
	require.NoError(t, err)
	for !g.s.Public[hidden.ID] {
		s := g.Waiting()[0]
		_, err := g.Play(s, g.Legal(s)[0], 0)
		require.NoError(t, err)
	}
	assert.Equal(t, hidden.Points, g.view(1).Players[0].Won[0].Potion.Points)
}
