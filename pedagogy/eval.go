package pedagogy

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
)

// Predictor names in the report, the model first.
const (
	PredictorModel      = "model"
	PredictorElo        = "plain Elo"
	PredictorPFA        = "PFA"
	PredictorStudentMn  = "per-student running mean"
	PredictorFactMean   = "per-fact running mean"
	PredictorGlobalMean = "global running mean"
)

// SplitStudents is EvalConfig.Split's one value: tune on half of the
// students, report on the others.
const SplitStudents = "students"

// DefaultBootstrap is the number of bootstrap draws of the intervals.
const DefaultBootstrap = 1000

// EvalConfig says how Eval judges.
type EvalConfig struct {
	// Split "students" draws half of the students (seeded by Seed) to tune
	// every predictor on — the model's fact difficulties and other
	// population-level numbers (ModelParams), the Elo's step sizes and fact
	// ratings, the PFA's coefficients, the running means — and reports the figures on the other half only. Empty: every row is
	// reported; the model keeps its own difficulties, the Elo's step sizes
	// are tuned on all rows (in the baseline's favour) and the PFA is
	// cross-fitted (fitted on one half of the students to predict the other,
	// and back).
	Split string `json:"split,omitempty"`
	Seed  uint64 `json:"seed"`
	// Bootstrap is the number of draws of students for the intervals
	// (0: DefaultBootstrap; negative: no intervals).
	Bootstrap int `json:"bootstrap"`
}

// Scores are one predictor's figures on the reported rows, each with its
// 95 % bootstrap interval by student.
type Scores struct {
	Predictor string `json:"predictor"`
	N         int    `json:"n"`
	AUC       Figure `json:"auc"`
	LogLoss   Figure `json:"log_loss"`
	RMSE      Figure `json:"rmse"`
	// CalibrationError is the mean distance between forecast and outcome
	// in CalibrationBins equal-width bins of the forecast, weighted by the
	// bins' rows (expected calibration error).
	CalibrationError Figure `json:"calibration_error"`
	// Slope is the recalibration slope: b of y ~ σ(a + b·logit(forecast)).
	// 1 is right; below 1 the forecasts are too extreme.
	Slope Figure `json:"slope"`
}

// Difference is Predictor's figure minus Baseline's, on the same draws of
// students (a paired bootstrap): an interval that excludes zero is a
// difference the sample of children supports.
type Difference struct {
	Predictor string `json:"predictor"`
	Baseline  string `json:"baseline"`
	AUC       Figure `json:"auc"`
	LogLoss   Figure `json:"log_loss"`
}

// EvalReport is what Eval found.
type EvalReport struct {
	Attempts int     `json:"attempts"` // rows reported
	Students int     `json:"students"` // students reported
	Correct  float64 `json:"correct_share"`
	Split    string  `json:"split,omitempty"`
	Seed     uint64  `json:"seed"`
	// TuneStudents and TuneAttempts are the tuning half (split only).
	TuneStudents int `json:"tune_students,omitempty"`
	TuneAttempts int `json:"tune_attempts,omitempty"`
	Bootstrap    int `json:"bootstrap"`
	// Model is the model's population-level numbers (fitted on the tuning
	// half with a split, else the model's own).
	Model ModelParams `json:"model"`
	// Elo is the baseline's tuned step sizes.
	Elo         EloParams    `json:"elo"`
	Scores      []Scores     `json:"scores"`
	Differences []Difference `json:"differences"`
}

// Score returns the named predictor's scores.
func (r EvalReport) Score(name string) Scores {
	for _, s := range r.Scores {
		if s.Predictor == name {
			return s
		}
	}
	return Scores{}
}

// Diff returns the difference of the model from the named baseline.
func (r EvalReport) Diff(baseline string) Difference {
	for _, d := range r.Differences {
		if d.Baseline == baseline {
			return d
		}
	}
	return Difference{}
}

