package pedagogy

import (
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// drill feeds n answers on every pair of the level, starting at at, one
// second apart: right in ms milliseconds, or wrong when ms is 0.
func drill(tb testing.TB, m Model, st *Student, l games.Level, n int, ms int64, at time.Time) time.Time {
	tb.Helper()
	rt := ms
	if ms == 0 {
		rt = 4000
	}
	for range n {
		for _, f := range levelPairs(l) {
			m.Observe(st, Attempt{A: f.A, B: f.B, Correct: ms > 0, ResponseMS: rt, Kind: games.KindAnswer, At: at})
			at = at.Add(time.Second)
		}
	}
	return at
}

// fluentOn returns a student on step who has mastered its level (and the
// levels below) a day before t0, after sessions sessions there.
func fluentOn(tb testing.TB, m Model, step games.LevelName, sessions int) Student {
	tb.Helper()
	st := Student{Level: step, SessionsAtLevel: sessions, LevelSince: t0.Add(-10 * 24 * time.Hour)}
	at := t0.Add(-24 * time.Hour)
	for i := 0; i <= stepIndex(step); i++ {
		at = drill(tb, m, &st, stepLevel(ladder[i]), 15, 1200, at)
	}
	st.LevelAttempts, st.LevelAccuracy = 100, 0.95
	return st
}

func TestPlanNewStudentStartsOnGreen(t *testing.T) {
	p := DefaultModel().Plan(Student{}, Constraint{}, t0)
	assert.Equal(t, games.LevelGreen, p.Step)
	assert.Equal(t, games.LevelGreen, p.Level.Name)
	assert.Equal(t, DecisionKeep, p.Decision)
	assert.NotEmpty(t, p.Reason.EN)
	assert.NotEmpty(t, p.Reason.FR)
}

func TestPlanPromotesWhenEnoughOfTheLevelIsFluent(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, MinSessionsToPromote)
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, DecisionPromote, p.Decision)
	assert.Equal(t, games.LevelViolet, p.Step)
	assert.Equal(t, games.LevelViolet, p.Level.Name)
	assert.Equal(t, "promoted to 6–9: an estimated 34 of the 34 facts of 2–5 are known by heart (29 needed); 34 were answered right in under 3 s in the last two weeks", p.Reason.EN)
	assert.Equal(t, "passe à 6–9\u00a0: selon l’estimation, 34 des 34 calculs de 2–5 sont sus par cœur (29 nécessaires)\u00a0; 34 ont été réussis en moins de 3 s ces deux dernières semaines", p.Reason.FR)
	assert.Equal(t, Evidence{Step: games.LevelGreen, To: games.LevelViolet, Facts: 34, Known: 34, Needed: 29, FastRecently: 34,
		RecentRight: 40, RecentAnswers: 40, Sessions: MinSessionsToPromote, kind: whyPromote}, p.Evidence)
}

func TestPlanHysteresisNoPromotionBeforeMinSessions(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, MinSessionsToPromote-1)
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, DecisionKeep, p.Decision)
	assert.Equal(t, games.LevelGreen, p.Step)
	assert.Contains(t, p.Reason.EN, "for now")
}

func TestPlanKeepsWhileTooFewFactsAreFluent(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: games.LevelGreen, SessionsAtLevel: 5}
	drill(t, m, &st, games.Custom(2), 15, 1200, t0.Add(-time.Hour)) // only the table of 2
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, DecisionKeep, p.Decision)
	assert.Equal(t, games.LevelGreen, p.Step)
	assert.Contains(t, p.Reason.EN, "stays on 2–5")
	assert.Contains(t, p.Reason.EN, "(29 needed to move on)")
}

