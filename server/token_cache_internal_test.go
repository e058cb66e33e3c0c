package server

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// A checked token is remembered until its expiry by the server's clock,
// not a moment longer; a token never put in is not known.
func TestACheckedTokenIsRememberedUntilItExpiresOnly(t *testing.T) {
	var c tokenCache
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	p := principal{Role: RoleStudent, ID: 7, JTI: "j"}
	c.put("tok", p, now.Add(time.Hour))

	got, ok := c.get("tok", now.Add(59*time.Minute))
	assert.True(t, ok)
	assert.Equal(t, p, got)
	_, ok = c.get("tok", now.Add(time.Hour))
	assert.False(t, ok, "at its expiry the token must be checked again (and refused)")
	_, ok = c.get("tok", now)
	assert.False(t, ok, "an expired entry is dropped")
	_, ok = c.get("other", now)
	assert.False(t, ok)
}