// Eval forecasts every attempt before learning from it (rows in time order,
// as ReadAttemptsCSV returns them) with the model and the baselines — a
// plain online Elo, PFA, and running means of right answers (per student,
// per fact pair, global) — and scores them with intervals by student.
// What a row calls right is what the file calls correct (a timeout or a
// missed opportunity is not right). It is deterministic for a given Seed.
func Eval(m Model, rows []LoggedAttempt, cfg EvalConfig) (EvalReport, error) {
	if cfg.Split != "" && cfg.Split != SplitStudents {
		return EvalReport{}, fmt.Errorf("pedagogy: eval: unknown split %q (want %q)", cfg.Split, SplitStudents)
	}
	if cfg.Bootstrap == 0 {
		cfg.Bootstrap = DefaultBootstrap
	}
	all, names := internRows(rows)
	half := splitStudents(names, cfg.Seed)
	var tune, report []evalRow
	for _, r := range all {
		if cfg.Split == SplitStudents && half[r.student] {
			tune = append(tune, r)
		} else {
			report = append(report, r)
		}
	}
	rep := EvalReport{Split: cfg.Split, Seed: cfg.Seed, Bootstrap: max(cfg.Bootstrap, 0)}
	if cfg.Split == SplitStudents {
		rep.TuneAttempts = len(tune)
		for _, in := range half {
			if in {
				rep.TuneStudents++
			}
		}
	}

	// Population-level tuning.
	mm := m
	eloRows := all
	if cfg.Split == SplitStudents {
		// From the hand-set table, not the default one: the default was
		// fitted on data that may be the very file under judgement.
		// Its other population-level numbers are fitted there too.
		mm = tuneModel(mm, tune, names, cfg.Seed)
		eloRows = tune
	}
	rep.Model = mm.Params()
	rep.Elo = tuneElo(eloRows, len(names))
	elo := newPlainElo(rep.Elo, len(names))
	means := []*runningMean{
		newRunningMean(len(names), func(r *evalRow) int { return r.student }),
		newRunningMean(nPairs, func(r *evalRow) int { return r.pair }),
		newRunningMean(0, nil),
	}
	warm := []predictor{elo, means[0], means[1], means[2]}
	for i := range tune {
		for _, p := range warm {
			p.observe(&tune[i])
		}
	}

	preds := map[string][]float64{}
	order := []string{PredictorModel, PredictorElo, PredictorPFA, PredictorStudentMn, PredictorFactMean, PredictorGlobalMean}
	online := map[string]predictor{
		PredictorModel: &modelPredictor{m: mm, st: make([]Student, len(names))},
		PredictorElo:   elo, PredictorStudentMn: means[0], PredictorFactMean: means[1], PredictorGlobalMean: means[2],
	}
	for name, p := range online {
		preds[name] = runOnline(p, report)
	}
	if cfg.Split == SplitStudents {
		preds[PredictorPFA] = runOnline(newPFA(fitPFA(tune, len(names)), len(names)), report)
	} else {
		preds[PredictorPFA] = crossFitPFA(report, half, len(names))
	}

	// Scores on the reported rows, students renumbered densely for the
	// bootstrap.
	y := make([]bool, len(report))
	student := make([]int, len(report))
	dense := map[int]int{}
	right := 0
	for i, r := range report {
		y[i] = r.right
		if r.right {
			right++
		}
		id, ok := dense[r.student]
		if !ok {
			id = len(dense)
			dense[r.student] = id
		}
		student[i] = id
	}
	rep.Attempts, rep.Students = len(report), len(dense)
	if len(report) > 0 {
		rep.Correct = float64(right) / float64(len(report))
	}
	ps := make([]predictions, len(order))
	for i, name := range order {
		ps[i] = newPredictions(preds[name], y)
	}
	draws := bootstrapByStudent(ps, y, student, len(dense), rep.Bootstrap, cfg.Seed)
	for i, name := range order {
		v := ps[i].measure(y, nil)
		fig := func(j int) Figure {
			f := Figure{Value: v[j]}
			f.Lo, f.Hi = interval(draws[i][j])
			return f
		}
		rep.Scores = append(rep.Scores, Scores{Predictor: name, N: len(report),
			AUC: fig(mAUC), LogLoss: fig(mLogLoss), RMSE: fig(mRMSE), CalibrationError: fig(mECE), Slope: fig(mSlope)})
	}
	for i, name := range order[1:] {
		d := Difference{Predictor: PredictorModel, Baseline: name}
		base := ps[i+1].measure(y, nil)
		model := ps[0].measure(y, nil)
		diff := func(j int) Figure {
			f := Figure{Value: model[j] - base[j]}
			ds := make([]float64, len(draws[0][j]))
			for k := range ds {
				ds[k] = draws[0][j][k] - draws[i+1][j][k]
			}
			f.Lo, f.Hi = interval(ds)
			return f
		}
		d.AUC, d.LogLoss = diff(mAUC), diff(mLogLoss)
		rep.Differences = append(rep.Differences, d)
	}
	return rep, nil
}

