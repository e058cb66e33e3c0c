package main

import (
	"context"
	"errors"
	"io"
)

// simulateCube is replaced by the cube engine's simulation.
func simulateCube(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("simulate: cube is not built yet")
}
