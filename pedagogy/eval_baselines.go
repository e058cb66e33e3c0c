package pedagogy

import (
	"math"
)

// The baselines of Eval. Each forecasts a row before learning from it.
// Population-level state (a running mean, an Elo fact rating) is shared by
// all students, as it would be on a server; with a split by students it is
// first learnt on the tuning half.

// evalRow is a row of the log as the predictors see it.
type evalRow struct {
	LoggedAttempt
	student int // dense student index
	pair    int // dense index of the unordered pair (pairIndex)
	right   bool
}

// predictor forecasts a row before seeing its outcome, then learns from it.
type predictor interface {
	predict(r *evalRow) float64
	observe(r *evalRow)
}

// nPairs is the number of unordered pairs a ≤ b of factors 1–12.
const nPairs = games12 * (games12 + 1) / 2

const games12 = 12

// pairIndex numbers the unordered pairs of factors 1–12 densely.
func pairIndex(a, b int) int {
	if a > b {
		a, b = b, a
	}
	// Rows a = 1 … a−1 hold 12, 11, … pairs.
	return (a-1)*games12 - (a-1)*(a-2)/2 + (b - a)
}

// runningMean is a share of right answers, smoothed by one pseudo-attempt
// at the global mean; key picks what it is kept per (nil: one for all).
type runningMean struct {
	key      func(r *evalRow) int
	sum, n   []float64
	gSum, gN float64
}

func newRunningMean(size int, key func(r *evalRow) int) *runningMean {
	return &runningMean{key: key, sum: make([]float64, size), n: make([]float64, size)}
}

func (m *runningMean) prior() float64 { return (m.gSum + 0.5) / (m.gN + 1) }

func (m *runningMean) predict(r *evalRow) float64 {
	if m.key == nil {
		return m.prior()
	}
	k := m.key(r)
	return (m.sum[k] + m.prior()) / (m.n[k] + 1)
}

func (m *runningMean) observe(r *evalRow) {
	y := b2f(r.right)
	m.gSum += y
	m.gN++
	if m.key != nil {
		k := m.key(r)
		m.sum[k] += y
		m.n[k]++
	}
}

// EloParams are the step sizes of the plain Elo baseline: after n updates a
// student's (or a fact's) rating moves by K/(1 + Decay·n) times the error,
// the decaying K of Pelánek (2016).
type EloParams struct {
	K     float64 `json:"k"`
	Decay float64 `json:"decay"`
}

// plainElo is P(right) = σ(θ_student − d_fact): one ability per student,
// one difficulty per unordered pair learnt from every student, online.
type plainElo struct {
	par   EloParams
	theta []float64
	nS    []int
	diff  [nPairs]float64
	nF    [nPairs]int
}

func newPlainElo(par EloParams, students int) *plainElo {
	return &plainElo{par: par, theta: make([]float64, students), nS: make([]int, students)}
}

func (e *plainElo) predict(r *evalRow) float64 {
	return sigmoid(e.theta[r.student] - e.diff[r.pair])
}

func (e *plainElo) observe(r *evalRow) {
	d := b2f(r.right) - e.predict(r)
	e.theta[r.student] += e.par.K / (1 + e.par.Decay*float64(e.nS[r.student])) * d
	e.diff[r.pair] -= e.par.K / (1 + e.par.Decay*float64(e.nF[r.pair])) * d
	e.nS[r.student]++
	e.nF[r.pair]++
}

// eloGrid is where the Elo's step sizes are tuned.
var eloGrid = func() []EloParams {
	var g []EloParams
	for _, k := range []float64{0.2, 0.4, 0.8, 1.2, 1.6, 2.4} {
		for _, d := range []float64{0, 0.01, 0.03, 0.1, 0.3} {
			g = append(g, EloParams{K: k, Decay: d})
		}
	}
	return g
}()

// tuneElo picks the grid's step sizes with the least log-loss on rows.
func tuneElo(rows []evalRow, students int) EloParams {
	best, bestLL := eloGrid[0], math.Inf(1)
	for _, par := range eloGrid {
		e := newPlainElo(par, students)
		var ll float64
		for i := range rows {
			ll += logLoss(e.predict(&rows[i]), rows[i].right)
			e.observe(&rows[i])
		}
		if ll < bestLL {
			best, bestLL = par, ll
		}
	}
	return best
}