// internRows numbers the students in order of appearance and the pairs.
func internRows(rows []LoggedAttempt) ([]evalRow, []string) {
	ids := map[string]int{}
	var names []string
	out := make([]evalRow, len(rows))
	for i, r := range rows {
		id, ok := ids[r.Student]
		if !ok {
			id = len(names)
			ids[r.Student] = id
			names = append(names, r.Student)
		}
		out[i] = evalRow{LoggedAttempt: r, student: id, pair: pairIndex(r.A, r.B),
			right: r.Correct && !r.TimedOut && r.Kind != games.KindMissed}
	}
	return out, names
}

// splitStudents draws half of the students (rounded down) from the seed:
// the names are sorted, shuffled with the seed, and the first half is
// marked. The same names and seed always give the same halves, whatever
// the order of the rows.
func splitStudents(names []string, seed uint64) []bool {
	idx := shuffledStudents(names, seed)
	half := make([]bool, len(names))
	for _, i := range idx[:len(idx)/2] {
		half[i] = true
	}
	return half
}

// foldStudents deals the students into k folds from the seed, as
// splitStudents draws its halves: fold[i] in 0..k−1.
func foldStudents(names []string, k int, seed uint64) []int {
	fold := make([]int, len(names))
	for n, i := range shuffledStudents(names, seed) {
		fold[i] = n % k
	}
	return fold
}

// shuffledStudents is the students' indexes sorted by name, then shuffled
// with the seed.
func shuffledStudents(names []string, seed uint64) []int {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(names[a], names[b]) })
	rng := games.NewRNG(seed, 0x5b1f)
	rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	return idx
}

func runOnline(p predictor, rows []evalRow) []float64 {
	out := make([]float64, len(rows))
	for i := range rows {
		out[i] = p.predict(&rows[i])
		p.observe(&rows[i])
	}
	return out
}

// crossFitPFA forecasts every row with a PFA fitted on the other half of
// the students.
func crossFitPFA(rows []evalRow, half []bool, students int) []float64 {
	var parts [2][]evalRow
	var at [2][]int
	for i, r := range rows {
		k := 0
		if half[r.student] {
			k = 1
		}
		parts[k] = append(parts[k], r)
		at[k] = append(at[k], i)
	}
	out := make([]float64, len(rows))
	for k := range 2 {
		if len(parts[1-k]) == 0 {
			continue
		}
		p := runOnline(newPFA(fitPFA(parts[1-k], students), students), parts[k])
		for i, j := range at[k] {
			out[j] = p[i]
		}
	}
	for k := range 2 {
		if len(parts[1-k]) == 0 { // one half empty: nothing to fit on
			for _, j := range at[k] {
				out[j] = 0.5
			}
		}
	}
	return out
}

func loggedOf(rows []evalRow) []LoggedAttempt {
	out := make([]LoggedAttempt, len(rows))
	for i, r := range rows {
		out[i] = r.LoggedAttempt
	}
	return out
}

// modelPredictor is the platform's model, one Student per student.
type modelPredictor struct {
	m  Model
	st []Student
}

func (p *modelPredictor) predict(r *evalRow) float64 {
	return p.m.Predict(p.st[r.student], games.Fact{A: r.A, B: r.B}, r.At)
}

func (p *modelPredictor) observe(r *evalRow) { p.m.Observe(&p.st[r.student], r.Attempt) }
