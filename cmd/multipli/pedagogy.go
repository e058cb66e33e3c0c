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
	rows, err := readAttempts(*path)
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
	rows, err := readAttempts(*path)
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

func readAttempts(path string) ([]pedagogy.LoggedAttempt, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return pedagogy.ReadAttemptsCSV(f)
}

// writeEvalTables prints the report as Markdown tables, figures with their
// 95 % intervals by student.
func writeEvalTables(w io.Writer, rep pedagogy.EvalReport) {
	if rep.Split != "" {
		fmt.Fprintf(w, "split by %s (seed %d): tuned on %d students (%d attempts), reported on %d students\n",
			rep.Split, rep.Seed, rep.TuneStudents, rep.TuneAttempts, rep.Students)
	}
	fmt.Fprintf(w, "%d attempts, %d students, %.1f %% right; plain Elo K = %g/(1 + %g·n); intervals: 95 %%, %d draws of students\n\n",
		rep.Attempts, rep.Students, 100*rep.Correct, rep.Elo.K, rep.Elo.Decay, rep.Bootstrap)
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
// learners (pedagogy.Simulate) and prints the comparison.
func simulatePedagogy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate pedagogy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	learners := fs.Int("learners", 100, "number of synthetic learners")
	seed := fs.Uint64("seed", 1, "random seed")
	budget := fs.Int("budget", 3000, "attempts per learner")
	logPath := fs.String("log", "", "write every simulated attempt to this CSV (the format pedagogy eval reads)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *learners < 1 || *budget < 1 {
		return errors.New("simulate pedagogy: --learners and --budget must be positive")
	}
	res := pedagogy.Simulate(pedagogy.DefaultModel(), pedagogy.SimConfig{
		Learners: *learners, Seed: *seed, Budget: *budget, Log: *logPath != "",
	})
	if *logPath != "" {
		if err := writeAttemptLog(*logPath, res.Log); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	fmt.Fprintf(stdout, "%d learners, seed %d, budget %d attempts, target: %.0f %% of the %d facts of tables 2–9 fluent\n\n",
		res.Config.Learners, res.Config.Seed, res.Config.Budget, 100*pedagogy.SimTargetShare, res.TargetFacts)
	fmt.Fprintf(stdout, "| policy | reached | attempts to target (mean) | (median) | right answers | distance to 75 %% per session | fluent facts after %d | after %d |\n",
		res.CheckAttempts, res.Config.Budget)
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|---|")
	for _, p := range res.Policies {
		fmt.Fprintf(stdout, "| %s | %d/%d | %.0f | %.0f | %.1f %% | %.1f pts | %.1f | %.1f |\n",
			p.Policy, p.Reached, res.Config.Learners, p.MeanAttempts, p.MedianAttempts,
			100*p.Success, 100*p.SuccessGap, p.FluentAtCheck, p.FluentAtBudget)
	}
	fmt.Fprintf(stdout, "\nadaptive needs %.1f %% fewer attempts than the fixed level 1–10, %.1f %% fewer than fixed tables 2–9\n",
		100*res.Reduction, 100*res.ReductionTarget)
	return nil
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
