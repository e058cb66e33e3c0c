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
// or should have done.
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
//
// The chance that a student answers a fact right is
//
//	P = σ(z / √(1 + π·V/8)),   z = θ + τ_a + τ_b + e_f + u_f
//
// with θ the student's ability, τ the student's terms for the fact's two
// tables, e_f the fact's easiness for an average student (learnt from a
// population, Easiness) and u_f the student's own term for the fact. Each
// of θ, τ and u is a Gaussian belief (a mean and a variance) updated by
// every attempt with one Kalman step of the logistic likelihood, shared
// among the terms in proportion to their variances; V is the variance of z,
// and dividing by √(1 + πV/8) makes forecasts less extreme while the model
// is unsure (MacKay's approximation of the predictive probability).
type Model struct {
	// Easiness holds the population's log-odds of a right answer per pair
	// for a student of average ability (nil: DefaultEasiness).
	Easiness *Easiness
	// AbilityVar, TableVar and FactVar are the prior variances of θ, of a
	// table term and of a fact term: how much children differ overall, by
	// table and by fact, beyond what the population's easiness says.
	AbilityVar, TableVar, FactVar float64
	// AbilityDrift and TableDrift are the variances added to θ and to the
	// table terms before each attempt, so they keep following a child who
	// progresses (an Elo K-factor that never reaches zero).
	AbilityDrift, TableDrift float64
	// GainRight and GainWrong are what one attempt itself teaches, added to
	// the fact term after the update: practice helps, and a wrong answer is
	// followed by the right one in every game (the learning terms of
	// Performance Factors Analysis, Pavlik, Cen & Koedinger 2009). Without
	// them the model is too pessimistic after an error.
	GainRight, GainWrong float64
	// Slip is the chance that a child who knows a fact still answers it
	// wrong (a slip of the hand or of attention): the forecast of a right
	// answer never exceeds 1 − Slip, and an error on a well-known fact is
	// read mostly as a slip.
	Slip float64
	// MinInfo is the least information an answer gives (kalman).
	MinInfo float64
	// Moderation scales the variance V in the forecast σ(z/√(1 + π·κ·V/8)).
	// The model keeps one variance per term, not their correlations: a
	// child's ability and their term for a fact are learnt from the same
	// answers and err in opposite directions, so the sum of the variances
	// overstates V. κ = 0.5 calibrates the forecasts (README.md).
	Moderation float64
	// ForecastShift and ForecastScale recalibrate the forecast: its
	// log-odds become shift + scale × its log-odds (a zero scale reads as
	// 1, the identity with a zero shift, the default). A population whose
	// answers the model reads too surely (or too timidly) gets forecasts
	// less (or more) extreme, as Platt scaling recalibrates a classifier.
	// `pedagogy eval --split` fits both on the tuning half (eval_tune.go).
	// Only the forecast reads them, not the update.
	ForecastShift, ForecastScale float64

	// A timeout (the timer ran out) scores TimeoutScore, a missed
	// opportunity (a slap not made) MissedScore with weight MissedWeight:
	// attention, not knowledge, is often what failed.
	TimeoutScore              float64
	MissedScore, MissedWeight float64

	// Forgetting: the fact term loses half its evidence after HalfLifeDays
	// without practice, longer the more the fact was practised
	// (StabilityGain per unit of precision gained on it), as in
	// spaced-repetition memory models.
	HalfLifeDays, StabilityGain float64

	// RecentAlpha is the EWMA weight of RecentAccuracy.
	RecentAlpha float64
	// TimeAlpha is the smallest EWMA weight of the log response time.
	TimeAlpha float64
	// TimeSpread is the spread of one student's log response times on a fact
	// around their typical time before the student's own is known
	// (Student.TimeSpread learns it, weighing the prior as TimeSpreadPrior
	// answers); TimeMeanSpread the prior uncertainty of that typical time
	// (shrinks as 1/√n).
	TimeSpread, TimeMeanSpread float64
	TimeSpreadPrior            float64

	// Knowing a fact by heart (README.md, "Knowing a fact"): the estimated
	// chance of a right answer in under FluentMS reaches FluentP, after at
	// least MinFluentAttempts answers.
	FluentMS          int64
	FluentP           float64
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
		AbilityVar:        1.0,
		TableVar:          0.8,
		FactVar:           1.0,
		AbilityDrift:      0.002,
		TableDrift:        0.005,
		GainRight:         0.4,
		GainWrong:         0.2,
		Slip:              0.01,
		MinInfo:           0.05,
		Moderation:        0.5,
		ForecastScale:     1,
		TimeoutScore:      0.3,
		MissedScore:       0.3,
		MissedWeight:      0.5,
		HalfLifeDays:      5,
		StabilityGain:     0.3,
		RecentAlpha:       0.3,
		TimeAlpha:         0.3,
		TimeSpread:        0.35,
		TimeMeanSpread:    0.5,
		TimeSpreadPrior:   20,
		FluentMS:          3000,
		FluentP:           0.8,
		MinFluentAttempts: 3,
		TargetSuccess:     0.75,
		ReviewShare:       0.2,
	}
}

