package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/store"
)

// config is every setting of serve, migrate and demo. Each has a flag and a
// MULTIPLI_* environment variable; the flag wins.
type config struct {
	Addr            string
	DatabaseURL     string
	DataDir         string
	LogLevel        string
	LogFormat       string
	SecureCookies   bool
	TrustProxy      bool
	TokenTTL        time.Duration
	ShutdownTimeout time.Duration
	Demo            bool

	// envDatabaseURL is MULTIPLI_DATABASE_URL or DATABASE_URL. It is not the
	// flag's default, so that --help never prints a database password.
	envDatabaseURL string
}

// flagSet declares the settings on a new flag set. serve takes all of them;
// migrate and demo only the database ones.
func flagSet(name string, cfg *config, getenv func(string) string, serve bool, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	cfg.envDatabaseURL = env("MULTIPLI_DATABASE_URL", getenv("DATABASE_URL"))
	fs.StringVar(&cfg.DataDir, "data-dir", env("MULTIPLI_DATA_DIR", "./data"), "directory for the SQLite file and the generated key (env MULTIPLI_DATA_DIR)")
	fs.StringVar(&cfg.DatabaseURL, "database-url", "", "a SQLite file path or a postgres:// URL; empty means DATA_DIR/multipli.db (env MULTIPLI_DATABASE_URL or DATABASE_URL)")
	fs.StringVar(&cfg.LogLevel, "log-level", env("MULTIPLI_LOG_LEVEL", "info"), "debug, info, warn or error (env MULTIPLI_LOG_LEVEL)")
	fs.StringVar(&cfg.LogFormat, "log-format", env("MULTIPLI_LOG_FORMAT", "text"), "text or json (env MULTIPLI_LOG_FORMAT)")
	if serve {
		fs.StringVar(&cfg.Addr, "addr", env("MULTIPLI_ADDR", "127.0.0.1:8080"), "listen address; port 0 picks a free port (env MULTIPLI_ADDR)")
		fs.BoolVar(&cfg.Demo, "demo", envBool(getenv, "MULTIPLI_DEMO"), "load the demo school first (skipped when already loaded) and print its logins (env MULTIPLI_DEMO)")
		fs.BoolVar(&cfg.SecureCookies, "secure-cookies", envBool(getenv, "MULTIPLI_SECURE_COOKIES"), "the site is reached over HTTPS: Secure cookies and HSTS (env MULTIPLI_SECURE_COOKIES)")
		fs.BoolVar(&cfg.TrustProxy, "trust-proxy", envBool(getenv, "MULTIPLI_TRUST_PROXY"), "take the client address from X-Forwarded-For; only behind a reverse proxy (env MULTIPLI_TRUST_PROXY)")
		fs.DurationVar(&cfg.TokenTTL, "token-ttl", envDuration(getenv, "MULTIPLI_TOKEN_TTL", 12*time.Hour), "how long a login lasts (env MULTIPLI_TOKEN_TTL)")
		fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", envDuration(getenv, "MULTIPLI_SHUTDOWN_TIMEOUT", 20*time.Second), "how long in-flight requests may run after SIGTERM (env MULTIPLI_SHUTDOWN_TIMEOUT)")
	}
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: multipli %s [flags]\n\n", name)
		fs.PrintDefaults()
		if serve {
			fmt.Fprintln(out, "\nThe token signing key comes from MULTIPLI_JWT_KEY (at least 32 characters; never a flag,")
			fmt.Fprintln(out, "so that it does not show in the process list). Without it, a key is generated on the")
			fmt.Fprintln(out, "first start into DATA_DIR/jwt.key (mode 0600). Replicas sharing a database must share the key.")
		}
	}
	return fs
}

func envBool(getenv func(string) string, key string) bool {
	v, err := strconv.ParseBool(getenv(key))
	return err == nil && v
}

func envDuration(getenv func(string) string, key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(getenv(key)); err == nil {
		return d
	}
	return def
}

// parseFlags parses args; --help prints the usage and returns errHelp.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return errHelp
	}
	return err
}

// errHelp stops a command after its usage was printed; run reports success.
var errHelp = errors.New("help shown")

// databaseURL is the flag, else the environment, else the SQLite file in
// the data directory.
func (c config) databaseURL() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	if c.envDatabaseURL != "" {
		return c.envDatabaseURL
	}
	return filepath.Join(c.DataDir, "multipli.db")
}

func (c config) logger(w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return nil, fmt.Errorf("bad --log-level %q: %w", c.LogLevel, err)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch strings.ToLower(c.LogFormat) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("bad --log-format %q: text or json", c.LogFormat)
}

// minKeyLength is the shortest signing key accepted (HS256 wants 256 bits).
const minKeyLength = 32

// signingKey is MULTIPLI_JWT_KEY, else the key kept in DATA_DIR/jwt.key,
// created with mode 0600 on the first start.
func (c config) signingKey(getenv func(string) string) ([]byte, error) {
	if k := getenv("MULTIPLI_JWT_KEY"); k != "" {
		if len(k) < minKeyLength {
			return nil, fmt.Errorf("MULTIPLI_JWT_KEY is too short: %d characters, %d at least", len(k), minKeyLength)
		}
		return []byte(k), nil
	}
	path := filepath.Join(c.DataDir, "jwt.key")
	raw, err := os.ReadFile(path)
	if err == nil {
		k := strings.TrimSpace(string(raw))
		if len(k) < minKeyLength {
			return nil, fmt.Errorf("%s is too short: %d characters, %d at least", path, len(k), minKeyLength)
		}
		return []byte(k), nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read signing key: %w", err)
	}
	if err := os.MkdirAll(c.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	key := hex.EncodeToString(b[:])
	// O_EXCL: two instances starting together on one data directory must
	// not each write their own key.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return c.signingKey(getenv)
	}
	if err != nil {
		return nil, fmt.Errorf("create signing key: %w", err)
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("write signing key: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("write signing key: %w", err)
	}
	return []byte(key), nil
}

// platform is what serve and demo both start from.
type platform struct {
	logger *slog.Logger
	key    []byte
	store  *store.Store
}

// openPlatform makes the logger, reads (or creates) the signing key and
// opens the database, migrating it: the common start of serve and demo.
// The caller closes the store.
func openPlatform(ctx context.Context, cfg config, getenv func(string) string, stderr io.Writer) (platform, error) {
	logger, err := cfg.logger(stderr)
	if err != nil {
		return platform{}, err
	}
	key, err := cfg.signingKey(getenv)
	if err != nil {
		return platform{}, err
	}
	st, err := store.Open(ctx, cfg.databaseURL(), logger)
	if err != nil {
		return platform{}, err
	}
	return platform{logger: logger, key: key, store: st}, nil
}
