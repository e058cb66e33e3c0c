package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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

// SaveStudentModel inserts or replaces a student's pedagogy state.
func (s *Store) SaveStudentModel(ctx context.Context, m StudentModel) error {
	err := upsertStudentModel(s.db.WithContext(ctx), &m)
	s.forgetState(m.StudentID)
	return wrap(err, "save model of student %d", m.StudentID)
}

func upsertStudentModel(tx *gorm.DB, m *StudentModel) error {
	m.UpdatedAt = m.UpdatedAt.UTC()
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "student_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"model", "updated_at"}),
	}).Create(m).Error
}
