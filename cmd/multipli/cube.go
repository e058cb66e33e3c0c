package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/multipli/multipli/games/cube"
)

// runCube is the Monster Cube tools: cube solve prints a starting layout
// and every solution of a code on it.
func runCube(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "solve" {
		fmt.Fprintln(stderr, "usage: multipli cube solve --seed N --code C [--set 1..4] [--side numbers|dice] [--move optional|required|none]")
		return errors.New("cube: unknown or missing subcommand (solve)")
	}
	fs := flag.NewFlagSet("cube solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed placing the tiles at random")
	code := fs.Int("code", 0, "the monster's code to solve (0: only list the codes without a solution)")
	set := fs.Int("set", 1, "tile series 1..4")
	side := fs.String("side", "numbers", "numbers (a × b ± c) or dice (+ and −, three different tiles)")
	move := fs.String("move", "optional", "tile move: optional, required or none")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *set < 1 || *set > cube.Series {
		return fmt.Errorf("cube: --set must be 1..%d", cube.Series)
	}
	rules := cube.Rules{Arith: cube.ArithMul, Move: cube.MovePolicy(*move)}
	maxCode := cube.MonsterCount
	switch *side {
	case "numbers":
	case "dice":
		rules.Arith, rules.DistinctTiles, maxCode = cube.ArithAddSub, true, 18
	default:
		return fmt.Errorf("cube: --side must be numbers or dice")
	}
	switch rules.Move {
	case cube.MoveOptional, cube.MoveRequired, cube.MoveNone:
	default:
		return fmt.Errorf("cube: --move must be optional, required or none")
	}
	l := cube.DealLayout(*seed, *set-1, cube.Side(*side))
	fmt.Fprintf(stdout, "series %d, %s side, seed %d\n\n%s\n", *set, *side, *seed, cube.ASCII(l))
	if *code != 0 {
		sols := cube.Solve(l, *code, rules)
		fmt.Fprintf(stdout, "code %d: %d solutions\n", *code, len(sols))
		for _, s := range sols {
			fmt.Fprintln(stdout, " ", s)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "codes 1–%d without a solution: %v\n", maxCode, cube.Unsolvable(l, 1, maxCode, rules))
	return nil
}
