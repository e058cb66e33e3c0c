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

// The hand-set table orders the facts as the literature does.
func TestHandEasinessOrdersFactsByKnownDifficulty(t *testing.T) {
	e := HandEasiness()
	p := func(a, b int) float64 { f := fact(a, b).Pair(); return e[f.A][f.B] }
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
	for _, x := range easier {
		assert.Greater(t, p(x[0].A, x[0].B), p(x[1].A, x[1].B), "%v should be easier than %v", x[0], x[1])
	}
}

// The default table, fitted on children's answers, keeps the broad effects:
// ×1 and ×10 among the easiest, small products easier than large ones; the
// pairs without data (×11, ×12) keep the hand-set values.
func TestDefaultEasinessFromPopulationData(t *testing.T) {
	m := DefaultModel()
	e := func(a, b int) float64 { return m.easiness(fact(a, b).Pair()) }
	var small, large []float64
	for a := 2; a <= 9; a++ {
		for b := a; b <= 9; b++ {
			switch {
			case a*b <= 20:
				small = append(small, e(a, b))
			case a*b >= 40:
				large = append(large, e(a, b))
			}
			assert.Less(t, e(a, b), e(1, b), "%d×%d harder than 1×%d", a, b, b)
		}
	}
	assert.Greater(t, meanOf(small)-meanOf(large), 0.5, "problem-size effect")
	hand := HandEasiness()
	assert.InDelta(t, hand[7][12], e(7, 12), 0.006)
	assert.InDelta(t, hand[11][11], e(11, 11), 0.006)
	assert.NotEqual(t, hand[7][8], e(7, 8), "fitted where there is data")
	assert.Equal(t, m.Prior(fact(8, 7)), m.Prior(fact(7, 8)), "commutative pairs share a prior")
}

func meanOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// FitDifficulties finds which facts a population finds hard.
func TestFitDifficultiesLearnsEasiness(t *testing.T) {
	rows := syntheticLog(300, 40, 6) // difficulty 0.04·a·b − 1.5 + noise
	m := DefaultModel()
	m.Easiness = &Easiness{} // no prior knowledge: all equal
	fitted := m.FitDifficulties(rows)
	assert.Greater(t, fitted.Easiness[2][3], fitted.Easiness[7][9]+0.5)
	assert.Greater(t, fitted.Easiness[2][5], fitted.Easiness[8][9]+0.5)
	assert.Zero(t, fitted.Easiness[11][12], "no rows: kept")
	assert.Zero(t, m.Easiness[2][3], "the model it came from is unchanged")
}

// Right answers raise P (the chance of a right answer) whatever their
// time; speed is what Known adds: fast right > slow right in Known, and
// timeout > wrong in P.
func TestUpdateOrdersEvidence(t *testing.T) {
	m := DefaultModel()
	start := m.Prior(fact(6, 7))
	after := func(a Attempt) Estimate { return m.Estimate(m.Update(start, a), t0) }
	fast := after(answer(6, 7, true, 1800, t0))
	slow := after(answer(6, 7, true, 11000, t0))
	timeout := after(Attempt{A: 6, B: 7, Kind: games.KindAnswer, TimedOut: true, ResponseMS: 8000, At: t0})
	wrong := after(answer(6, 7, false, 2500, t0))
	assert.InDelta(t, fast.P, slow.P, 1e-12, "a right answer is right")
	assert.Greater(t, fast.Known, slow.Known, "fast right > slow right, known by heart")
	assert.Greater(t, slow.P, timeout.P, "right > timeout")
	assert.Greater(t, timeout.P, wrong.P, "timeout > wrong")
	assert.Greater(t, fast.P, m.Estimate(start, t0).P, "a right answer raises mastery")
	assert.Less(t, wrong.P, m.Estimate(start, t0).P, "a wrong answer lowers mastery")
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
	assert.Greater(t, m.kept(much, much.LastSeen.Add(gap)), m.kept(little, little.LastSeen.Add(gap)))
	assert.Greater(t, m.Estimate(much, much.LastSeen.Add(gap)).P, m.Estimate(little, little.LastSeen.Add(gap)).P)
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
	st := Student{Level: games.LevelViolet, NoTimers: true}
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
	assert.Equal(t, st.Tables, back.Tables, "the per-table terms travel in the student's JSON")
	assert.NotZero(t, back.Tables[7].Var)
	assert.Equal(t, m.FactEstimate(st, fact(6, 9), t0), m.FactEstimate(back, fact(6, 9), t0))
	assert.True(t, st.Facts[fact(7, 8)].LastSeen.Equal(back.Facts[fact(7, 8)].LastSeen))

	assert.Error(t, json.Unmarshal([]byte(`{"facts":{"7y8":{"precision":1}}}`), &back))
}

