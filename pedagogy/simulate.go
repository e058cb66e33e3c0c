package pedagogy

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/multipli/multipli/games"
)

// SimConfig describes a simulation run. Zero fields take the defaults.
type SimConfig struct {
	Learners int      `json:"learners"` // learners per seed (default 100)
	Seeds    []uint64 `json:"seeds"`    // default 1–5; everything random derives from them
	// Budget is the attempts a learner may make before the run gives up
	// (default 6000, 200 days): a learner who never reaches the target
	// counts as the budget.
	Budget      int `json:"budget"`
	SessionSize int `json:"session_size"` // attempts per daily session (default 30)
	// Variants are the learner variants (default all); Policies the
	// policies (default all, PolicyNames' order).
	Variants []LearnerVariant `json:"variants"`
	Policies []string         `json:"policies"`
	// Workers run learners in parallel (default 1); the result does not
	// depend on it.
	Workers int `json:"-"`
	// Log keeps every attempt of the adaptive policy (first variant and
	// seed), for Eval and --log.
	Log bool `json:"-"`
}

func (c SimConfig) withDefaults() SimConfig {
	if c.Learners <= 0 {
		c.Learners = 100
	}
	if len(c.Seeds) == 0 {
		c.Seeds = []uint64{1, 2, 3, 4, 5}
	}
	if c.Budget <= 0 {
		c.Budget = 6000
	}
	if c.SessionSize <= 0 {
		c.SessionSize = 30
	}
	if len(c.Variants) == 0 {
		c.Variants = LearnerVariants
	}
	if len(c.Policies) == 0 {
		c.Policies = PolicyNames
	}
	c.Workers = max(c.Workers, 1)
	return c
}

// Policy names.
const (
	PolicyAdaptive = "adaptive, ladder 2–5 → 6–9 → 1–10"
	PolicyAssigned = "adaptive, tables 2–9 assigned"
	PolicyLeitner  = "Leitner, 5 boxes"
	PolicyXtraMath = "XtraMath-like"
	PolicyGarden   = "Math Garden-like"
	PolicyUniform  = "fixed tables 2–9, uniform"
	PolicyOrdered  = "tables in order 2→9"
	// PolicyTruth is the plan with tables 2–9 assigned, its rules unchanged,
	// reading the learner's true state instead of the model's estimates: a
	// bound on what better estimates would be worth (README.md, "What the
	// margins ask of the model").
	PolicyTruth     = "adaptive, tables 2–9, told the truth"
	PolicyOracle    = "oracle"
	policyTagPrefix = "sim"
)

// PolicyNames lists the policies in the order the tables show them.
var PolicyNames = []string{PolicyAdaptive, PolicyAssigned, PolicyLeitner, PolicyXtraMath, PolicyGarden, PolicyUniform, PolicyOrdered, PolicyTruth, PolicyOracle}

// SimTargetShare is the share of the target facts that must be truly fluent
// SimCheckDays after the last session.
const SimTargetShare = 0.9

// SimCheckDays is how long after the last session the facts must still be
// fluent: fluency that lasts, not fluency at the end of a drill.
const SimCheckDays = 7

// simStart is the first school day of the simulation (any fixed date).
var simStart = time.Date(2026, 9, 7, 8, 30, 0, 0, time.UTC)

// PolicyResult summarises one policy on one learner variant, over every
// seed's learners.
type PolicyResult struct {
	Variant LearnerVariant `json:"variant"`
	Policy  string         `json:"policy"`
	// Learners ran, and Reached the target within the budget.
	Learners int `json:"learners"`
	Reached  int `json:"reached"`
	// MeanAttempts and MedianAttempts to the target; learners who did not
	// reach it count as the budget (so these are lower bounds).
	MeanAttempts   float64 `json:"mean_attempts"`
	MedianAttempts float64 `json:"median_attempts"`
	// SeedMeans is MeanAttempts seed by seed.
	SeedMeans []float64 `json:"seed_means"`
	// Success is the share of right answers until the target (or the
	// budget).
	Success float64 `json:"success"`
	// VsLeitner, VsXtraMath: 1 − MeanAttempts/theirs (positive: fewer
	// attempts); ToOracle: MeanAttempts/the oracle's − 1. Zero when the
	// policy compared with did not run.
	VsLeitner  float64 `json:"vs_leitner"`
	VsXtraMath float64 `json:"vs_xtramath"`
	ToOracle   float64 `json:"to_oracle"`
	// SeedVsLeitner and SeedVsXtraMath are the same seed by seed.
	SeedVsLeitner  []float64 `json:"seed_vs_leitner,omitempty"`
	SeedVsXtraMath []float64 `json:"seed_vs_xtramath,omitempty"`
	// Ladder is the adaptive policy's level history.
	Ladder *LadderStats `json:"ladder,omitempty"`
}

