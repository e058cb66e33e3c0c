// Package credential holds the secrets of the platform's accounts: password
// hashing, children's PINs and picture passwords, parent codes, and the
// sealing of card secrets so that a teacher can reprint login cards.
package credential

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// MinPasswordLength is the shortest adult password accepted.
const MinPasswordLength = 10

// maxPasswordBytes is bcrypt's limit; longer passwords are refused rather
// than silently truncated.
const maxPasswordBytes = 72

// Errors of password checks; the server translates them.
var (
	ErrPasswordTooShort = errors.New("credential: password too short")
	ErrPasswordTooLong  = errors.New("credential: password too long")
)

// CheckPasswordPolicy refuses passwords a teacher or parent may not choose.
func CheckPasswordPolicy(pw string) error {
	if utf8.RuneCountInString(pw) < MinPasswordLength {
		return ErrPasswordTooShort
	}
	if len(pw) > maxPasswordBytes {
		return ErrPasswordTooLong
	}
	return nil
}

// Hash hashes a password or a child's secret with bcrypt (cost 0 means
// bcrypt.DefaultCost).
func Hash(secret string, cost int) (string, error) {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword([]byte(secret), cost)
	if err != nil {
		return "", fmt.Errorf("credential: hash: %w", err)
	}
	return string(h), nil
}

// Verify reports whether secret matches hash, in constant time.
func Verify(hash, secret string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(secret)) == nil
}

// NeedsRehash reports whether hash was made at another cost than cost (0:
// bcrypt.DefaultCost): a password hashed under another setting (or by an
// older demo at the minimum cost) would make a wrong password answer in
// another time than an unknown e-mail, which tells that the account exists.
func NeedsRehash(hash string, cost int) bool {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	c, err := bcrypt.Cost([]byte(hash))
	return err == nil && c != cost
}

// dummyHashes are compared against when the account does not exist, so
// that a login takes as long for an unknown e-mail as for a wrong password.
// One per cost: bcrypt's time doubles with each step of cost, so a dummy at
// another cost than the accounts' tells an unknown e-mail from a known one
// by the time the answer takes (cost 10 against 4: 60 ms against 2 ms).
var dummyHashes sync.Map // cost → []byte

func dummyHash(cost int) []byte {
	if h, ok := dummyHashes.Load(cost); ok {
		return h.([]byte)
	}
	h, err := bcrypt.GenerateFromPassword([]byte("multipli-no-such-account"), cost)
	if err != nil {
		h, _ = bcrypt.GenerateFromPassword([]byte("multipli-no-such-account"), bcrypt.DefaultCost)
	}
	actual, _ := dummyHashes.LoadOrStore(cost, h)
	return actual.([]byte)
}

// VerifyNothing spends the time of one Verify against a hash of the given
// cost (0: bcrypt.DefaultCost, as Hash): the cost the accounts' passwords
// are hashed with, so that the time of a refusal does not tell whether the
// account exists.
func VerifyNothing(cost int, secret string) {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	_ = bcrypt.CompareHashAndPassword(dummyHash(cost), []byte(secret))
}

// NewPIN draws a 4-digit PIN.
func NewPIN() string {
	return fmt.Sprintf("%04d", randIntn(10000))
}

// ValidPIN reports whether s is exactly four digits.
func ValidPIN(s string) bool {
	if len(s) != 4 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Pictures are the names of the pictures a picture password draws from; each
// has an SVG drawing at server/web/static/pictures/NAME.svg.
var Pictures = []string{"cat", "dog", "sun", "moon", "star", "tree", "fish", "car", "house", "flower", "apple", "boat"}

// PicturesLength is the number of pictures in a picture password.
const PicturesLength = 3

// NewPictures draws three different pictures, in order: 12·11·10 = 1320
// passwords, as guessable as a short PIN, which the login throttle makes safe.
func NewPictures() []string {
	pool := slices.Clone(Pictures)
	out := make([]string, 0, PicturesLength)
	for range PicturesLength {
		i := randIntn(len(pool))
		out = append(out, pool[i])
		pool = slices.Delete(pool, i, i+1)
	}
	return out
}

// JoinPictures is the secret string of a picture password, e.g. "cat-sun-tree".
func JoinPictures(p []string) string { return strings.Join(p, "-") }

// SplitPictures is the inverse of JoinPictures.
func SplitPictures(s string) []string { return strings.Split(s, "-") }

// ValidPictures reports whether p is three different known pictures.
func ValidPictures(p []string) bool {
	if len(p) != PicturesLength {
		return false
	}
	for i, name := range p {
		if !slices.Contains(Pictures, name) || slices.Contains(p[:i], name) {
			return false
		}
	}
	return true
}

// parentCodeAlphabet avoids characters that read alike on paper.
const parentCodeAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// ParentCodeAlphabet is the parent codes' letters, for codes made from
// something other than random draws (the parents' letters derive theirs).
const ParentCodeAlphabet = parentCodeAlphabet

// NewParentCode draws a code like "HX7C-R4PA" (25^8 ≈ 1.5·10^11 codes).
func NewParentCode() string {
	b := make([]byte, 9)
	for i := range b {
		if i == 4 {
			b[i] = '-'
			continue
		}
		b[i] = parentCodeAlphabet[randIntn(len(parentCodeAlphabet))]
	}
	return string(b)
}

// HashCode is the stored form of a one-time code: SHA-256 of the code in
// upper case without separators, so "hx7c r4pa" finds "HX7C-R4PA". A fast
// hash is enough: the codes are random, not chosen by people.
func HashCode(code string) string {
	norm := strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(code)))
	sum := sha256.Sum256([]byte(norm))
	return hex.EncodeToString(sum[:])
}

// NewToken returns n random bytes, base64url-encoded (ids, CSRF values).
func NewToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// randIntn draws uniformly in [0, n) from crypto/rand.
func randIntn(n int) int {
	var b [4]byte
	limit := uint32(1<<32 - (1<<32)%uint64(n))
	for {
		_, _ = rand.Read(b[:])
		v := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
		if v < limit {
			return int(v % uint32(n))
		}
	}
}
