package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func gameTwo(tb testing.TB, seats ...games.Seat) *Game {
	tb.Helper()
	g := newGame(tb, DefaultConfig(RulesAdvanced, games.All(9), seats), 2)
	onIdentity(tb, g)
	g.s.Row = []int{}
	return g
}

func TestAdvancedDealsSevenCardsAndAHandOfThree(t *testing.T) {
	g := newGame(t, DefaultConfig(RulesAdvanced, games.All(9), []games.Seat{human("a"), human("b"), human("c")}), 5)
	for i := range 3 {
		assert.Len(t, g.s.Hands[i], 3)
		assert.Len(t, g.s.Piles[i], 4)
	}
	assert.Len(t, g.s.Out, MonsterCount-21, "the rest stays in the box")
	assert.Empty(t, g.s.Row)
}

func TestAdvancedFindPlacesTheCardInFrontOfAnotherAndClearsOwnFront(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Hands[0] = []int{12, 30, 31}
	g.s.Piles[0] = []int{33}
	g.s.Fronts[0] = []int{19, 21}
	// 19 and 21 are +1 each: the hand's codes are shifted by +2, so 12 asks
	// for 14 = 2 × 8 − 2? Use the solver to find a 14.
	require.Equal(t, 2, g.shift(0))
	sols := Solve(g.s.Board, 14, Rules{Arith: ArithMul, Move: MoveNone})
	require.NotEmpty(t, sols)
	target := 1
	m := claimOf(12, sols[0])
	m.Target = &target
	step, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	assert.Equal(t, []int{12}, g.s.Fronts[1])
	assert.Empty(t, g.s.Fronts[0], "the finder clears the cards in front of them")
	assert.ElementsMatch(t, []int{30, 31, 33}, g.s.Hands[0], "and draws from their pile")
	require.Len(t, step.Attempts, 1)
	assert.True(t, step.Attempts[0].Correct)
}

func TestModifiersShiftTheCodesInHand(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Hands[0] = []int{12, 30, 31}
	g.s.Fronts[0] = []int{19, 21} // +1 +1
	_, err := apply(t, g, 0, claimOf(12, booklet12), 100)
	require.NoError(t, err)
	assert.Contains(t, g.s.Hands[0], 12, "12 now asks for 14: the card returns to the hand")
	assert.Empty(t, g.s.Fronts[1])
	v := g.View(0).(View)
	assert.Equal(t, 2, v.Shift)
}

func TestAFourthCardReplacesOneOfThree(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Hands[0] = []int{12, 30, 31}
	g.s.Fronts[1] = []int{1, 2, 4}
	target := 1
	m := claimOf(12, booklet12)
	m.Target, m.Replace = &target, 1
	_, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 4, 12}, g.s.Fronts[1])
	assert.Contains(t, g.s.Out, 2)
}

func TestPlacingACardInFrontOfYourselfIsRefused(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Hands[0] = []int{12, 30, 31}
	self := 0
	m := claimOf(12, booklet12)
	m.Target = &self
	_, err := apply(t, g, 0, m, 100)
	re, _ := games.AsRuleError(err)
	require.NotNil(t, re)
	assert.Equal(t, "cube.bad_target", re.Code)
}

func TestFirstWithAnEmptyHandWins(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Hands[0] = []int{12}
	g.s.Piles[0] = []int{}
	_, err := apply(t, g, 0, claimOf(12, booklet12), 100)
	require.NoError(t, err)
	require.True(t, g.Over())
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Equal(t, "cube.first_empty_hand", g.Result().Reason)
}

func TestAdvancedViewHidesOtherHands(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	v := g.View(1).(View)
	assert.Equal(t, monsters(g.s.Hands[1]), v.Hand)
	assert.Equal(t, []int{3, 3}, v.HandSizes)
	data, err := g.MarshalJSON()
	require.NoError(t, err)
	require.NotEmpty(t, data)
}

// The modifiers never ask for a code of zero or below: under three −3 cards
// a 4 asks for 1, so "1 × 4 − 9 = −5" is wrong and a formula making 1 is
// right.
func TestModifiersNeverAskForZeroOrBelow(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	var minus3 []int
	for _, m := range Monsters() {
		if m.Modifier == -3 && len(minus3) < 3 {
			minus3 = append(minus3, m.Code)
		}
	}
	require.Len(t, minus3, 3)
	g.s.Hands[0], g.s.Piles[0] = []int{4, 30, 31}, []int{33}
	g.s.Fronts[0] = minus3
	require.Equal(t, -9, g.shift(0))
	v := g.View(0).(View)
	assert.Equal(t, []int{1, 21, 22}, v.HandAsks, "4 − 9 asks for 1, 30 − 9 for 21")

	rules := g.s.Config.solverRules()
	negative := Solve(g.s.Board, -5, rules)
	require.NotEmpty(t, negative, "precondition: the board makes −5")
	_, err := apply(t, g, 0, claimOf(4, negative[0]), 100)
	require.NoError(t, err)
	assert.Contains(t, g.s.Hands[0], 4, "a formula making −5 does not catch the 4")
	assert.Empty(t, g.s.Fronts[1])

	one := Solve(g.s.Board, 1, rules)
	require.NotEmpty(t, one)
	step, err := apply(t, g, 0, claimOf(4, one[0]), 200)
	require.NoError(t, err)
	assert.Equal(t, []int{30, 31, 33}, g.s.Hands[0], "a formula making 1 catches it")
	assert.Equal(t, []int{4}, g.s.Fronts[1])
	require.Len(t, step.Attempts, 1)
	assert.True(t, step.Attempts[0].Correct)
}
