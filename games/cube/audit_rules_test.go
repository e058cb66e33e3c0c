package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Spec, "Digital edition": "'No solution' claims are checked by the solver;
// a wrong claim shows one solution." Attempts: "a 'no solution' claim that
// was wrong | missed | the factors of one solution".
//
// In #2 a seat's "no solution" is about its own secret hand. When two seats'
// hands both had a solution, both claims were wrong: each of the two must
// see a solution of its own hand and log its missed attempt, not only the
// first seat the solver looked at.
func TestAdvancedWrongNoSolutionShowsEverySeatWhoseHandHadOneItsSolution(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	// Three tiles of ones: only 1 × 1 + 1 = 2 (and 0) can be made.
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	// Léa holds the 2; Tom's 3 asks for 2 under a −1 card (code 20).
	require.Equal(t, -1, MonsterByCode(20).Modifier)
	g.s.Hands = [][]int{{2, 40, 42}, {3, 41, 43}}
	g.s.Fronts = [][]int{{}, {20}}
	require.Equal(t, 2, g.asks(1, 3))

	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)

	missed := map[int]games.Attempt{}
	for _, a := range step.Attempts {
		assert.Equal(t, games.KindMissed, a.Kind)
		missed[a.Seat] = a
	}
	assert.Len(t, missed, 2, "both hands had a solution: both claims were wrong")
	for seat, code := range map[int]int{0: 2, 1: 3} {
		v := g.View(seat).(View)
		if assert.NotNil(t, v.Hint, "seat %d sees a solution of its hand", seat) {
			assert.Equal(t, seat, v.Hint.Seat)
			assert.Equal(t, code, v.Hint.Code)
			assert.Equal(t, g.asks(seat, code), v.Hint.Solution.Value)
			assert.Equal(t, games.Fact{A: v.Hint.Solution.Values[0], B: v.Hint.Solution.Values[1]}, games.Fact{A: missed[seat].A, B: missed[seat].B})
		}
	}

	// The hints go with the next resolution, as in #1.
	one := Solve(g.s.Board, 2, g.s.Config.solverRules())
	_, err = apply(t, g, 0, claimOf(2, one[0]), 300)
	require.NoError(t, err)
	for seat := range 2 {
		assert.Nil(t, g.View(seat).(View).Hint)
	}
}

// In #2 a seat whose own hand truly had no solution was right to say so.
// When another seat's claim was wrong, the right seat's vote stands: the
// board has not changed, so it is not asked to vote again, and the next
// "no solution" of the wrong seat alone is enough for the solver to referee.
func TestAdvancedRightNoSolutionVoteStandsAfterAnotherSeatWasWrong(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	// Léa holds the 2 (1 × 1 + 1); Tom's hand asks for numbers no tiles of ones make.
	g.s.Hands = [][]int{{2, 40, 42}, {41, 43, 44}}
	for _, c := range g.s.Hands[1] {
		require.Empty(t, Solve(g.s.Board, g.asks(1, c), g.s.Config.solverRules()), "Tom's %d", c)
	}

	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	require.Len(t, step.Attempts, 1, "only Léa was wrong")
	assert.Equal(t, []bool{false, true}, g.s.Votes, "Tom's true claim stands; Léa's is cleared")

	_, err = apply(t, g, 1, Move{Type: MoveNoSolution}, 250)
	assert.Error(t, err, "Tom is not asked to say it again")

	// The next resolution clears every vote.
	one := Solve(g.s.Board, 2, g.s.Config.solverRules())
	_, err = apply(t, g, 0, claimOf(2, one[0]), 300)
	require.NoError(t, err)
	assert.Equal(t, []bool{false, false}, g.s.Votes)
}

// In #1 every "no solution" is about the shared row: when it was wrong,
// every vote is cleared.
func TestWrongNoSolutionInMonsterCodeClearsEveryVote(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	g.s.Row = []int{2, 40, 41}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	_, err = apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	assert.Equal(t, []bool{false, false}, g.s.Votes)
}
