package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
)

// simulateCats plays computer cats against each other and prints win and
// champion rates between bot levels, game length, exchanges, gluttonies and
// missed matches, then how the other cats' reaction median shifts a
// student-like seat's share of the exchanges it takes part in.
func simulateCats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate --game cats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("games", 1000, "games per line of the tables")
	seed := fs.Uint64("seed", 1, "first seed (games use seed, seed+1, …)")
	players := fs.Int("players", 4, "players, 3 to 8")
	deck := fs.String("deck", "full", "1-5 … 1-9 or full (booklet part V), a level name (green, violet, all-10, all-12), or tables like 7,8")
	specials := fs.Bool("specials", true, "play with the special cards")
	studentMS := fs.Int("student-ms", 1500, "median reaction of the student-like seat in the reaction table")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *players < cats.MinPlayers || *players > cats.MaxPlayers {
		return fmt.Errorf("simulate cats: --players must be %d to %d", cats.MinPlayers, cats.MaxPlayers)
	}
	level, err := catsDeckLevel(*deck)
	if err != nil {
		return err
	}
	cards, err := cats.BuildDeck(level, *specials)
	if err != nil {
		return fmt.Errorf("simulate cats: %w", err)
	}
	c := cats.Count(cards)
	fmt.Fprintf(stdout, "Multipli Cat's: %d games per line, %d players, deck %s (%d multiplication, %d product, %d special cards), seed %d\n\n",
		*n, *players, *deck, c.Mult, c.Product, c.Special, *seed)

	names := map[int]string{games.BotBeginner: "beginner", games.BotSolid: "solid", games.BotStrong: "strong"}
	losers := 2.0 // the last two lose; with two players (two piles each), the last one
	if *players == 2 {
		losers = 1
	}
	fmt.Fprintln(stdout, "Levels alternate round the table. champion: share of games won by that level; loser: share of the loser places.")
	fmt.Fprintf(stdout, "%-18s %10s %10s %8s %8s %9s %10s %11s %8s %7s\n", "A vs B", "champ A", "champ B", "loser A", "loser B", "reveals", "exchanges", "gluttonies", "missed", "capped")
	for _, pair := range [][2]int{{1, 2}, {1, 3}, {2, 3}, {2, 2}} {
		if err := ctx.Err(); err != nil {
			return err
		}
		bots := make([]int, *players)
		for i := range bots {
			bots[i] = pair[i%2]
		}
		r := cats.Simulate(cats.SimOptions{Games: *n, Seed: *seed, Level: level, Specials: *specials, Bots: bots})
		share := func(counts []int, lvl, odd int, per float64) float64 {
			sum := 0
			for i, k := range counts {
				if i%2 == odd && bots[i] == lvl {
					sum += k
				}
			}
			return 100 * float64(sum) / per
		}
		g := float64(max(r.Games, 1))
		fmt.Fprintf(stdout, "%-18s %9.1f%% %9.1f%% %7.1f%% %7.1f%% %9.0f %10.1f %11.1f %8.1f %7d\n",
			names[pair[0]]+" vs "+names[pair[1]],
			share(r.Champion, pair[0], 0, g), share(r.Champion, pair[1], 1, g),
			share(r.Loser, pair[0], 0, losers*g), share(r.Loser, pair[1], 1, losers*g),
			float64(r.Reveals)/g, float64(r.Exchanges)/g, float64(r.Gluttonies)/g, float64(r.Missed)/g, r.Capped)
	}

	fmt.Fprintf(stdout, "\nSeat 0 plays like a solid student with a %d ms median; the other cats are solid with the median below.\n", *studentMS)
	fmt.Fprintf(stdout, "%-10s %16s %12s\n", "median ms", "exchanges won", "champion")
	for _, median := range []int{800, 1000, 1200, 1500, 2000, 2500, 3000} {
		if err := ctx.Err(); err != nil {
			return err
		}
		bots := make([]int, *players)
		reaction := make([]int, *players)
		for i := range bots {
			bots[i], reaction[i] = games.BotSolid, median
		}
		reaction[0] = *studentMS
		r := cats.Simulate(cats.SimOptions{Games: *n, Seed: *seed, Level: level, Specials: *specials, Bots: bots, ReactionMS: reaction})
		fmt.Fprintf(stdout, "%-10d %15.1f%% %11.1f%%\n", median,
			100*float64(r.Won[0])/float64(max(r.Involved[0], 1)), 100*float64(r.Champion[0])/float64(max(r.Games, 1)))
	}
	return nil
}

// catsDeckLevel reads --deck.
func catsDeckLevel(s string) (games.Level, error) {
	if s == "full" {
		return cats.LearningLevel(10), nil
	}
	if n, err := games.ParseLevel(s); err == nil {
		if l, ok := n.Deck(); ok {
			return l, nil
		}
	}
	if k, ok := strings.CutPrefix(s, "1-"); ok {
		if t, err := strconv.Atoi(k); err == nil && t >= 1 && t <= 10 {
			return cats.LearningLevel(t), nil
		}
	}
	var tables []int
	for _, f := range strings.Split(s, ",") {
		t, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return games.Level{}, fmt.Errorf("simulate cats: --deck %q: want 1-5 … 1-9, full, green, violet, all12 or tables like 7,8", s)
		}
		tables = append(tables, t)
	}
	l := games.Custom(tables...)
	if err := l.Validate(); err != nil {
		return games.Level{}, fmt.Errorf("simulate cats: --deck %q: %w", s, err)
	}
	return l, nil
}
