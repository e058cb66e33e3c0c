package pedagogy

import (
	"cmp"
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Figure is a measured value with its 95 % bootstrap interval: students are
// drawn with replacement (all the rows of a drawn student come along), the
// figure is measured again on each draw, and Lo and Hi are the 2.5th and
// 97.5th percentiles. Resampling students, not rows, keeps one child's
// correlated answers together, so the interval says how the figure would
// move with other children.
type Figure struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// CalibrationBins is the number of equal-width bins of the calibration error.
const CalibrationBins = 10

// metric indices in a metric vector.
const (
	mAUC = iota
	mLogLoss
	mRMSE
	mECE
	mSlope
	nMetrics
)

// predictions are one predictor's forecasts of the scored rows, with the
// rows sorted by forecast once (the bootstrap reweights, never re-sorts).
type predictions struct {
	p      []float64
	x      []float64 // logit(p), for the recalibration slope
	lp     []float64 // ln p and ln(1 − p), for the log-loss
	l1p    []float64
	sorted []int
	// a0, b0 is the recalibration fit on all rows, where the bootstrap's
	// fits start (they then converge in two or three steps).
	a0, b0 float64
}

func newPredictions(p []float64, y []bool) predictions {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	pr := predictions{p: p, sorted: idx, b0: 1,
		x: make([]float64, len(p)), lp: make([]float64, len(p)), l1p: make([]float64, len(p))}
	for i, q := range p {
		q = clampP(q)
		pr.x[i], pr.lp[i], pr.l1p[i] = logit(q), math.Log(q), math.Log(1-q)
	}
	pr.a0, pr.b0 = recalibration(pr.x, y, nil, 0, 1)
	return pr
}

// measure computes every metric of the predictions against outcomes y, each
// row weighing w[i] (nil: 1 each).
func (pr predictions) measure(y []bool, w []float64) [nMetrics]float64 {
	var out [nMetrics]float64
	weight := func(i int) float64 {
		if w == nil {
			return 1
		}
		return w[i]
	}
	var total, ll, se float64
	var binP, binY, binN [CalibrationBins]float64
	for i, q := range pr.p {
		wi := weight(i)
		if wi == 0 {
			continue
		}
		q = clampP(q)
		yi := 0.0
		if y[i] {
			yi = 1
			ll -= wi * pr.lp[i]
		} else {
			ll -= wi * pr.l1p[i]
		}
		se += wi * (yi - q) * (yi - q)
		total += wi
		b := min(int(q*CalibrationBins), CalibrationBins-1)
		binP[b] += wi * q
		binY[b] += wi * yi
		binN[b] += wi
	}
	if total == 0 {
		return out
	}
	out[mLogLoss] = ll / total
	out[mRMSE] = math.Sqrt(se / total)
	for b := range binN {
		out[mECE] += math.Abs(binP[b]-binY[b]) / total
	}
	out[mAUC] = pr.auc(y, weight)
	_, out[mSlope] = recalibration(pr.x, y, w, pr.a0, pr.b0)
	return out
}

// auc is the Mann–Whitney probability that a right answer got a higher
// forecast than a wrong one, ties counting half, with weighted rows.
func (pr predictions) auc(y []bool, weight func(int) float64) float64 {
	var negBelow, sum, pos, neg float64
	idx := pr.sorted
	for i := 0; i < len(idx); {
		j := i
		var gp, gn float64
		for j < len(idx) && pr.p[idx[j]] == pr.p[idx[i]] {
			if w := weight(idx[j]); y[idx[j]] {
				gp += w
			} else {
				gn += w
			}
			j++
		}
		sum += gp * (negBelow + gn/2)
		negBelow += gn
		pos += gp
		neg += gn
		i = j
	}
	if pos == 0 || neg == 0 {
		return 0.5
	}
	return sum / (pos * neg)
}

// auc of unweighted forecasts (tests and simple uses).
func auc(p []float64, y []bool) float64 {
	return newPredictions(p, y).auc(y, func(int) float64 { return 1 })
}

// recalibration fits y ~ σ(a + b·x), x = logit(forecast), by Newton's
// method from (a, b), rows weighing w (nil: 1 each), and returns a and b.
// b is the recalibration slope: 1 for forecasts as extreme as they should
// be, below 1 for overconfident ones (0.7: the log-odds should shrink by
// 30 %), above 1 for timid ones..
func recalibration(xs []float64, y []bool, w []float64, a, b float64) (float64, float64) {
	for range 25 {
		var g0, g1, h00, h01, h11 float64
		for i, x := range xs {
			wi := 1.0
			if w != nil {
				if wi = w[i]; wi == 0 {
					continue
				}
			}
			r := sigmoid(a + b*x)
			d := -wi * r
			if y[i] {
				d += wi
			}
			g0 += d
			g1 += d * x
			v := wi * r * (1 - r)
			h00 += v
			h01 += v * x
			h11 += v * x * x
		}
		det := h00*h11 - h01*h01
		if det <= 1e-12 {
			break
		}
		da := (h11*g0 - h01*g1) / det
		db := (h00*g1 - h01*g0) / det
		a += da
		b += db
		if math.Abs(da)+math.Abs(db) < 1e-4 {
			break
		}
	}
	return a, b
}

// studentSums are one predictor's per-student sums of everything the
// metrics but the AUC add up, so that a bootstrap draw costs a pass over
// the students, not the rows. The slope's sums are the gradient and the
// Hessian of the recalibration fit at the fit on all rows: a draw takes one
// Newton step from there (the "one-step" bootstrap, which on tens of
// thousands of rows is as good as iterating; a test checks it).
type studentSums struct {
	n, ll, se             []float64
	binP, binY, binN      [][CalibrationBins]float64
	g0, g1, h00, h01, h11 []float64
}

func (pr predictions) sums(y []bool, student []int, nStudents int) studentSums {
	ss := studentSums{n: make([]float64, nStudents), ll: make([]float64, nStudents), se: make([]float64, nStudents),
		binP: make([][CalibrationBins]float64, nStudents), binY: make([][CalibrationBins]float64, nStudents),
		binN: make([][CalibrationBins]float64, nStudents),
		g0:   make([]float64, nStudents), g1: make([]float64, nStudents),
		h00: make([]float64, nStudents), h01: make([]float64, nStudents), h11: make([]float64, nStudents)}
	for i, q := range pr.p {
		s := student[i]
		q = clampP(q)
		yi := b2f(y[i])
		ss.n[s]++
		if y[i] {
			ss.ll[s] -= pr.lp[i]
		} else {
			ss.ll[s] -= pr.l1p[i]
		}
		ss.se[s] += (yi - q) * (yi - q)
		b := min(int(q*CalibrationBins), CalibrationBins-1)
		ss.binP[s][b] += q
		ss.binY[s][b] += yi
		ss.binN[s][b]++
		x := pr.x[i]
		r := sigmoid(pr.a0 + pr.b0*x)
		ss.g0[s] += yi - r
		ss.g1[s] += (yi - r) * x
		v := r * (1 - r)
		ss.h00[s] += v
		ss.h01[s] += v * x
		ss.h11[s] += v * x * x
	}
	return ss
}

// measureDraw is measure for a draw of students: count[s] copies of
// student s (rowW the same per row, for the AUC).
func (pr predictions) measureDraw(ss studentSums, count []float64, y []bool, rowW []float64) [nMetrics]float64 {
	var out [nMetrics]float64
	var total, ll, se, g0, g1, h00, h01, h11 float64
	var binP, binY [CalibrationBins]float64
	for s, c := range count {
		if c == 0 {
			continue
		}
		total += c * ss.n[s]
		ll += c * ss.ll[s]
		se += c * ss.se[s]
		for b := range CalibrationBins {
			binP[b] += c * ss.binP[s][b]
			binY[b] += c * ss.binY[s][b]
		}
		g0 += c * ss.g0[s]
		g1 += c * ss.g1[s]
		h00 += c * ss.h00[s]
		h01 += c * ss.h01[s]
		h11 += c * ss.h11[s]
	}
	if total == 0 {
		return out
	}
	out[mLogLoss] = ll / total
	out[mRMSE] = math.Sqrt(se / total)
	for b := range CalibrationBins {
		out[mECE] += math.Abs(binP[b]-binY[b]) / total
	}
	out[mSlope] = pr.b0
	if det := h00*h11 - h01*h01; det > 1e-12 {
		out[mSlope] += (h00*g1 - h01*g0) / det
	}
	out[mAUC] = pr.auc(y, func(i int) float64 { return rowW[i] })
	return out
}

// bootstrapByStudent measures the metrics of every predictor on reps draws
// of students with replacement (seeded), and returns for each predictor
// and metric the draws, in draw order (so two predictors' draws pair up).
func bootstrapByStudent(preds []predictions, y []bool, student []int, nStudents, reps int, seed uint64) [][nMetrics][]float64 {
	out := make([][nMetrics][]float64, len(preds))
	if reps <= 0 || nStudents == 0 {
		return out
	}
	sums := make([]studentSums, len(preds))
	for k, pr := range preds {
		sums[k] = pr.sums(y, student, nStudents)
	}
	rng := games.NewRNG(seed, 0xb007)
	count := make([]float64, nStudents)
	w := make([]float64, len(y))
	for range reps {
		clear(count)
		for range nStudents {
			count[rng.IntN(nStudents)]++
		}
		for i, s := range student {
			w[i] = count[s]
		}
		for k, pr := range preds {
			m := pr.measureDraw(sums[k], count, y, w)
			for j := range nMetrics {
				out[k][j] = append(out[k][j], m[j])
			}
		}
	}
	return out
}

// interval is the 2.5th and 97.5th percentiles of draws.
func interval(draws []float64) (lo, hi float64) {
	if len(draws) == 0 {
		return math.NaN(), math.NaN()
	}
	s := slices.Clone(draws)
	slices.Sort(s)
	at := func(q float64) float64 {
		x := q * float64(len(s)-1)
		i := int(x)
		if i+1 >= len(s) {
			return s[len(s)-1]
		}
		return s[i] + (x-float64(i))*(s[i+1]-s[i])
	}
	return at(0.025), at(0.975)
}

func clampP(q float64) float64 { return min(max(q, 1e-6), 1-1e-6) }

func logit(p float64) float64 { return math.Log(p / (1 - p)) }
