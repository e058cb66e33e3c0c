package store

import (
	"context"
	"slices"
	"time"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"gorm.io/gorm"
)

// Secret kinds of a student's login.
const (
	SecretPIN      = "pin"
	SecretPictures = "pictures"
)

// Student is a child's account: no e-mail, a class, and a PIN or a picture
// password. SecretHash verifies a login; CardSecret is the same secret
// sealed with the server key, for reprinting login cards.
type Student struct {
	ID          int64
	ClassID     int64
	DisplayName string
	SecretKind  string
	SecretHash  string
	CardSecret  string
	NoTimers    bool
	Level       string `gorm:"default:green"`
	CreatedAt   time.Time
}

// AddStudents inserts the students of one class in one transaction: all or
// none. ErrConflict when a name is already in the class (or twice in the list).
func (s *Store) AddStudents(ctx context.Context, classID int64, students []Student) error {
	if len(students) == 0 {
		return nil
	}
	for i := range students {
		students[i].ClassID = classID
	}
	err := s.tx(ctx, func(tx *gorm.DB) error { return tx.Create(&students).Error })
	return wrap(err, "add %d students to class %d", len(students), classID)
}

// Student finds a student by id.
func (s *Store) Student(ctx context.Context, id int64) (Student, error) {
	var st Student
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&st).Error
	return st, wrap(err, "find student %d", id)
}

// StudentsOf lists a class's students by name.
func (s *Store) StudentsOf(ctx context.Context, classID int64) ([]Student, error) {
	var out []Student
	err := s.db.WithContext(ctx).Where("class_id = ?", classID).Order("id").Find(&out).Error
	sortByName(out)
	return out, wrap(err, "students of class %d", classID)
}

// sortByName orders children as a French class list does: "Éthan" with the
// E's and "léa" next to "Léo", which byte order (the databases' default
// collation differs between SQLite and PostgreSQL anyway) does not.
func sortByName(students []Student) {
	col := collate.New(language.French, collate.IgnoreCase)
	slices.SortStableFunc(students, func(a, b Student) int {
		return col.CompareString(a.DisplayName, b.DisplayName)
	})
}

// SetStudentSecret replaces a student's PIN or picture password.
func (s *Store) SetStudentSecret(ctx context.Context, id int64, kind, hash, card string) error {
	res := s.db.WithContext(ctx).Model(&Student{}).Where("id = ?", id).
		Updates(map[string]any{"secret_kind": kind, "secret_hash": hash, "card_secret": card})
	return wrap(affected(res), "set secret of student %d", id)
}

// StudentUpdate holds the fields a teacher may change; nil leaves one as is.
type StudentUpdate struct {
	DisplayName *string
	NoTimers    *bool
	Level       *string
}

// UpdateStudent applies the non-nil fields of u.
func (s *Store) UpdateStudent(ctx context.Context, id int64, u StudentUpdate) error {
	fields := map[string]any{}
	if u.DisplayName != nil {
		fields["display_name"] = *u.DisplayName
	}
	if u.NoTimers != nil {
		fields["no_timers"] = *u.NoTimers
	}
	if u.Level != nil {
		fields["level"] = *u.Level
	}
	if len(fields) == 0 {
		_, err := s.Student(ctx, id)
		return err
	}
	res := s.db.WithContext(ctx).Model(&Student{}).Where("id = ?", id).Updates(fields)
	return wrap(affected(res), "update student %d", id)
}
