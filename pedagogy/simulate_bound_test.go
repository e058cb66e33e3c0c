package pedagogy

import (
	"math"
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
)

// cappedOracle is the oracle dealt at most perSession draws of a fact in a
// session: what knowing the learner's true state is worth to a plan that,
// like the adaptive plan, spreads a session over many facts.
type cappedOracle struct {
	*oraclePolicy
	perSession int
	used       map[int]int
}

func (p *cappedOracle) start(now time.Time) int {
	p.used = map[int]int{}
	return p.oraclePolicy.start(now)
}

func (p *cappedOracle) pick(time.Time, *games.RNG) games.Fact {
	best := -1
	for i, g := range p.gain {
		if p.used[i] < p.perSession && (best < 0 || g > p.gain[best]) {
			best = i
		}
	}
	p.used[best]++
	p.cur = best
	return p.facts[best]
}

// boundMeans runs the policies of the bound on one seed's learners: the
// mean attempts to the target of each.
func boundMeans(v LearnerVariant, learners int) map[string]float64 {
	m := DefaultModel()
	cfg := SimConfig{}.withDefaults()
	noise := newFactNoise(games.NewRNG(1, 0))
	out := map[string]float64{}
	for _, name := range []string{PolicyAssigned, PolicyLeitner, PolicyXtraMath, PolicyOracle, "oracle, 1 draw", "oracle, 2 draws", "oracle, 2 draws, massing lasts"} {
		var sum float64
		for i := range learners {
			l := newLearner(games.NewRNG(1, uint64(1+i)), noise, v)
			var p policy
			switch name {
			case "oracle, 1 draw":
				p = &cappedOracle{oraclePolicy: newOracle(l), perSession: 1}
			case "oracle, 2 draws":
				p = &cappedOracle{oraclePolicy: newOracle(l), perSession: 2}
			case "oracle, 2 draws, massing lasts":
				o := newOracle(l)
				o.massingLasts = true
				p = &cappedOracle{oraclePolicy: o, perSession: 2}
			default:
				p = newPolicy(name, m, l, false)
			}
			r := runLearner(l, p, games.NewRNG(1^0x5eed, uint64(1+i)), m, cfg, false)
			sum += float64(attemptsOf(r, cfg.Budget))
		}
		out[name] = sum / float64(learners)
	}
	return out
}

// Why the 10 % margin against the XtraMath-like rule is out of reach of a
// plan that deals each fact once a session, without a spacing effect: the
// oracle itself, knowing the learner's true memory, loses most of its lead
// when it may deal a fact only once a session (it gains its lead by massing
// practice, which lengthens this learner's memory at every attempt), while
// with a spacing effect massing is what the XtraMath-like rule loses by. The
// same oracle dealt up to two draws but planning as if massing always
// lasted — what a plan that cannot tell the two learners apart would do to
// win the 10 % — is slower than Leitner with a spacing effect.
func TestSimulateOracleBoundOfOneDrawASession(t *testing.T) {
	for _, v := range []LearnerVariant{VariantToday, VariantSpacing} {
		r := boundMeans(v, 30)
		vs := func(name, base string) float64 { return 1 - r[name]/r[base] }
		t.Logf("%s: adaptive %.0f, Leitner %.0f, XtraMath %.0f, oracle %.0f, oracle 1 draw %.0f, oracle 2 draws %.0f, 2 draws with massing assumed to last %.0f; against XtraMath: adaptive %.1f %%, oracle %.1f %%, 1 draw %.1f %%, 2 draws %.1f %%, massing assumed %.1f %%; against Leitner: massing assumed %.1f %%",
			v, r[PolicyAssigned], r[PolicyLeitner], r[PolicyXtraMath], r[PolicyOracle], r["oracle, 1 draw"], r["oracle, 2 draws"], r["oracle, 2 draws, massing lasts"],
			100*vs(PolicyAssigned, PolicyXtraMath), 100*vs(PolicyOracle, PolicyXtraMath), 100*vs("oracle, 1 draw", PolicyXtraMath), 100*vs("oracle, 2 draws", PolicyXtraMath),
			100*vs("oracle, 2 draws, massing lasts", PolicyXtraMath), 100*vs("oracle, 2 draws, massing lasts", PolicyLeitner))
		if v == VariantToday {
			assert.Greater(t, r["oracle, 1 draw"], 1.15*r[PolicyOracle], "massing is most of the oracle's lead")
			assert.Less(t, vs("oracle, 1 draw", PolicyXtraMath), 0.15, "one draw a session: hardly 10 %% under XtraMath, even knowing the truth")
			assert.Greater(t, vs("oracle, 2 draws, massing lasts", PolicyXtraMath), 0.2, "massing where it lasts is what wins by 10 %%")
		} else {
			assert.Greater(t, vs("oracle, 1 draw", PolicyXtraMath), 0.4, "with a spacing effect, one draw a session is what wins")
			assert.Greater(t, r["oracle, 2 draws, massing lasts"], r[PolicyLeitner], "massing as if it lasted loses to Leitner, even knowing the memory")
		}
	}
}