// FactState is what the platform keeps per student and unordered fact pair:
// a few numbers, updated in constant time by every attempt.
type FactState struct {
	// Logit and Precision are the whole log-odds z of a right answer and
	// 1/V, as they stood after the last attempt (ability and tables
	// included), so that a dashboard can read the fact without the student.
	Logit     float64 `json:"logit"`
	Precision float64 `json:"precision"`
	// Dev and DevVar are the student's own term for the fact, u_f, and its
	// variance. A state without DevVar (written by an older version, or by
	// hand) is read as if the whole of Logit beyond the student's other
	// terms were the fact's own (Model.fill).
	Dev    float64 `json:"dev"`
	DevVar float64 `json:"dev_var"`
	// General is the student's general terms for the fact (ability and
	// the two tables' terms) when it was last updated, and Info the
	// information its own answers gave (decaying with forgetting): how
	// much it follows the general terms' later changes (Model.sum).
	General float64 `json:"general"`
	Info    float64 `json:"info"`
	// Base and Ability: Base is the easiness the fact started from, and
	// Ability the student's ability when the fact was last updated (what
	// older versions read).
	Base    float64 `json:"base,omitempty"`
	Ability float64 `json:"ability,omitempty"`
	// LogMS is the running mean of ln(response ms) of timed right answers and
	// timeouts; TimedN the (decaying) number of them.
	LogMS  float64 `json:"log_ms"`
	TimedN float64 `json:"timed_n"`

	// Spread is the student's spread of log response times around their
	// typical time, as estimated when the fact was last updated
	// (Student.TimeSpread; 0: the model's TimeSpread).
	Spread float64 `json:"spread,omitempty"`

	// What the dashboards and the reasons read.
	Attempts       int       `json:"attempts"`
	Correct        int       `json:"correct"`
	RecentAccuracy float64   `json:"recent_accuracy"` // EWMA of right answers, 0 before any attempt
	TypicalMS      float64   `json:"typical_ms"`      // typical response time of right answers, 0 when unknown
	LastSeen       time.Time `json:"last_seen"`
	// LastFast is the last time the fact was answered right in under 3 s
	// (a literal fact a reason can count), zero if never.
	LastFast time.Time `json:"last_fast,omitzero"`
}

// Estimate is the mastery of a fact at a moment, with its uncertainty.
type Estimate struct {
	// P is the probability of a right answer now.
	P float64 `json:"p"`
	// SD is the standard deviation of P (delta method on the log-odds).
	SD float64 `json:"sd"`
	// Known is the estimated chance of a right answer in under 3 s now:
	// P times the chance that a right answer comes that fast. It is the one
	// figure every screen reads (README.md, "Knowing a fact").
	Known float64 `json:"known"`
	// Fluent: known by heart — Known reaches Model.FluentP after at least
	// Model.MinFluentAttempts answers.
	Fluent bool `json:"fluent"`
}

// Prior is the state of a fact never met by a student of average ability.
func (m Model) Prior(pair games.Fact) FactState {
	e := m.easiness(pair.Pair())
	return FactState{Logit: e, Precision: 1 / (m.AbilityVar + m.tableVarOf(pair) + m.FactVar), DevVar: m.FactVar, Base: e}
}

// tableVarOf is the variance the table terms add to a fact never met.
func (m Model) tableVarOf(f games.Fact) float64 {
	if f.A == f.B {
		return m.TableVar
	}
	return 2 * m.TableVar
}

