// Command multipli runs the Multipli platform and its tools: the server, the
// migrations, the demo school, game and pedagogy simulations, load tests and
// backups. main only calls run, so tests can drive the whole binary in-process.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// gcPercent is the garbage collector's target when GOGC does not set one:
// under the load test the collector took 17 % of the server's CPU at the
// default 100 % (go tool pprof of loadtest --cpuprofile, PostgreSQL at
// 10,000 answers/s), for a live heap of a few tens of MiB. At 400 % it
// runs a quarter as often, and the heap peaks at a few hundred MiB at most.
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "multipli:", err)
		os.Exit(1)
	}
}

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "run the web server (--demo loads the demo school first)", runServe},
		{"migrate", "apply (up) or list (status) the database migrations", runMigrate},
		{"demo", "load the demo school and print its logins", runDemo},
		{"simulate", "play computer players against each other (--game potion|cats|cube|magicoa) or run the pedagogy simulation (simulate pedagogy)", runSimulate},
		{"cube", "Monster Cube tools: cube solve --seed N --code C", runCube},
		{"pedagogy", "pedagogy tools: pedagogy eval --attempts FILE.csv", runPedagogy},
		{"health", "ask a running server whether it is ready (container health check)", runHealth},
		{"backup", "write a consistent copy of the live SQLite database: backup --to FILE", runBackup},
		{"loadtest", "measure attempt ingestion against a loopback server (bounded in requests and time)", runLoadtest},
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], getenv, stdout, stderr)
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: multipli COMMAND [flags]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "multipli COMMAND --help describes each command's flags.")
}
