package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/multipli/multipli/store"
)

// The signing key signs every login token and seals the secrets printed on
// login cards: whoever holds it can sign in as anyone, and whoever loses it
// signs everyone out and makes every printed card unreadable. So the start
// refuses, with a message that says what to do:
//
//   - a key shorter than minKeyLength, or one that reads like the example of
//     a document or a compose file ("change-me…", "example", too few
//     different characters): it is public, not secret;
//   - a key file that other users may read (group or others bits, as ssh
//     refuses a private key): the message gives the chmod to run;
//   - a missing key file beside a database that already holds accounts: a
//     fresh key would silently end every login and card. The key is made
//     only for a database without accounts (a first start), or when the
//     operator says so with --new-key.

// minKeyLength is the shortest signing key accepted (HS256 wants 256 bits).
const minKeyLength = 32

// minKeyVariety is the fewest different characters a key may hold: 32
// random hex digits hold 14 on average and fewer than 8 almost never (the
// odds are in the README's Configuration), while "aaaa…" or "0123…0123…"
// hold far fewer.
const minKeyVariety = 8

// placeholderWords mark the example keys of documents and compose files.
var placeholderWords = []string{"change-me", "changeme", "change_me", "change me", "replace-me", "replaceme", "replace_me",
	"placeholder", "example", "your-secret", "your_secret", "yoursecret", "insert-", "not-secret", "notsecret", "xxxxxxxx"}

// checkKey refuses a key that is not a secret; source names it in messages.
func checkKey(key, source string) error {
	if len(key) < minKeyLength {
		return fmt.Errorf("%s is too short: %d characters, %d at least (make one with: openssl rand -hex 32)", source, len(key), minKeyLength)
	}
	lower := strings.ToLower(key)
	for _, w := range placeholderWords {
		if strings.Contains(lower, w) {
			return fmt.Errorf("%s is a placeholder (it contains %q), not a secret: anyone who read the example could sign in as any account. Make a key with: openssl rand -hex 32", source, w)
		}
	}
	seen := map[rune]bool{}
	for _, r := range key {
		seen[r] = true
	}
	if len(seen) < minKeyVariety {
		return fmt.Errorf("%s is not random (%d different characters): make a key with: openssl rand -hex 32", source, len(seen))
	}
	return nil
}

// signingKey is MULTIPLI_JWT_KEY, else the key kept in DATA_DIR/jwt.key,
// made (mode 0600) when missing and the database holds no accounts, or when
// --new-key says so.
func (c config) signingKey(ctx context.Context, getenv func(string) string, st *store.Store, logger *slog.Logger) ([]byte, error) {
	if k := getenv("MULTIPLI_JWT_KEY"); k != "" {
		if err := checkKey(k, "MULTIPLI_JWT_KEY"); err != nil {
			return nil, err
		}
		return []byte(k), nil
	}
	path := filepath.Join(c.DataDir, "jwt.key")
	key, err := readKeyFile(path)
	if !errors.Is(err, os.ErrNotExist) {
		return key, err
	}
	if !c.NewKey {
		held, err := st.HoldsAccounts(ctx)
		if err != nil {
			return nil, err
		}
		if held {
			return nil, fmt.Errorf("the signing key %s is missing, but the database already holds accounts: a new key would sign everyone out and make every printed login card unreadable. Restore jwt.key from the backup of this data directory (or set MULTIPLI_JWT_KEY to the key in use); to make a new key anyway, start once with --new-key, then reprint the login cards", path)
		}
	}
	key, made, err := createKeyFile(c.DataDir, path)
	if made {
		logger.Warn("made a new signing key: back it up with the database", "file", path)
	}
	return key, err
}

// readKeyFile reads a key file that only its owner may read.
func readKeyFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("the signing key %s may be read by other users (mode %04o): whoever reads it can sign in as any account. Run: chmod 600 %s", path, perm, path)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read signing key: %w", err)
	}
	k := strings.TrimSpace(string(raw))
	if err := checkKey(k, path); err != nil {
		return nil, err
	}
	return []byte(k), nil
}

// createKeyFile writes a new random key to a private temporary file and
// links it to path, which appears whole or not at all: two instances
// starting together on one data directory end with the same key (the
// second's link fails and it reads the first's), and neither can read a
// half-written file.
func createKeyFile(dir, path string) (key []byte, made bool, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, false, fmt.Errorf("create data directory: %w", err)
	}
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	k := hex.EncodeToString(b[:])
	tmp, err := os.CreateTemp(dir, ".jwt.key-*") // mode 0600
	if err != nil {
		return nil, false, fmt.Errorf("create signing key: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.WriteString(k + "\n"); err != nil {
		_ = tmp.Close()
		return nil, false, fmt.Errorf("write signing key: %w", err)
	}
	if err := errors.Join(tmp.Sync(), tmp.Close()); err != nil {
		return nil, false, fmt.Errorf("write signing key: %w", err)
	}
	if err := os.Link(tmp.Name(), path); errors.Is(err, os.ErrExist) {
		key, err := readKeyFile(path)
		return key, false, err
	} else if err != nil {
		return nil, false, fmt.Errorf("create signing key: %w", err)
	}
	// The key's name must outlive a power cut as surely as the accounts
	// it will sign for.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return []byte(k), true, nil
}
