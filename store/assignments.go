package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Assignment is practice a teacher asks of a class, or of some of its
// students. Level, Games and Target are JSON documents owned by the
// assignment feature (e.g. the tables, the games allowed, minutes to play).
type Assignment struct {
	ID         int64
	ClassID    int64
	TeacherID  int64
	Level      string
	Games      string
	Target     string
	Timers     bool
	StartsAt   time.Time
	DueAt      *time.Time
	CreatedAt  time.Time
	ArchivedAt *time.Time
}

// AssignmentStudent says an assignment is for one student (none: the whole class).
type AssignmentStudent struct {
	AssignmentID int64 `gorm:"primaryKey;autoIncrement:false"`
	StudentID    int64 `gorm:"primaryKey;autoIncrement:false"`
}

// CreateAssignment inserts a, for the listed students or (none listed) the
// whole class, in one transaction.
func (s *Store) CreateAssignment(ctx context.Context, a *Assignment, studentIDs []int64) error {
	if a.Target == "" {
		a.Target = "{}"
	}
	a.StartsAt = a.StartsAt.UTC()
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Create(a).Error; err != nil {
			return err
		}
		if len(studentIDs) == 0 {
			return nil
		}
		rows := make([]AssignmentStudent, len(studentIDs))
		for i, id := range studentIDs {
			rows[i] = AssignmentStudent{AssignmentID: a.ID, StudentID: id}
		}
		return tx.Create(&rows).Error
	})
	return wrap(err, "create assignment")
}

// Assignment finds an assignment by id.
func (s *Store) Assignment(ctx context.Context, id int64) (Assignment, error) {
	var a Assignment
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error
	return a, wrap(err, "find assignment %d", id)
}

// AssignmentsOfClass lists a class's assignments that are not archived, newest first.
func (s *Store) AssignmentsOfClass(ctx context.Context, classID int64) ([]Assignment, error) {
	var out []Assignment
	err := s.db.WithContext(ctx).Where("class_id = ? AND archived_at IS NULL", classID).
		Order("starts_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "assignments of class %d", classID)
}

// AssignmentStudents lists the students an assignment names (empty: the whole class).
func (s *Store) AssignmentStudents(ctx context.Context, assignmentID int64) ([]int64, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Model(&AssignmentStudent{}).Where("assignment_id = ?", assignmentID).
		Order("student_id").Pluck("student_id", &ids).Error
	return ids, wrap(err, "students of assignment %d", assignmentID)
}

// ActiveAssignmentsFor lists the assignments that apply to a student at a
// time: of their class, started, not past due, not archived, and either for
// the whole class or naming them. Newest first.
func (s *Store) ActiveAssignmentsFor(ctx context.Context, studentID int64, at time.Time) ([]Assignment, error) {
	st, err := s.Student(ctx, studentID)
	if err != nil {
		return nil, err
	}
	at = at.UTC()
	var out []Assignment
	err = s.db.WithContext(ctx).
		Where("class_id = ? AND archived_at IS NULL AND starts_at <= ? AND (due_at IS NULL OR due_at > ?)", st.ClassID, at, at).
		Where("NOT EXISTS (SELECT 1 FROM assignment_students x WHERE x.assignment_id = assignments.id) OR EXISTS (SELECT 1 FROM assignment_students y WHERE y.assignment_id = assignments.id AND y.student_id = ?)", studentID).
		Order("starts_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "active assignments of student %d", studentID)
}