// LadderStats counts the adaptive policy's level changes.
type LadderStats struct {
	// Promoted learners were promoted at least once; Demoted were demoted
	// after a promotion (a bounce).
	Promoted int `json:"promoted"`
	Demoted  int `json:"demoted_after_promotion"`
	// Reasons holds, for the checks of the reasons' figures, what each
	// ladder decision said beside the learner's truth (first seed only;
	// not in the JSON).
	Reasons []ReasonCheck `json:"-"`
}

// ReasonCheck is one ladder decision of the simulation: the counts its
// reason gave and the learner's truth at that moment.
type ReasonCheck struct {
	Decision string
	Step     games.LevelName // the step the counts are about
	Reason   games.Message
	// Known is the reason's estimate of the facts known by heart, Total the
	// step's facts, FastRecently its literal count of facts answered right
	// in under 3 s in the last two weeks.
	Known, Total, FastRecently int
	// TrueFluent is the learner's facts truly fluent then, and
	// TrueFastRecently the literal count taken from the attempts.
	TrueFluent, TrueFastRecently int
	// KnownAndTrue counts the facts the estimate calls known by heart that
	// are truly fluent.
	KnownAndTrue int
}

// SimResult is the outcome of Simulate.
type SimResult struct {
	Config      SimConfig       `json:"config"`
	TargetFacts int             `json:"target_facts"`
	Results     []PolicyResult  `json:"results"`
	Log         []LoggedAttempt `json:"-"`
}

// Result returns the row of a variant and policy.
func (r SimResult) Result(v LearnerVariant, policy string) PolicyResult {
	for _, x := range r.Results {
		if x.Variant == v && x.Policy == policy {
			return x
		}
	}
	return PolicyResult{}
}

// simTarget is the facts whose fluency the simulation measures: the tables
// 2–9, a table being its factors 1–10, as unordered pairs (52).
func simTarget() []games.Fact { return levelPairs(simTargetLevel()) }

func simTargetLevel() games.Level { return games.Custom(2, 3, 4, 5, 6, 7, 8, 9) }

// policy chooses what a learner practises: start opens a day's session
// and says its answer timer (0: none), pick deals the next fact, observe
// hears the answer.
type policy interface {
	start(now time.Time) (timerMS int)
	pick(now time.Time, rng *games.RNG) games.Fact
	observe(a Attempt)
}

// Simulate runs every policy on the same synthetic learners of every
// variant and seed, and reports how many attempts each needs to bring them
// to 90 % of the facts of tables 2–9 still fluent 7 days after the last
// session. It is pure: the same config gives the same result.
func Simulate(m Model, cfg SimConfig) SimResult {
	cfg = cfg.withDefaults()
	res := SimResult{Config: cfg, TargetFacts: len(simTarget())}
	for vi, v := range cfg.Variants {
		var rows []PolicyResult
		for _, name := range cfg.Policies {
			row := PolicyResult{Variant: v, Policy: name}
			var all []learnerRun
			for si, seed := range cfg.Seeds {
				runs := simulatePolicy(m, cfg, v, name, seed, cfg.Log && vi == 0 && si == 0 && name == PolicyAdaptive, si == 0)
				if name == PolicyAdaptive && si == 0 {
					for _, r := range runs {
						res.Log = append(res.Log, r.log...)
					}
				}
				row.SeedMeans = append(row.SeedMeans, meanAttempts(runs, cfg.Budget))
				all = append(all, runs...)
			}
			summarise(&row, all, cfg)
			rows = append(rows, row)
		}
		compare(rows)
		res.Results = append(res.Results, rows...)
	}
	slices.SortStableFunc(res.Log, func(x, y LoggedAttempt) int { return cmp.Compare(x.Order, y.Order) })
	return res
}

// simulatePolicy runs one policy on one seed's learners.
func simulatePolicy(m Model, cfg SimConfig, v LearnerVariant, name string, seed uint64, log, check bool) []learnerRun {
	noise := newFactNoise(games.NewRNG(seed, 0))
	runs := make([]learnerRun, cfg.Learners)
	var wg sync.WaitGroup
	next := make(chan int)
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				// The same seed for every policy: the same learner.
				l := newLearner(games.NewRNG(seed, uint64(1+i)), noise, v)
				pick := games.NewRNG(seed^0x5eed, uint64(1+i))
				runs[i] = runLearner(l, newPolicy(name, m, l, check), pick, m, cfg, log)
				for j := range runs[i].log {
					runs[i].log[j].Student = fmt.Sprintf("%s-%d-%03d", policyTagPrefix, seed, i)
				}
			}
		}()
	}
	for i := range cfg.Learners {
		next <- i
	}
	close(next)
	wg.Wait()
	return runs
}

