package store

import (
	"sync"
	"time"
)

// Every authenticated request reads its login (auth_sessions) to know it
// was not revoked: at thousands of answers a second, that read was the
// largest cost outside the writer. The store keeps a login it found live
// for AuthSessionTTL:
//
//   - in this process, a logout or an erasure takes effect at once: it
//     drops the entry, and a read that raced with it does not put it back
//     (the generation check below);
//   - another instance on the same PostgreSQL that had read the login in the
//     last AuthSessionTTL still accepts it until its copy expires: a
//     revocation reaches every instance within AuthSessionTTL.
//
// Expiry is not cached away: the server checks the row's ExpiresAt itself
// at every request.

// AuthSessionTTL is how long a live login is trusted without reading it again.
const AuthSessionTTL = 2 * time.Second

// maxCachedLogins bounds the cache (~200 bytes each); past it, the expired
// entries go, and if that is not enough, all of them.
const maxCachedLogins = 100_000

type cachedLogin struct {
	sess  AuthSession
	until time.Time
}

type loginCache struct {
	mu      sync.Mutex
	gen     uint64 // bumped by every revocation, so a read that began before does not store a stale row
	entries map[string]cachedLogin
	now     func() time.Time
	// watchers are told of every revocation (OnLoginsRevoked).
	watchers []func(revoked func(AuthSession) bool)
}

func newLoginCache() *loginCache {
	return &loginCache{entries: map[string]cachedLogin{}, now: time.Now}
}

// get returns a cached live login, and the generation to hand to put on a miss.
func (c *loginCache) get(jti string) (AuthSession, bool, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[jti]
	if ok && c.now().Before(e.until) {
		return e.sess, true, c.gen
	}
	if ok {
		delete(c.entries, jti)
	}
	return AuthSession{}, false, c.gen
}

// put keeps a live login read from the database, unless something was
// revoked since the read began.
func (c *loginCache) put(a AuthSession, gen uint64) {
	if a.RevokedAt != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	now := c.now()
	if len(c.entries) >= maxCachedLogins {
		for k, e := range c.entries {
			if !now.Before(e.until) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxCachedLogins {
			clear(c.entries)
		}
	}
	c.entries[a.JTI] = cachedLogin{sess: a, until: now.Add(AuthSessionTTL)}
}

// revoke drops the logins that match (by token id, or every login of a
// subject), makes reads in flight forget what they read, and tells the
// watchers.
func (c *loginCache) revoke(match func(AuthSession) bool) {
	for _, f := range c.drop(match) {
		f(match)
	}
}

// drop is revoke without telling the watchers; it returns them.
func (c *loginCache) drop(match func(AuthSession) bool) []func(func(AuthSession) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k, e := range c.entries {
		if match(e.sess) {
			delete(c.entries, k)
		}
	}
	return c.watchers
}

func (c *loginCache) watch(f func(revoked func(AuthSession) bool)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.watchers = append(c.watchers[:len(c.watchers):len(c.watchers)], f)
}
