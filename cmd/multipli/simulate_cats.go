package main

import (
	"context"
	"errors"
	"io"
)

// simulateCats is replaced by the cats engine's simulation.
func simulateCats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("simulate: cats is not built yet")
}