// Update folds one attempt into a fact's state alone, as if the student's
// ability and table terms were what the state last saw (all of the step
// goes to the fact's own term). Observe, which has the student, is what the
// platform uses.
func (m Model) Update(s FactState, a Attempt) FactState {
	pair := games.Fact{A: a.A, B: a.B}.Pair()
	if s.Precision <= 0 || math.IsNaN(s.Precision) || math.IsNaN(s.Logit) {
		s = m.Prior(pair)
	}
	s = m.fillAlone(s, pair)
	s = m.forget(s, a.At)
	other := 1/s.Precision - s.DevVar
	rest := s.Logit - s.Dev
	terms := []term{{mean: &s.Dev, vr: &s.DevVar, coef: 1}}
	z, v := rest+s.Dev, other+s.DevVar
	before := s.DevVar
	s.Info += m.kalman(terms, z, v, a)
	s.Dev += m.gain(a, z, before)
	s.Logit, s.Precision = rest+s.Dev, 1/(other+s.DevVar)
	return m.count(s, a)
}

// fillAlone repairs a state that has no fact term of its own.
func (m Model) fillAlone(s FactState, pair games.Fact) FactState {
	if s.DevVar > 0 {
		return s
	}
	v := 1 / s.Precision
	s.DevVar = min(m.FactVar, max(v-m.AbilityVar-m.tableVarOf(pair), 0.05))
	s.Dev = 0
	return s
}

// term is one Gaussian belief the Kalman step moves: z = Σ coef·mean.
type term struct {
	mean, vr *float64
	coef     float64
}

// kalman applies one attempt to the terms of z (mean z, variance v): each
// moves by its share of the step, and gains the attempt's information.
//
// The likelihood allows slips: P(right) = (1 − Slip)·σ(z), so a wrong
// answer on a fact the child knows well moves the estimate only a little
// (a child who knows 3 × 4 and once writes 13 has slipped, not forgotten),
// while a wrong answer where σ(z) is middling counts in full. The step is
// the Laplace (Newton) step of that likelihood at the predictive mean:
// Δz = v·g / (1 + v·h), with g the slope of the log-likelihood and h its
// Fisher information, both times the attempt's weight.
func (m Model) kalman(terms []term, z, v float64, a Attempt) (info float64) {
	score, weight := m.score(a)
	q := moderated(z, v)
	dq := q * (1 - q)
	p := (1 - m.Slip) * q
	dp := (1 - m.Slip) * dq
	g := weight * dp * (score/p - (1-score)/(1-p))
	h := weight * dp * dp / (p * (1 - p))
	den := 1 + h*v
	// The variances shrink by at least MinInfo per answer: answers the
	// model already expected (a right answer at 99 %) carry almost no
	// Fisher information, yet hundreds of them do say the child knows
	// these facts; without a floor the terms stay as unsure as on the first
	// day, and a handful of errors elsewhere swings them (a decaying Elo K
	// does the same).
	hv := max(h, weight*m.MinInfo)
	denV := 1 + hv*v
	for _, t := range terms {
		*t.mean += t.coef * *t.vr * g / den
		*t.vr -= t.coef * t.coef * *t.vr * *t.vr * hv / denV
		*t.vr = max(*t.vr, 1e-4)
	}
	return hv
}

// gain is what the attempt itself teaches the fact term: GainRight or
// GainWrong, times what is left to learn (1 − σ(z)) and times the square
// of the share of the term's prior uncertainty still there (v/FactVar, v
// its variance before the attempt). So the model expects a child to learn
// a fact while it is new to them (or forgotten) and not yet known, and
// trusts the child's answers once it has many. The Kalman step shrinks as
// v, so a gain shrinking only as v would keep a steady bias: over hundreds
// of attempts it would lift a fact the child keeps getting wrong.
func (m Model) gain(a Attempt, z, v float64) float64 {
	g := m.GainWrong
	switch {
	case right(a):
		g = m.GainRight
	case a.Kind == games.KindMissed:
		return 0 // the product was not shown to the child
	}
	r := min(v/m.FactVar, 1)
	return g * (1 - sigmoid(z)) * r * r
}

