// Package pedagogy decides what each student practises: a per-fact mastery
// model fed by every attempt, the deck level and session plan built from it,
// the tuning of computer opponents, and the evidence that it works (a
// simulation of synthetic learners and a prediction check on attempt logs).
//
// The package is pure: no database, no HTTP, no wall clock, no global random
// source. Time enters as time.Time values and randomness as seeds. The model
// and its equations are described in README.md.
package pedagogy

import (
	"math"
	"time"

	"github.com/multipli/multipli/games"
)

// Attempt is what the model learns from: one multiplication the student did
// or should have done (concepts.md).
type Attempt struct {
	A, B    int
	Correct bool
	// ResponseMS is the time from the moment the fact became answerable to
	// the student's action; 0 means unknown (missed, or data without times).
	ResponseMS int64
	Kind       games.Kind
	// TimedOut says the timer ran out before the student answered: they did
	// not know it quickly, which is weaker evidence than a wrong answer.
	TimedOut bool
	At       time.Time
}

// Model holds the parameters of the mastery model and of the plans. The zero
// value is not useful: start from DefaultModel.
type Model struct {
	// PriorPrecision is 1/variance of a fact's log-odds before any attempt.
	PriorPrecision float64
	// MaxPrecision caps the confidence so the estimate keeps following the
	// student (an Elo K-factor that never reaches zero).
	MaxPrecision float64
	// ProcessNoise is the variance added to a fact's log-odds before each
	// attempt (a Kalman filter's process noise), and PracticeGain the
	// log-odds gain expected from an attempt itself (the learning terms of
	// Performance Factors Analysis, Pavlik, Cen & Koedinger 2009). Both make
	// the estimate follow a child who is learning fast, and both improve
	// prediction (README.md), but large values made the plans worse in the
	// simulation: a fact called fluent too early fades unpractised. So no
	// process noise and a small practice gain.
	ProcessNoise float64
	PracticeGain float64
	// AbilityK and AbilityKDecay give the Elo step of the student's ability:
	// K = AbilityK / (1 + AbilityKDecay·n) after n attempts.
	AbilityK, AbilityKDecay float64
	// AbilityCarry is the share of the student's ability gained since a fact
	// was last seen that is carried into that fact's prediction.
	AbilityCarry float64

	// Speed–accuracy scoring: a right answer in FastMS or less scores 1, one
	// in SlowMS or more scores SlowScore, log-linear in between.
	FastMS, SlowMS int64
	SlowScore      float64
	// FastWeight is the weight of a fast right answer's evidence (a slow
	// one weighs 1, log-linear in between): a child who answers at once
	// retrieves the fact; one who takes ten seconds may have computed it.
	FastWeight float64
	// UnknownTimeScore scores a right answer whose time is unknown.
	UnknownTimeScore float64
	// TimeoutScore scores a timeout: between wrong (0) and a slow right answer.
	TimeoutScore float64
	// MissedScore and MissedWeight: a missed opportunity (a slap not made) is
	// scored like a timeout but counts for less than a real answer, because
	// attention, not knowledge, is often what failed.
	MissedScore, MissedWeight float64

	// Forgetting: evidence loses half its weight after HalfLifeDays without
	// practice, longer the more the fact was practised (StabilityGain per unit
	// of precision gained), as in spaced-repetition memory models.
	HalfLifeDays, StabilityGain float64

	// RecentAlpha is the EWMA weight of RecentAccuracy.
	RecentAlpha float64
	// TimeAlpha is the smallest EWMA weight of the log response time.
	TimeAlpha float64
	// TimeSpread is the spread of one student's log response times on a fact
	// around their typical time; TimeMeanSpread the prior uncertainty of that
	// typical time (shrinks as 1/√n).
	TimeSpread, TimeMeanSpread float64

	// Fluency (concepts.md): right in under FluentMS with high confidence.
	// The chance of a right answer under FluentMS, taking P at its lower
	// bound sigmoid(logit − FluentZ·σ), must reach FluentP.
	FluentMS int64
	FluentP  float64
	FluentZ  float64
	// MinFluentAttempts: one lucky fast answer is not fluency.
	MinFluentAttempts int

	// TargetSuccess is the share of right answers the plans aim at.
	TargetSuccess float64
	// ReviewShare is the share of a plan's draws given to mastered facts due
	// for review.
	ReviewShare float64
}