// Facts practised long ago are no longer estimated known by heart: two
// months without practice, no promotion, and the reason's literal count of
// fast answers in the last two weeks is 0.
func TestPlanOldPracticeDoesNotCountForPromotion(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 5)
	p := m.Plan(st, Constraint{}, t0.Add(60*24*time.Hour))
	assert.Equal(t, DecisionKeep, p.Decision, "facts not practised for two months are not known by heart")
	assert.Equal(t, 0, p.Evidence.FastRecently)
	assert.Less(t, p.Evidence.Known, p.Evidence.Needed)
	assert.Contains(t, p.Reason.EN, "0 were answered right in under 3 s in the last two weeks")
}

// struggling returns a student on violet who answers poorly there, with
// the facts of green either still fluent or long forgotten.
func struggling(tb testing.TB, m Model, greenKnown bool, sessions int) Student {
	tb.Helper()
	st := Student{}
	if greenKnown {
		st = fluentOn(tb, m, games.LevelGreen, 3)
	} else {
		drill(tb, m, &st, games.Green(), 2, 6000, t0.Add(-60*24*time.Hour))
	}
	st.Level, st.SessionsAtLevel = games.LevelViolet, sessions
	st.LevelAttempts, st.LevelAccuracy = 0, 0
	drill(tb, m, &st, games.Custom(7, 8), 3, 0, t0.Add(-time.Hour))
	return st
}

func TestPlanDemotesWhenClearlyStruggling(t *testing.T) {
	m := DefaultModel()
	st := struggling(t, m, false, MinSessionsToDemote)
	require.GreaterOrEqual(t, st.LevelAttempts, RecentAnswers)
	require.Less(t, st.LevelAccuracy, DemoteAccuracy)
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, DecisionDemote, p.Decision)
	assert.Equal(t, games.LevelGreen, p.Step)
	assert.Contains(t, p.Reason.EN, "back to 2–5")
	assert.Contains(t, p.Reason.FR, "retour à 2–5")
}

func TestPlanHysteresisNoDemotionBeforeMinSessions(t *testing.T) {
	m := DefaultModel()
	st := struggling(t, m, false, MinSessionsToDemote-1)
	assert.Equal(t, DecisionKeep, m.Plan(st, Constraint{}, t0).Decision)
}

func TestPlanNoDemotionWhileTheLevelBelowIsStillKnown(t *testing.T) {
	m := DefaultModel()
	st := struggling(t, m, true, MinSessionsToDemote)
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, DecisionKeep, p.Decision, "going back to a level already known would only bounce")
	assert.Equal(t, games.LevelViolet, p.Step)
	assert.Contains(t, p.Reason.EN, "going back would not help")
}

func TestPlanNoDemotionBelowTheFloor(t *testing.T) {
	m := DefaultModel()
	st := struggling(t, m, false, MinSessionsToDemote)
	p := m.Plan(st, Constraint{Floor: games.LevelViolet}, t0)
	assert.Equal(t, games.LevelViolet, p.Step)
}

func TestPlanConstraintTables(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 5)
	p := m.Plan(st, Constraint{Tables: []int{8, 7}}, t0)
	assert.Equal(t, DecisionAssigned, p.Decision)
	assert.Equal(t, games.LevelCustom, p.Level.Name)
	assert.Equal(t, []int{7, 8}, p.Level.Tables)
	assert.Empty(t, p.Step)
	assert.Equal(t, "tables of 7 and 8, as the teacher assigned", p.Reason.EN)
	assert.Equal(t, "tables de 7 et 8, comme l’a demandé l’enseignant·e", p.Reason.FR)
	assert.NotEmpty(t, p.Level.Weights)
}

func TestPlanConstraintFixedLevel(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 5) // would be promoted
	p := m.Plan(st, Constraint{FixedLevel: games.LevelGreen}, t0)
	assert.Equal(t, DecisionAssigned, p.Decision)
	assert.Equal(t, games.LevelGreen, p.Step)
	assert.Contains(t, p.Reason.EN, "the level the teacher chose")

	p = m.Plan(Student{}, Constraint{FixedLevel: games.LevelAll10}, t0)
	assert.Equal(t, games.LevelAll10, p.Step, `"all" is the 1–10 step`)
	assert.Equal(t, 10, p.Level.MaxFactor)
}

