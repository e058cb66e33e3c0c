package pedagogy

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// The policies of the simulation. Every baseline practises the target
// facts (tables 2–9) only; the adaptive policy follows its ladder (2–5,
// 6–9, then 1–10), as the platform does.

// adaptivePolicy is the platform: a plan per session from the model, its
// facts dealt by their weights (what a game does).
type adaptivePolicy struct {
	m      Model
	c      Constraint
	st     Student
	deck   deck
	ladder ladderRun
	// truth and lastFast serve only to check the ladder's reasons: the
	// learner's true state, and when each fact was last answered right in
	// under 3 s, taken from the attempts (not from the model).
	truth    *learner
	lastFast map[games.Fact]time.Time
	// view, when set, replaces what the weights read of each fact (the
	// bound's plan told the learner's truth); nil: the model.
	view func(now time.Time) factView
}

// ladderRun is one learner's ladder history.
type ladderRun struct {
	promoted, demotedAfterPromotion bool
	checks                          []ReasonCheck
}

func (p *adaptivePolicy) start(now time.Time) int {
	plan := p.m.StartSession(&p.st, p.c, now)
	if p.view != nil {
		plan.Level.Weights, plan.ExpectedSuccess = p.m.weigh(levelPairs(plan.Level), p.view(now))
	}
	if p.lastFast != nil && plan.Evidence.Facts > 0 {
		p.ladder.checks = append(p.ladder.checks, p.check(plan, now))
	}
	switch plan.Decision {
	case DecisionPromote:
		p.ladder.promoted = true
	case DecisionDemote:
		if p.ladder.promoted {
			p.ladder.demotedAfterPromotion = true
		}
	}
	p.deck.facts, p.deck.w = p.deck.facts[:0], p.deck.w[:0]
	for _, fw := range plan.Level.Weights {
		p.deck.facts = append(p.deck.facts, games.Fact{A: fw.A, B: fw.B})
		p.deck.w = append(p.deck.w, fw.W)
	}
	p.deck.dealt = nil
	if plan.Timer.Enabled {
		return plan.Timer.AnswerMS
	}
	return 0
}

func (p *adaptivePolicy) pick(_ time.Time, rng *games.RNG) games.Fact { return p.deck.next(rng) }

func (p *adaptivePolicy) observe(a Attempt) {
	p.m.Observe(&p.st, a)
	if p.lastFast != nil && right(a) && a.ResponseMS < 3000 {
		p.lastFast[games.Fact{A: a.A, B: a.B}.Pair()] = a.At
	}
}

// check sets the numbers of a ladder decision beside the learner's truth.
func (p *adaptivePolicy) check(plan Plan, now time.Time) ReasonCheck {
	ev := plan.Evidence
	c := ReasonCheck{Decision: plan.Decision, Step: ev.Step, Reason: plan.Reason,
		Known: ev.Known, Total: ev.Facts, FastRecently: ev.FastRecently}
	for _, f := range levelPairs(stepLevel(ev.Step)) {
		if p.truth.fluent(f, now) {
			c.TrueFluent++
			if p.m.FactEstimate(p.st, f, now).Fluent {
				c.KnownAndTrue++
			}
		}
		if t, ok := p.lastFast[f]; ok && now.Sub(t) <= RecentWindow {
			c.TrueFastRecently++
		}
	}
	return c
}

// truthView hands the weights the learner's true state instead of the
// model's estimates: the chance of a right answer in under 3 s now, and 7
// days from now without practice, the latter off by forecastErr(f) logits
// of memory strength (nil: exact).
func truthView(l *learner, forecastErr func(f games.Fact) float64) func(now time.Time) factView {
	return func(now time.Time) factView {
		return factView{
			now: func(f games.Fact) Estimate {
				x := l.strength(f, now)
				k := l.fluentChance(x)
				return Estimate{P: sigmoid(x), Known: k, Fluent: k >= learnerTrueFluent}
			},
			lasting: func(f games.Fact) float64 {
				x := l.strength(f, now.Add(reviewHorizon))
				if forecastErr != nil {
					x += forecastErr(f)
				}
				return l.fluentChance(x)
			},
		}
	}
}

// deck deals a session the way the games deal a level with weights: each
// fact gets copies in proportion to its weight — ⌊share × size⌋, and the
// draws left go without replacement to the remainders (Efraimidis–Spirakis
// keys u^(1/w), as MultipliPotion picks its monsters) — in a shuffled
// order. A fact's copies are as even as the weights allow, and as many
// facts as possible come up: a game deals a deck, not independent draws.
type deck struct {
	facts []games.Fact
	w     []float64
	dealt []games.Fact
}

