package calibrate

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkGames is how many games the tuned-opponent test plays per student:
// a binomial error of about ±4 points (±5 for Monster Cube, whose games are
// slow; Cat's games hold many exchanges each), in a few seconds.
var checkGames = map[games.Name]int{games.Potion: 150, games.Cats: 60, games.Cube: 80, games.Magicoa: 150}

// TestTunedOpponentGivesTheTargetWinShare is the tuning's promise: for three
// representative students per game (struggling, average, fluent; slow to
// fast), the opponent TuneOpponentFor picks lets the student win the target
// share (of games; of exchanges in Multipli Cat's) within 12 points.
func TestTunedOpponentGivesTheTargetWinShare(t *testing.T) {
	m := pedagogy.DefaultModel()
	for _, game := range []games.Name{games.Potion, games.Cats, games.Cube, games.Magicoa} {
		t.Run(string(game), func(t *testing.T) {
			rows, err := Check(m, game, pedagogy.DefaultTargetWin, checkGames[game], 1001, false)
			require.NoError(t, err)
			require.Len(t, rows, 3)
			for _, r := range rows {
				t.Logf("mastery %.2f, %.0f ms: %.0f %% against %+v", r.Student.Mastery, r.Student.TypicalMS, 100*r.Measured(), r.Opponent)
				assert.InDelta(t, pedagogy.DefaultTargetWin, r.Measured(), 0.12,
					"mastery %.2f, %.0f ms against %+v", r.Student.Mastery, r.Student.TypicalMS, r.Opponent)
			}
		})
	}
}

func TestSyntheticStudentHasTheAskedSkill(t *testing.T) {
	m := pedagogy.DefaultModel()
	for _, k := range []float64{0.4, 0.8, 0.97} {
		st := Synthetic(m, games.Violet(), k, 1800)
		sk := m.Skill(st, games.Violet())
		assert.InDelta(t, k, sk.Mastery, 1e-3)
		assert.InDelta(t, 1800, sk.TypicalMS, 1e-6)
		// Facts keep the priors' order: 7×8 is harder than 6×6.
		assert.Less(t, m.FactEstimate(st, games.Fact{A: 7, B: 8}, Now).P, m.FactEstimate(st, games.Fact{A: 6, B: 6}, Now).P)
	}
}

func TestStandinWinsMoreWhenItKnowsMore(t *testing.T) {
	m := pedagogy.DefaultModel()
	solid := pedagogy.Opponent{Bot: games.BotSolid}
	win := func(game games.Name, level games.Level, k float64) float64 {
		o, err := PlayMany(m, game, Synthetic(m, level, k, 2000), level, solid, 80, 1)
		require.NoError(t, err)
		return o.Target(game)
	}
	assert.Less(t, win(games.Potion, games.Green(), 0.4)+0.15, win(games.Potion, games.Green(), 0.97))
	assert.Less(t, win(games.Cats, games.Green(), 0.4)+0.15, win(games.Cats, games.Green(), 0.97))
}

func TestCatsStandinLosesRacesToFasterCats(t *testing.T) {
	m := pedagogy.DefaultModel()
	st := Synthetic(m, games.Green(), 0.9, 2000)
	share := func(ms int) float64 {
		o, err := PlayMany(m, games.Cats, st, games.Green(), pedagogy.Opponent{Bot: games.BotSolid, ReactionMS: ms}, 40, 1)
		require.NoError(t, err)
		return o.Target(games.Cats)
	}
	assert.Less(t, share(1000)+0.3, share(4000))
}

func TestMeasureFillsEveryCellAndWritesGo(t *testing.T) {
	m := pedagogy.DefaultModel()
	spec := Spec{Game: games.Potion, Level: games.Green(), Mastery: []float64{0.5, 0.9}, TypicalMS: []float64{2500},
		Candidates: []pedagogy.Candidate{{Bot: 1}, {Bot: 3}}}
	cal, err := Measure(m, spec, 20, 1, 2)
	require.NoError(t, err)
	require.Len(t, cal.Win, 2)
	assert.Greater(t, cal.Win[0][0][1], cal.Win[1][0][0], "a fluent child beats the beginner more than a struggling one beats the strong bot")
	var buf bytes.Buffer
	WriteGo(&buf, map[games.Name]pedagogy.Calibration{games.Potion: cal}, []games.Name{games.Potion}, "test")
	_, err = format.Source(buf.Bytes())
	require.NoError(t, err, buf.String())
	assert.Contains(t, buf.String(), "games.Potion: {")
}

func TestPlayRefusesAnUnknownGame(t *testing.T) {
	m := pedagogy.DefaultModel()
	_, err := Play("chess", NewStandin(m, pedagogy.Student{}, games.Green(), 1), games.Green(), games.Seat{}, 1)
	require.Error(t, err)
}