// DefaultModel returns the parameters documented in README.md.
func DefaultModel() Model {
	return Model{
		PriorPrecision:    0.8,
		MaxPrecision:      12,
		ProcessNoise:      0,
		PracticeGain:      0.03,
		AbilityK:          0.8,
		AbilityKDecay:     0.02,
		AbilityCarry:      0.5,
		FastMS:            3000,
		SlowMS:            12000,
		SlowScore:         0.7,
		FastWeight:        3,
		UnknownTimeScore:  1,
		TimeoutScore:      0.3,
		MissedScore:       0.3,
		MissedWeight:      0.5,
		HalfLifeDays:      5,
		StabilityGain:     0.5,
		RecentAlpha:       0.3,
		TimeAlpha:         0.3,
		TimeSpread:        0.35,
		TimeMeanSpread:    0.5,
		FluentMS:          3000,
		FluentP:           0.8,
		FluentZ:           1,
		MinFluentAttempts: 3,
		TargetSuccess:     0.75,
		ReviewShare:       0.2,
	}
}

// FactState is what the platform keeps per student and unordered fact pair:
// a few numbers, updated in constant time by every attempt.
type FactState struct {
	// Logit is the log-odds that the student answers the fact right (slow
	// right answers count as partly right, see Model.SlowScore).
	Logit float64 `json:"logit"`
	// Precision is 1/variance of Logit: the confidence in it.
	Precision float64 `json:"precision"`
	// Base is where Logit settles after a long time without practice: the
	// prior of the fact for this student when first seen.
	Base float64 `json:"base"`
	// Ability is the student's ability when the fact was last updated, so
	// the student's later progress can be carried into it.
	Ability float64 `json:"ability"`
	// LogMS is the running mean of ln(response ms) of timed right answers and
	// timeouts; TimedN the (decaying) number of them.
	LogMS  float64 `json:"log_ms"`
	TimedN float64 `json:"timed_n"`

	// What the dashboards read.
	Attempts       int       `json:"attempts"`
	Correct        int       `json:"correct"`
	RecentAccuracy float64   `json:"recent_accuracy"` // EWMA of right answers, 0 before any attempt
	TypicalMS      float64   `json:"typical_ms"`      // typical response time of right answers, 0 when unknown
	LastSeen       time.Time `json:"last_seen"`
}

// Estimate is the mastery of a fact at a moment, with its uncertainty.
type Estimate struct {
	// P is the probability of a right answer now.
	P float64 `json:"p"`
	// SD is the standard deviation of P (delta method on the log-odds).
	SD float64 `json:"sd"`
	// Fluent: right in under 3 s with high confidence (concepts.md).
	Fluent bool `json:"fluent"`
}

// Prior is a fact's state for a student of average ability who has never
// met it, from the known difficulty of multiplication facts: ×1, ×10, ×2,
// ×5 and squares are easier, difficulty grows with the product (the
// "problem-size effect"), so 6×7, 6×8, 7×8 and 8×9 are among the hardest.
func (m Model) Prior(pair games.Fact) FactState {
	l := priorLogit(pair.Pair())
	return FactState{Logit: l, Precision: m.PriorPrecision, Base: l}
}

// priorLogit is the log-odds of a right answer for an average beginner.
// The numbers are a hand-set summary of the problem-size and "easy table"
// effects reported in the arithmetic-fact literature; README.md lists them.
func priorLogit(p games.Fact) float64 {
	a, b := p.A, p.B // a ≤ b
	switch {
	case a == 1:
		return 3.5
	case a == 10 || b == 10:
		return 3.0
	case a == 2:
		return 2.6
	case a == 5 || b == 5:
		return 2.3
	case b == 11 && a < 10:
		return 2.0 // 11 × one digit: write the digit twice
	}
	l := 2.0 - 0.035*float64(a*b)
	if a == b {
		l += 0.6
	}
	return max(l, -2)
}

// Update folds one attempt into a fact's state in constant time: the state
// first forgets up to the attempt's time, then moves toward the attempt's
// score by a Newton step on the logistic likelihood (an Elo step whose K is
// the current variance), and gains the attempt's information p(1−p).
func (m Model) Update(s FactState, a Attempt) FactState {
	s = m.forget(m.valid(s), a.At)
	score, weight := m.score(a)
	p := sigmoid(s.Logit)
	v := 1/s.Precision + m.ProcessNoise
	s.Precision = 1 / v
	s.Logit += weight * v * (score - p) / (1 + weight*v*p*(1-p))
	s.Precision = min(s.Precision+weight*p*(1-p), m.MaxPrecision)
	s.Logit += weight * m.PracticeGain

	// A missed opportunity or a timeout counts as an attempt that was not
	// right: that is what a teacher reading "recent accuracy" expects.
	c := 0.0
	s.Attempts++
	if a.Correct && !a.TimedOut && a.Kind != games.KindMissed {
		s.Correct++
		c = 1
	}
	if s.Attempts == 1 {
		s.RecentAccuracy = c
	} else {
		s.RecentAccuracy += m.RecentAlpha * (c - s.RecentAccuracy)
	}

	// Times of right answers and of timeouts (a lower bound, which still
	// says "not fast") make the typical time; a wrong answer's time does not
	// (a fast guess says nothing about fluency).
	if a.ResponseMS > 0 && (a.Correct || a.TimedOut) {
		x := math.Log(float64(a.ResponseMS))
		if a.TimedOut {
			// The time of a timeout is the timer: the answer would have
			// come later still.
			x += timeoutLogPenalty
		}
		if s.TimedN <= 0 {
			s.LogMS = x
		} else {
			alpha := max(m.TimeAlpha, 1/(s.TimedN+1))
			s.LogMS += alpha * (x - s.LogMS)
		}
		s.TimedN++
		s.TypicalMS = math.Exp(s.LogMS)
	}
	if a.At.After(s.LastSeen) {
		s.LastSeen = a.At
	}
	return s
}

