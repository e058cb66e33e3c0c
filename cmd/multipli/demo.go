package main

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
)

// runDemo is `multipli demo [flags]`: load the demo school (once) and print
// its logins. It uses the same key as serve, so login cards can be printed.
func runDemo(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	if err := parseFlags(flagSet("demo", &cfg, getenv, false, stdout), args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	p, err := openPlatform(ctx, cfg, getenv, stderr)
	if err != nil {
		return err
	}
	defer func() { _ = p.store.Close() }()
	sealer, err := credential.NewSealer(p.key)
	if err != nil {
		return err
	}
	school, err := demo.Load(ctx, p.store, sealer, time.Now())
	if err != nil {
		return err
	}
	school.Print(stdout, "http://127.0.0.1:8080 (multipli serve)")
	return nil
}
