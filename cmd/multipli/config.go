package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/server"
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
	ReadTimeout     time.Duration
	Demo            bool
	NewKey          bool
	// SMTPURL, MailFrom and BaseURL send the parents' weekly e-mail
	// (server.MailConfig); no SMTP URL, no e-mail.
	SMTPURL  string
	MailFrom string
	BaseURL  string

	// envDatabaseURL is MULTIPLI_DATABASE_URL or DATABASE_URL. It is not the
	// flag's default, so that --help never prints a database password.
	envDatabaseURL string
	// envSMTPURL is MULTIPLI_SMTP_URL, kept out of --help for the same
	// reason (the relay's password).
	envSMTPURL string
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
		fs.DurationVar(&cfg.ReadTimeout, "read-timeout", envDuration(getenv, "MULTIPLI_READ_TIMEOUT", 10*time.Second), "how long a client may take to send a whole request, headers and body (env MULTIPLI_READ_TIMEOUT)")
		cfg.envSMTPURL = getenv("MULTIPLI_SMTP_URL")
		fs.StringVar(&cfg.SMTPURL, "smtp-url", "", "smtp://[user:password@]host:port of the relay for the parents' weekly e-mail; empty sends none (env MULTIPLI_SMTP_URL)")
		fs.StringVar(&cfg.MailFrom, "mail-from", env("MULTIPLI_MAIL_FROM", "Multipli <noreply@localhost>"), "the weekly e-mail's sender (env MULTIPLI_MAIL_FROM)")
		fs.StringVar(&cfg.BaseURL, "base-url", env("MULTIPLI_BASE_URL", ""), "the site's address as children and parents reach it, for the e-mail's link, the login cards and the parents' letters; empty: http://ADDR for the e-mail, the address the teacher's browser asked for on paper (env MULTIPLI_BASE_URL)")
		fs.BoolVar(&cfg.NewKey, "new-key", envBool(getenv, "MULTIPLI_NEW_KEY"), "make a new signing key when DATA_DIR/jwt.key is missing although the database holds accounts: ends every login and every printed login card (env MULTIPLI_NEW_KEY)")
	}
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: multipli %s [flags]\n\n", name)
		fs.PrintDefaults()
		if serve {
			fmt.Fprintln(out, "\nThe token signing key comes from MULTIPLI_JWT_KEY (at least 32 random characters, e.g.")
			fmt.Fprintln(out, "`openssl rand -hex 32`; never a flag, so that it does not show in the process list).")
			fmt.Fprintln(out, "Without it, a key is generated on the first start into DATA_DIR/jwt.key (mode 0600; a key")
			fmt.Fprintln(out, "file others may read is refused). Back it up with the database: a database with accounts")
			fmt.Fprintln(out, "and no key refuses to start unless --new-key. Replicas sharing a database must share the key.")
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

// smtpURL is the flag, else the environment; the URL must be smtp://.
func (c config) smtpURL() (string, error) {
	u := c.SMTPURL
	if u == "" {
		u = c.envSMTPURL
	}
	if u == "" {
		return "", nil
	}
	if _, err := server.ParseSMTPURL(u); err != nil {
		return "", err
	}
	return u, nil
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

// platform is what serve and demo both start from.
type platform struct {
	logger *slog.Logger
	key    []byte
	store  *store.Store
}

// openPlatform makes the logger, opens the database (migrating and checking
// it) and reads (or creates) the signing key: the common start of serve and
// demo. The database comes first, because whether a missing key may be
// made depends on what it holds (key.go). The caller closes the store.
func openPlatform(ctx context.Context, cfg config, getenv func(string) string, stderr io.Writer) (platform, error) {
	logger, err := cfg.logger(stderr)
	if err != nil {
		return platform{}, err
	}
	st, err := store.Open(ctx, cfg.databaseURL(), logger)
	if err != nil {
		return platform{}, err
	}
	key, err := cfg.signingKey(ctx, getenv, st, logger)
	if err != nil {
		return platform{}, errors.Join(err, st.Close())
	}
	return platform{logger: logger, key: key, store: st}, nil
}
