package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"

	"github.com/multipli/multipli/calibrate"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// opponentGames is every calibrated game, in the registry's order (the
// tables' order).
var opponentGames = games.Names()

// simulateOpponents measures how often student stand-ins win against the
// computer opponents (calibrate.Measure), prints the tables, optionally
// writes them as pedagogy/opponent_tables.go, and checks the tuned
// opponents on representative students (calibrate.Check).
func simulateOpponents(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate opponents", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("game", "", "one game ("+gameList()+"); empty: all")
	n := fs.Int("games", 0, "games per cell of the grid (0: each game's default)")
	seed := fs.Uint64("seed", 1, "first seed")
	write := fs.String("write", "", "write the calibration to this Go file (pedagogy/opponent_tables.go)")
	target := fs.Float64("target", pedagogy.DefaultTargetWin, "target win share of the check")
	checkGames := fs.Int("check-games", 300, "games per representative student in the check (0: no check)")
	skip := fs.Bool("check-only", false, "only check the tuned opponents (no new measurement)")
	workers := fs.Int("workers", 2, "goroutines playing games")
	if err := fs.Parse(args); err != nil {
		return err
	}
	list := opponentGames
	if *only != "" {
		if _, ok := calibrate.SpecFor(games.Name(*only)); !ok {
			return fmt.Errorf("simulate opponents: unknown game %q", *only)
		}
		list = []games.Name{games.Name(*only)}
	}
	m := pedagogy.DefaultModel()
	cals := map[games.Name]pedagogy.Calibration{}
	if !*skip {
		for _, game := range list {
			if err := ctx.Err(); err != nil {
				return err
			}
			spec, _ := calibrate.SpecFor(game)
			played := spec.Games
			if *n > 0 {
				played = *n
			}
			cal, err := calibrate.Measure(m, spec, played, *seed, *workers)
			if err != nil {
				return fmt.Errorf("simulate opponents: %w", err)
			}
			cals[game] = cal
			what := "games won"
			if game == games.Cats {
				what = "exchanges won"
			}
			fmt.Fprintf(stdout, "\n### %s: %s by the student (%d games a cell, seed %d)\n", game, what, played, *seed)
			calibrate.WriteMarkdown(stdout, game, cal)
		}
	}
	if *write != "" && len(cals) > 0 {
		// Games not measured this time keep their current tables.
		all := pedagogy.Calibrations()
		for game, cal := range cals {
			all[game] = cal
		}
		var buf bytes.Buffer
		calibrate.WriteGo(&buf, all, opponentGames, "go run ./cmd/multipli simulate opponents --write pedagogy/opponent_tables.go")
		src, err := format.Source(buf.Bytes())
		if err != nil {
			return fmt.Errorf("simulate opponents: format: %w", err)
		}
		if err := os.WriteFile(*write, src, 0o644); err != nil {
			return fmt.Errorf("simulate opponents: %w", err)
		}
		fmt.Fprintf(stdout, "\nwrote %s: rebuild for the check to use it\n", *write)
	}
	if *checkGames <= 0 {
		return nil
	}
	fmt.Fprintf(stdout, "\n### check: opponents tuned for a %.0f %% win share (%d games each, seed %d)\n", 100**target, *checkGames, *seed+1000)
	var rows []calibrate.CheckRow
	for _, game := range list {
		r, err := calibrate.Check(m, game, *target, *checkGames, *seed+1000, true)
		if err != nil {
			return fmt.Errorf("simulate opponents: %w", err)
		}
		rows = append(rows, r...)
	}
	calibrate.WriteCheck(stdout, rows)
	return nil
}
