package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// goodKey is a signing key for these tests only: long and varied.
const goodKey = "4f1c9a7e2b8d6035c1e9f7a2d4b6c8e0a3f5d7b9c1e3a5f7"

// serveOnce runs `multipli serve` on port 0 until it fails to start, or
// stops it once it listens; it returns run's error.
func serveOnce(t *testing.T, env map[string]string, args ...string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), envOf(env), io.Discard, io.Discard)
}

func TestPlaceholderAndWeakKeysAreRefused(t *testing.T) {
	tests := []struct {
		key, says string
	}{
		{"change-me-to-a-long-random-secret", "is a placeholder"}, // what docker-compose.yml shipped
		{"please-CHANGEME-this-is-only-for-tests!", "is a placeholder"},
		{"example-signing-key-0123456789abcdef", "is a placeholder"},
		{strings.Repeat("x", 40), "is a placeholder"},
		{strings.Repeat("a", 48), "is not random"},
		{strings.Repeat("abc1", 12), "is not random"},
		{"0123401234012340123401234012340123401234", "is not random"},
		{"short", "is too short"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			err := serveOnce(t, map[string]string{"MULTIPLI_DATA_DIR": t.TempDir(), "MULTIPLI_JWT_KEY": tt.key})
			require.Error(t, err)
			assert.ErrorContains(t, err, "MULTIPLI_JWT_KEY "+tt.says)
			assert.ErrorContains(t, err, "openssl rand -hex 32", "says how to make one")
		})
	}
	assert.NoError(t, checkKey(goodKey, "a key"))
	assert.NoError(t, checkKey("correct horse battery staple, then some more", "a passphrase"))
}

// docker-compose.yml must not ship a key the server accepts: it ships none
// (the first replica makes one in the shared volume) or takes .env's.
func TestComposeShipsNoKeyTheServerAccepts(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docker-compose.yml"))
	require.NoError(t, err)
	lines := regexp.MustCompile(`(?m)^\s*MULTIPLI_JWT_KEY:\s*(.*)$`).FindAllStringSubmatch(string(raw), -1)
	require.NotEmpty(t, lines, "the compose file names the key")
	for _, l := range lines {
		value := strings.Trim(strings.TrimSpace(l[1]), `"'`)
		if m := regexp.MustCompile(`^\$\{MULTIPLI_JWT_KEY(?::?-(.*))?\}$`).FindStringSubmatch(value); m != nil {
			value = m[1] // the default when .env sets nothing
		}
		if value != "" {
			assert.Error(t, checkKey(value, "compose's key"), "docker-compose.yml ships the key %q, which the server accepts", value)
		}
	}
	assert.Contains(t, string(raw), "appdata:/var/lib/multipli", "the replicas share the data directory that holds the made key")
}

// The image's data directory holds the database and the key: its user's
// alone.
func TestTheImageKeepsItsDataDirectoryPrivate(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	require.NoError(t, err)
	assert.Regexp(t, `chmod 0?700 /var/lib/multipli`, string(raw))
	assert.Contains(t, string(raw), "MULTIPLI_DATA_DIR=/var/lib/multipli")
}

func TestAMissingKeyBesideADatabaseWithAccountsRefusesToStart(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			dataDir := t.TempDir()
			env := map[string]string{"MULTIPLI_DATA_DIR": dataDir, "DATABASE_URL": db.URL, "MULTIPLI_LOG_LEVEL": "warn"}
			keyFile := filepath.Join(dataDir, "jwt.key")

			// A first start makes the key, even twice over an empty database.
			_, _, stop := startServe(t, env)
			require.NoError(t, stop())
			require.NoError(t, os.Remove(keyFile))
			url, _, stop := startServe(t, env)
			first, err := os.ReadFile(keyFile)
			require.NoError(t, err)
			res, err := http.Post(url+"/api/v1/teachers", "application/json",
				strings.NewReader(`{"email":"t@school.test","password":"correct horse battery","name":"Ann"}`))
			require.NoError(t, err)
			_ = res.Body.Close()
			require.Equal(t, http.StatusAccepted, res.StatusCode)
			require.NoError(t, stop())

			require.NoError(t, os.Remove(keyFile))
			err = serveOnce(t, env)
			require.Error(t, err)
			assert.ErrorContains(t, err, keyFile+" is missing, but the database already holds accounts")
			assert.ErrorContains(t, err, "--new-key")
			assert.NoFileExists(t, keyFile, "no key was made")

			_, _, stop = startServe(t, env, "--new-key")
			require.NoError(t, stop())
			second, err := os.ReadFile(keyFile)
			require.NoError(t, err)
			assert.NotEqual(t, first, second, "told to, it made a new one")
		})
	}
}

