package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/multipli/multipli/pedagogy"
)

// runPedagogy dispatches the pedagogy tools: pedagogy eval.
func runPedagogy(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "fit" {
		return pedagogyFit(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "eval" {
		fmt.Fprintln(stderr, "usage: multipli pedagogy eval --attempts FILE.csv [--split students] [--seed N] [--bootstrap N] [--json]")
		fmt.Fprintln(stderr, "       multipli pedagogy fit --attempts FILE.csv --source TEXT [--write FILE.go]")
		return errors.New("pedagogy: unknown or missing tool (eval, fit)")
	}
	fs := flag.NewFlagSet("pedagogy eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("attempts", "", "attempts CSV: student,a,b,correct,response_ms,order with a header")
	split := fs.String("split", "", `"students": tune every predictor on half of the students, report on the other half`)
	seed := fs.Uint64("seed", 1, "seed of the split and of the bootstrap")
	boot := fs.Int("bootstrap", pedagogy.DefaultBootstrap, "bootstrap draws of students for the 95 % intervals (negative: none)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *path == "" {
		fs.Usage()
		return errors.New("pedagogy eval: --attempts is required")
	}
	rows, err := readAttempts(*path, stderr)
	if err != nil {
		return fmt.Errorf("pedagogy eval: %w", err)
	}
	if *boot == 0 {
		*boot = -1
	}
	rep, err := pedagogy.Eval(pedagogy.DefaultModel(), rows, pedagogy.EvalConfig{Split: *split, Seed: *seed, Bootstrap: *boot})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	writeEvalTables(stdout, rep)
	return nil
}

// pedagogyFit fits the population's easiness per fact on an attempts file
// and writes the Go source of the default table (pedagogy/easiness_table.go).
func pedagogyFit(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pedagogy fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("attempts", "", "attempts CSV to fit on")
	source := fs.String("source", "", "what the data is, for the generated file's comment")
	out := fs.String("write", "", "write the Go source to this file (default: standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *path == "" || *source == "" {
		fs.Usage()
		return errors.New("pedagogy fit: --attempts and --source are required")
	}
	rows, err := readAttempts(*path, stderr)
	if err != nil {
		return fmt.Errorf("pedagogy fit: %w", err)
	}
	var b strings.Builder
	cmd := "multipli pedagogy fit --source " + strconv.Quote(*source)
	if err := pedagogy.WriteEasinessGo(&b, rows, *source, cmd); err != nil {
		return err
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return fmt.Errorf("pedagogy fit: %w", err)
	}
	if *out == "" {
		_, err = stdout.Write(src)
		return err
	}
	return os.WriteFile(*out, src, 0o644)
}

// readAttempts reads an attempts file, skipping the rows of facts outside
// the platform's 1–12 (another app's ×0 table): it says how many on
// stderr, so that the figures are not taken for the whole file's.
func readAttempts(path string, stderr io.Writer) ([]pedagogy.LoggedAttempt, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, skipped, err := pedagogy.ReadAttemptsCSVOfPlatformFacts(f)
	if skipped > 0 {
		fmt.Fprintf(stderr, "skipped %d rows whose factors are outside 1–12 (not the platform's facts); the figures are on the other %d\n", skipped, len(rows))
	}
	return rows, err
}

// writeEvalTables prints the report as Markdown tables, figures with their
// 95 % intervals by student.
func writeEvalTables(w io.Writer, rep pedagogy.EvalReport) {
	if rep.Split != "" {
		fmt.Fprintf(w, "split by %s (seed %d): tuned on %d students (%d attempts), reported on %d students\n",
			rep.Split, rep.Seed, rep.TuneStudents, rep.TuneAttempts, rep.Students)
	}
	fmt.Fprintf(w, "%d attempts, %d students, %.1f %% right; plain Elo K = %g/(1 + %g·n); intervals: 95 %%, %d draws of students\n",
		rep.Attempts, rep.Students, 100*rep.Correct, rep.Elo.K, rep.Elo.Decay, rep.Bootstrap)
	mp := rep.Model
	fmt.Fprintf(w, "model: slip %g, κ %g, ability drift %g, fact variance %g, table variance %g, least information %g, forecast log-odds %+.3f + %.3f × log-odds\n\n",
		mp.Slip, mp.Moderation, mp.AbilityDrift, mp.FactVar, mp.TableVar, mp.MinInfo, mp.ForecastShift, mp.ForecastScale)
	fmt.Fprintln(w, "| predictor | AUC | log-loss | RMSE | calibration error | recalibration slope |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, s := range rep.Scores {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", s.Predictor,
			fig(s.AUC, 3), fig(s.LogLoss, 4), fig(s.RMSE, 4), fig(s.CalibrationError, 4), fig(s.Slope, 2))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| difference | AUC | log-loss |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, d := range rep.Differences {
		fmt.Fprintf(w, "| %s − %s | %s | %s |\n", d.Predictor, d.Baseline, signedFig(d.AUC, 4), signedFig(d.LogLoss, 4))
	}
}

func fig(f pedagogy.Figure, digits int) string {
	if f.Lo != f.Lo { // no interval
		return fmt.Sprintf("%.*f", digits, f.Value)
	}
	return fmt.Sprintf("%.*f [%.*f, %.*f]", digits, f.Value, digits, f.Lo, digits, f.Hi)
}

func signedFig(f pedagogy.Figure, digits int) string {
	if f.Lo != f.Lo {
		return fmt.Sprintf("%+.*f", digits, f.Value)
	}
	return fmt.Sprintf("%+.*f [%+.*f, %+.*f]", digits, f.Value, digits, f.Lo, digits, f.Hi)
}

// simulatePedagogy runs the adaptive policy and the baselines on synthetic
// learners of every variant (pedagogy.Simulate) and prints the comparison.
func simulatePedagogy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate pedagogy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	learners := fs.Int("learners", 100, "synthetic learners per seed")
	seeds := fs.String("seeds", "1-5", "seeds: a range 1-5 or a list 1,2,7")
	budget := fs.Int("budget", 6000, "attempts a learner may make before the run gives up")
	variants := fs.String("variants", "all", "learner variants, comma-separated: today, time-spread, wrong-teaches-less, spacing, or all")
	policies := fs.String("policies", "all", "policies, comma-separated: adaptive, assigned, leitner, xtramath, garden, uniform, ordered, truth, oracle, or all")
	workers := fs.Int("workers", 2, "learners simulated in parallel (the result does not depend on it)")
	logPath := fs.String("log", "", "write the adaptive policy's attempts (first variant and seed) to this CSV (the format pedagogy eval reads)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *learners < 1 || *budget < 1 || *workers < 1 {
		return errors.New("simulate pedagogy: --learners, --budget and --workers must be positive")
	}
	cfg := pedagogy.SimConfig{Learners: *learners, Budget: *budget, Workers: *workers, Log: *logPath != ""}
	var err error
	if cfg.Seeds, err = parseSeeds(*seeds); err != nil {
		return err
	}
	if cfg.Variants, err = parseVariants(*variants); err != nil {
		return err
	}
	if *policies != "all" {
		for _, p := range strings.Split(*policies, ",") {
			name, ok := policyFlags[strings.TrimSpace(p)]
			if !ok {
				return fmt.Errorf("simulate pedagogy: unknown policy %q (adaptive, assigned, leitner, xtramath, garden, uniform, ordered, truth, oracle, all)", p)
			}
			cfg.Policies = append(cfg.Policies, name)
		}
	}
	res := pedagogy.Simulate(pedagogy.DefaultModel(), cfg)
	if *logPath != "" {
		if err := writeAttemptLog(*logPath, res.Log); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	c := res.Config
	fmt.Fprintf(stdout, "%d learners × seeds %v, budget %d attempts (30 a day); target: %.0f %% of the %d facts of tables 2–9 truly fluent %d days after the last session\n",
		c.Learners, c.Seeds, c.Budget, 100*pedagogy.SimTargetShare, res.TargetFacts, pedagogy.SimCheckDays)
	for _, v := range c.Variants {
		fmt.Fprintf(stdout, "\n%s\n\n", v)
		fmt.Fprintln(stdout, "| policy | reached | attempts (mean) | (median) | per seed | vs Leitner | vs XtraMath | to oracle | right answers |")
		fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|---|---|")
		for _, r := range res.Results {
			if r.Variant != v {
				continue
			}
			per := make([]string, len(r.SeedMeans))
			for i, x := range r.SeedMeans {
				per[i] = fmt.Sprintf("%.0f", x)
			}
			fmt.Fprintf(stdout, "| %s | %d/%d | %.0f | %.0f | %s | %s | %s | %+.1f %% | %.1f %% |\n",
				r.Policy, r.Reached, r.Learners, r.MeanAttempts, r.MedianAttempts, strings.Join(per, ", "),
				pctRange(r.VsLeitner, r.SeedVsLeitner), pctRange(r.VsXtraMath, r.SeedVsXtraMath), 100*r.ToOracle, 100*r.Success)
		}
		if a := res.Result(v, pedagogy.PolicyAdaptive); a.Ladder != nil {
			fmt.Fprintf(stdout, "\nadaptive ladder: %d of %d learners promoted, %d demoted after a promotion (%.1f %%)\n",
				a.Ladder.Promoted, a.Learners, a.Ladder.Demoted, 100*float64(a.Ladder.Demoted)/float64(a.Learners))
		}
	}
	return nil
}

// pctRange prints "12.3 % (10.1–14.0)": the overall figure and its range
// over the seeds.
func pctRange(x float64, seeds []float64) string {
	if len(seeds) < 2 {
		return fmt.Sprintf("%.1f %%", 100*x)
	}
	return fmt.Sprintf("%.1f %% (%.1f to %.1f)", 100*x, 100*slices.Min(seeds), 100*slices.Max(seeds))
}

func parseSeeds(s string) ([]uint64, error) {
	if lo, hi, ok := strings.Cut(s, "-"); ok {
		a, err1 := strconv.ParseUint(lo, 10, 64)
		b, err2 := strconv.ParseUint(hi, 10, 64)
		if err1 != nil || err2 != nil || b < a || b-a > 1000 {
			return nil, fmt.Errorf("simulate pedagogy: bad --seeds %q", s)
		}
		var out []uint64
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
		return out, nil
	}
	var out []uint64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("simulate pedagogy: bad --seeds %q", s)
		}
		out = append(out, x)
	}
	return out, nil
}

// policyFlags are the --policies names.
var policyFlags = map[string]string{
	"adaptive": pedagogy.PolicyAdaptive, "assigned": pedagogy.PolicyAssigned, "leitner": pedagogy.PolicyLeitner,
	"xtramath": pedagogy.PolicyXtraMath, "garden": pedagogy.PolicyGarden, "uniform": pedagogy.PolicyUniform,
	"ordered": pedagogy.PolicyOrdered, "truth": pedagogy.PolicyTruth, "oracle": pedagogy.PolicyOracle,
}

// variantFlags are the --variants names.
var variantFlags = map[string]pedagogy.LearnerVariant{
	"today": pedagogy.VariantToday, "time-spread": pedagogy.VariantTimeSpread,
	"wrong-teaches-less": pedagogy.VariantWrongTeachesLess, "spacing": pedagogy.VariantSpacing,
}

func parseVariants(s string) ([]pedagogy.LearnerVariant, error) {
	if s == "all" {
		return pedagogy.LearnerVariants, nil
	}
	var out []pedagogy.LearnerVariant
	for _, f := range strings.Split(s, ",") {
		v, ok := variantFlags[strings.TrimSpace(f)]
		if !ok {
			return nil, fmt.Errorf("simulate pedagogy: unknown variant %q (today, time-spread, wrong-teaches-less, spacing, all)", f)
		}
		out = append(out, v)
	}
	return out, nil
}

func writeAttemptLog(path string, rows []pedagogy.LoggedAttempt) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("simulate pedagogy: %w", err)
	}
	if err := pedagogy.WriteAttemptsCSV(f, rows); err != nil {
		f.Close()
		return fmt.Errorf("simulate pedagogy: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("simulate pedagogy: %w", err)
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
