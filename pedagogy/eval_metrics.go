package pedagogy

import (
	"cmp"
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Scores are the prediction figures of one predictor over an attempt log.
type Scores struct {
	Predictor string  `json:"predictor"`
	N         int     `json:"n"`
	AUC       float64 `json:"auc"`
	LogLoss   float64 `json:"log_loss"`
	RMSE      float64 `json:"rmse"`
}

// EvalReport is what Eval found: the model first, then the baselines.
type EvalReport struct {
	Attempts int      `json:"attempts"`
	Students int      `json:"students"`
	Correct  float64  `json:"correct_share"`
	Scores   []Scores `json:"scores"`
}

// Predictor names in the report.
const (
	PredictorModel      = "model"
	PredictorGlobalMean = "global running mean"
	PredictorFactMean   = "per-fact running mean"
	PredictorStudentMn  = "per-student running mean"
)

// Eval predicts every attempt before learning from it (rows in time order,
// as ReadAttemptsCSV returns them) with the model and with three baselines
// (running means of right answers: global, per fact pair, per student, each
// smoothed by one pseudo-attempt at the global mean), and scores them.
func Eval(m Model, rows []LoggedAttempt) EvalReport {
	preds := map[string][]float64{}
	names := []string{PredictorModel, PredictorGlobalMean, PredictorFactMean, PredictorStudentMn}
	for _, n := range names {
		preds[n] = make([]float64, 0, len(rows))
	}
	outcomes := make([]bool, 0, len(rows))

	students := map[string]*Student{}
	var global mean
	facts := map[games.Fact]*mean{}
	perStudent := map[string]*mean{}
	for _, r := range rows {
		st := students[r.Student]
		if st == nil {
			st = &Student{}
			students[r.Student] = st
		}
		pair := games.Fact{A: r.A, B: r.B}.Pair()
		fm, sm := facts[pair], perStudent[r.Student]
		if fm == nil {
			fm = &mean{}
			facts[pair] = fm
		}
		if sm == nil {
			sm = &mean{}
			perStudent[r.Student] = sm
		}
		g := global.value(0.5)
		preds[PredictorModel] = append(preds[PredictorModel], m.Predict(*st, games.Fact{A: r.A, B: r.B}, r.At))
		preds[PredictorGlobalMean] = append(preds[PredictorGlobalMean], g)
		preds[PredictorFactMean] = append(preds[PredictorFactMean], fm.value(g))
		preds[PredictorStudentMn] = append(preds[PredictorStudentMn], sm.value(g))

		// What the baselines call right is what the file calls correct.
		right := r.Correct && !r.TimedOut && r.Kind != games.KindMissed
		outcomes = append(outcomes, right)
		m.Observe(st, r.Attempt)
		global.add(right)
		fm.add(right)
		sm.add(right)
	}

	rep := EvalReport{Attempts: len(rows), Students: len(students)}
	if len(rows) > 0 {
		rep.Correct = global.sum / global.n
	}
	for _, n := range names {
		rep.Scores = append(rep.Scores, score(n, preds[n], outcomes))
	}
	return rep
}

// mean is a running share of right answers.
type mean struct{ sum, n float64 }

func (m *mean) add(right bool) {
	m.n++
	if right {
		m.sum++
	}
}

// value is the share smoothed by one pseudo-attempt at prior.
func (m *mean) value(prior float64) float64 { return (m.sum + prior) / (m.n + 1) }

func score(name string, p []float64, y []bool) Scores {
	s := Scores{Predictor: name, N: len(p)}
	if len(p) == 0 {
		return s
	}
	var ll, se float64
	for i, q := range p {
		q = min(max(q, 1e-6), 1-1e-6)
		if y[i] {
			ll -= math.Log(q)
			se += (1 - q) * (1 - q)
		} else {
			ll -= math.Log(1 - q)
			se += q * q
		}
	}
	s.LogLoss = ll / float64(len(p))
	s.RMSE = math.Sqrt(se / float64(len(p)))
	s.AUC = auc(p, y)
	return s
}

// auc is the Mann–Whitney probability that a right answer got a higher
// prediction than a wrong one, ties counting half.
func auc(p []float64, y []bool) float64 {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	var pos, neg, rankSum float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && p[idx[j]] == p[idx[i]] {
			j++
		}
		avgRank := float64(i+j+1) / 2 // ranks i+1 … j
		for k := i; k < j; k++ {
			if y[idx[k]] {
				rankSum += avgRank
				pos++
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return 0.5
	}
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}