func TestAKeyFileOthersMayReadIsRefused(t *testing.T) {
	dataDir := t.TempDir()
	env := map[string]string{"MULTIPLI_DATA_DIR": dataDir, "MULTIPLI_LOG_LEVEL": "warn"}
	_, _, stop := startServe(t, env)
	require.NoError(t, stop())
	keyFile := filepath.Join(dataDir, "jwt.key")
	for _, mode := range []os.FileMode{0o644, 0o640, 0o604} {
		require.NoError(t, os.Chmod(keyFile, mode))
		err := serveOnce(t, env)
		require.Error(t, err, "mode %04o", mode)
		assert.ErrorContains(t, err, "may be read by other users")
		assert.ErrorContains(t, err, "chmod 600 "+keyFile)
	}
	require.NoError(t, os.Chmod(keyFile, 0o400))
	_, _, stop = startServe(t, env)
	require.NoError(t, stop(), "read-only for its owner is fine")
}

func TestServeRefusesADamagedDatabase(t *testing.T) {
	dataDir := t.TempDir()
	env := map[string]string{"MULTIPLI_DATA_DIR": dataDir, "MULTIPLI_JWT_KEY": goodKey, "MULTIPLI_LOG_LEVEL": "warn"}
	_, _, stop := startServe(t, env)
	require.NoError(t, stop())
	storetest.DamageTable(t, filepath.Join(dataDir, "multipli.db"), "teachers")
	err := serveOnce(t, env)
	require.Error(t, err)
	assert.ErrorContains(t, err, "is damaged; restore the last backup")
}

// A data directory the server's user cannot write: the start stops with a
// message that says so. Root writes anywhere, so as root the binary runs
// as nobody on a directory root owns; otherwise the directory is made
// read-only for the test's own user.
func TestServeRefusesADataDirectoryItCannotWrite(t *testing.T) {
	dataDir := t.TempDir()
	env := map[string]string{"MULTIPLI_DATA_DIR": dataDir, "MULTIPLI_JWT_KEY": goodKey, "MULTIPLI_LOG_LEVEL": "warn"}
	_, _, stop := startServe(t, env)
	require.NoError(t, stop())
	files, err := filepath.Glob(filepath.Join(dataDir, "*"))
	require.NoError(t, err)

	if os.Geteuid() != 0 {
		for _, f := range files {
			require.NoError(t, os.Chmod(f, 0o400))
		}
		require.NoError(t, os.Chmod(dataDir, 0o500))
		t.Cleanup(func() { _ = os.Chmod(dataDir, 0o700) })
		err := serveOnce(t, env)
		require.Error(t, err)
		assert.ErrorContains(t, err, "cannot be written")
		return
	}
	if testing.Short() {
		t.Skip("as root, builds the binary to run it as another user")
	}
	binDir := t.TempDir()
	bin := buildBinary(t, binDir)
	for _, d := range []string{filepath.Dir(dataDir), dataDir, binDir} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	for _, f := range files {
		require.NoError(t, os.Chmod(f, 0o644)) // readable, not writable, by nobody
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0", "--data-dir", dataDir)
	cmd.Env = []string{"MULTIPLI_JWT_KEY=" + goodKey, "MULTIPLI_LOG_LEVEL=warn"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	require.Error(t, err, "serve must not start: %s", out)
	assert.Contains(t, string(out), "the data directory "+dataDir+" cannot be written")
	assert.Contains(t, string(out), "uid 65534")
}
