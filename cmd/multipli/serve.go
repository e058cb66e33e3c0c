package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server"
)

// runServe opens the database (migrating it), optionally loads the demo
// school, and serves until ctx ends (SIGINT/SIGTERM), then lets in-flight
// requests finish. It prints "listening on http://ADDR" once the port is
// bound, which is how tests started on port 0 learn the address.
func runServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	if err := parseFlags(flagSet("serve", &cfg, getenv, true, stdout), args); err != nil {
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
	logger, key, st := p.logger, p.key, p.store

	// The store's probes run beside the server, so that /readyz tells a
	// database turned read-only, damaged or full (store/health.go).
	watchCtx, stopWatch := context.WithCancel(ctx)
	watched := make(chan struct{})
	go func() { defer close(watched); st.Watch(watchCtx, 0) }()
	defer func() { stopWatch(); <-watched }()

	smtpURL, err := cfg.smtpURL()
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	url := "http://" + ln.Addr().String()
	baseURL := cfg.BaseURL
	if baseURL == "" {
		baseURL = url
	}
	srv := server.New(server.Config{
		SecretKey:     key,
		TokenTTL:      cfg.TokenTTL,
		SecureCookies: cfg.SecureCookies,
		TrustProxy:    cfg.TrustProxy,
		ReadTimeout:   cfg.ReadTimeout,
		Mail:          server.MailConfig{SMTPURL: smtpURL, From: cfg.MailFrom, BaseURL: baseURL},
		PublicURL:     cfg.BaseURL,
	}, st, logger)
	// The parents' weekly e-mail runs beside the server (nothing without
	// an SMTP URL).
	mailCtx, stopMail := context.WithCancel(ctx)
	mailed := make(chan struct{})
	go func() { defer close(mailed); srv.RunWeeklyMail(mailCtx) }()
	defer func() { stopMail(); <-mailed }()
	if cfg.Demo {
		school, err := demo.Load(ctx, st, srv.Sealer(), time.Now())
		if err != nil {
			_ = ln.Close()
			return err
		}
		school.Print(stdout, url)
	}

	hs := srv.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(stdout, "listening on %s\n", url)
	logger.Info("listening", "url", url, "database", st.Dialect())

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down", "timeout", cfg.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
