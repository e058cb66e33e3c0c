package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cube"
)

// simulateCube plays Monster Cube computer players against each other.
func simulateCube(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate --game cube", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.Int("rules", 1, "rule set 1..4")
	n := fs.Int("games", 100, "games per pairing of levels")
	seed := fs.Uint64("seed", 1, "first seed")
	turnMS := fs.Int("turn-ms", cube.DefaultTurnMS, "turn timer of #3 and #4 in ms (0: off)")
	bonuses := fs.Bool("bonuses", false, "special rules: run and family bonuses")
	decks := fs.Bool("level-decks", false, "special rules: the three level decks in order")
	level := fs.String("level", "all", "deck level: green, violet or all")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *rules < 1 || *rules > 4 {
		return fmt.Errorf("simulate: --rules must be 1..4")
	}
	lvl := map[string]games.Level{"green": games.Green(), "violet": games.Violet(), "all": games.All(9)}[*level]
	if lvl.Name == "" {
		return fmt.Errorf("simulate: --level must be green, violet or all")
	}
	rep := cube.Simulate(cube.SimOptions{Rules: *rules, Games: *n, Seed: *seed, Level: lvl, TurnMS: *turnMS, Bonuses: *bonuses, LevelDecks: *decks})
	if *asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprint(stdout, rep.Table())
	fmt.Fprintf(stdout, "counts: %v\n", rep.Counts)
	return nil
}
