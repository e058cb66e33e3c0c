package pedagogy

import (
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// Weights: facts not yet fluent share (1 − ReviewShare) of the draws, each in
// proportion to a bell around a target mastery T (weak facts, but not
// hopeless ones, come up most: "desirable difficulty"); T is chosen so that
// the expected share of right answers is TargetSuccess. Fluent facts share
// ReviewShare, each in proportion to how much of its evidence has faded
// since it was last seen (spaced review).
const (
	// weightBellWidth is the width of the bell in probability of success.
	weightBellWidth = 0.25
	// weightFloor keeps every fact not yet fluent in the deck.
	weightFloor = 0.05
	// reviewFloor keeps fluent facts just seen from vanishing entirely.
	reviewFloor = 0.02
)

// weights returns the per-pair weights of the level (mean 1 over its pairs)
// and the share of right answers they should give.
func (m Model) weights(st Student, l games.Level, now time.Time) ([]games.FactWeight, float64) {
	pairs := levelPairs(l)
	if len(pairs) == 0 {
		return nil, 0
	}
	p := make([]float64, len(pairs))
	due := make([]float64, len(pairs))
	fluent := make([]bool, len(pairs))
	nLearning := 0
	for i, f := range pairs {
		s := m.carryAbility(m.factState(st, f), st.Ability)
		e := m.Estimate(s, now)
		p[i], fluent[i] = e.P, e.Fluent
		if !e.Fluent {
			nLearning++
			continue
		}
		due[i] = reviewFloor + m.faded(s, now)
	}

	reviewShare := m.ReviewShare
	switch {
	case nLearning == 0:
		reviewShare = 1
	case nLearning == len(pairs):
		reviewShare = 0
	}
	var reviewSum, reviewP float64
	for i := range pairs {
		if fluent[i] {
			reviewSum += due[i]
			reviewP += due[i] * p[i]
		}
	}
	if reviewSum > 0 {
		reviewP /= reviewSum
	}

	bell := func(t float64) ([]float64, float64) {
		w := make([]float64, len(pairs))
		var sum, sp float64
		for i := range pairs {
			if fluent[i] {
				continue
			}
			d := (p[i] - t) / weightBellWidth
			w[i] = weightFloor + math.Exp(-d*d)
			sum += w[i]
			sp += w[i] * p[i]
		}
		if sum == 0 {
			return w, 0
		}
		return w, sp / sum
	}
	expected := func(t float64) float64 {
		_, lp := bell(t)
		return (1-reviewShare)*lp + reviewShare*reviewP
	}
	// The expected success grows with T: bisect for the target.
	lo, hi := 0.0, 1.0
	for range 30 {
		mid := (lo + hi) / 2
		if expected(mid) < m.TargetSuccess {
			lo = mid
		} else {
			hi = mid
		}
	}
	learn, _ := bell((lo + hi) / 2)
	var learnSum float64
	for _, w := range learn {
		learnSum += w
	}

	out := make([]games.FactWeight, len(pairs))
	for i, f := range pairs {
		var w float64
		if fluent[i] {
			w = reviewShare * due[i] / reviewSum
		} else {
			w = (1 - reviewShare) * learn[i] / learnSum
		}
		// Mean weight 1 over the level's pairs, as the games expect.
		out[i] = games.FactWeight{A: f.A, B: f.B, W: roundTo(w*float64(len(pairs)), 1e-4)}
	}
	return out, expected((lo + hi) / 2)
}

// faded is the share of the fact's evidence lost since it was last seen.
func (m Model) faded(s FactState, now time.Time) float64 {
	if s.LastSeen.IsZero() || !now.After(s.LastSeen) {
		return 0
	}
	before := s.Precision - m.PriorPrecision
	if before <= 0 {
		return 1
	}
	after := m.forget(s, now).Precision - m.PriorPrecision
	return 1 - after/before
}

// Timer rules: a timer only once the student's pace is known, set from
// their typical time so that it pushes toward fluency without cutting off
// most answers.
const (
	minPaceFacts   = 5     // timed facts needed before any timer
	answerFactor   = 1.5   // answer timer = 1.5 × typical time …
	minAnswerMS    = 3000  // … but never under the 3 s fluency target
	maxAnswerMS    = 10000 // … and never over 10 s
	windowOffsetMS = 1000  // reaction window = 1.2 × typical + 1 s …
	minWindowMS    = 2000  // … within Multipli Cat's 2–6 s
	maxWindowMS    = 6000
)

func (m Model) timer(st Student, c Constraint, l games.Level, now time.Time) TimerPolicy {
	if st.NoTimers || c.NoTimers {
		return TimerPolicy{}
	}
	typical, ok := typicalMS(st, l)
	if !ok {
		return TimerPolicy{}
	}
	answer := min(max(answerFactor*typical, minAnswerMS), maxAnswerMS)
	window := min(max(1.2*typical+windowOffsetMS, minWindowMS), maxWindowMS)
	return TimerPolicy{Enabled: true, AnswerMS: roundMS(answer), WindowMS: roundMS(window)}
}

// typicalMS is the median typical time over the level's facts with timed
// answers.
func typicalMS(st Student, l games.Level) (float64, bool) {
	var times []float64
	for _, f := range levelPairs(l) {
		if s, ok := st.Facts[f]; ok && s.TypicalMS > 0 {
			times = append(times, s.TypicalMS)
		}
	}
	if len(times) < minPaceFacts {
		return 0, false
	}
	slices.Sort(times)
	return times[len(times)/2], true
}

func roundMS(ms float64) int { return int(math.Round(ms/250) * 250) }

func roundTo(x, unit float64) float64 { return math.Round(x/unit) * unit }
