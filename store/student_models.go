package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// StudentModel is the pedagogy module's per-student state, as JSON.
type StudentModel struct {
	StudentID int64 `gorm:"primaryKey;autoIncrement:false"`
	Model     string
	UpdatedAt time.Time
}

// StudentModel finds a student's pedagogy state; ErrNotFound before the first save.
func (s *Store) StudentModel(ctx context.Context, studentID int64) (StudentModel, error) {
	var m StudentModel
	err := s.db.WithContext(ctx).Where("student_id = ?", studentID).Take(&m).Error
	return m, wrap(err, "find model of student %d", studentID)
}

// SaveStudentModel replaces a student's pedagogy core with m.Model as
// given (a pedagogy.Student as JSON, for tools and tests that set a state
// up; one the pedagogy cannot read starts the student over) through the
// write path's apply (apply.go), the one writer of student_models. The
// server's own writes are change-sets of the learning package.
func (s *Store) SaveStudentModel(ctx context.Context, m StudentModel) error {
	err := s.tx(ctx, func(tx *gorm.DB) error { return s.conn(tx).saveCore(m.StudentID, m.Model, m.UpdatedAt) })
	s.forgetState(m.StudentID)
	return wrap(err, "save model of student %d", m.StudentID)
}