// toldMeans runs the plan (tables 2–9 assigned) on seed 1's learners, told
// the learner's truth with a forecast error of sd logits drawn afresh for
// each fact at each session (sd < 0: the model's own estimates).
func toldMeans(v LearnerVariant, learners int, sd float64) float64 {
	m := DefaultModel()
	cfg := SimConfig{}.withDefaults()
	noise := newFactNoise(games.NewRNG(1, 0))
	var sum float64
	for i := range learners {
		l := newLearner(games.NewRNG(1, uint64(1+i)), noise, v)
		p := &adaptivePolicy{m: m, truth: l, c: Constraint{Tables: simTargetLevel().Tables}}
		if sd >= 0 {
			errs := games.NewRNG(99, uint64(1+i))
			p.view = truthView(l, func(games.Fact) float64 { return sd * errs.NormFloat64() })
		}
		r := runLearner(l, p, games.NewRNG(1^0x5eed, uint64(1+i)), m, cfg, false)
		sum += float64(attemptsOf(r, cfg.Budget))
	}
	return sum / float64(learners)
}

// What the margins ask of the model. Told the learner's true state (which
// facts are fluent now, and which will still be fluent in 7 days), the
// plan's own rules — one draw per fact a session, the weakest first, a
// fact known by heart reviewed while it would not last — meet every margin
// of the issue. An error of 0.3 logits in the 7-day forecast, drawn afresh
// at each session, is enough to lose the 10 % against the XtraMath-like
// rule, and the model's forecast is further off than that where the
// decision is made (forecastError below).
func TestSimulatePlanToldTheTruthMeetsTheMargins(t *testing.T) {
	for _, v := range LearnerVariants {
		r := boundMeans(v, 30)
		truth, blurred, model := toldMeans(v, 30, 0), toldMeans(v, 30, 0.3), toldMeans(v, 30, -1)
		vs := func(x float64, base string) float64 { return 1 - x/r[base] }
		t.Logf("%s: told the truth %.0f (%.1f %% under Leitner, %.1f %% under XtraMath); forecast off by 0.3 %.0f (%.1f %%, %.1f %%); the model %.0f (%.1f %%, %.1f %%)",
			v, truth, 100*vs(truth, PolicyLeitner), 100*vs(truth, PolicyXtraMath),
			blurred, 100*vs(blurred, PolicyLeitner), 100*vs(blurred, PolicyXtraMath),
			model, 100*vs(model, PolicyLeitner), 100*vs(model, PolicyXtraMath))
		assert.Equal(t, r[PolicyAssigned], model, "%s: the view of the model is the plan", v)
		assert.GreaterOrEqual(t, vs(truth, PolicyLeitner), 0.05, "%s", v)
		assert.GreaterOrEqual(t, vs(truth, PolicyXtraMath), 0.10, "%s", v)
		assert.Greater(t, blurred, truth, "%s: a blurred forecast costs attempts", v)
		if v == VariantWrongTeachesLess {
			assert.Less(t, vs(blurred, PolicyXtraMath), 0.10, "0.3 logits of error lose the margin")
		}
	}
}

