package main

import (
	"context"
	"errors"
	"io"
)

// runCube is replaced by the Monster Cube tools (cube solve).
func runCube(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("cube: not built yet")
}
