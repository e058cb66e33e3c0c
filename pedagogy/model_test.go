package pedagogy

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 9, 7, 9, 0, 0, 0, time.UTC)

func fact(a, b int) games.Fact { return games.Fact{A: a, B: b} }

func answer(a, b int, correct bool, ms int64, at time.Time) Attempt {
	return Attempt{A: a, B: b, Correct: correct, ResponseMS: ms, Kind: games.KindAnswer, At: at}
}

// practised returns the state of a fact after n fast right answers a
// minute apart.
func practised(tb testing.TB, m Model, f games.Fact, n int) FactState {
	tb.Helper()
	s := m.Prior(f)
	for i := range n {
		s = m.Update(s, answer(f.A, f.B, true, 1500, t0.Add(time.Duration(i)*time.Minute)))
	}
	return s
}

func TestPriorOrdersFactsByKnownDifficulty(t *testing.T) {
	m := DefaultModel()
	p := func(a, b int) float64 { return m.Estimate(m.Prior(fact(a, b)), t0).P }
	easier := [][2]games.Fact{
		{fact(1, 8), fact(3, 4)},   // ×1 is easy
		{fact(10, 7), fact(3, 7)},  // ×10 is easy
		{fact(2, 9), fact(3, 9)},   // ×2 is easy
		{fact(5, 8), fact(4, 8)},   // ×5 is easy
		{fact(7, 7), fact(6, 8)},   // squares are easier than their neighbours
		{fact(3, 4), fact(6, 7)},   // small products are easier
		{fact(4, 6), fact(7, 8)},   // …than large ones
		{fact(3, 8), fact(8, 9)},   //
		{fact(8, 9), fact(12, 12)}, // 12 × 12 is far out
	}
	for _, e := range easier {
		assert.Greater(t, p(e[0].A, e[0].B), p(e[1].A, e[1].B), "%v should be easier than %v", e[0], e[1])
	}
	// 6×8, 7×8, 6×7, 8×9 are among the hardest of 2–9: harder than 80 % of
	// that range.
	for _, hard := range []games.Fact{fact(6, 8), fact(7, 8), fact(6, 7), fact(8, 9)} {
		easierCount, total := 0, 0
		for a := 2; a <= 9; a++ {
			for b := a; b <= 9; b++ {
				total++
				if p(a, b) > p(hard.A, hard.B) {
					easierCount++
				}
			}
		}
		assert.GreaterOrEqual(t, float64(easierCount)/float64(total), 0.75, "%v", hard)
	}
	assert.Equal(t, m.Prior(fact(8, 7)), m.Prior(fact(7, 8)), "commutative pairs share a prior")
}

func TestUpdateOrdersEvidenceFastRightSlowRightTimeoutWrong(t *testing.T) {
	m := DefaultModel()
	start := m.Prior(fact(6, 7))
	after := func(a Attempt) float64 { return m.Estimate(m.Update(start, a), t0).P }
	fast := after(answer(6, 7, true, 1800, t0))
	slow := after(answer(6, 7, true, 11000, t0))
	timeout := after(Attempt{A: 6, B: 7, Kind: games.KindAnswer, TimedOut: true, ResponseMS: 8000, At: t0})
	wrong := after(answer(6, 7, false, 2500, t0))
	assert.Greater(t, fast, slow, "fast right > slow right")
	assert.Greater(t, slow, timeout, "slow right > timeout")
	assert.Greater(t, timeout, wrong, "timeout > wrong")
	assert.Greater(t, fast, m.Estimate(start, t0).P, "a fast right answer raises mastery")
	assert.Less(t, wrong, m.Estimate(start, t0).P, "a wrong answer lowers mastery")
}

func TestUpdateMissedIsWeakerThanWrong(t *testing.T) {
	m := DefaultModel()
	start := m.Prior(fact(7, 8))
	missed := m.Update(start, Attempt{A: 7, B: 8, Kind: games.KindMissed, At: t0})
	wrong := m.Update(start, answer(7, 8, false, 2000, t0))
	assert.Greater(t, missed.Logit, wrong.Logit)
	assert.Less(t, missed.Logit, start.Logit, "a missed opportunity still lowers mastery")
	assert.Equal(t, 1, missed.Attempts)
	assert.Equal(t, 0, missed.Correct)
	assert.Zero(t, missed.TypicalMS, "a missed opportunity has no response time")
}