// strengthFor is the memory strength at which this learner answers right
// in under 3 s with chance k (fluentChance's inverse).
func (l *learner) strengthFor(k float64) float64 {
	lo, hi := -10.0, 12.0
	for range 60 {
		mid := (lo + hi) / 2
		if l.fluentChance(mid) < k {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// forecastError is how far the model's 7-day forecast of a fact (the
// chance of a right answer in under 3 s, turned into the learner's memory
// strength) is from the learner's true strength 7 days ahead, where the
// plan decides: facts with at least 3 answers whose true strength is
// within 1 logit of the bar, at each session start of the plan's first 40
// days (seed 1). It returns the mean error and its root mean square.
func forecastError(v LearnerVariant, learners int) (bias, rmse float64) {
	m := DefaultModel()
	noise := newFactNoise(games.NewRNG(1, 0))
	var n, sum, sq float64
	for i := range learners {
		l := newLearner(games.NewRNG(1, uint64(1+i)), noise, v)
		p := &adaptivePolicy{m: m, truth: l, c: Constraint{Tables: simTargetLevel().Tables}}
		pick := games.NewRNG(1^0x5eed, uint64(1+i))
		bar := l.strengthFor(learnerTrueFluent)
		for day := range 40 {
			now := simStart.Add(time.Duration(day) * 24 * time.Hour)
			later := now.Add(reviewHorizon)
			for _, f := range simTarget() {
				x7 := l.strength(f, later)
				if p.st.Facts[f].Attempts < m.MinFluentAttempts || math.Abs(x7-bar) > 1 {
					continue
				}
				k := m.FactEstimate(p.st, f, later).Known
				d := l.strengthFor(min(max(k, 1e-3), 1-1e-3)) - x7
				n, sum, sq = n+1, sum+d, sq+d*d
			}
			timer := p.start(now)
			for range SessionDraws {
				a := l.answer(p.pick(now, pick), now, timer)
				p.observe(a)
				now = now.Add(time.Duration(a.ResponseMS)*time.Millisecond + 3*time.Second)
			}
		}
	}
	return sum / n, math.Sqrt(sq / n)
}

// The model's 7-day forecast, where the plan decides, is off by more than
// the 0.3 logits that lose the margin (TestSimulatePlanToldTheTruthMeetsTheMargins):
// README.md ("What the margins ask of the model") quotes these figures.
func TestModelForecastIsCoarserThanTheMarginNeeds(t *testing.T) {
	for _, v := range LearnerVariants {
		bias, rmse := forecastError(v, 30)
		t.Logf("%s: the model's 7-day forecast − the truth, near the bar: mean %+.2f, root mean square %.2f logits", v, bias, rmse)
		assert.Greater(t, rmse, 0.3, "%s", v)
		assert.Less(t, bias, 0.0, "%s: the forecast is cautious", v)
	}
}

// The share of right answers is not the plan's lever. With one draw per
// fact a session, the deck deals nearly every fact not yet known by heart
// at each session, so the share is those facts' own; with a time spread of
// 0.5 more facts are right but slow (not yet fluent), and it sits near
// 80 %. Aiming at 65 % or at 85 % instead of 75 % moves neither the share
// nor the attempts by much: no other target teaches faster.
func TestSimulateShareFollowsTheFactsNotTheTarget(t *testing.T) {
	for _, v := range []LearnerVariant{VariantTimeSpread, VariantToday} {
		run := func(target float64) PolicyResult {
			m := DefaultModel()
			m.TargetSuccess = target
			res := Simulate(m, SimConfig{Learners: 30, Seeds: []uint64{1}, Workers: 2,
				Variants: []LearnerVariant{v}, Policies: []string{PolicyAssigned}})
			return res.Result(v, PolicyAssigned)
		}
		base := run(0.75)
		for _, target := range []float64{0.65, 0.85} {
			r := run(target)
			t.Logf("%s: aim %.0f %%: %.0f attempts, %.1f %% right (aim 75 %%: %.0f, %.1f %%)", v, 100*target, r.MeanAttempts, 100*r.Success, base.MeanAttempts, 100*base.Success)
			assert.InDelta(t, base.Success, r.Success, 0.015, "%s: the share follows the facts", v)
			assert.GreaterOrEqual(t, r.MeanAttempts, 0.98*base.MeanAttempts, "%s: no faster", v)
		}
	}
}
