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
	level := fs.String("level", "", "deck level: a level name (green, violet, all-10, all-12); empty: the box, tables 1–9")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *rules < 1 || *rules > 4 {
		return fmt.Errorf("simulate: --rules must be 1..4")
	}
	var lvl games.Level // empty: cube.Simulate deals the box
	if *level != "" {
		n, err := games.ParseLevel(*level)
		l, ok := n.Deck()
		if err != nil || !ok {
			return fmt.Errorf("simulate: --level must be a level name (green, violet, all-10, all-12)")
		}
		lvl = l
	}
	rep := cube.Simulate(cube.SimOptions{Rules: *rules, Games: *n, Seed: *seed, Level: lvl, TurnMS: *turnMS, Bonuses: *bonuses, LevelDecks: *decks})
	if *asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprint(stdout, rep.Table())
	fmt.Fprintf(stdout, "counts: %v\n", rep.Counts)
	return nil
}
