package pedagogy

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// Weights. A session deals about SessionDraws facts (a game deals a deck
// built from the weights, not independent draws). The plan sorts the
// level's facts in two:
//
//   - facts not known by heart now (Estimate.Fluent false) are to learn;
//     each weighs (1 − Known)^needPower, so the facts furthest from known
//     come first, tilted by exp(λ·(P − TargetSuccess)) with λ ∈ [−maxTilt,
//     maxTilt] chosen so that the expected share of right answers is
//     TargetSuccess;
//   - facts known by heart are reviewed when the model expects them to
//     fall below FluentP within reviewHorizon (Known then under FluentP +
//     reviewMargin), with up to reviewShare of the draws.
//
// No fact gets more than one draw in a session while there are enough
// facts to learn (maxShare): the same fact twice in a session teaches
// less than two facts once each when memory strengthens from day to day
// (the spacing effect), and a fact practised once a day for many days
// lasts. The simulation chose these numbers (README.md, "Fair
// simulation"): a stronger need power (the weakest facts first) and one
// draw per fact beat every alternative tried across the learner variants.
const (
	// SessionDraws is the size of the deck the plan expects a session to
	// deal (a daily session of about 30 attempts).
	SessionDraws  = 30
	needPower     = 8.0
	maxTilt       = 4.0
	reviewShare   = 0.05
	reviewMargin  = 0.05
	reviewHorizon = 7 * 24 * time.Hour
	// minWeight is the least weight of any fact of the level (mean 1): a
	// game may need every card, and a known fact still turns up now and
	// then.
	minWeight = 0.02
)

// maxShare: one draw of SessionDraws.
const maxShare = 1.0 / SessionDraws

// factView is what the weights read of a fact: its estimate now, and the
// chance of a right answer in under 3 s reviewHorizon from now without
// practice (read only for facts known by heart). The plan reads the model
// (modelView); the simulation's bound hands it the learner's truth
// instead, to measure what better estimates would be worth.
type factView struct {
	now     func(f games.Fact) Estimate
	lasting func(f games.Fact) float64
}

func (m Model) modelView(st Student, now time.Time) factView {
	return factView{
		now:     func(f games.Fact) Estimate { return m.FactEstimate(st, f, now) },
		lasting: func(f games.Fact) float64 { return m.FactEstimate(st, f, now.Add(reviewHorizon)).Known },
	}
}

// weights returns the per-pair weights of the level (mean 1 over its pairs)
// and the share of right answers they should give.
func (m Model) weights(st Student, l games.Level, now time.Time) ([]games.FactWeight, float64) {
	return m.weigh(levelPairs(l), m.modelView(st, now))
}

func (m Model) weigh(pairs []games.Fact, view factView) ([]games.FactWeight, float64) {
	if len(pairs) == 0 {
		return nil, 0
	}
	type fact struct {
		i                 int
		p, known, lasting float64
		fluent            bool
	}
	fs := make([]fact, len(pairs))
	var learning, known []fact
	for i, f := range pairs {
		e := view.now(f)
		fs[i] = fact{i: i, p: e.P, known: e.Known, fluent: e.Fluent}
		if e.Fluent {
			fs[i].lasting = view.lasting(f)
			known = append(known, fs[i])
		} else {
			learning = append(learning, fs[i])
		}
	}
	base := func(f fact) float64 { return math.Pow(max(1-f.known, 0.05), needPower) }
	tilt := func(f fact, lambda float64) float64 { return base(f) * math.Exp(lambda*(f.p-m.TargetSuccess)) }
	success := func(lambda float64) float64 {
		var sum, sp float64
		for _, f := range learning {
			w := tilt(f, lambda)
			sum += w
			sp += w * f.p
		}
		if sum == 0 {
			return 0
		}
		return sp / sum
	}
	// The expected success of the facts to learn grows with λ: bisect.
	lo, hi := -maxTilt, maxTilt
	for range 40 {
		mid := (lo + hi) / 2
		if success(mid) < m.TargetSuccess {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2

	var due []fact
	for _, f := range known {
		if f.lasting < m.FluentP+reviewMargin {
			due = append(due, f)
		}
	}
	review := 0.0
	switch {
	case len(learning) == 0:
		review = 1
	case len(due) > 0:
		review = min(reviewShare, float64(len(due))*maxShare)
	}
	raw := make([]float64, len(pairs))
	var sum float64
	for _, f := range learning {
		sum += tilt(f, lambda)
	}
	for _, f := range learning {
		raw[f.i] = (1 - review) * tilt(f, lambda) / sum
	}
	switch {
	case len(due) > 0:
		for _, f := range due {
			raw[f.i] += review / float64(len(due))
		}
	case review > 0:
		// Nothing to learn and nothing due: the least lasting facts.
		slices.SortStableFunc(known, func(a, b fact) int { return cmp.Compare(a.lasting, b.lasting) })
		k := min(len(known), SessionDraws)
		for _, f := range known[:k] {
			raw[f.i] += 1 / float64(k)
		}
	}
	capShares(raw, maxShare)
	var total, expected float64
	for i := range raw {
		expected += raw[i] * fs[i].p
		raw[i] = max(raw[i]*float64(len(pairs)), minWeight)
		total += raw[i]
	}
	out := make([]games.FactWeight, len(pairs))
	for i, f := range pairs {
		// Mean weight 1 over the level's pairs, as the games expect.
		out[i] = games.FactWeight{A: f.A, B: f.B, W: roundTo(raw[i]*float64(len(pairs))/total, 1e-4)}
	}
	return out, expected
}

// capShares limits every share to at most c, giving the excess to the
// others in proportion (shares sum to 1; a few rounds suffice).
func capShares(s []float64, c float64) {
	for range 10 {
		var excess, free float64
		for _, x := range s {
			if x > c {
				excess += x - c
			} else {
				free += x
			}
		}
		if excess < 1e-12 || free <= 0 {
			return
		}
		for i, x := range s {
			if x > c {
				s[i] = c
			} else {
				s[i] += excess * x / free
			}
		}
	}
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
