package main

import (
	"context"
	"errors"
	"io"
)

// simulatePotion is replaced by the potion engine's simulation.
func simulatePotion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("simulate: potion is not built yet")
}
