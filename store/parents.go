package store

import (
	"context"
	"time"
)

// Parent is an adult account linked to children by one-time codes.
type Parent struct {
	ID           int64
	Email        string
	Name         string
	PasswordHash string
	CreatedAt    time.Time
}

// CreateParent inserts p and sets its ID; ErrConflict when the e-mail is taken.
func (s *Store) CreateParent(ctx context.Context, p *Parent) error {
	p.Email = NormalizeEmail(p.Email)
	return wrap(s.db.WithContext(ctx).Create(p).Error, "create parent")
}

// Parent finds a parent by id.
func (s *Store) Parent(ctx context.Context, id int64) (Parent, error) {
	var p Parent
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&p).Error
	return p, wrap(err, "find parent %d", id)
}

// ParentByEmail finds a parent by e-mail address.
func (s *Store) ParentByEmail(ctx context.Context, email string) (Parent, error) {
	var p Parent
	err := s.db.WithContext(ctx).Where("email = ?", NormalizeEmail(email)).Take(&p).Error
	return p, wrap(err, "find parent by e-mail")
}

// ParentLink lets a parent read one child's progress.
type ParentLink struct {
	ParentID  int64 `gorm:"primaryKey;autoIncrement:false"`
	StudentID int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

// ChildrenOf lists the students linked to a parent, by name.
func (s *Store) ChildrenOf(ctx context.Context, parentID int64) ([]Student, error) {
	var out []Student
	err := s.db.WithContext(ctx).
		Joins("JOIN parent_links ON parent_links.student_id = students.id").
		Where("parent_links.parent_id = ?", parentID).
		Order("students.id").Find(&out).Error
	sortByName(out)
	return out, wrap(err, "children of parent %d", parentID)
}

// IsLinked reports whether the parent is linked to the student.
func (s *Store) IsLinked(ctx context.Context, parentID, studentID int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&ParentLink{}).
		Where("parent_id = ? AND student_id = ?", parentID, studentID).Count(&n).Error
	return n > 0, wrap(err, "check link of parent %d", parentID)
}
