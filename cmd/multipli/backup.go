package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/multipli/multipli/store"
)

// runBackup writes a consistent copy of the (live) SQLite database to --to.
// It neither migrates nor locks the database: the server keeps serving.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	fs := flagSet("backup", &cfg, getenv, false, stdout)
	to := fs.String("to", "", "file to write the copy to; it must not exist (required)")
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	if *to == "" {
		return errors.New("backup: --to FILE is required")
	}
	logger, err := cfg.logger(stderr)
	if err != nil {
		return err
	}
	st, err := store.Connect(ctx, cfg.databaseURL(), logger)
	if err != nil {
		return err
	}
	defer func() { _ = st.Close() }()
	start := time.Now()
	if err := st.Backup(ctx, *to); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s in %s\n", *to, time.Since(start).Round(time.Millisecond))
	return nil
}