// dealSize is the deck dealt at a time (a session's attempts).
const dealSize = 30

func (d *deck) next(rng *games.RNG) games.Fact {
	if len(d.dealt) == 0 {
		d.deal(rng)
	}
	f := d.dealt[0]
	d.dealt = d.dealt[1:]
	return f
}

func (d *deck) deal(rng *games.RNG) {
	var total float64
	for _, w := range d.w {
		total += w
	}
	rest := make([]float64, len(d.w))
	left := dealSize
	for i, w := range d.w {
		share := w / total * dealSize
		k := int(share)
		for range k {
			d.dealt = append(d.dealt, d.facts[i])
		}
		left -= k
		rest[i] = share - float64(k)
	}
	keys := make([]float64, len(rest))
	order := make([]int, len(rest))
	for i := range keys {
		order[i] = i
		u := rng.Float64()
		if rest[i] > 0 {
			keys[i] = math.Pow(u, 1/rest[i])
		} else {
			keys[i] = -u
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[b], keys[a]) })
	for _, i := range order[:max(min(left, len(order)), 0)] {
		d.dealt = append(d.dealt, d.facts[i])
	}
	rng.Shuffle(len(d.dealt), func(i, j int) { d.dealt[i], d.dealt[j] = d.dealt[j], d.dealt[i] })
}

// leitnerPolicy is a 5-box Leitner scheduler with the 3-second rule: every
// fact starts in box 1; a fact answered right in under 3 s moves up a box,
// a wrong answer sends it back to box 1 (and it comes back later in the
// session), a slow right answer leaves it where it is. A fact in box b is
// due leitnerDays[b] days after it was last seen. A session deals the due
// facts, lowest box first, then (when none is left) the facts due soonest.
type leitnerPolicy struct {
	facts []games.Fact
	box   []int
	due   []time.Time
	queue []int
	cur   int
	today time.Time
}

var leitnerDays = [6]int{0, 1, 2, 4, 8, 16}

func newLeitner() *leitnerPolicy {
	f := simTarget()
	p := &leitnerPolicy{facts: f, box: make([]int, len(f)), due: make([]time.Time, len(f))}
	for i := range p.box {
		p.box[i] = 1
	}
	return p
}

func (p *leitnerPolicy) start(now time.Time) int {
	p.today = now
	p.queue = p.queue[:0]
	for i := range p.facts {
		if !p.due[i].After(now) {
			p.queue = append(p.queue, i)
		}
	}
	p.sortQueue()
	return 0
}

func (p *leitnerPolicy) sortQueue() {
	slices.SortStableFunc(p.queue, func(a, b int) int {
		return cmp.Or(cmp.Compare(p.box[a], p.box[b]), p.due[a].Compare(p.due[b]), cmp.Compare(a, b))
	})
}

func (p *leitnerPolicy) pick(time.Time, *games.RNG) games.Fact {
	if len(p.queue) == 0 {
		// Nothing due: the facts due soonest come forward.
		for i := range p.facts {
			if i != p.cur {
				p.queue = append(p.queue, i)
			}
		}
		slices.SortStableFunc(p.queue, func(a, b int) int {
			return cmp.Or(p.due[a].Compare(p.due[b]), cmp.Compare(p.box[a], p.box[b]), cmp.Compare(a, b))
		})
		p.queue = p.queue[:min(len(p.queue), 5)]
	}
	p.cur = p.queue[0]
	p.queue = p.queue[1:]
	return p.facts[p.cur]
}

func (p *leitnerPolicy) observe(a Attempt) {
	i := p.cur
	switch {
	case right(a) && a.ResponseMS < 3000:
		p.box[i] = min(p.box[i]+1, 5)
	case !right(a):
		p.box[i] = 1
		p.queue = append(p.queue, i) // again later this session
	}
	p.due[i] = p.today.Add(time.Duration(leitnerDays[p.box[i]]) * 24 * time.Hour)
}

// xtraMathPolicy: a fact is mastered when 2 of its last 3 answers were
// right in under 3 s. Facts are learnt a few at a time, in table order: a
// working set of the first xtraWorking facts not mastered gets
// xtraLearnShare of the draws (never the same fact twice in a row); the
// rest reviews mastered facts, the one seen longest ago first. A mastered
// fact that fails the rule again goes back to the facts to learn.
type xtraMathPolicy struct {
	facts []games.Fact
	last3 [][]bool
	seen  []time.Time
	prev  int
	cur   int
}

const (
	xtraWorking    = 6
	xtraLearnShare = 0.75
)