func TestUpdateCountsForDashboards(t *testing.T) {
	m := DefaultModel()
	s := m.Prior(fact(3, 4))
	s = m.Update(s, answer(3, 4, true, 2000, t0))
	s = m.Update(s, answer(3, 4, false, 4000, t0.Add(time.Minute)))
	s = m.Update(s, answer(3, 4, true, 2000, t0.Add(2*time.Minute)))
	assert.Equal(t, 3, s.Attempts)
	assert.Equal(t, 2, s.Correct)
	assert.InDelta(t, 2000, s.TypicalMS, 1, "wrong answers' times do not enter the typical time")
	assert.Greater(t, s.RecentAccuracy, 0.5)
	assert.Less(t, s.RecentAccuracy, 1.0)
	assert.Equal(t, t0.Add(2*time.Minute), s.LastSeen)
}

func TestEstimateForgettingLowersConfidence(t *testing.T) {
	m := DefaultModel()
	s := practised(t, m, fact(6, 8), 15)
	now := m.Estimate(s, s.LastSeen)
	later := m.Estimate(s, s.LastSeen.Add(30*24*time.Hour))
	assert.Less(t, later.P, now.P, "forgetting lowers mastery")
	assert.Greater(t, later.SD/(later.P*(1-later.P)), now.SD/(now.P*(1-now.P)), "forgetting widens the uncertainty")
	assert.True(t, now.Fluent)
	assert.False(t, later.Fluent, "a month without practice is not fluent")
}

func TestEstimatePracticeSlowsForgetting(t *testing.T) {
	m := DefaultModel()
	little := practised(t, m, fact(6, 8), 3)
	much := practised(t, m, fact(6, 8), 20)
	gap := 10 * 24 * time.Hour
	keptLittle := m.Estimate(little, little.LastSeen.Add(gap)).P / m.Estimate(little, little.LastSeen).P
	keptMuch := m.Estimate(much, much.LastSeen.Add(gap)).P / m.Estimate(much, much.LastSeen).P
	assert.Greater(t, keptMuch, keptLittle)
}

func TestEstimateFluentNeedsFastRightAnswers(t *testing.T) {
	m := DefaultModel()
	tests := []struct {
		name   string
		ms     int64
		n      int
		fluent bool
	}{
		{"never practised", 0, 0, false},
		{"fast and often", 1500, 15, true},
		{"right but slow", 6000, 10, false},
		{"right without times", 0, 10, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := m.Prior(fact(7, 8))
			for i := range tt.n {
				s = m.Update(s, answer(7, 8, true, tt.ms, t0.Add(time.Duration(i)*time.Minute)))
			}
			assert.Equal(t, tt.fluent, m.Estimate(s, s.LastSeen).Fluent)
		})
	}
}

func TestObserveSharesCommutativePairsAndMovesAbility(t *testing.T) {
	m := DefaultModel()
	var st Student
	m.Observe(&st, answer(8, 7, true, 1500, t0))
	m.Observe(&st, answer(7, 8, true, 1500, t0.Add(time.Minute)))
	require.Len(t, st.Facts, 1)
	assert.Equal(t, 2, st.Facts[fact(7, 8)].Attempts)
	assert.Greater(t, st.Ability, 0.0, "right answers on a hard fact raise the ability")
	before := m.Predict(Student{}, fact(6, 9), t0)
	assert.Greater(t, m.Predict(st, fact(6, 9), t0), before, "a strong student starts unseen facts higher")

	m.Observe(&st, answer(13, 2, true, 1500, t0))
	assert.Len(t, st.Facts, 1, "factors outside 1–12 are ignored")
}

func TestStudentJSONRoundTrip(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: StepViolet, NoTimers: true}
	m.Observe(&st, answer(8, 7, true, 1500, t0))
	m.Observe(&st, answer(3, 4, false, 3000, t0))
	data, err := json.Marshal(st)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"7x8"`)
	var back Student
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, st.Level, back.Level)
	assert.True(t, back.NoTimers)
	require.Len(t, back.Facts, 2)
	assert.InDelta(t, st.Facts[fact(7, 8)].Logit, back.Facts[fact(7, 8)].Logit, 1e-12)
	assert.True(t, st.Facts[fact(7, 8)].LastSeen.Equal(back.Facts[fact(7, 8)].LastSeen))

	assert.Error(t, json.Unmarshal([]byte(`{"facts":{"7y8":{"precision":1}}}`), &back))
}

func TestZeroFactStateIsReadAsAPrior(t *testing.T) {
	m := DefaultModel()
	e := m.Estimate(FactState{}, t0)
	assert.InDelta(t, 0.5, e.P, 1e-9)
	assert.False(t, math.IsInf(e.SD, 0) || math.IsNaN(e.SD))
	s := m.Update(FactState{}, answer(7, 8, true, 1500, t0))
	assert.False(t, math.IsNaN(s.Logit))
	_, err := json.Marshal(m.Estimate(s, t0))
	assert.NoError(t, err)
}
