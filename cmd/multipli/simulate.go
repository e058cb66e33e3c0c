package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/multipli/multipli/games"
)

// runSimulate dispatches to the game simulations (simulate --game NAME …) and
// to the pedagogy simulation (simulate pedagogy …).
func runSimulate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "pedagogy" {
		return simulatePedagogy(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "opponents" {
		return simulateOpponents(ctx, args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", gameList())
	// The game's own flags follow; only --game is read here.
	if len(args) < 1 {
		fs.Usage()
		return fmt.Errorf("simulate: --game or pedagogy is required")
	}
	if err := fs.Parse(args[:min(2, len(args))]); err != nil {
		return err
	}
	rest := args[min(2, len(args)):]
	switch games.Name(*game) {
	case games.Potion:
		return simulatePotion(ctx, rest, stdout, stderr)
	case games.Cats:
		return simulateCats(ctx, rest, stdout, stderr)
	case games.Cube:
		return simulateCube(ctx, rest, stdout, stderr)
	case games.Magicoa:
		return simulateMagicoa(ctx, rest, stdout, stderr)
	}
	return fmt.Errorf("simulate: unknown game %q (%s)", *game, gameList())
}

// gameList names the games of the registry, in its order.
func gameList() string {
	var names []string
	for _, n := range games.Names() {
		names = append(names, string(n))
	}
	return strings.Join(names, ", ")
}
