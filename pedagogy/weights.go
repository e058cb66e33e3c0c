package pedagogy

import (
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// Weights. Facts not yet fluent are weighted by their need squared, the
// need being the chance that an answer now would not be fluent
// (1 − P·P(under 3 s)), tilted toward easier or harder facts by
// exp(λ·(P − TargetSuccess)) with λ chosen so that the expected share of
// right answers is TargetSuccess. The constants were tuned on the
// simulation (README.md). λ is bounded, so no
// fact still to learn is starved. Fluent facts share ReviewShare of the
// draws, each in proportion to how much of its evidence has faded since it
// was last seen (spaced review); when the facts to learn are too hard for
// the target even with the strongest tilt, review takes a larger share (up
// to maxReviewShare) to keep the session encouraging.
const (
	// needPower sharpens the need: a fact far from fluent comes up much
	// more often than one nearly there (nearly-fluent facts are often
	// fluent already, the model being cautious).
	needPower = 2.0
	// maxTilt bounds the tilt toward the success target.
	maxTilt = 2.0
	// maxReviewShare bounds the review share raised to keep success near
	// the target.
	maxReviewShare = 0.25
	// reviewFullDue: review gets its full share once this many facts' worth
	// of evidence has faded.
	reviewFullDue = 3.0
	// reviewFloor keeps fluent facts just seen from vanishing entirely.
	reviewFloor = 0.02
	// minWeight is the least weight of any fact of the level (mean 1).
	minWeight = 0.02
)

// weights returns the per-pair weights of the level (mean 1 over its pairs)
// and the share of right answers they should give.
func (m Model) weights(st Student, l games.Level, now time.Time) ([]games.FactWeight, float64) {
	pairs := levelPairs(l)
	if len(pairs) == 0 {
		return nil, 0
	}
	p := make([]float64, len(pairs))
	need := make([]float64, len(pairs))
	due := make([]float64, len(pairs))
	fluent := make([]bool, len(pairs))
	var reviewSum, reviewP, dueSum float64
	nLearning := 0
	for i, f := range pairs {
		e := m.FactEstimate(st, f, now)
		p[i], fluent[i] = e.P, e.Fluent
		if e.Fluent {
			faded := m.faded(st.Facts[f], now)
			dueSum += faded
			due[i] = reviewFloor + faded

			reviewSum += due[i]
			reviewP += due[i] * p[i]
			continue
		}
		nLearning++
		need[i] = max(1-e.Known, 0.05)
	}
	if reviewSum > 0 {
		reviewP /= reviewSum
	}

	tilted := func(lambda float64) ([]float64, float64) {
		w := make([]float64, len(pairs))
		var sum, sp float64
		for i := range pairs {
			if !fluent[i] {
				w[i] = math.Pow(need[i], needPower) * math.Exp(lambda*(p[i]-m.TargetSuccess))
				sum += w[i]
				sp += w[i] * p[i]
			}
		}
		if sum > 0 {
			sp /= sum
		}
		return w, sp
	}
	// The expected success of the facts to learn grows with λ: bisect.
	lo, hi := -maxTilt, maxTilt
	for range 40 {
		mid := (lo + hi) / 2
		if _, sp := tilted(mid); sp < m.TargetSuccess {
			lo = mid
		} else {
			hi = mid
		}
	}
	learn, learnP := tilted((lo + hi) / 2)

	// Review takes its share only as facts fade: a fact just mastered needs
	// no review yet.
	review := m.ReviewShare * min(1, dueSum/reviewFullDue)
	switch {
	case nLearning == 0:
		review = 1
	case nLearning == len(pairs):
		review = 0
	case learnP < m.TargetSuccess && reviewP > m.TargetSuccess && dueSum > 0:
		// Solve (1−r)·learnP + r·reviewP = target for r.
		r := (m.TargetSuccess - learnP) / (reviewP - learnP)
		review = min(max(r, review), maxReviewShare)
	}
	var learnSum float64
	for _, w := range learn {
		learnSum += w
	}
	raw := make([]float64, len(pairs))
	var total float64
	for i := range pairs {
		switch {
		case fluent[i]:
			raw[i] = review * due[i] / reviewSum
		case learnSum > 0:
			raw[i] = (1 - review) * learn[i] / learnSum
		}
		// Every fact keeps a little weight: a game may need every card of
		// the level, and a mastered fact should still turn up now and then.
		raw[i] = max(raw[i]*float64(len(pairs)), minWeight)
		total += raw[i]
	}
	out := make([]games.FactWeight, len(pairs))
	for i, f := range pairs {
		// Mean weight 1 over the level's pairs, as the games expect.
		out[i] = games.FactWeight{A: f.A, B: f.B, W: roundTo(raw[i]*float64(len(pairs))/total, 1e-4)}
	}
	return out, (1-review)*learnP + review*reviewP
}

// faded is the share of the fact's own evidence lost since it was last
// seen (0 for a fact never seen).
func (m Model) faded(s FactState, now time.Time) float64 {
	if s.Attempts == 0 {
		return 0
	}
	return 1 - m.kept(s, now)
}

// Timer rules: a timer only once the student's pace is known and half of
// the level is fluent (it then trains speed on facts already known rather
// than cutting off the ones still being learnt), set from their slower
// typical times so that it rarely cuts off an answer they know.
const (
	minPaceFacts     = 5     // timed facts needed before any timer
	timerFluentShare = 0.5   // share of the level fluent before any timer
	timerPacedShare  = 0.75  // share of the level with a known pace
	answerFactor     = 2.0   // answer timer = 2 × the slow quartile's typical time …
	minAnswerMS      = 4000  // … but never under 4 s
	maxAnswerMS      = 12000 // … and never over 12 s
	windowFactor     = 1.2   // reaction window = 1.2 × the median typical time + 1 s …
	windowOffsetMS   = 1000
	minWindowMS      = 2000 // … within Multipli Cat's 2–6 s
	maxWindowMS      = 6000
)

func (m Model) timer(st Student, c Constraint, l games.Level, now time.Time) TimerPolicy {
	if st.NoTimers || c.NoTimers {
		return TimerPolicy{}
	}
	times := typicalTimes(st, l)
	if len(times) < minPaceFacts || float64(len(times)) < timerPacedShare*float64(len(levelPairs(l))) {
		return TimerPolicy{}
	}
	if fluent, total := m.fluentCount(st, l, now); float64(fluent) < timerFluentShare*float64(total) {
		return TimerPolicy{}
	}
	median, slow := times[len(times)/2], times[len(times)*3/4]
	answer := min(max(answerFactor*slow, minAnswerMS), maxAnswerMS)
	window := min(max(windowFactor*median+windowOffsetMS, minWindowMS), maxWindowMS)
	return TimerPolicy{Enabled: true, AnswerMS: roundMS(answer), WindowMS: roundMS(window)}
}

// typicalTimes lists, in increasing order, the typical times of the
// level's facts with timed answers.
func typicalTimes(st Student, l games.Level) []float64 {
	var times []float64
	for _, f := range levelPairs(l) {
		if s, ok := st.Facts[f]; ok && s.TypicalMS > 0 {
			times = append(times, s.TypicalMS)
		}
	}
	slices.Sort(times)
	return times
}

func roundMS(ms float64) int { return int(math.Round(ms/250) * 250) }

func roundTo(x, unit float64) float64 { return math.Round(x/unit) * unit }
