package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// #4 ends and scores as #1: printed points, ×2 worth the +1 cards held.
func TestNumbersScoreAsMonsterCode(t *testing.T) {
	won := [][]int{{1, 5, 8, 20}, {12, 13}}
	assert.Equal(t, Scores(RulesCode, won, false), Scores(RulesNumbers, won, false))
	assert.Equal(t, []int{Points(won[0]), Points(won[1])}, Scores(RulesNumbers, won, false))
}

// Turn-based rule sets: the start seat (the student at 0 by default) plays first.
func TestTurnBasedStartSeatPlaysFirst(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"), human("b"))
	assert.Equal(t, 0, g.s.Turn)
	cfg := DefaultConfig(RulesDice, g.s.Config.Level, []games.Seat{human("a"), human("b")})
	cfg.StartSeat = 1
	assert.Equal(t, 1, newGame(t, cfg, 3).s.Turn)
}

// #2: each hand is secret, so a seat's "no solution" is about its own hand.
// When the solver finds a solution in one seat's hand, only that seat's
// claim was wrong: only it logs a missed attempt.
func TestAdvancedWrongNoSolutionIsMissedOnlyByTheSeatWhoseHandHadOne(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	// Three tiles of ones: only 1 × 1 + 1 = 2 can be made.
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	g.s.Hands = [][]int{{40, 42, 48}, {2, 41, 43}}
	g.s.Fronts = [][]int{{}, {}}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	require.NotNil(t, g.s.Hint)
	require.Equal(t, 1, g.s.Hint.Seat)
	v := g.s.Hint.Solution.Values
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindMissed, A: v[0], B: v[1]}}, step.Attempts,
		"Léa was right about her hand")
}

// In #2 the hands are secret: the event telling everyone that a "no
// solution" was wrong must not name the code of the hand that had one.
func TestNoSolutionWrongInAdvancedNamesNoHiddenCode(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	g.s.Hands = [][]int{{40, 42, 48}, {2, 41, 43}}
	g.s.Fronts = [][]int{{}, {}}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	found := false
	for _, e := range step.Events {
		if e.Type == "no_solution_wrong" {
			found = true
			assert.Empty(t, e.Data, "the code and solution belong to Tom's secret hand")
		}
	}
	assert.True(t, found)
}
