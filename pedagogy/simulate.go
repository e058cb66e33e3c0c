package pedagogy

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// SimConfig describes a simulation run. Zero fields take the defaults.
type SimConfig struct {
	Learners    int    `json:"learners"`     // population size (default 100)
	Seed        uint64 `json:"seed"`         // everything random derives from it
	Budget      int    `json:"budget"`       // attempts per learner (default 3000)
	SessionSize int    `json:"session_size"` // attempts per daily session (default 30)
	// Log keeps every attempt of every policy, for Eval and --log.
	Log bool `json:"-"`
}

func (c SimConfig) withDefaults() SimConfig {
	if c.Learners <= 0 {
		c.Learners = 100
	}
	if c.Budget <= 0 {
		c.Budget = 3000
	}
	if c.SessionSize <= 0 {
		c.SessionSize = 30
	}
	return c
}

// Policy names.
const (
	PolicyAdaptive = "adaptive"
	PolicyFixed    = "fixed level 1–10, uniform"
	PolicyTarget   = "fixed tables 2–9, uniform"
	PolicyOrdered  = "tables in order 2→9"
)

// SimTargetShare is the share of the target facts that must be truly fluent.
const SimTargetShare = 0.9

// simStart is the first school day of the simulation (any fixed date).
var simStart = time.Date(2026, 9, 7, 8, 30, 0, 0, time.UTC)

// PolicyResult summarises one policy over the population.
type PolicyResult struct {
	Policy string `json:"policy"`
	// Reached is the number of learners who reached 90 % of the target
	// facts fluent within the budget.
	Reached int `json:"reached"`
	// MeanAttempts and MedianAttempts to that point; learners who did not
	// reach it count as the budget (so these are lower bounds).
	MeanAttempts   float64 `json:"mean_attempts"`
	MedianAttempts float64 `json:"median_attempts"`
	// Success is the share of attempts answered right until the target is
	// reached (or the budget spent); SuccessGap the mean absolute distance
	// of each of those sessions' share from TargetSuccess.
	Success    float64 `json:"success"`
	SuccessGap float64 `json:"success_gap"`
	// FluentAtBudget is the mean number of target facts fluent when the
	// budget is spent (out of TargetFacts).
	FluentAtBudget float64 `json:"fluent_at_budget"`
	// FluentAtCheck is the same after CheckAttempts attempts.
	FluentAtCheck float64 `json:"fluent_at_check"`
}

// SimResult is the outcome of Simulate.
type SimResult struct {
	Config        SimConfig      `json:"config"`
	TargetFacts   int            `json:"target_facts"`
	CheckAttempts int            `json:"check_attempts"`
	Policies      []PolicyResult `json:"policies"`
	// Reduction is 1 − adaptive/fixed-level mean attempts; ReductionTarget
	// the same against the fixed tables 2–9.
	Reduction       float64         `json:"reduction"`
	ReductionTarget float64         `json:"reduction_target"`
	Log             []LoggedAttempt `json:"-"`
}

// simTarget is the facts whose fluency the simulation measures: the tables
// 2–9 as concepts.md defines a table (factors 1–10), as unordered pairs (52).
func simTarget() []games.Fact { return levelPairs(simTargetLevel()) }

func simTargetLevel() games.Level { return games.Custom(2, 3, 4, 5, 6, 7, 8, 9) }

// policy chooses a session's deck and timer, and hears what happened.
type policy interface {
	session(now time.Time) (facts []games.Fact, weights []float64, timerMS int)
	observe(a Attempt)
}

// Simulate runs the adaptive policy and the two baselines on the same
// synthetic learners and reports how fast each brings them to fluency.
// It is pure: the same config gives the same result.
func Simulate(m Model, cfg SimConfig) SimResult {
	cfg = cfg.withDefaults()
	res := SimResult{Config: cfg, TargetFacts: len(simTarget()), CheckAttempts: cfg.Budget / 3}
	noise := newFactNoise(games.NewRNG(cfg.Seed, 0))
	makers := []struct {
		name string
		make func() policy
	}{
		{PolicyAdaptive, func() policy { return &adaptivePolicy{m: m} }},
		{PolicyFixed, func() policy { return newFixedPolicy(games.All(10)) }},
		{PolicyTarget, func() policy { return newFixedPolicy(simTargetLevel()) }},
		{PolicyOrdered, func() policy { return &orderedPolicy{} }},
	}
	for pi, mk := range makers {
		var runs []learnerRun
		for i := range cfg.Learners {
			// The same seed for every policy: the same learner, the same
			// luck in drawing its answers.
			rng := games.NewRNG(cfg.Seed, uint64(1+i))
			l := newLearner(rng, noise)
			pick := games.NewRNG(cfg.Seed^0x5eed, uint64(1+i))
			run := runLearner(l, mk.make(), pick, m, cfg, res.CheckAttempts)
			runs = append(runs, run)
			if cfg.Log {
				for j := range run.log {
					run.log[j].Student = fmt.Sprintf("%s-%03d", policyTag(pi), i)
				}
				res.Log = append(res.Log, run.log...)
			}
		}
		res.Policies = append(res.Policies, summarise(mk.name, runs, cfg))
	}
	// In time order, as an attempts file would be.
	slices.SortStableFunc(res.Log, func(x, y LoggedAttempt) int { return cmp.Compare(x.Order, y.Order) })
	if f := res.Policies[1].MeanAttempts; f > 0 {
		res.Reduction = 1 - res.Policies[0].MeanAttempts/f
	}
	if f := res.Policies[2].MeanAttempts; f > 0 {
		res.ReductionTarget = 1 - res.Policies[0].MeanAttempts/f
	}
	return res
}

func policyTag(i int) string { return []string{"adaptive", "fixed", "tables29", "ordered"}[i] }

