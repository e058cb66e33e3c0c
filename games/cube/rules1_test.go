package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// booklet12 is "4 × 5 − 8 = 12" on the reference picture.
var booklet12 = Solution{Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Values: [3]int{4, 5, 8}, Ops: [2]string{"*", "-"}, Value: 12}

func gameOne(tb testing.TB, seats ...games.Seat) *Game {
	tb.Helper()
	g := newGame(tb, DefaultConfig(RulesCode, games.All(9), seats), 1)
	g.s.Pile = append(g.s.Pile, g.s.Row...)
	onIdentity(tb, g, 12, 40, 3)
	g.s.Pile = removeCodes(g.s.Pile, 12, 40, 3)
	return g
}

func removeCodes(p []int, codes ...int) []int {
	out := []int{}
	for _, c := range p {
		keep := true
		for _, x := range codes {
			keep = keep && c != x
		}
		if keep {
			out = append(out, c)
		}
	}
	return out
}

func TestCorrectClaimTakesTheCardAndReplacesTheRow(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	step, err := apply(t, g, 0, claimOf(12, booklet12), 4000)
	require.NoError(t, err)
	assert.Equal(t, []int{12}, g.s.Won[0])
	assert.ElementsMatch(t, []int{40, 3}, g.s.Discard, "the other two go to the discard")
	assert.Len(t, g.s.Row, 3, "three new monsters")
	require.Len(t, step.Attempts, 1)
	a := step.Attempts[0]
	assert.Equal(t, games.KindFormula, a.Kind)
	assert.Equal(t, [2]int{4, 5}, [2]int{a.A, a.B})
	assert.Equal(t, 20, *a.Given, "given = code + c for a × b − c")
	assert.True(t, a.Correct)
	assert.Equal(t, int64(4000), *a.ResponseMS)
}

func TestFormulaAttemptGivenIsCodeMinusOrPlusC(t *testing.T) {
	g := gameOne(t, human("Léa"))
	// 5 × 4 + 8 claimed for 12: a × b claimed to be 12 − 8 = 4: wrong.
	m := Move{Type: MoveClaim, Code: 12, Faces: []FaceAt{fa(1, 1, Yellow), fa(1, 0, Blue), fa(1, 1, Blue)}, Ops: []string{"*", "+"}}
	step, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	require.Len(t, step.Attempts, 1)
	assert.Equal(t, 4, *step.Attempts[0].Given)
	assert.False(t, step.Attempts[0].Correct)
}

func TestWrongClaimPutsAWonCardUnderThePile(t *testing.T) {
	g := gameOne(t, human("Léa"))
	g.s.Won[0] = []int{7, 9}
	m := claimOf(12, booklet12)
	m.Ops = []string{"*", "+"}
	step, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	assert.Equal(t, []int{7}, g.s.Won[0])
	assert.Equal(t, 9, g.s.Pile[len(g.s.Pile)-1], "the card goes under the pile")
	assert.ElementsMatch(t, []int{12, 40, 3}, g.s.Discard, "the three monsters are discarded")
	assert.Equal(t, "wrong_claim", step.Events[0].Type)
}

func TestWrongClaimWithoutWonCardsCostsNothingElse(t *testing.T) {
	g := gameOne(t, human("Léa"))
	m := claimOf(12, booklet12)
	m.Ops = []string{"*", "+"}
	_, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	assert.Empty(t, g.s.Won[0])
}

func TestClaimOfAMonsterNotShownIsRefused(t *testing.T) {
	g := gameOne(t, human("Léa"))
	before, _ := g.MarshalJSON()
	_, err := apply(t, g, 0, claimOf(13, booklet12), 100)
	re, ok := games.AsRuleError(err)
	require.True(t, ok)
	assert.Equal(t, "cube.no_such_monster", re.Code)
	after, _ := g.MarshalJSON()
	assert.JSONEq(t, string(before), string(after), "a refused move changes nothing")
}

func TestClaimWithATileMoveMovesTheSharedBoard(t *testing.T) {
	g := gameOne(t, human("Léa"))
	var withMove *Solution
	for _, s := range Solve(g.s.Board, 40, rulesOne) {
		if s.Move != nil {
			withMove = &s
			break
		}
	}
	require.NotNil(t, withMove, "40 needs a move on the picture")
	_, err := apply(t, g, 0, claimOf(40, *withMove), 100)
	require.NoError(t, err)
	assert.Equal(t, []int{40}, g.s.Won[0])
	assert.Equal(t, -1, g.s.Board.Index(withMove.Move.From))
	assert.GreaterOrEqual(t, g.s.Board.Index(withMove.Move.To), 0)
}

func TestNoSolutionAgreedAndTrueGoesUnderThePileAndResetsTheBoard(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	// 40, 42 and 48 have no solution on the picture without a move; put a
	// board where no move helps either: three tiles in a row of ones.
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	g.s.Row = []int{40, 42, 48}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	assert.Equal(t, []int{40, 42, 48}, g.s.Row, "one vote is not agreement")
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	assert.Empty(t, step.Attempts)
	assert.Equal(t, []int{40, 42, 48}, g.s.Pile[len(g.s.Pile)-3:], "under the pile")
	assert.Equal(t, g.s.Start, g.s.Board, "tiles back to the starting layout")
	assert.Len(t, g.s.Row, 3)
}

