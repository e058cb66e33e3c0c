package main

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
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
	logger, err := cfg.logger(stderr)
	if err != nil {
		return err
	}
	key, err := cfg.signingKey(getenv)
	if err != nil {
		return err
	}
	sealer, err := credential.NewSealer(key)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, cfg.databaseURL(), logger)
	if err != nil {
		return err
	}
	defer func() { _ = st.Close() }()
	school, err := demo.Load(ctx, st, sealer, time.Now())
	if err != nil {
		return err
	}
	school.Print(stdout, "http://127.0.0.1:8080 (multipli serve)")
	return nil
}
