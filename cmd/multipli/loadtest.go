package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
)

// `multipli loadtest` measures attempt ingestion three ways in one
// run, on the same machine and clients: the store's write path called
// directly, the platform over HTTP, and a bare Echo handler over HTTP (the
// floor any Go HTTP server pays), and prints the platform's share of the
// bare handler's rate. It is bounded in requests and in time, and it only
// talks to loopback addresses: it is a measuring tool, not a way to flood
// someone else's server.

type loadtestFlags struct {
	target   string
	database string
	pid      int
	clients  int
	batch    int
	requests int
	duration time.Duration
	rate     float64
	phases   string
	profile  string
}

func loadtestFlagSet(f *loadtestFlags, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&f.target, "target", "", "base URL of a running server on a loopback address (empty: start one in this process)")
	fs.StringVar(&f.database, "database-url", "", "database of the in-process server: a SQLite path or a postgres:// URL (empty: a temporary SQLite file)")
	fs.IntVar(&f.pid, "pid", 0, "process id of the --target server, to sample its resident memory")
	fs.IntVar(&f.clients, "clients", 200, "concurrent clients, one student each")
	fs.IntVar(&f.batch, "batch", 10, "answers per request")
	fs.IntVar(&f.requests, "requests", 20000, "at most this many requests per phase (1–10,000,000)")
	fs.DurationVar(&f.duration, "duration", 20*time.Second, "at most this long per phase (≤ 30m)")
	fs.Float64Var(&f.rate, "rate", 5000, "attempts per second offered by all clients together, each client sending at a steady pace (open loop); 0: each client sends its next request as soon as the last is answered (closed loop, the saturation rate)")
	fs.StringVar(&f.phases, "phases", "store,http,http-max,bare", "phases to run, comma-separated: store (the write path called in-process, at --rate), http (the platform over HTTP at --rate), http-max (the platform, closed loop), bare (a bare Echo handler, closed loop)")
	fs.StringVar(&f.profile, "cpuprofile", "", "write a CPU profile of the measured phases (after the set-up) to this file; with the in-process server it holds the server, the store and the load generator")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: multipli loadtest [flags]")
		fmt.Fprintln(out)
		fs.PrintDefaults()
	}
	return fs
}

