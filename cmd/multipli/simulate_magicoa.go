package main

import (
	"context"
	"errors"
	"io"
)

// simulateMagicoa is replaced by the magicoa engine's simulation.
func simulateMagicoa(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("simulate: magicoa is not built yet")
}