func TestZeroFactStateIsReadAsAPrior(t *testing.T) {
	m := DefaultModel()
	e := m.Estimate(FactState{}, t0)
	assert.InDelta(t, 0.5, e.P, 0.01)
	assert.False(t, math.IsInf(e.SD, 0) || math.IsNaN(e.SD))
	s := m.Update(FactState{}, answer(7, 8, true, 1500, t0))
	assert.False(t, math.IsNaN(s.Logit))
	_, err := json.Marshal(m.Estimate(s, t0))
	assert.NoError(t, err)
}

// Over hundreds of answers the estimate stays where the child is: the
// practice gains shrink as evidence grows, so a fact answered right 60 %
// of the time is not lifted toward "known", and one always answered right
// does not run away.
func TestModelFollowsAStableChildInTheLongRun(t *testing.T) {
	m := DefaultModel()
	rng := games.NewRNG(4, 4)
	var st Student
	at := t0
	for range 300 {
		m.Observe(&st, answer(7, 8, rng.Float64() < 0.6, 2500, at))
		m.Observe(&st, answer(3, 4, true, 1500, at.Add(time.Second)))
		at = at.Add(time.Minute)
	}
	assert.InDelta(t, 0.6, m.FactEstimate(st, fact(7, 8), at).P, 0.1)
	assert.False(t, m.FactEstimate(st, fact(7, 8), at).Fluent)
	assert.Greater(t, m.FactEstimate(st, fact(3, 4), at).P, 0.95)
	assert.Less(t, math.Abs(st.Facts[fact(3, 4)].Logit), 12.0)
}

// One error on a fact answered right many times is read as a slip: the
// fact stays known.
func TestModelOneSlipOnAKnownFact(t *testing.T) {
	m := DefaultModel()
	var st Student
	at := t0
	for range 12 {
		m.Observe(&st, answer(3, 4, true, 1400, at))
		at = at.Add(time.Minute)
	}
	m.Observe(&st, answer(3, 4, false, 1400, at))
	e := m.FactEstimate(st, fact(3, 4), at)
	assert.Greater(t, e.P, 0.85)
	assert.True(t, e.Fluent)
}

// A child who knows 2–5 and then fails every fact of the 7s and 8s has a
// lower ability, but the facts of 2–5 they answered right many times
// hardly move (Model.sum's carry): most stay known by heart.
func TestModelErrorsElsewhereHardlyMoveKnownFacts(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 3)
	before := m.FactEstimate(st, fact(3, 4), t0).P
	drill(t, m, &st, games.Custom(7, 8), 3, 0, t0.Add(-time.Hour))
	assert.Less(t, st.Ability, 0.0, "the ability has dropped")
	assert.InDelta(t, before, m.FactEstimate(st, fact(3, 4), t0).P, 0.08)
	fluent, total := m.fluentCount(st, games.Green(), t0)
	assert.GreaterOrEqual(t, fluent, total*3/4)
}

// A fact state written before the fact term existed (no dev_var) is read
// with the log-odds it had.
func TestModelReadsOlderFactStates(t *testing.T) {
	m := DefaultModel()
	st := Student{Ability: 0.5, Facts: map[games.Fact]FactState{
		fact(6, 7): {Logit: 2.0, Precision: 2, Attempts: 6, Correct: 5, LastSeen: t0},
	}}
	e := m.FactEstimate(st, fact(6, 7), t0)
	assert.InDelta(t, m.Estimate(FactState{Logit: 2.0, Precision: 2}, t0).P, e.P, 0.05)
	m.Observe(&st, answer(6, 7, true, 2000, t0.Add(time.Minute)))
	assert.Greater(t, st.Facts[fact(6, 7)].DevVar, 0.0)
	assert.Greater(t, m.FactEstimate(st, fact(6, 7), t0.Add(time.Minute)).P, e.P)
}