func TestWrongNoSolutionClaimShowsOneSolutionAndLogsMissed(t *testing.T) {
	g := gameOne(t, human("Léa"), bot(games.BotStrong))
	g.s.Row = []int{12, 40, 42}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	g.s.Due[1] = -1
	step, err := g.Play(1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	require.NotNil(t, g.s.Hint)
	assert.Equal(t, 12, g.s.Hint.Code)
	assert.Nil(t, g.s.Hint.Solution.Move, "a solution without a move is shown first")
	require.Len(t, step.Attempts, 1, "only the human logs an attempt")
	a := step.Attempts[0]
	assert.Equal(t, games.KindMissed, a.Kind)
	assert.Nil(t, a.Given)
	assert.Equal(t, g.s.Hint.Solution.Values[0]*g.s.Hint.Solution.Values[1]-g.s.Hint.Solution.Values[2], 12)
	assert.Equal(t, []bool{false, false}, g.s.Votes, "everyone looks again")
	v := g.View(0).(View)
	assert.NotNil(t, v.Hint)
}

func TestAlreadyVotedIsRefused(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	_, err = apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	re, _ := games.AsRuleError(err)
	require.NotNil(t, re)
	assert.Equal(t, "cube.already_voted", re.Code)
}

func TestPileRunningOutTheSecondTimeIsTheLastRound(t *testing.T) {
	g := gameOne(t, human("Léa"))
	g.s.Pile = []int{5}
	g.s.Discard = []int{6, 7}
	g.s.Row = []int{12}
	_, err := apply(t, g, 0, claimOf(12, booklet12), 100)
	require.NoError(t, err)
	assert.Equal(t, 1, g.s.Exhausted, "first time: the discard is shuffled into a new pile")
	assert.ElementsMatch(t, []int{5, 6, 7}, g.s.Row)
	assert.False(t, g.s.LastRound)
	g.s.Pile = []int{9}
	g.s.Row = []int{12}
	g.s.Board = identityLayout(t)
	_, err = apply(t, g, 0, claimOf(12, booklet12), 200)
	require.NoError(t, err)
	assert.True(t, g.s.LastRound, "second time: what is left is the last round")
	assert.Equal(t, []int{9}, g.s.Row)
	assert.False(t, g.Over())
	_, err = apply(t, g, 0, claimOf(9, booklet12), 300) // a wrong claim also ends the round
	require.NoError(t, err)
	assert.True(t, g.Over(), "the game ends after the last round")
	assert.Equal(t, "cube.pile_out", g.Result().Reason)
}

func TestDoubleCardIsWorthTheOnesHeld(t *testing.T) {
	ones := []int{}
	for _, m := range Monsters() {
		if m.Points == 1 && !m.Double && len(ones) < 5 {
			ones = append(ones, m.Code)
		}
	}
	require.Len(t, ones, 5)
	assert.Equal(t, 15, Points(append(ones, 8, 20)), "5 “+1” and 2 “×2” = 15")
	assert.Equal(t, 0, Points([]int{8}))
}

func TestTiesGoToMoreCardsThenAreShared(t *testing.T) {
	assert.Equal(t, []int{1}, Winners([]int{4, 4}, [][]int{{1}, {2, 3}}))
	assert.Equal(t, []int{0, 1}, Winners([]int{4, 4}, [][]int{{1, 2}, {2, 3}}))
	assert.Equal(t, []int{0}, Winners([]int{5, 4}, [][]int{{1}, {2, 3}}))
}

func TestComputerFindsAfterTheDelayOfItsLevel(t *testing.T) {
	g := gameOne(t, human("Léa"), bot(games.BotStrong))
	g.startLooking()
	due, ok := g.Next()
	require.True(t, ok)
	assert.InDelta(t, 3500, float64(due), 3500*0.26)
	step, err := g.Advance(due - 1)
	require.NoError(t, err)
	assert.Empty(t, step.Events, "nothing before its delay")
	step, err = g.Advance(due)
	require.NoError(t, err)
	require.NotEmpty(t, step.Events)
	assert.Equal(t, 1, step.Events[0].Seat)
	assert.Equal(t, "found", step.Events[0].Type)
	assert.Empty(t, step.Attempts, "computers log no attempts")
}

func TestComputerDelayFollowsLevelAndReactionSetting(t *testing.T) {
	rng := newTestRNG(1)
	for range 50 {
		assert.Greater(t, botDelay(bot(games.BotBeginner), false, rng), botDelay(bot(games.BotStrong), false, rng))
	}
	s := bot(games.BotStrong)
	s.ReactionMS = 20000
	assert.GreaterOrEqual(t, botDelay(s, false, rng), 15000)
}