// timeoutLogPenalty: a timeout enters the typical time as 1.5 × the timer.
var timeoutLogPenalty = math.Log(1.5)

// score turns an attempt into a score in [0,1] and the weight of its
// evidence: fast right 1 > slow right > timeout > wrong 0, after the
// speed–accuracy scoring rule of Klinkenberg, Straatemeier & van der Maas
// (2011), mapped to [0,1].
func (m Model) score(a Attempt) (score, weight float64) {
	switch {
	case a.Kind == games.KindMissed:
		return m.MissedScore, m.MissedWeight
	case a.TimedOut:
		return m.TimeoutScore, 1
	case !a.Correct:
		return 0, 1
	case a.ResponseMS <= 0:
		return m.UnknownTimeScore, 1
	}
	lo, hi := math.Log(float64(m.FastMS)), math.Log(float64(m.SlowMS))
	frac := (math.Log(float64(a.ResponseMS)) - lo) / (hi - lo)
	frac = min(max(frac, 0), 1)
	return 1 - (1-m.SlowScore)*frac, m.FastWeight - (m.FastWeight-1)*frac
}

// valid repairs a state that was never initialised (a zero FactState, as a
// server may build for a fact without a row): it is read as the prior of an
// unknown fact of average difficulty rather than producing infinities.
func (m Model) valid(s FactState) FactState {
	if s.Precision <= 0 || math.IsNaN(s.Precision) || math.IsNaN(s.Logit) {
		s.Precision = m.PriorPrecision
		if math.IsNaN(s.Logit) {
			s.Logit = s.Base
		}
	}
	return s
}

// forget lets the evidence weaken from s.LastSeen to now: the log-odds move
// back toward Base and the precision toward the prior by the factor
// r = 2^(−days/h), with a half-life h that grows with the practice the fact
// has had.
func (m Model) forget(s FactState, now time.Time) FactState {
	if s.LastSeen.IsZero() || !now.After(s.LastSeen) {
		return s
	}
	days := now.Sub(s.LastSeen).Hours() / 24
	h := m.HalfLifeDays * (1 + m.StabilityGain*max(s.Precision-m.PriorPrecision, 0))
	r := math.Exp2(-days / h)
	s.Logit = s.Base + (s.Logit-s.Base)*r
	s.Precision = m.PriorPrecision + (s.Precision-m.PriorPrecision)*r
	s.TimedN *= r
	return s
}

// Estimate is the mastery of the fact at now, after forgetting.
func (m Model) Estimate(s FactState, now time.Time) Estimate {
	s = m.forget(m.valid(s), now)
	p := sigmoid(s.Logit)
	sigma := 1 / math.Sqrt(s.Precision)
	return Estimate{
		P:      p,
		SD:     p * (1 - p) * sigma,
		Fluent: s.Attempts >= m.MinFluentAttempts && m.fluentChance(s) >= m.FluentP,
	}
}

// fluentChance is the cautious chance of a right answer under FluentMS:
// P at its lower bound times the share of fast answers.
func (m Model) fluentChance(s FactState) float64 {
	lower := sigmoid(s.Logit - m.FluentZ/math.Sqrt(s.Precision))
	return lower * m.fastShare(s)
}

// fastShare is the probability that a right answer comes in under FluentMS,
// from a log-normal around the typical time whose spread grows when few
// timed answers (or only old ones) back it.
func (m Model) fastShare(s FactState) float64 {
	if s.TimedN <= 0 {
		return 0
	}
	sd := math.Sqrt(m.TimeSpread*m.TimeSpread + m.TimeMeanSpread*m.TimeMeanSpread/s.TimedN)
	z := (math.Log(float64(m.FluentMS)) - s.LogMS) / sd
	return normalCDF(z)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

// FitDifficulties returns the model with its fact difficulties learnt from
// a population's attempts.
func (m Model) FitDifficulties(rows []LoggedAttempt) Model { return m }