// Performance factors analysis (Pavlik, Cen & Koedinger 2009) with two
// knowledge components per attempt, the fact pair and "all facts":
//
//	logit P = β₀ + β_f + γ_f·S_f + ρ_f·F_f + γ·S + ρ·F
//
// S_f and F_f are the student's earlier right and wrong answers on the
// pair, S and F on all facts. The coefficients are population parameters,
// fitted offline by ridge logistic regression (rows of other students than
// the ones it predicts); the counts are the online part.
type pfa struct {
	w      []float64
	counts map[[2]int]*[2]float64 // (student, pair) → right, wrong
	all    [][2]float64           // per student
}

// pfaRidge is the L2 penalty of the fit (per coefficient but β₀).
const pfaRidge = 1.0

// pfaFeatures lists the nonzero features of a row, given the counts.
func pfaFeatures(pair int, sf, ff, s, f float64) (idx [6]int, val [6]float64) {
	return [6]int{0, 1 + pair, 1 + nPairs + pair, 1 + 2*nPairs + pair, 1 + 3*nPairs, 2 + 3*nPairs},
		[6]float64{1, 1, sf, ff, s, f}
}

const pfaDim = 3 + 3*nPairs

func newPFA(w []float64, students int) *pfa {
	return &pfa{w: w, counts: map[[2]int]*[2]float64{}, all: make([][2]float64, students)}
}

func (p *pfa) state(r *evalRow) *[2]float64 {
	k := [2]int{r.student, r.pair}
	c := p.counts[k]
	if c == nil {
		c = &[2]float64{}
		p.counts[k] = c
	}
	return c
}

func (p *pfa) predict(r *evalRow) float64 {
	c := p.state(r)
	a := p.all[r.student]
	idx, val := pfaFeatures(r.pair, c[0], c[1], a[0], a[1])
	z := 0.0
	for i, j := range idx {
		z += p.w[j] * val[i]
	}
	return sigmoid(z)
}

func (p *pfa) observe(r *evalRow) {
	c := p.state(r)
	j := 1
	if r.right {
		j = 0
	}
	c[j]++
	p.all[r.student][j]++
}

// fitPFA fits the coefficients on rows (in time order) by Newton's method.
func fitPFA(rows []evalRow, students int) []float64 {
	type x struct {
		idx [6]int
		val [6]float64
		y   float64
	}
	xs := make([]x, len(rows))
	counter := newPFA(nil, students)
	for i := range rows {
		c := counter.state(&rows[i])
		a := counter.all[rows[i].student]
		xs[i].idx, xs[i].val = pfaFeatures(rows[i].pair, c[0], c[1], a[0], a[1])
		xs[i].y = b2f(rows[i].right)
		counter.observe(&rows[i])
	}
	w := make([]float64, pfaDim)
	h := make([][]float64, pfaDim)
	for i := range h {
		h[i] = make([]float64, pfaDim)
	}
	g := make([]float64, pfaDim)
	for range 30 {
		for i := range h {
			clear(h[i])
			h[i][i] = pfaRidge
			g[i] = -pfaRidge * w[i]
		}
		h[0][0], g[0] = 1e-6, 0
		for _, r := range xs {
			z := 0.0
			for k, j := range r.idx {
				z += w[j] * r.val[k]
			}
			p := sigmoid(z)
			v := p * (1 - p)
			for k, j := range r.idx {
				g[j] += (r.y - p) * r.val[k]
				for l, m := range r.idx {
					h[j][m] += v * r.val[k] * r.val[l]
				}
			}
		}
		step := solve(h, g)
		var size float64
		for i := range w {
			w[i] += step[i]
			size += math.Abs(step[i])
		}
		if size < 1e-8 {
			break
		}
	}
	return w
}

// solve returns x with h·x = g by Gaussian elimination with partial
// pivoting (h is small and positive definite; it is overwritten).
func solve(h [][]float64, g []float64) []float64 {
	n := len(g)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append(make([]float64, 0, n+1), h[i]...), g[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			if f == 0 {
				continue
			}
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		if a[r][r] != 0 {
			x[r] = s / a[r][r]
		}
	}
	return x
}

func logLoss(p float64, right bool) float64 {
	p = clampP(p)
	if right {
		return -math.Log(p)
	}
	return -math.Log(1 - p)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