func runLoadtest(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var f loadtestFlags
	if err := parseFlags(loadtestFlagSet(&f, stdout), args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	switch {
	case f.clients < 1 || f.clients > 2000:
		return errors.New("loadtest: --clients must be 1–2000")
	case f.batch < 1 || f.batch > 100:
		return errors.New("loadtest: --batch must be 1–100")
	case f.requests < 1 || f.requests > 10_000_000:
		return errors.New("loadtest: --requests must be 1–10,000,000")
	case f.duration <= 0 || f.duration > 30*time.Minute:
		return errors.New("loadtest: --duration must be positive and at most 30m")
	case f.rate < 0 || f.rate > 1e6:
		return errors.New("loadtest: --rate must be 0–1,000,000")
	}
	phases := map[string]bool{}
	for _, p := range strings.Split(f.phases, ",") {
		phases[strings.TrimSpace(p)] = true
	}

	base, st, stop, err := loadtestTarget(ctx, f, stderr)
	if err != nil {
		return err
	}
	defer stop()
	pid := f.pid
	if f.target == "" {
		pid = os.Getpid()
	}

	client := loadClient(f.clients)
	pace := "closed loop (as fast as answered)"
	if f.rate > 0 {
		pace = fmt.Sprintf("%.0f attempts/s offered", f.rate)
	}
	fmt.Fprintf(stdout, "loadtest: %s, %d clients, %d answers a request, %s, at most %d requests or %s a phase\n", base, f.clients, f.batch, pace, f.requests, f.duration)
	// The server refuses practice answers faster than a child's (play
	// package, 300 ms a question); the in-process server lifts the bound,
	// as it lifts the ingestion limit. Against --target, each client waits
	// until its questions may be answered.
	floor := play.DefaultMinAnswer
	if f.target == "" {
		floor = 0
	}
	w, err := setupWorld(ctx, client, base, f.clients, f.batch, floor)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "set-up: %d students signed in, one practice session each\n", len(w.students))
	fmt.Fprintf(stdout, "machine: %d CPUs, load average %s at the start\n\n", runtime.NumCPU(), loadAverage())

	// The profile covers the measured phases, not the set-up (200
	// sign-ins and sessions would blur the request path).
	if f.profile != "" {
		pf, err := os.Create(f.profile)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer func() { _ = pf.Close() }()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer pprof.StopCPUProfile()
	}

	var results []phaseResult
	if phases["store"] {
		if st == nil {
			fmt.Fprintln(stdout, "store phase skipped: it needs the in-process server (no --target)")
		} else {
			results = append(results, runStorePhase(ctx, st, w, f))
		}
	}
	if phases["http"] {
		mem := startMemSampler(pid)
		r := runHTTPPhase(ctx, client, base, w, f, floor)
		r.mem = mem.stop()
		results = append(results, r)
	}
	closed := f
	closed.rate = 0
	if phases["http-max"] {
		r := runHTTPPhase(ctx, client, base, w, closed, floor)
		r.name = platformMax
		results = append(results, r)
	}
	if phases["bare"] {
		r, err := runBarePhase(ctx, client, w, closed)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	report(stdout, results)
	fmt.Fprintf(stdout, "load average at the end: %s\n", loadAverage())
	return nil
}

// loadAverage is the machine's 1-, 5- and 15-minute load averages
// (/proc/loadavg): on a shared machine the figures mean little without it.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// loadtestTarget checks --target, or starts an in-process server on a
// loopback port, and returns its base URL and (in-process) its store.
func loadtestTarget(ctx context.Context, f loadtestFlags, stderr io.Writer) (string, *store.Store, func(), error) {
	if f.target != "" {
		if err := loopbackOnly(ctx, f.target); err != nil {
			return "", nil, nil, err
		}
		return strings.TrimRight(f.target, "/"), nil, func() {}, nil
	}
	dbURL := f.database
	cleanup := func() {}
	if dbURL == "" {
		dir, err := os.MkdirTemp("", "multipli-loadtest-")
		if err != nil {
			return "", nil, nil, fmt.Errorf("loadtest: %w", err)
		}
		cleanup = func() { _ = os.RemoveAll(dir) }
		dbURL = filepath.Join(dir, "multipli.db")
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	st, err := store.Open(ctx, dbURL, logger)
	if err != nil {
		cleanup()
		return "", nil, nil, err
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	// The in-process server hashes children's PINs at bcrypt's minimum
	// cost so that the set-up (200 logins) does not dominate the run; the
	// measured path hashes nothing. Its ingestion limit and its floor on
	// how fast a practice answer may come are lifted: the load generator
	// is one "student" per client answering far faster than a child (the
	// questions are still asked, checked and stored).
	srv := server.New(server.Config{SecretKey: key, BcryptCost: bcrypt.MinCost,
		IngestLimit: server.IngestLimit{Rate: 1e6, Burst: 1e6}, MinAnswer: -1}, st, logger)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = st.Close()
		cleanup()
		return "", nil, nil, fmt.Errorf("loadtest: %w", err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
		_ = st.Close()
		cleanup()
	}
	return "http://" + ln.Addr().String(), st, stop, nil
}

// loopbackOnly refuses a target whose host is not, or does not resolve
// only to, loopback addresses.
func loopbackOnly(ctx context.Context, target string) error {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return fmt.Errorf("loadtest: --target %q is not an http(s) URL", target)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil {
		if !ip.IsLoopback() {
			return fmt.Errorf("loadtest: refusing %s: not a loopback address", host)
		}
		return nil
	}
	addrs, err := net.DefaultResolver.LookupIPAddr(ctx, host)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("loadtest: cannot resolve %s", host)
	}
	for _, a := range addrs {
		if !a.IP.IsLoopback() {
			return fmt.Errorf("loadtest: refusing %s: it resolves to %s, not a loopback address", host, a.IP)
		}
	}
	return nil
}

// loadClient keeps one connection per client alive between requests.
func loadClient(clients int) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns = clients * 2
	tr.MaxIdleConnsPerHost = clients * 2
	tr.MaxConnsPerHost = 0
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}
