package pedagogy

import (
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimulateAdaptiveNeedsThirtyPercentFewerAttempts is the bar:
// on the same synthetic learners, the adaptive policy brings them to 90 %
// of the facts of tables 2–9 fluent in at least 30 % fewer attempts than a
// fixed level dealt uniformly.
func TestSimulateAdaptiveNeedsThirtyPercentFewerAttempts(t *testing.T) {
	res := Simulate(DefaultModel(), SimConfig{Learners: 30, Seed: 1, Budget: 3000})
	require.Len(t, res.Policies, 4)
	adaptive, fixed := res.Policies[0], res.Policies[1]
	require.Equal(t, PolicyAdaptive, adaptive.Policy)
	require.Equal(t, PolicyFixed, fixed.Policy)
	t.Logf("adaptive %.0f, fixed level %.0f, fixed 2–9 %.0f, ordered %.0f: reduction %.1f %% (%.1f %% against 2–9)",
		adaptive.MeanAttempts, fixed.MeanAttempts, res.Policies[2].MeanAttempts, res.Policies[3].MeanAttempts,
		100*res.Reduction, 100*res.ReductionTarget)
	assert.GreaterOrEqual(t, res.Reduction, 0.30)
	assert.GreaterOrEqual(t, adaptive.Reached, fixed.Reached, "no learner left behind for the speed")
	assert.Greater(t, adaptive.FluentAtCheck, fixed.FluentAtCheck)
	assert.InDelta(t, 0.75, adaptive.Success, 0.08, "success stays near the target")
}

func TestSimulateIsDeterministic(t *testing.T) {
	cfg := SimConfig{Learners: 3, Seed: 9, Budget: 400, Log: true}
	a, b := Simulate(DefaultModel(), cfg), Simulate(DefaultModel(), cfg)
	assert.Equal(t, a.Policies, b.Policies)
	assert.Equal(t, a.Log, b.Log)
	assert.Len(t, a.Log, 3*4*400)
}

func TestLearnerPracticeHelpsAndTimeForgets(t *testing.T) {
	noise := newFactNoise(games.NewRNG(1, 0))
	l := newLearner(games.NewRNG(1, 1), noise)
	f := fact(7, 8)
	before := l.strength(f, t0)
	at := t0
	for range 20 {
		l.answer(f, at, 0)
		at = at.Add(10 * time.Second)
	}
	practised := l.strength(f, at)
	assert.Greater(t, practised, before+1, "practice strengthens")
	assert.Less(t, l.strength(f, at.Add(30*24*time.Hour)), practised, "time weakens")
	assert.Greater(t, l.medianMS(before), l.medianMS(practised), "knowledge makes answers faster")
}

func TestLearnerTimerMakesTimeouts(t *testing.T) {
	noise := newFactNoise(games.NewRNG(1, 0))
	l := newLearner(games.NewRNG(1, 2), noise)
	a := l.answer(fact(8, 9), t0, 1)
	assert.True(t, a.TimedOut)
	assert.False(t, a.Correct)
	assert.Equal(t, int64(1), a.ResponseMS)
}
