package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/multipli/multipli/store"
)

// runMigrate is `multipli migrate up|status [flags]`.
func runMigrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	fs := flagSet("migrate up|status", &cfg, getenv, false, stdout)
	action := ""
	if len(args) > 0 && (args[0] == "up" || args[0] == "status") {
		action, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	if action == "" && fs.NArg() == 1 {
		action = fs.Arg(0)
	}
	if action != "up" && action != "status" {
		fs.Usage()
		return fmt.Errorf("migrate: say up or status")
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
	if action == "up" {
		applied, err := st.Migrate(ctx)
		for _, s := range applied {
			fmt.Fprintf(stdout, "applied %04d %s\n", s.Version, s.Name)
		}
		if err != nil {
			return err
		}
		if len(applied) == 0 {
			fmt.Fprintln(stdout, "up to date")
		}
		return nil
	}
	status, err := st.MigrationStatus(ctx)
	if err != nil {
		return err
	}
	for _, s := range status {
		at := "pending"
		if s.AppliedAt != nil {
			at = "applied " + s.AppliedAt.UTC().Format("2006-01-02 15:04:05Z")
		}
		fmt.Fprintf(stdout, "%04d %-30s %s\n", s.Version, s.Name, at)
	}
	return nil
}
