package main

import (
	"context"
	"errors"
	"io"
)

// runServe, runMigrate and runDemo are replaced by the platform foundation.
func runServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("serve: not built yet")
}

func runMigrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("migrate: not built yet")
}

func runDemo(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("demo: not built yet")
}
