package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/potion"
)

// simulatePotion plays MultipliPotion computer players against each other:
// multipli simulate --game potion --games N --seed S --edition 3|4 --level green|violet|all.
func simulatePotion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate --game potion", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("games", 1000, "games per pairing of bot levels")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	edition := fs.Int("edition", 3, "3 (3-card booklet) or 4 (4-card booklet)")
	level := fs.String("level", string(games.LevelGreen), "deck level: a level name (green, violet, all-10, all-12) or both (green+violet, tables 2–9)")
	tables := fs.Int("tables", 0, "deal tables 1–n with factors 1–n instead of --level (the box's 9, 10 or 12)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 {
		return fmt.Errorf("simulate potion: --games must be at least 1")
	}
	if *edition != potion.Edition3 && *edition != potion.Edition4 {
		return fmt.Errorf("simulate potion: --edition must be 3 or 4")
	}
	var levels []games.Level
	name, _ := games.ParseLevel(*level)
	deck, named := name.Deck()
	switch {
	case *tables > 0:
		levels = []games.Level{games.All(*tables)}
	case named:
		levels = []games.Level{deck}
	case *level == "both":
		levels = []games.Level{bothColours()}
	default:
		return fmt.Errorf("simulate potion: unknown --level %q (a level name or both)", *level)
	}
	for _, l := range levels {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep := potion.Simulate(potion.SimOptions{Games: *n, Seed: *seed, Edition: *edition, Level: l})
		printPotionReport(stdout, rep, l)
	}
	return nil
}

// bothColours is the whole box of the 4-card edition: tables 2–9, factors 2–9.
func bothColours() games.Level {
	return games.Level{Name: games.LevelCustom, Tables: []int{2, 3, 4, 5, 6, 7, 8, 9}, MinFactor: 2, MaxFactor: 9}
}

var botNames = map[int]string{games.BotBeginner: "beginner", games.BotSolid: "solid", games.BotStrong: "strong"}

func printPotionReport(w io.Writer, rep potion.SimReport, l games.Level) {
	fmt.Fprintf(w, "MultipliPotion, %d-card edition, level %s (tables %v, %d cards)\n",
		rep.Edition, l.Name, l.Tables, potion.DeckSize(l))
	fmt.Fprintf(w, "%-20s %6s %7s %7s %6s %8s %6s %9s %9s %9s %s\n",
		"A vs B", "games", "A wins", "B wins", "ties", "starter", "turns", "captures", "missed", "vigilance", "endings")
	for _, p := range rep.Pairings {
		g := float64(max(p.Games, 1))
		var ends []string
		for _, r := range []string{"potion.five_trophies", "potion.pile_empty", "potion.cards_out"} {
			if p.Reasons[r] > 0 {
				ends = append(ends, fmt.Sprintf("%s %.0f%%", strings.TrimPrefix(r, "potion."), 100*float64(p.Reasons[r])/g))
			}
		}
		fmt.Fprintf(w, "%-20s %6d %6.1f%% %6.1f%% %5.1f%% %7.1f%% %6.1f %4.1f/%-4.1f %4.1f/%-4.1f %4.2f/%-4.2f %s\n",
			botNames[p.LevelA]+" vs "+botNames[p.LevelB], p.Games,
			100*float64(p.WinsA)/g, 100*float64(p.WinsB)/g, 100*float64(p.Ties)/g, 100*float64(p.StarterWon)/g, float64(p.Turns)/g,
			float64(p.Captures[0])/g, float64(p.Captures[1])/g, float64(p.Missed[0])/g, float64(p.Missed[1])/g,
			float64(p.Vigilance[0])/g, float64(p.Vigilance[1])/g, strings.Join(ends, ", "))
		if p.Unfinished > 0 {
			fmt.Fprintf(w, "  %d games failed to finish\n", p.Unfinished)
		}
	}
	fmt.Fprintln(w, "A and B take turns at starting; starter: games won by the player who started;")
	fmt.Fprintln(w, "per game: turns, captures A/B, turns ended with a capture left (missed) A/B, successful vigilance calls A/B.")
	fmt.Fprintln(w)
}
