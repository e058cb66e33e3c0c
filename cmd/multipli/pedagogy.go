package main

import (
	"context"
	"errors"
	"io"
)

// runPedagogy is replaced by the pedagogy tools (pedagogy eval).
func runPedagogy(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("pedagogy: not built yet")
}

// simulatePedagogy is replaced by the pedagogy simulation.
func simulatePedagogy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("simulate pedagogy: not built yet")
}