func TestPlanConstraintFloor(t *testing.T) {
	m := DefaultModel()
	p := m.Plan(Student{}, Constraint{Floor: games.LevelViolet}, t0)
	assert.Equal(t, games.LevelViolet, p.Step, "a new student starts at the floor")

	p = m.Plan(Student{Level: games.LevelGreen, SessionsAtLevel: 4}, Constraint{Floor: games.LevelViolet}, t0)
	assert.Equal(t, games.LevelViolet, p.Step)
	assert.Equal(t, DecisionAssigned, p.Decision)
	assert.Contains(t, p.Reason.EN, "lowest level the teacher allows")
}

func TestPlanConstraintCeiling(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 5)
	p := m.Plan(st, Constraint{Ceiling: games.LevelGreen}, t0)
	assert.Equal(t, games.LevelGreen, p.Step, "no promotion past the ceiling")
	assert.Equal(t, DecisionKeep, p.Decision)
	assert.Contains(t, p.Reason.EN, "the teacher set 2–5 as the highest level")

	p = m.Plan(Student{Level: games.LevelAll12, SessionsAtLevel: 4}, Constraint{Ceiling: games.LevelViolet}, t0)
	assert.Equal(t, games.LevelViolet, p.Step, "a student above the ceiling comes down to it")
	assert.Equal(t, DecisionAssigned, p.Decision)
}

func TestPlanNoTimersNeverGetsATimer(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 1)
	require.True(t, m.Plan(st, Constraint{}, t0).Timer.Enabled, "precondition: a fluent student gets a timer")

	byStudent := st
	byStudent.NoTimers = true
	assert.Equal(t, TimerPolicy{}, m.Plan(byStudent, Constraint{}, t0).Timer)
	assert.Equal(t, TimerPolicy{}, m.Plan(st, Constraint{NoTimers: true}, t0).Timer)
	assert.Equal(t, TimerPolicy{}, m.Plan(byStudent, Constraint{Tables: []int{3}}, t0).Timer)
}

func TestPlanTimerFollowsThePace(t *testing.T) {
	m := DefaultModel()
	assert.False(t, m.Plan(Student{}, Constraint{}, t0).Timer.Enabled, "no timer before the pace is known")
	st := fluentOn(t, m, games.LevelGreen, 1)
	tp := m.Plan(st, Constraint{}, t0).Timer
	assert.GreaterOrEqual(t, tp.AnswerMS, minAnswerMS)
	assert.LessOrEqual(t, tp.AnswerMS, maxAnswerMS)
	assert.GreaterOrEqual(t, tp.WindowMS, minWindowMS)
	assert.LessOrEqual(t, tp.WindowMS, maxWindowMS)
}

func TestPlanReviewSessionWhileOnViolet(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, 3)
	st.Level, st.SessionsAtLevel = games.LevelViolet, ReviewEvery-1
	later := t0.Add(30 * 24 * time.Hour) // the facts of 2–5 have faded
	p := m.Plan(st, Constraint{}, later)
	assert.True(t, p.Review)
	assert.Equal(t, games.LevelViolet, p.Step, "the student stays on 6–9")
	assert.Equal(t, games.LevelGreen, p.Level.Name, "but plays 2–5")
	assert.Contains(t, p.Reason.EN, "review session on 2–5 while learning 6–9")

	st.SessionsAtLevel = ReviewEvery
	assert.False(t, m.Plan(st, Constraint{}, later).Review, "only every ReviewEvery-th session")
}

