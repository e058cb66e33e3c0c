package store

import (
	"context"
	"strings"
	"time"
)

// Teacher is an adult account that owns classes.
type Teacher struct {
	ID           int64
	Email        string
	Name         string
	PasswordHash string
	CreatedAt    time.Time
}

// NormalizeEmail is the form e-mail addresses are stored and looked up in.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// CreateTeacher inserts t and sets its ID; ErrConflict when the e-mail is taken.
func (s *Store) CreateTeacher(ctx context.Context, t *Teacher) error {
	t.Email = NormalizeEmail(t.Email)
	return wrap(s.db.WithContext(ctx).Create(t).Error, "create teacher")
}

// Teacher finds a teacher by id.
func (s *Store) Teacher(ctx context.Context, id int64) (Teacher, error) {
	var t Teacher
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&t).Error
	return t, wrap(err, "find teacher %d", id)
}

// SetTeacherPasswordHash replaces a teacher's password hash (the same
// password hashed again at the server's cost: see server.adultLogin).
func (s *Store) SetTeacherPasswordHash(ctx context.Context, id int64, hash string) error {
	err := s.db.WithContext(ctx).Model(&Teacher{}).Where("id = ?", id).Update("password_hash", hash).Error
	return wrap(err, "set password hash of teacher %d", id)
}

// TeacherByEmail finds a teacher by e-mail address.
func (s *Store) TeacherByEmail(ctx context.Context, email string) (Teacher, error) {
	var t Teacher
	err := s.db.WithContext(ctx).Where("email = ?", NormalizeEmail(email)).Take(&t).Error
	return t, wrap(err, "find teacher by e-mail")
}
