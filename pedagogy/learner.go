package pedagogy

import (
	"math"
	"time"

	"github.com/multipli/multipli/games"
)

// The synthetic learner of the simulation (README.md, "Simulation"). It is
// the simulation's truth, written apart from the platform's model: a memory
// strength per fact that practice raises and time erodes, with its own
// formulas and numbers (the model never reads them), so the model has to
// find the learner's state from answers.
//
// Per unordered pair f the learner has a memory strength x_f (log-odds of
// recalling the product):
//
//	start        x_f = θ + 4.2 − 1.4·ln(a·b) + bonus(f) + ε_f, except that
//	             ×1 and ×10 facts, known by rule, start at θ + 3 − 0.1·k
//	             (k the other factor) + ε_f, and 11 × k (k ≤ 9, "write k
//	             twice") at θ + 2.5 − 0.1·k + ε_f;
//	             bonus: ×2 +1.0, ×5 +0.7, squares +0.5;
//	             ε_f ~ N(0, 0.35) per fact, shared by the population;
//	             θ ~ N(0, 0.7) the learner's prior knowledge.
//	practice     x_f += η·g·1/(1+e^(x_f−4))   with g = 1 after a right answer,
//	             GainWrong after a wrong one (the game shows the product),
//	             GainTimeout after a timeout; η ~ 0.3·LogNormal(0, 0.3) the
//	             learner's rate.
//	forgetting   between practices x_f decays toward its start value:
//	             x ← x₀ + (x − x₀)·2^(−days/h),  h = 1.5·2^(0.2·n_f) days,
//	             n_f the practices that counted for memory so far: every
//	             practice, or (variant Spacing) at most one a day — the
//	             half-life regression form of Settles & Meeder (2016).
//	answer       right with probability sigmoid(x_f); response time
//	             log-normal, median s·7 s·e^(−0.42·x_f) (≥ 0.8 s), spread
//	             TimeSpread, wrong answers 1.3× slower; s ~ LogNormal(0, 0.25)
//	             the learner's speed. Past the timer, the answer is a timeout.
//	truly fluent P(right) · P(time < 3 s) ≥ 0.8 (fluent: right in under
//	             3 s), computed from x_f, not from answers.
const (
	learnerBase          = 4.2
	learnerSizeSlope     = 1.4
	learnerRuleBase      = 3.0
	learnerRuleSlope     = 0.1
	learnerFactNoise     = 0.35
	learnerAbilitySD     = 0.7
	learnerRate          = 0.3
	learnerRateSpread    = 0.3
	learnerSpeedSpread   = 0.25
	learnerHalfLifeDays  = 1.5
	learnerSpacingGain   = 0.2
	learnerMedianMS      = 7000
	learnerTimeSlope     = 0.42
	learnerMinMS         = 800
	learnerTrueFluent    = 0.8
	learnerCeiling       = 4.0
	learnerWrongSlowdown = 1.3
)

// LearnerVariant names a way the simulated learner may differ from the
// assumptions of the platform's model (SimConfig.Variants).
type LearnerVariant string

// The learner variants of the fair simulation.
const (
	// VariantToday is the learner as first written: time spread 0.35,
	// wrong answers teach 0.7 of a right one, every practice lengthens
	// memory.
	VariantToday LearnerVariant = "today"
	// VariantTimeSpread: response times spread 0.5 around the median,
	// while the model assumes its own 0.35.
	VariantTimeSpread LearnerVariant = "time spread 0.5"
	// VariantWrongTeachesLess: a wrong answer (or a timeout) teaches 0.3
	// of a right one.
	VariantWrongTeachesLess LearnerVariant = "wrong answers teach 0.3"
	// VariantSpacing: memory's half-life grows at most once a day, however
	// often the fact is practised that day (a spacing effect).
	VariantSpacing LearnerVariant = "spacing effect"
)

// LearnerVariants lists every variant, in the README's order.
var LearnerVariants = []LearnerVariant{VariantToday, VariantTimeSpread, VariantWrongTeachesLess, VariantSpacing}

// learnerSpec is the variant's numbers.
type learnerSpec struct {
	timeSpread             float64
	gainWrong, gainTimeout float64
	onceADay               bool
}

func specOf(v LearnerVariant) learnerSpec {
	s := learnerSpec{timeSpread: 0.35, gainWrong: 0.7, gainTimeout: 0.5}
	switch v {
	case VariantTimeSpread:
		s.timeSpread = 0.5
	case VariantWrongTeachesLess:
		s.gainWrong, s.gainTimeout = 0.3, 0.3
	case VariantSpacing:
		s.onceADay = true
	}
	return s
}

type memory struct {
	start, x float64
	n        int
	last     time.Time
	counted  time.Time // the last practice that counted for n (spacing)
}

