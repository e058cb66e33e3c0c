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
	// Lang is the language the parent signed up or last signed in with
	// ("fr", "en"; "" when unknown): their weekly e-mail's.
	Lang string
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

// SetParentPasswordHash replaces a parent's password hash (the same
// password hashed again at the server's cost: see server.adultLogin).
func (s *Store) SetParentPasswordHash(ctx context.Context, id int64, hash string) error {
	err := s.db.WithContext(ctx).Model(&Parent{}).Where("id = ?", id).Update("password_hash", hash).Error
	return wrap(err, "set password hash of parent %d", id)
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

// ChildrenOf lists the students linked to a parent, by name. A child on the
// teacher's own tables ("custom", a name without its tables) has the level
// their teacher's dashboard shows: the ladder level held before, during the
// assignment and after it until the next game places them again; empty when
// never placed. The parent reads the same level as the teacher, not "Tables
// chosen by the teacher" long after the teacher archived them.
func (s *Store) ChildrenOf(ctx context.Context, parentID int64) ([]Student, error) {
	var out []Student
	err := s.db.WithContext(ctx).
		Joins("JOIN parent_links ON parent_links.student_id = students.id").
		Where("parent_links.parent_id = ?", parentID).
		Order("students.id").Find(&out).Error
	for i := range out {
		if err != nil || out[i].Level != "custom" {
			continue
		}
		err = s.db.WithContext(ctx).Raw("SELECT "+ladderLevelSQL("s")+" FROM students s WHERE s.id = ?", out[i].ID).Scan(&out[i].Level).Error
	}
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

// LinkedParent is a parent linked to a child, as the child's teacher sees
// them: a name and an e-mail address to recognise them by.
type LinkedParent struct {
	ParentID  int64
	StudentID int64
	Name      string
	Email     string
	CreatedAt time.Time
}

// ParentsOf lists the parents linked to each of the students, by student
// id, in the order they were linked.
func (s *Store) ParentsOf(ctx context.Context, studentIDs []int64) (map[int64][]LinkedParent, error) {
	out := make(map[int64][]LinkedParent)
	if len(studentIDs) == 0 {
		return out, nil
	}
	var rows []LinkedParent
	err := s.db.WithContext(ctx).Table("parent_links").
		Select("parent_links.parent_id, parent_links.student_id, parents.name, parents.email, parent_links.created_at").
		Joins("JOIN parents ON parents.id = parent_links.parent_id").
		Where("parent_links.student_id IN ?", studentIDs).
		Order("parent_links.created_at, parent_links.parent_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.StudentID] = append(out[r.StudentID], r)
	}
	return out, wrap(err, "parents of %d students", len(studentIDs))
}

// Unlink removes a parent's link to a child: from the next request on, the
// parent no longer sees the child (access is checked against the links on
// every request, nothing caches it). ErrNotFound when they were not linked.
func (s *Store) Unlink(ctx context.Context, parentID, studentID int64) error {
	res := s.db.WithContext(ctx).Where("parent_id = ? AND student_id = ?", parentID, studentID).Delete(&ParentLink{})
	if res.Error != nil {
		return wrap(res.Error, "unlink parent %d", parentID)
	}
	if res.RowsAffected == 0 {
		return wrap(ErrNotFound, "unlink parent %d", parentID)
	}
	return nil
}
