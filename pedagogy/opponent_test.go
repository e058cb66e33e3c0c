package pedagogy

import (
	"math"
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
)

func TestTuneOpponentReactionFollowsTheStudentsPace(t *testing.T) {
	m := DefaultModel()
	fast, slow := Student{}, Student{}
	drill(t, m, &fast, games.Green(), 10, 1200, t0.Add(-time.Hour))
	drill(t, m, &slow, games.Green(), 10, 5000, t0.Add(-time.Hour))
	of := m.TuneOpponent(fast, games.Green(), 0.65)
	os := m.TuneOpponent(slow, games.Green(), 0.65)
	assert.Less(t, of.ReactionMS, os.ReactionMS, "a faster student meets a faster cat")
	assert.GreaterOrEqual(t, of.ReactionMS, minReactionMS)
	assert.LessOrEqual(t, os.ReactionMS, maxReactionMS)
}

func TestTuneOpponentHigherTargetSlowsTheBot(t *testing.T) {
	m := DefaultModel()
	st := Student{}
	drill(t, m, &st, games.Green(), 10, 2000, t0.Add(-time.Hour))
	easy := m.TuneOpponent(st, games.Green(), 0.8)
	hard := m.TuneOpponent(st, games.Green(), 0.5)
	assert.Greater(t, easy.ReactionMS, hard.ReactionMS)
	assert.LessOrEqual(t, easy.Bot, hard.Bot)
}

// TestTuneOpponentWinShareMatchesTarget checks the documented race: with
// the student's and the bot's reaction times log-normal, the student wins
// about targetWin of the exchanges.
func TestTuneOpponentWinShareMatchesTarget(t *testing.T) {
	m := DefaultModel()
	st := Student{}
	drill(t, m, &st, games.Green(), 10, 2500, t0.Add(-time.Hour))
	o := m.TuneOpponent(st, games.Green(), 0.7)
	rng := games.NewRNG(1, 1)
	k := 0.0
	for _, f := range levelPairs(games.Green()) {
		k += m.FactEstimate(st, f, t0).P
	}
	k /= float64(len(levelPairs(games.Green())))
	wins, n := 0, 20000
	for range n {
		student := 2500 * expNorm(rng, studentRTSpread)
		bot := float64(o.ReactionMS) * expNorm(rng, botRTSpread)
		if rng.Float64() < k && student < bot {
			wins++
		}
	}
	assert.InDelta(t, 0.7, float64(wins)/float64(n), 0.05)
}

func TestTuneOpponentBotLevelFollowsMastery(t *testing.T) {
	m := DefaultModel()
	strong := Student{}
	drill(t, m, &strong, games.Green(), 15, 1200, t0.Add(-time.Hour))
	weak := Student{}
	drill(t, m, &weak, games.Violet(), 3, 0, t0.Add(-time.Hour))
	assert.Equal(t, games.BotStrong, m.TuneOpponent(strong, games.Green(), 0.5).Bot)
	assert.Equal(t, games.BotBeginner, m.TuneOpponent(weak, games.Violet(), 0.5).Bot)
}

func expNorm(r *games.RNG, sd float64) float64 {
	return math.Exp(sd * r.NormFloat64())
}