func TestStartSessionCountsSessionsAndResetsOnChange(t *testing.T) {
	m := DefaultModel()
	st := fluentOn(t, m, games.LevelGreen, MinSessionsToPromote)
	p := m.StartSession(&st, Constraint{}, t0)
	require.Equal(t, DecisionPromote, p.Decision)
	assert.Equal(t, games.LevelViolet, st.Level)
	assert.Equal(t, 1, st.SessionsAtLevel)
	assert.Equal(t, 0, st.LevelAttempts)
	assert.Equal(t, t0, st.LevelSince)

	m.StartSession(&st, Constraint{}, t0.Add(24*time.Hour))
	assert.Equal(t, 2, st.SessionsAtLevel)
	assert.Equal(t, t0, st.LevelSince)
}

func TestPlanWeightsFavourWeakFacts(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: games.LevelGreen}
	drill(t, m, &st, games.Custom(2, 5), 15, 1200, t0.Add(-time.Hour))
	p := m.Plan(st, Constraint{}, t0)
	var sum float64
	for _, w := range p.Level.Weights {
		sum += w.W
	}
	assert.InDelta(t, float64(len(p.Level.Weights)), sum, 0.01, "mean weight 1")
	assert.Greater(t, p.Level.Weight(fact(3, 4)), 3*p.Level.Weight(fact(2, 3)), "a fact to learn comes up more than a mastered one")
	assert.Greater(t, p.Level.Weight(fact(2, 3)), 0.0, "mastered facts are still reviewed")
	assert.NoError(t, p.Level.Validate())
}

func TestPlanWeightsAimAtTargetSuccess(t *testing.T) {
	m := DefaultModel()
	p := m.Plan(Student{}, Constraint{FixedLevel: games.LevelViolet}, t0)
	assert.InDelta(t, m.TargetSuccess, p.ExpectedSuccess, 0.02)
	assert.Greater(t, p.Level.Weight(fact(6, 7)), p.Level.Weight(fact(6, 1)), "the weak 6×7 more often than the easy 6×1")
	assert.Greater(t, p.Level.Weight(fact(8, 9)), 0.1, "no fact to learn is starved")
}

func TestPlanWeightsReviewFadedFactsFirst(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: games.LevelGreen}
	drill(t, m, &st, games.Custom(2), 6, 1200, t0.Add(-20*24*time.Hour)) // older
	drill(t, m, &st, games.Custom(5), 6, 1200, t0.Add(-time.Hour))       // fresh
	p := m.Plan(st, Constraint{}, t0)
	assert.Greater(t, p.Level.Weight(fact(2, 7)), p.Level.Weight(fact(5, 7)))
}

func TestPlanConstraintIgnoresInvalidTables(t *testing.T) {
	m := DefaultModel()
	p := m.Plan(Student{}, Constraint{Tables: []int{0, 13, 7}}, t0)
	assert.Equal(t, []int{7}, p.Level.Tables)
	assert.NoError(t, p.Level.Validate())
	p = m.Plan(Student{}, Constraint{Tables: []int{13}, FixedLevel: "purple"}, t0)
	assert.Equal(t, games.LevelGreen, p.Step, "nothing valid assigned: the ladder decides")
}

func TestPlanTopOfTheLadderStays(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: games.LevelAll12, SessionsAtLevel: 5}
	drill(t, m, &st, games.All(12), 15, 1200, t0.Add(-time.Hour))
	p := m.Plan(st, Constraint{}, t0)
	assert.Equal(t, games.LevelAll12, p.Step)
	assert.Equal(t, DecisionKeep, p.Decision)
	assert.Contains(t, p.Reason.EN, "the whole box")
	assert.NotContains(t, p.Reason.EN, "teacher")
}

func TestPlanWeightsNeverZero(t *testing.T) {
	m := DefaultModel()
	st := Student{Level: games.LevelGreen}
	drill(t, m, &st, games.Custom(2), 15, 1200, t0.Add(-time.Minute)) // fluent, nothing faded yet
	for _, w := range m.Plan(st, Constraint{}, t0).Level.Weights {
		assert.GreaterOrEqual(t, w.W, 0.01, "%d×%d", w.A, w.B)
	}
}
