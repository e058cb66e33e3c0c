package credential

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// Sealer encrypts children's secrets for the login cards with a key derived
// from the server key. Rotating the server key makes old cards unreadable:
// the teacher resets those secrets to print new cards.
type Sealer struct {
	aead cipher.AEAD
}

// ErrUnsealable is returned for a sealed value the current key cannot open.
var ErrUnsealable = errors.New("credential: cannot open sealed secret")

// NewSealer derives the sealing key from the server key.
func NewSealer(serverKey []byte) (*Sealer, error) {
	mac := hmac.New(sha256.New, serverKey)
	mac.Write([]byte("multipli login-card secrets v1"))
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		return nil, fmt.Errorf("credential: sealer: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("credential: sealer: %w", err)
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts plain; the result is base64url text.
func (s *Sealer) Seal(plain string) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(plain), nil))
}

// Open decrypts what Seal returned.
func (s *Sealer) Open(sealed string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", ErrUnsealable
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return "", ErrUnsealable
	}
	return string(plain), nil
}
