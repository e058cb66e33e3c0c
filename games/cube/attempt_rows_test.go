package cube

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The spec's attempt table, one test per row: every field written out, so a
// wrong kind, factor, given value, verdict or response time fails.

func intp(v int) *int    { return &v }
func msp(v int64) *int64 { return &v }

func TestAttemptRowFormulaMinus(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	g.s.Since[0] = 1500 // the row was laid out at 1500
	step, err := apply(t, g, 0, claimOf(12, booklet12), 4000)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindFormula, A: 4, B: 5, Given: intp(20), Correct: true, ResponseMS: msp(2500)}}, step.Attempts,
		"4 × 5 − 8 = 12 claims 4 × 5 = 12 + 8")
}

func TestAttemptRowFormulaPlusWrong(t *testing.T) {
	g := gameOne(t, human("Léa"))
	m := Move{Type: MoveClaim, Code: 12, Faces: []FaceAt{fa(1, 1, Yellow), fa(1, 0, Blue), fa(1, 1, Blue)}, Ops: []string{"*", "+"}}
	step, err := apply(t, g, 0, m, 700)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindFormula, A: 5, B: 4, Given: intp(4), Correct: false, ResponseMS: msp(700)}}, step.Attempts,
		"5 × 4 + 8 = 12 claims 5 × 4 = 12 − 8")
}

func TestAttemptRowMissedOnAWrongNoSolutionClaim(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	g.s.Row = []int{12, 40, 42}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	require.NotNil(t, g.s.Hint)
	v := g.s.Hint.Solution.Values
	assert.Equal(t, []games.Attempt{
		{Seat: 0, Kind: games.KindMissed, A: v[0], B: v[1]},
		{Seat: 1, Kind: games.KindMissed, A: v[0], B: v[1]},
	}, step.Attempts, "the factors of the solution shown, given and response_ms empty")
	assert.Equal(t, 12, v[0]*v[1]-v[2], "the solution shown is a × b − c = 12 without a move")
}

func TestAttemptRowsOnlyForHumanSeats(t *testing.T) {
	g := gameOne(t, bot(games.BotStrong), human("Léa"))
	g.s.Due[0] = -1
	step, err := g.Play(0, claimOf(12, booklet12), 100)
	require.NoError(t, err)
	assert.Empty(t, step.Attempts, "a computer's formula is no attempt")
}

func TestAttemptRowsDiceLogNoMultiplication(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	code, sol := findFor(t, g, 0)
	step, err := apply(t, g, 0, findMove(code, sol), 1000)
	require.NoError(t, err)
	assert.Empty(t, step.Attempts)
}

// In #2 every hand is secret: agreeing that no hand has a solution must not
// tell the table the codes of the other hands.
func TestNoSolutionUpheldInAdvancedNamesNoHiddenCode(t *testing.T) {
	g := gameTwo(t, human("Léa"), human("Tom"))
	g.s.Board = Layout{{ID: 0, At: Hex{0, 0}, Values: [3]int{1, 1, 1}}, {ID: 1, At: Hex{1, 0}, Values: [3]int{1, 1, 1}}, {ID: 2, At: Hex{2, 0}, Values: [3]int{1, 1, 1}}}
	g.s.Hands = [][]int{{40, 42, 48}, {41, 43, 47}}
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 100)
	require.NoError(t, err)
	step, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 200)
	require.NoError(t, err)
	var upheld *games.Event
	for i, e := range step.Events {
		if e.Type == "no_solution_upheld" {
			upheld = &step.Events[i]
		}
	}
	require.NotNil(t, upheld)
	data, err := json.Marshal(upheld.Data)
	require.NoError(t, err)
	for _, code := range []string{"40", "42", "48", "41", "43", "47"} {
		assert.NotContains(t, string(data), code, "a hand's code is hidden from the other seat")
	}
}
