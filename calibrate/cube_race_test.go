package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// raceShare plays n games of Monster Cube #1 against opp and returns the
// share of the catches the stand-in made.
func raceShare(t *testing.T, m pedagogy.Model, st pedagogy.Student, n int, opps ...games.Seat) float64 {
	t.Helper()
	mine, all := 0, 0
	for seed := range uint64(n) {
		s := NewStandin(m, st, games.Green(), 100+seed)
		a, b, err := PlayCubeRace(s, games.Green(), 100+seed, opps...)
		require.NoError(t, err)
		mine, all = mine+a, all+b
	}
	require.Positive(t, all)
	return float64(mine) / float64(all)
}

// In Monster Cube #1 a computer paced from the child's own times
// (pedagogy.RaceReactionMS) lets a slow, an average and a quick child
// catch about the target share of the monsters, where the solid player's
// fixed 6 s left the slow child far fewer.
func TestCubeRaceAtTheChildsPaceGivesTheTargetShare(t *testing.T) {
	require.Equal(t, float64(cubeSearchScale), pedagogy.CubeFindFactor, "the stand-in searches as the pace assumes")
	m := pedagogy.DefaultModel()
	for _, ms := range []float64{1500, 3000, 4500} {
		st := Synthetic(m, games.Green(), 0.85, ms)
		r := m.RaceReactionMS(st, games.Green(), pedagogy.CubeFindFactor, pedagogy.DefaultTargetWin, 1)
		opp := pedagogy.Opponent{Bot: games.BotSolid, ReactionMS: r}.Seat("Pixel")
		got := raceShare(t, m, st, 30, opp)
		t.Logf("typical %.0f ms: computer %d ms, child catches %.0f %%", ms, r, 100*got)
		assert.InDelta(t, pedagogy.DefaultTargetWin, got, 0.12, "typical %.0f ms", ms)
		if ms == 4500 {
			fixed := raceShare(t, m, st, 30, games.Seat{Kind: games.SeatComputer, Name: "Pixel", Bot: games.BotSolid})
			t.Logf("typical %.0f ms against the solid player's fixed 6 s: %.0f %%", ms, 100*fixed)
			assert.Less(t, fixed, pedagogy.DefaultTargetWin-0.2)
		}
	}
}

// With two computers racing at once, each is paced slower, and the child
// still catches about the target share.
func TestCubeRaceAgainstTwoComputersGivesTheTargetShare(t *testing.T) {
	m := pedagogy.DefaultModel()
	st := Synthetic(m, games.Green(), 0.85, 3000)
	r := m.RaceReactionMS(st, games.Green(), pedagogy.CubeFindFactor, pedagogy.DefaultTargetWin, 2)
	opp := pedagogy.Opponent{Bot: games.BotSolid, ReactionMS: r}
	got := raceShare(t, m, st, 30, opp.Seat("Pixel"), opp.Seat("Moka"))
	t.Logf("typical 3000 ms, two computers at %d ms: child catches %.0f %%", r, 100*got)
	assert.InDelta(t, pedagogy.DefaultTargetWin, got, 0.12)
}
