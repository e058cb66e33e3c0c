package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// syncBuffer is a bytes.Buffer that run may write to while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

var listening = regexp.MustCompile(`listening on (http://\S+)`)

// startServe runs `multipli serve` on port 0 and returns its URL once
// /healthz answers, and a function that stops it and returns run's error.
func startServe(t *testing.T, env map[string]string, args ...string) (string, *syncBuffer, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), envOf(env), stdout, io.Discard)
	}()
	var url string
	require.Eventually(t, func() bool {
		select {
		case err := <-done:
			require.NoError(t, err, "serve stopped early")
		default:
		}
		m := listening.FindStringSubmatch(stdout.String())
		if m == nil {
			return false
		}
		url = m[1]
		res, err := http.Get(url + "/healthz")
		if err != nil {
			return false
		}
		_ = res.Body.Close()
		return res.StatusCode == http.StatusOK
	}, 60*time.Second, 50*time.Millisecond, "serve answers /healthz")
	stop := sync.OnceValue(func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(30 * time.Second):
			return context.DeadlineExceeded
		}
	})
	t.Cleanup(func() { _ = stop() })
	return url, stdout, stop
}

func TestServeDemoEndToEnd(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			dataDir := t.TempDir()
			env := map[string]string{"MULTIPLI_DATA_DIR": dataDir, "DATABASE_URL": db.URL, "MULTIPLI_LOG_LEVEL": "warn"}
			url, stdout, stop := startServe(t, env, "--demo")

			out := stdout.String()
			assert.Contains(t, out, "demo.teacher@multipli.test")
			assert.Contains(t, out, "class code TIGRE7")

			ready, err := http.Get(url + "/readyz")
			require.NoError(t, err)
			_ = ready.Body.Close()
			assert.Equal(t, http.StatusOK, ready.StatusCode)

			body := strings.NewReader(`{"email":"demo.teacher@multipli.test","password":"multipli-demo-teacher"}`)
			res, err := http.Post(url+"/api/v1/auth/teacher", "application/json", body)
			require.NoError(t, err)
			var login map[string]any
			require.NoError(t, json.NewDecoder(res.Body).Decode(&login))
			_ = res.Body.Close()
			require.Equal(t, http.StatusOK, res.StatusCode, "%v", login)

			req, err := http.NewRequest("GET", url+"/api/v1/classes", nil)
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+login["token"].(string))
			res, err = http.DefaultClient.Do(req)
			require.NoError(t, err)
			var classes struct {
				Classes []struct{ ID int64 } `json:"classes"`
			}
			require.NoError(t, json.NewDecoder(res.Body).Decode(&classes))
			_ = res.Body.Close()
			assert.Len(t, classes.Classes, 2)

			require.NoError(t, stop(), "SIGTERM ends serve cleanly")

			if db.Name == "sqlite" {
				info, err := os.Stat(filepath.Join(dataDir, "jwt.key"))
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the generated key is private")
			}

			// A second start with --demo finds the school and reuses the key.
			_, stdout, stop = startServe(t, env, "--demo")
			assert.Contains(t, stdout.String(), "demo.teacher@multipli.test")
			require.NoError(t, stop())
			key, err := os.ReadFile(filepath.Join(dataDir, "jwt.key"))
			require.NoError(t, err)
			assert.Len(t, strings.TrimSpace(string(key)), 64)
		})
	}
}

func TestServeHelpDocumentsEverySetting(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"serve", "--help"}, envOf(nil), &out, io.Discard))
	for _, s := range []string{"-addr", "MULTIPLI_ADDR", "-database-url", "DATABASE_URL", "MULTIPLI_DATABASE_URL", "-data-dir", "MULTIPLI_DATA_DIR",
		"-log-level", "MULTIPLI_LOG_LEVEL", "-demo", "MULTIPLI_JWT_KEY", "-secure-cookies", "-trust-proxy", "-token-ttl", "-shutdown-timeout",
		"-read-timeout", "MULTIPLI_READ_TIMEOUT", "-new-key", "MULTIPLI_NEW_KEY"} {
		assert.Contains(t, out.String(), s)
	}
}

func TestShortJWTKeyIsRefused(t *testing.T) {
	env := map[string]string{"MULTIPLI_DATA_DIR": t.TempDir(), "MULTIPLI_JWT_KEY": "short"}
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0"}, envOf(env), io.Discard, io.Discard)
	assert.ErrorContains(t, err, "MULTIPLI_JWT_KEY is too short")
}

func TestFlagsWinOverEnvironment(t *testing.T) {
	var cfg config
	fs := flagSet("serve", &cfg, envOf(map[string]string{"MULTIPLI_ADDR": "0.0.0.0:1", "MULTIPLI_LOG_LEVEL": "debug", "DATABASE_URL": "x.db"}), true, io.Discard)
	require.NoError(t, fs.Parse([]string{"--addr", "127.0.0.1:2"}))
	assert.Equal(t, "127.0.0.1:2", cfg.Addr)
	assert.Equal(t, "debug", cfg.LogLevel)
	assert.Equal(t, "x.db", cfg.databaseURL())
	cfg.envDatabaseURL = ""
	assert.Equal(t, filepath.Join("./data", "multipli.db"), cfg.databaseURL())
}

func TestHelpNeverPrintsTheDatabasePassword(t *testing.T) {
	var out bytes.Buffer
	env := envOf(map[string]string{"DATABASE_URL": "postgres://app:s3cret-pw@db:5432/multipli"})
	require.NoError(t, run(context.Background(), []string{"serve", "--help"}, env, &out, io.Discard))
	assert.NotContains(t, out.String(), "s3cret-pw")
}

// TestShutdownLetsInFlightRequestsFinish stops the server while a request's
// body is still arriving: the request must get its full answer.
func TestShutdownLetsInFlightRequestsFinish(t *testing.T) {
	env := map[string]string{"MULTIPLI_DATA_DIR": t.TempDir(), "MULTIPLI_LOG_LEVEL": "warn"}
	url, _, stop := startServe(t, env)
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	body := `{"email":"nobody@school.test","password":"correct horse battery"}`
	_, err = fmt.Fprintf(conn, "POST /api/v1/auth/teacher HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	require.NoError(t, err)
	time.Sleep(200 * time.Millisecond) // the handler is now reading the body

	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	time.Sleep(200 * time.Millisecond) // shutdown has begun and waits for us
	_, err = conn.Write([]byte(body[10:]))
	require.NoError(t, err)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	_ = res.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode, "the in-flight login got its answer")
	require.NoError(t, <-stopped)
}