func newPolicy(name string, m Model, l *learner, check bool) policy {
	switch name {
	case PolicyAdaptive:
		// The measure's tables are inside 1–10: the ladder stops there, as
		// a teacher aiming at tables 2–9 would set it.
		p := &adaptivePolicy{m: m, truth: l, c: Constraint{Ceiling: games.LevelAll10}}
		if check {
			p.lastFast = map[games.Fact]time.Time{}
		}
		return p
	case PolicyAssigned:
		return &adaptivePolicy{m: m, truth: l, c: Constraint{Tables: simTargetLevel().Tables}}
	case PolicyLeitner:
		return newLeitner()
	case PolicyXtraMath:
		return newXtraMath()
	case PolicyGarden:
		return newMathGarden(m)
	case PolicyUniform:
		return newFixedPolicy(simTargetLevel())
	case PolicyOrdered:
		return &orderedPolicy{}
	case PolicyTruth:
		return &adaptivePolicy{m: m, truth: l, c: Constraint{Tables: simTargetLevel().Tables}, view: truthView(l, nil)}
	case PolicyOracle:
		return newOracle(l)
	}
	panic("pedagogy: unknown policy " + name)
}

type learnerRun struct {
	reachedAt       int // 0 = not within budget
	right, answered int // until the target
	ladder          ladderRun
	log             []LoggedAttempt
}

// runLearner plays daily sessions until the learner has 90 % of the target
// facts fluent SimCheckDays after the session just played, or the budget
// is spent.
func runLearner(l *learner, p policy, pick *games.RNG, m Model, cfg SimConfig, log bool) learnerRun {
	var run learnerRun
	target := simTarget()
	need := int(math.Ceil(SimTargetShare * float64(len(target))))
	attempts := 0
	for day := 0; attempts < cfg.Budget; day++ {
		now := simStart.Add(time.Duration(day) * 24 * time.Hour)
		timerMS := p.start(now)
		n := min(cfg.SessionSize, cfg.Budget-attempts)
		for range n {
			f := p.pick(now, pick)
			if pick.IntN(2) == 0 {
				f = games.Fact{A: f.B, B: f.A}
			}
			a := l.answer(f, now, timerMS)
			p.observe(a)
			if a.Correct {
				run.right++
			}
			run.answered++
			attempts++
			if log {
				run.log = append(run.log, LoggedAttempt{Attempt: a, Order: float64(a.At.UnixMilli())})
			}
			now = now.Add(time.Duration(a.ResponseMS)*time.Millisecond + 3*time.Second)
		}
		later := now.Add(SimCheckDays * 24 * time.Hour)
		fluent := 0
		for _, f := range target {
			if l.fluent(f, later) {
				fluent++
			}
		}
		if fluent >= need {
			run.reachedAt = attempts
			break
		}
	}
	if a, ok := p.(*adaptivePolicy); ok {
		run.ladder = a.ladder
	}
	return run
}

func meanAttempts(runs []learnerRun, budget int) float64 {
	s := 0.0
	for _, r := range runs {
		s += float64(attemptsOf(r, budget))
	}
	return s / float64(len(runs))
}

func attemptsOf(r learnerRun, budget int) int {
	if r.reachedAt > 0 {
		return r.reachedAt
	}
	return budget
}

func summarise(row *PolicyResult, runs []learnerRun, cfg SimConfig) {
	row.Learners = len(runs)
	var at []float64
	var right, answered float64
	var ladder LadderStats
	for _, r := range runs {
		if r.reachedAt > 0 {
			row.Reached++
		}
		at = append(at, float64(attemptsOf(r, cfg.Budget)))
		right += float64(r.right)
		answered += float64(r.answered)
		if r.ladder.promoted {
			ladder.Promoted++
		}
		if r.ladder.demotedAfterPromotion {
			ladder.Demoted++
		}
		ladder.Reasons = append(ladder.Reasons, r.ladder.checks...)
	}
	slices.Sort(at)
	for _, x := range at {
		row.MeanAttempts += x / float64(len(at))
	}
	if n := len(at); n > 0 {
		row.MedianAttempts = (at[(n-1)/2] + at[n/2]) / 2
	}
	if answered > 0 {
		row.Success = right / answered
	}
	if row.Policy == PolicyAdaptive {
		row.Ladder = &ladder
	}
}

// compare fills each row's comparisons with Leitner, XtraMath and the
// oracle, overall and seed by seed.
func compare(rows []PolicyResult) {
	find := func(name string) *PolicyResult {
		for i := range rows {
			if rows[i].Policy == name {
				return &rows[i]
			}
		}
		return nil
	}
	leitner, xtra, oracle := find(PolicyLeitner), find(PolicyXtraMath), find(PolicyOracle)
	for i := range rows {
		r := &rows[i]
		if leitner != nil {
			r.VsLeitner = 1 - r.MeanAttempts/leitner.MeanAttempts
			r.SeedVsLeitner = seedRatios(r.SeedMeans, leitner.SeedMeans)
		}
		if xtra != nil {
			r.VsXtraMath = 1 - r.MeanAttempts/xtra.MeanAttempts
			r.SeedVsXtraMath = seedRatios(r.SeedMeans, xtra.SeedMeans)
		}
		if oracle != nil {
			r.ToOracle = r.MeanAttempts/oracle.MeanAttempts - 1
		}
	}
}

func seedRatios(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = 1 - a[i]/b[i]
	}
	return out
}
