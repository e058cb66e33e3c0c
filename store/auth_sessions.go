package store

import (
	"context"
	"time"
)

// AuthSession is an issued login token, kept so that logout revokes it.
// Role is "teacher", "parent" or "student"; Subject is that account's id.
type AuthSession struct {
	ID        int64
	JTI       string `gorm:"column:jti"`
	Role      string
	Subject   int64
	CreatedAt time.Time
	ExpiresAt time.Time
	RevokedAt *time.Time
}

// CreateAuthSession records a token.
func (s *Store) CreateAuthSession(ctx context.Context, a *AuthSession) error {
	a.ExpiresAt = a.ExpiresAt.UTC()
	return wrap(s.db.WithContext(ctx).Create(a).Error, "create auth session")
}

// AuthSession finds a token by its id (the JWT's jti). A live login read
// in the last AuthSessionTTL comes from memory (auth_cache.go).
func (s *Store) AuthSession(ctx context.Context, jti string) (AuthSession, error) {
	a, ok, gen := s.logins.get(jti)
	if ok {
		return a, nil
	}
	err := s.db.WithContext(ctx).Where("jti = ?", jti).Take(&a).Error
	if err == nil {
		s.logins.put(a, gen)
	}
	return a, wrap(err, "find auth session")
}

// RevokeAuthSession ends a token (a logout); revoking twice keeps the
// first time.
func (s *Store) RevokeAuthSession(ctx context.Context, jti string, at time.Time) error {
	match := func(a AuthSession) bool { return a.JTI == jti }
	s.logins.drop(match)
	err := s.db.WithContext(ctx).Model(&AuthSession{}).
		Where("jti = ? AND revoked_at IS NULL", jti).Update("revoked_at", at.UTC()).Error
	// Again after the write: a read that began before it must not keep the
	// live row it found.
	s.logins.revoke(match)
	return wrap(err, "revoke auth session")
}

// RevokeStudentSessions ends every login of a student (every live row of
// auth_sessions whose subject they are): their PIN or pictures changed, so
// whoever signed in with the old secret is signed out on every device.
// This process refuses those logins at once and tells OnLoginsRevoked's
// watchers (the server closes the child's game sockets); other instances
// within AuthSessionTTL.
func (s *Store) RevokeStudentSessions(ctx context.Context, studentID int64, at time.Time) error {
	match := func(a AuthSession) bool { return a.Role == "student" && a.Subject == studentID }
	s.logins.drop(match)
	err := s.db.WithContext(ctx).Model(&AuthSession{}).
		Where("role = 'student' AND subject = ? AND revoked_at IS NULL", studentID).Update("revoked_at", at.UTC()).Error
	s.logins.revoke(match)
	return wrap(err, "revoke the logins of student %d", studentID)
}

// OnLoginsRevoked registers f, called in this process after every
// revocation — a logout (RevokeAuthSession), a child's logins ended
// (RevokeStudentSessions), an erasure (EraseStudent) — with a test telling
// the logins it ended (by JTI, Role and Subject). f must not block. Other
// instances learn of a revocation when they read the login again, within
// AuthSessionTTL.
func (s *Store) OnLoginsRevoked(f func(revoked func(AuthSession) bool)) {
	s.logins.watch(f)
}

// PruneAuthSessions deletes the tokens that expired before the given time.
func (s *Store) PruneAuthSessions(ctx context.Context, before time.Time) error {
	err := s.db.WithContext(ctx).Where("expires_at < ?", before.UTC()).Delete(&AuthSession{}).Error
	return wrap(err, "prune auth sessions")
}
