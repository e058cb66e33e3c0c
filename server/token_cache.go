package server

import (
	"sync"
	"time"
)

// tokenCache remembers the tokens whose signature, algorithm, issuer and
// subject were checked, with their expiry: checking a JWT (decoding three
// base64 parts, two JSON documents and an HMAC) was a sixth of the request
// path's CPU in the load test, and a student sends the same token with
// every batch of answers. Only tokens that passed every check go in; a hit
// is still refused once past its expiry by the server's clock, and the
// login behind it is still checked live at every request (liveLogin), so
// a logout or a revocation takes effect as before.
type tokenCache struct {
	mu      sync.Mutex
	entries map[string]cachedToken
}

type cachedToken struct {
	p   principal
	exp time.Time
}

// maxCachedTokens bounds the cache (a token is ~300 bytes); past it, it
// starts over. Only signed tokens this server issued can fill it.
const maxCachedTokens = 20_000

func (c *tokenCache) get(raw string, now time.Time) (principal, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[raw]
	if !ok {
		return principal{}, false
	}
	if !now.Before(e.exp) {
		delete(c.entries, raw)
		return principal{}, false
	}
	return e.p, true
}

func (c *tokenCache) put(raw string, p principal, exp time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= maxCachedTokens {
		c.entries = map[string]cachedToken{}
	}
	c.entries[raw] = cachedToken{p: p, exp: exp}
}