type learner struct {
	spec        learnerSpec
	rate, speed float64
	mem         [games.MaxFactor + 1][games.MaxFactor + 1]memory // [a][b], a ≤ b
	rng         *games.RNG
}

// factNoise is the population's per-fact deviation from the formula.
type factNoise [games.MaxFactor + 1][games.MaxFactor + 1]float64

func newFactNoise(rng *games.RNG) factNoise {
	var n factNoise
	for a := 1; a <= games.MaxFactor; a++ {
		for b := a; b <= games.MaxFactor; b++ {
			n[a][b] = learnerFactNoise * rng.NormFloat64()
		}
	}
	return n
}

func newLearner(rng *games.RNG, noise factNoise, v LearnerVariant) *learner {
	l := &learner{
		spec:  specOf(v),
		rate:  learnerRate * math.Exp(learnerRateSpread*rng.NormFloat64()),
		speed: math.Exp(learnerSpeedSpread * rng.NormFloat64()),
		rng:   rng,
	}
	theta := learnerAbilitySD * rng.NormFloat64()
	for a := 1; a <= games.MaxFactor; a++ {
		for b := a; b <= games.MaxFactor; b++ {
			x := theta + learnerStart(a, b) + noise[a][b]
			l.mem[a][b] = memory{start: x, x: x}
		}
	}
	return l
}

// learnerStart is the start strength of an average learner.
func learnerStart(a, b int) float64 {
	switch {
	case a == 1 || a == 10:
		return learnerRuleBase - learnerRuleSlope*float64(b)
	case b == 1 || b == 10:
		return learnerRuleBase - learnerRuleSlope*float64(a)
	case a <= 9 && b == 11:
		return learnerRuleBase - 0.5 - learnerRuleSlope*float64(a)
	}
	x := learnerBase - learnerSizeSlope*math.Log(float64(a*b))
	switch {
	case a == 2 || b == 2:
		x += 1.0
	case a == 5 || b == 5:
		x += 0.7
	}
	if a == b {
		x += 0.5
	}
	return x
}

// learnerDay: practices at least this far apart count as different days
// for the spacing effect (a daily session is 24 h after the last).
const learnerDay = 20 * time.Hour

// strength is x_f at now, after forgetting.
func (l *learner) strength(f games.Fact, now time.Time) float64 {
	p := f.Pair()
	m := l.mem[p.A][p.B]
	if m.last.IsZero() || !now.After(m.last) {
		return m.x
	}
	days := now.Sub(m.last).Hours() / 24
	h := learnerHalfLifeDays * math.Exp2(learnerSpacingGain*float64(m.n))
	return m.start + (m.x-m.start)*math.Exp2(-days/h)
}

// medianMS is the learner's median response time on a fact of strength x.
func (l *learner) medianMS(x float64) float64 {
	return max(l.speed*learnerMedianMS*math.Exp(-learnerTimeSlope*x), learnerMinMS)
}

// fluent says whether the fact is truly fluent at now.
func (l *learner) fluent(f games.Fact, now time.Time) bool {
	x := l.strength(f, now)
	return l.fluentChance(x) >= learnerTrueFluent
}

// fluentChance is the chance of a right answer in under 3 s at strength x.
func (l *learner) fluentChance(x float64) float64 {
	fast := normalCDF((math.Log(3000) - math.Log(l.medianMS(x))) / l.spec.timeSpread)
	return sigmoid(x) * fast
}

// answer plays one attempt at now with an answer timer (0 = none) and
// learns from it.
func (l *learner) answer(f games.Fact, now time.Time, timerMS int) Attempt {
	x := l.strength(f, now)
	a := Attempt{A: f.A, B: f.B, Kind: games.KindAnswer, At: now}
	a.Correct = l.rng.Float64() < sigmoid(x)
	ms := l.medianMS(x) * math.Exp(l.spec.timeSpread*l.rng.NormFloat64())
	if !a.Correct {
		ms *= learnerWrongSlowdown
	}
	a.ResponseMS = int64(ms)
	gain := 1.0
	switch {
	case timerMS > 0 && a.ResponseMS > int64(timerMS):
		a.TimedOut, a.Correct, a.ResponseMS = true, false, int64(timerMS)
		gain = l.spec.gainTimeout
	case !a.Correct:
		gain = l.spec.gainWrong
	}
	p := f.Pair()
	m := &l.mem[p.A][p.B]
	m.x = x + l.rate*gain/(1+math.Exp(x-learnerCeiling))
	// With a spacing effect, practice the same day strengthens the memory
	// but does not make it last longer.
	if !l.spec.onceADay || m.counted.IsZero() || now.Sub(m.counted) >= learnerDay {
		m.n++
		m.counted = now
	}
	m.last = now
	return a
}