// count updates what the dashboards read.
func (m Model) count(s FactState, a Attempt) FactState {
	// A missed opportunity or a timeout counts as an attempt that was not
	// right: that is what a teacher reading "recent accuracy" expects.
	c := 0.0
	s.Attempts++
	if right(a) {
		s.Correct++
		c = 1
		if a.ResponseMS > 0 && a.ResponseMS < m.FluentMS {
			s.LastFast = a.At
		}
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

// right says whether an attempt was a right answer given in time.
func right(a Attempt) bool { return a.Correct && !a.TimedOut && a.Kind != games.KindMissed }

// timeoutLogPenalty: a timeout enters the typical time as 1.5 × the timer.
var timeoutLogPenalty = math.Log(1.5)

// score turns an attempt into an outcome in [0,1] and the weight of its
// evidence: right 1 > timeout > wrong 0; a missed opportunity weighs less.
func (m Model) score(a Attempt) (score, weight float64) {
	switch {
	case a.Kind == games.KindMissed:
		return m.MissedScore, m.MissedWeight
	case a.TimedOut:
		return m.TimeoutScore, 1
	case !a.Correct:
		return 0, 1
	}
	return 1, 1
}

// forget lets the fact term's evidence weaken from s.LastSeen to now: its
// mean moves back toward 0 (what the student's other terms and the
// population say) and its variance back toward the prior, by the factor
// r = 2^(−days/h), with a half-life h that grows with the practice the fact
// has had. The typical time's weight decays alike.
func (m Model) forget(s FactState, now time.Time) FactState {
	r := m.kept(s, now)
	if r >= 1 {
		return s
	}
	oldDev, oldVar := s.Dev, s.DevVar
	s.Dev *= r
	s.DevVar = m.FactVar + (s.DevVar-m.FactVar)*r
	s.Logit += s.Dev - oldDev
	s.Precision = 1 / (1/s.Precision + s.DevVar - oldVar)
	s.TimedN *= r
	s.Info *= r
	return s
}

// kept is the share of the fact term's evidence left at now.
func (m Model) kept(s FactState, now time.Time) float64 {
	if s.LastSeen.IsZero() || !now.After(s.LastSeen) || s.DevVar <= 0 {
		return 1
	}
	days := now.Sub(s.LastSeen).Hours() / 24
	gained := max(1/s.DevVar-1/m.FactVar, 0)
	h := m.HalfLifeDays * (1 + m.StabilityGain*gained)
	return math.Exp2(-days / h)
}

// Estimate is the mastery of the fact at now, after forgetting, from the
// fact's state alone (the student's progress elsewhere since the fact was
// last practised is not in it; FactEstimate has it).
func (m Model) Estimate(s FactState, now time.Time) Estimate {
	if s.Precision <= 0 || math.IsNaN(s.Precision) || math.IsNaN(s.Logit) {
		s.Precision = 1 / (m.AbilityVar + 2*m.TableVar + m.FactVar)
		if math.IsNaN(s.Logit) {
			s.Logit = 0
		}
	}
	if s.DevVar > 0 {
		s = m.forget(s, now)
	}
	return m.estimate(s, s.Logit, 1/s.Precision)
}

// estimate reads a fact whose log-odds are z with variance v.
func (m Model) estimate(s FactState, z, v float64) Estimate {
	q := moderated(z, m.Moderation*v)
	p := m.recalibrated((1 - m.Slip) * q)
	e := Estimate{P: p, SD: (1 - m.Slip) * q * (1 - q) * math.Sqrt(v)}
	e.Known = p * m.fastShare(s)
	e.Fluent = s.Attempts >= m.MinFluentAttempts && e.Known >= m.FluentP
	return e
}

// fastShare is the probability that a right answer comes in under FluentMS,
// from a log-normal around the typical time with the student's spread
// (FactState.Spread, or TimeSpread before it is known), wider when few
// timed answers (or only old ones) back the typical time.
func (m Model) fastShare(s FactState) float64 {
	if s.TimedN <= 0 {
		return 0
	}
	spread := m.TimeSpread
	if s.Spread > 0 {
		spread = s.Spread
	}
	sd := math.Sqrt(spread*spread + m.TimeMeanSpread*m.TimeMeanSpread/s.TimedN)
	z := (math.Log(float64(m.FluentMS)) - s.LogMS) / sd
	return normalCDF(z)
}

// recalibrated applies ForecastShift and ForecastScale to a forecast p.
func (m Model) recalibrated(p float64) float64 {
	if m.ForecastShift == 0 && (m.ForecastScale == 0 || m.ForecastScale == 1) {
		return p
	}
	scale := m.ForecastScale
	if scale == 0 {
		scale = 1
	}
	return sigmoid(m.ForecastShift + scale*logit(clampP(p)))
}

// moderated is the predictive probability of a logistic with a Gaussian
// log-odds of mean z and variance v.
func moderated(z, v float64) float64 { return sigmoid(z / math.Sqrt(1+math.Pi*v/8)) }

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