type learnerRun struct {
	reachedAt       int // 0 = not within budget
	right, answered int // until the target
	attempts        int
	gapSum          float64
	sessions        int
	fluentAtBudget  int
	fluentAtCheck   int
	log             []LoggedAttempt
}

func runLearner(l *learner, p policy, pick *games.RNG, m Model, cfg SimConfig, check int) learnerRun {
	var run learnerRun
	target := simTarget()
	fluentCount := func(now time.Time) int {
		n := 0
		for _, f := range target {
			if l.fluent(f, now) {
				n++
			}
		}
		return n
	}
	need := int(math.Ceil(SimTargetShare * float64(len(target))))
	for day := 0; run.attempts < cfg.Budget; day++ {
		now := simStart.Add(time.Duration(day) * 24 * time.Hour)
		facts, weights, timerMS := p.session(now)
		right := 0
		n := min(cfg.SessionSize, cfg.Budget-run.attempts)
		for range n {
			f := facts[pick.Weighted(weights)]
			if pick.IntN(2) == 0 {
				f = games.Fact{A: f.B, B: f.A}
			}
			a := l.answer(f, now, timerMS)
			p.observe(a)
			if a.Correct {
				right++
			}
			run.attempts++
			if cfg.Log {
				run.log = append(run.log, LoggedAttempt{Attempt: a, Order: float64(a.At.UnixMilli())})
			}
			if run.attempts == check {
				run.fluentAtCheck = fluentCount(now)
			}
			now = now.Add(time.Duration(a.ResponseMS)*time.Millisecond + 3*time.Second)
		}
		// Success is measured while learning, up to the target: after it the
		// policies only maintain what is known.
		if run.reachedAt == 0 {
			run.right += right
			run.answered += n
			run.gapSum += math.Abs(float64(right)/float64(n) - m.TargetSuccess)
			run.sessions++
		}
		if run.reachedAt == 0 && fluentCount(now) >= need {
			run.reachedAt = run.attempts
		}
		if run.attempts >= cfg.Budget {
			run.fluentAtBudget = fluentCount(now)
		}
	}
	return run
}

func summarise(name string, runs []learnerRun, cfg SimConfig) PolicyResult {
	r := PolicyResult{Policy: name}
	var at []float64
	var right, attempts, gap, sessions, fb, fc float64
	for _, run := range runs {
		x := float64(cfg.Budget)
		if run.reachedAt > 0 {
			r.Reached++
			x = float64(run.reachedAt)
		}
		at = append(at, x)
		right += float64(run.right)
		attempts += float64(run.answered)
		gap += run.gapSum
		sessions += float64(run.sessions)
		fb += float64(run.fluentAtBudget)
		fc += float64(run.fluentAtCheck)
	}
	n := float64(len(runs))
	slices.Sort(at)
	for _, x := range at {
		r.MeanAttempts += x / n
	}
	if len(at) > 0 {
		r.MedianAttempts = at[len(at)/2]
		if len(at)%2 == 0 {
			r.MedianAttempts = (at[len(at)/2-1] + at[len(at)/2]) / 2
		}
	}
	r.Success = right / attempts
	r.SuccessGap = gap / sessions
	r.FluentAtBudget = fb / n
	r.FluentAtCheck = fc / n
	return r
}

// adaptivePolicy is the platform: a plan per session from the model.
type adaptivePolicy struct {
	m  Model
	st Student
}

func (p *adaptivePolicy) session(now time.Time) ([]games.Fact, []float64, int) {
	plan := p.m.StartSession(&p.st, Constraint{}, now)
	var facts []games.Fact
	var w []float64
	for _, fw := range plan.Level.Weights {
		facts = append(facts, games.Fact{A: fw.A, B: fw.B})
		w = append(w, fw.W)
	}
	timer := 0
	if plan.Timer.Enabled {
		timer = plan.Timer.AnswerMS
	}
	return facts, w, timer
}

func (p *adaptivePolicy) observe(a Attempt) { p.m.Observe(&p.st, a) }

// fixedPolicy is a teacher's fixed plan: one level, every fact dealt
// uniformly, no timer. The baseline the issue names is the deck level "all"
// 1–10 (the whole box, 55 pairs); the custom level "tables 2–9" (exactly the
// 52 target pairs, wasting nothing on other facts) is reported beside it as
// the strongest possible fixed plan.
type fixedPolicy struct{ facts []games.Fact }

func newFixedPolicy(l games.Level) *fixedPolicy { return &fixedPolicy{facts: levelPairs(l)} }

func (p *fixedPolicy) session(time.Time) ([]games.Fact, []float64, int) {
	return p.facts, uniform(len(p.facts)), 0
}

func (p *fixedPolicy) observe(Attempt) {}

// orderedPolicy is the classic order: the table of 2 until a session is
// 90 % right, then 3, … up to 9, then all of 2–9 uniformly; no timer.
type orderedPolicy struct {
	table          int // 0 before the first session
	right, answers int // this session's
}

// orderedPassShare is the session accuracy at which the class moves on.
const orderedPassShare = 0.9

func (p *orderedPolicy) session(time.Time) ([]games.Fact, []float64, int) {
	switch {
	case p.table == 0:
		p.table = 2
	case p.table <= 9 && p.answers > 0 && float64(p.right) >= orderedPassShare*float64(p.answers):
		p.table++
	}
	p.right, p.answers = 0, 0
	if p.table > 9 {
		f := simTarget()
		return f, uniform(len(f)), 0
	}
	facts := levelPairs(games.Custom(p.table))
	return facts, uniform(len(facts)), 0
}

func (p *orderedPolicy) observe(a Attempt) {
	p.answers++
	if a.Correct {
		p.right++
	}
}

func uniform(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
	}
	return w
}