func newXtraMath() *xtraMathPolicy {
	f := simTarget()
	return &xtraMathPolicy{facts: f, last3: make([][]bool, len(f)), seen: make([]time.Time, len(f)), prev: -1}
}

func (p *xtraMathPolicy) mastered(i int) bool {
	n := 0
	for _, ok := range p.last3[i] {
		if ok {
			n++
		}
	}
	return n >= 2
}

func (p *xtraMathPolicy) start(time.Time) int { return 0 }

func (p *xtraMathPolicy) pick(_ time.Time, rng *games.RNG) games.Fact {
	var working, review []int
	for i := range p.facts {
		switch {
		case !p.mastered(i) && len(working) < xtraWorking:
			working = append(working, i)
		case p.mastered(i):
			review = append(review, i)
		}
	}
	if len(working) > 1 {
		working = slices.DeleteFunc(working, func(i int) bool { return i == p.prev })
	}
	if len(review) > 0 && (len(working) == 0 || rng.Float64() >= xtraLearnShare) {
		p.cur = slices.MinFunc(review, func(a, b int) int {
			if a == p.prev {
				return 1
			}
			if b == p.prev {
				return -1
			}
			return cmp.Or(p.seen[a].Compare(p.seen[b]), cmp.Compare(a, b))
		})
	} else {
		p.cur = working[rng.IntN(len(working))]
	}
	p.prev = p.cur
	return p.facts[p.cur]
}

func (p *xtraMathPolicy) observe(a Attempt) {
	i := p.cur
	p.last3[i] = append(p.last3[i], right(a) && a.ResponseMS < 3000)
	if len(p.last3[i]) > 3 {
		p.last3[i] = p.last3[i][1:]
	}
	p.seen[i] = a.At
}

// mathGardenPolicy: its own plain Elo (an ability, and a rating per fact
// starting from the platform's easiness table, the same population
// knowledge), and facts drawn around a 75 % chance of success:
// weight exp(−(P − 0.75)²/(2·0.1²)), the last three facts left out.
type mathGardenPolicy struct {
	facts   []games.Fact
	rating  []float64 // log-odds of a right answer for an average child
	theta   float64
	n       int
	nf      []int
	recent  []int
	cur     int
	weights []float64
}

func newMathGarden(m Model) *mathGardenPolicy {
	f := simTarget()
	p := &mathGardenPolicy{facts: f, rating: make([]float64, len(f)), nf: make([]int, len(f)), weights: make([]float64, len(f))}
	for i, x := range f {
		p.rating[i] = m.easiness(x)
	}
	return p
}

func (p *mathGardenPolicy) start(time.Time) int { return 0 }

func (p *mathGardenPolicy) pick(_ time.Time, rng *games.RNG) games.Fact {
	for i := range p.facts {
		d := sigmoid(p.theta+p.rating[i]) - 0.75
		p.weights[i] = math.Exp(-d * d / (2 * 0.1 * 0.1))
		if slices.Contains(p.recent, i) {
			p.weights[i] = 0
		}
		p.weights[i] += 1e-9
	}
	p.cur = rng.Weighted(p.weights)
	p.recent = append(p.recent, p.cur)
	if len(p.recent) > 3 {
		p.recent = p.recent[1:]
	}
	return p.facts[p.cur]
}

func (p *mathGardenPolicy) observe(a Attempt) {
	i := p.cur
	d := b2f(right(a)) - sigmoid(p.theta+p.rating[i])
	p.theta += 0.8 / (1 + 0.02*float64(p.n)) * d
	p.rating[i] += 0.8 / (1 + 0.2*float64(p.nf[i])) * d
	p.n++
	p.nf[i]++
}

// fixedPolicy is a teacher's fixed plan: one level, every fact dealt
// uniformly, no timer.
type fixedPolicy struct{ deck deck }

func newFixedPolicy(l games.Level) *fixedPolicy {
	f := levelPairs(l)
	return &fixedPolicy{deck: deck{facts: f, w: uniform(len(f))}}
}

func (p *fixedPolicy) start(time.Time) int { p.deck.dealt = nil; return 0 }

func (p *fixedPolicy) pick(_ time.Time, rng *games.RNG) games.Fact { return p.deck.next(rng) }

func (p *fixedPolicy) observe(Attempt) {}

// orderedPolicy is the classic order: the table of 2 until a session is
// 90 % right, then 3, … up to 9, then all of 2–9 uniformly; no timer.
type orderedPolicy struct {
	table          int // 0 before the first session
	right, answers int // this session's
	deck           deck
}

// orderedPassShare is the session accuracy at which the class moves on.
const orderedPassShare = 0.9

