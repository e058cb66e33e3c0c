package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/magicoa"
)

// simulateMagicoa plays Magicoa computer players against each other and
// prints win rates by seat and by bot level, the score spread and how the
// powers were used.
func simulateMagicoa(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate --game magicoa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 4, "players per game (2–6; Expert 3–4)")
	n := fs.Int("games", 1000, "games per sweep")
	seed := fs.Uint64("seed", 1, "first seed")
	edition := fs.String("edition", magicoa.Classic, "classic or multiplication")
	variant := fs.String("variant", magicoa.Standard, "standard, junior or expert")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 {
		return fmt.Errorf("simulate: --games must be at least 1")
	}
	// Check the configuration once so a bad flag gives a clear error.
	if _, err := magicoa.New(magicoa.Config{Seats: magicoaBots(*players), Edition: *edition, Variant: *variant,
		Level: games.All(10)}, *seed); err != nil {
		return fmt.Errorf("simulate: magicoa: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	r := magicoa.Simulate(magicoa.SimOptions{Players: *players, Games: *n, Seed: *seed, Edition: *edition, Variant: *variant})
	fmt.Fprintf(stdout, "magicoa %s/%s, %d players, %d games per sweep, seed %d\n\n", *edition, *variant, *players, *n, *seed)
	fmt.Fprintln(stdout, "Equal players (all solid): win rate by position from the first player")
	for i, w := range r.SeatWinRate {
		fmt.Fprintf(stdout, "  position %d: %5.1f%%\n", i+1, 100*w)
	}
	fmt.Fprintf(stdout, "  shared victories: %d of %d games\n\n", r.Ties, r.Games)
	fmt.Fprintln(stdout, "Mixed levels (each level in each seat equally often): win rate per seat of that level")
	for _, l := range []int{1, 2, 3} {
		fmt.Fprintf(stdout, "  %-8s %5.1f%%\n", magicoaLevelName(l), 100*r.LevelWinRate[l])
	}
	fmt.Fprintln(stdout, "\nHead to head in the same games: how often the row level outscored the column level")
	fmt.Fprintf(stdout, "  %-8s %8s %8s %8s\n", "", magicoaLevelName(1), magicoaLevelName(2), magicoaLevelName(3))
	for _, a := range []int{1, 2, 3} {
		fmt.Fprintf(stdout, "  %-8s", magicoaLevelName(a))
		for _, b := range []int{1, 2, 3} {
			if a == b {
				fmt.Fprintf(stdout, " %8s", "-")
				continue
			}
			fmt.Fprintf(stdout, " %7.1f%%", 100*r.Beats[a][b])
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "\nScores (equal players): mean %.1f, std %.1f, winner minus last %.1f\n", r.MeanScore, r.StdScore, r.MeanSpread)
	fmt.Fprintln(stdout, "\nPer game (both sweeps): powers activated")
	powers := magicoa.Powers()
	slices.Sort(powers)
	for _, p := range powers {
		fmt.Fprintf(stdout, "  %-13s %.2f\n", p, r.Activated[p])
	}
	fmt.Fprintf(stdout, "  power potions kept for points %.2f, exchanges %.2f, double bids %.2f, equal covers %.2f, discards %.2f\n",
		r.KeptPoints, r.Exchanges, r.Doubles, r.Equalities, r.Discards)
	return nil
}

func magicoaBots(n int) []games.Seat {
	seats := make([]games.Seat, max(n, 0))
	for i := range seats {
		seats[i] = games.Seat{Kind: games.SeatComputer, Bot: games.BotSolid}
	}
	return seats
}

func magicoaLevelName(l int) string {
	return map[int]string{games.BotBeginner: "beginner", games.BotSolid: "solid", games.BotStrong: "strong"}[l]
}
