package store

import (
	"context"
	"crypto/rand"
	"errors"
	"time"

	"gorm.io/gorm"
)

// Class is a teacher's group of students, joined with a class code.
type Class struct {
	ID         int64
	TeacherID  int64
	Name       string
	Code       string
	ArchivedAt *time.Time
	CreatedAt  time.Time
}

// classCodeAlphabet leaves out letters and digits children confuse
// (0/O, 1/I/L, 5/S, 2/Z, 8/B); 6 of its 25 characters give 2.4·10^8 codes.
const classCodeAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// ClassCodeLength is the number of characters of a class code.
const ClassCodeLength = 6

// NewClassCode draws a random class code.
func NewClassCode() string {
	b := make([]byte, ClassCodeLength)
	for i := range b {
		b[i] = classCodeAlphabet[randIntn(len(classCodeAlphabet))]
	}
	return string(b)
}

func randIntn(n int) int {
	var buf [1]byte
	for {
		_, _ = rand.Read(buf[:]) // crypto/rand.Read never fails (Go 1.24+)
		if int(buf[0]) < 256-256%n {
			return int(buf[0]) % n
		}
	}
}

// CreateClass inserts c with a fresh code when c.Code is empty, drawing again
// on the (rare) collision.
func (s *Store) CreateClass(ctx context.Context, c *Class) error {
	fixed := c.Code != ""
	for range 5 {
		if !fixed {
			c.Code = NewClassCode()
		}
		err := s.db.WithContext(ctx).Create(c).Error
		if !errors.Is(err, gorm.ErrDuplicatedKey) || fixed {
			return wrap(err, "create class")
		}
		c.ID = 0
	}
	return wrap(gorm.ErrDuplicatedKey, "create class: no free code")
}

// Class finds a class by id.
func (s *Store) Class(ctx context.Context, id int64) (Class, error) {
	var c Class
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error
	return c, wrap(err, "find class %d", id)
}

// ClassByCode finds an active (not archived) class by its code.
func (s *Store) ClassByCode(ctx context.Context, code string) (Class, error) {
	var c Class
	err := s.db.WithContext(ctx).Where("code = ? AND archived_at IS NULL", code).Take(&c).Error
	return c, wrap(err, "find class by code")
}

// ClassesOf lists a teacher's classes by name, archived ones only on request.
func (s *Store) ClassesOf(ctx context.Context, teacherID int64, withArchived bool) ([]Class, error) {
	q := s.db.WithContext(ctx).Where("teacher_id = ?", teacherID)
	if !withArchived {
		q = q.Where("archived_at IS NULL")
	}
	var out []Class
	err := q.Order("name, id").Find(&out).Error
	return out, wrap(err, "classes of teacher %d", teacherID)
}

// RenameClass changes a class's name.
func (s *Store) RenameClass(ctx context.Context, id int64, name string) error {
	res := s.db.WithContext(ctx).Model(&Class{}).Where("id = ?", id).Update("name", name)
	return wrap(affected(res), "rename class %d", id)
}

// ArchiveClass hides a class from its teacher's list and closes its code.
// Archiving twice keeps the first date.
func (s *Store) ArchiveClass(ctx context.Context, id int64, at time.Time) error {
	res := s.db.WithContext(ctx).Model(&Class{}).Where("id = ? AND archived_at IS NULL", id).Update("archived_at", at.UTC())
	if res.Error == nil && res.RowsAffected == 0 {
		_, err := s.Class(ctx, id)
		return err
	}
	return wrap(res.Error, "archive class %d", id)
}

// affected turns "no row changed" into ErrNotFound.
func affected(res *gorm.DB) error {
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}