func (p *orderedPolicy) start(time.Time) int {
	switch {
	case p.table == 0:
		p.table = 2
	case p.table <= 9 && p.answers > 0 && float64(p.right) >= orderedPassShare*float64(p.answers):
		p.table++
	}
	p.right, p.answers = 0, 0
	f := simTarget()
	if p.table <= 9 {
		f = levelPairs(games.Custom(p.table))
	}
	p.deck = deck{facts: f, w: uniform(len(f))}
	return 0
}

func (p *orderedPolicy) pick(_ time.Time, rng *games.RNG) games.Fact { return p.deck.next(rng) }

func (p *orderedPolicy) observe(a Attempt) {
	p.answers++
	if right(a) {
		p.right++
	}
}

// oraclePolicy knows the learner's true memory. A fact is secure when its
// true strength SimCheckDays from now, without practice (x₇), reaches x*,
// the strength at which this learner answers right in under 3 s with a
// chance of 0.83 (0.8 and a margin). Before each attempt the oracle looks,
// for every fact, at the next 1–oracleLookahead practices of it now
// (expected steps, with the learner's own rules: the strength's gain, the
// half-life's growth and, with a spacing effect, once a day) and picks the
// fact with the best progress of min(x₇, x*) per practice. So it finishes
// nearly secure facts, spreads practice when massing does not last, and
// leaves the hardest facts for last (only 90 % are needed). It needs no
// timer. It is a greedy bound, not an optimum.
type oraclePolicy struct {
	l     *learner
	facts []games.Fact
	gain  []float64
	cur   int
	xStar float64
	at    time.Time
	// massingLasts, for the bound only, makes the oracle plan as if every
	// practice lengthened memory (no spacing effect) whatever the learner:
	// what massing costs a plan that cannot tell the two learners apart.
	massingLasts bool
}

const oracleLookahead = 12

func newOracle(l *learner) *oraclePolicy {
	f := simTarget()
	p := &oraclePolicy{l: l, facts: f, gain: make([]float64, len(f))}
	lo, hi := -2.0, 8.0
	for range 50 {
		mid := (lo + hi) / 2
		if l.fluentChance(mid) < learnerTrueFluent+0.03 {
			lo = mid
		} else {
			hi = mid
		}
	}
	p.xStar = hi
	return p
}

func (p *oraclePolicy) start(now time.Time) int {
	p.at = now
	for i := range p.facts {
		p.gain[i] = p.gainOf(i, now)
	}
	return 0
}

func (p *oraclePolicy) pick(time.Time, *games.RNG) games.Fact {
	best := 0
	for i, g := range p.gain {
		if g > p.gain[best] {
			best = i
		}
	}
	p.cur = best
	return p.facts[best]
}

func (p *oraclePolicy) observe(a Attempt) { p.gain[p.cur] = p.gainOf(p.cur, a.At) }

// gainOf is the best progress per practice of fact i over the lookahead;
// a secure fact gets minus its margin (so that, once all are secure, the
// least secure comes first).
func (p *oraclePolicy) gainOf(i int, now time.Time) float64 {
	f := p.facts[i]
	m := p.l.mem[f.A][f.B]
	x := p.l.strength(f, now)
	n := m.n
	x7 := p.x7(m.start, x, n)
	if x7 >= p.xStar {
		return -(x7 - p.xStar) - 1
	}
	onceADay := p.l.spec.onceADay && !p.massingLasts
	counted := onceADay && !m.counted.IsZero() && now.Sub(m.counted) < learnerDay
	if counted {
		// Practised today already: more today adds strength only.
		n--
	}
	best := 0.0
	for j := 1; j <= oracleLookahead; j++ {
		if onceADay && j > 1 {
			// With a spacing effect the lookahead practises once a day:
			// a day of forgetting between practices.
			h := learnerHalfLifeDays * math.Exp2(learnerSpacingGain*float64(n))
			x = m.start + (x-m.start)*math.Exp2(-1/h)
		}
		step := p.l.rate / (1 + math.Exp(x-learnerCeiling))
		pr := sigmoid(x)
		x += step * (pr + (1-pr)*p.l.spec.gainWrong)
		if !counted || j > 1 {
			n++
		}
		if g := (min(p.x7(m.start, x, n), p.xStar) - x7) / float64(j); g > best {
			best = g
		}
	}
	return best
}

// x7 is the strength SimCheckDays later without practice.
func (p *oraclePolicy) x7(start, x float64, n int) float64 {
	h := learnerHalfLifeDays * math.Exp2(learnerSpacingGain*float64(n))
	return start + (x-start)*math.Exp2(-SimCheckDays/h)
}

func uniform(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
	}
	return w
}
