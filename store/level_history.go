package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/learning"
)

// LevelChange is one level decision of the pedagogy, with its reason in
// both languages. Decision is e.g. "up", "keep" or "down".
type LevelChange struct {
	ID        int64
	StudentID int64
	At        time.Time
	FromLevel string
	ToLevel   string
	Decision  string
	ReasonEN  string `gorm:"column:reason_en"`
	ReasonFR  string `gorm:"column:reason_fr"`
}

// TableName is level_history (one table for the whole history).
func (LevelChange) TableName() string { return "level_history" }

// RecordLevelChange stores the decision and sets the student's level to
// ToLevel, in one transaction, through the write path's apply (apply.go).
func (s *Store) RecordLevelChange(ctx context.Context, c *LevelChange) error {
	c.At = c.At.UTC()
	ch := learning.Changes{Levels: []learning.LevelChange{{
		StudentID: c.StudentID, At: c.At, From: c.FromLevel, To: c.ToLevel, Decision: c.Decision,
		ReasonEN: c.ReasonEN, ReasonFR: c.ReasonFR,
	}}}
	err := s.tx(ctx, func(tx *gorm.DB) error {
		_, _, err := s.conn(tx).apply(ch)
		return err
	})
	return wrap(err, "record level change of student %d", c.StudentID)
}

// LevelHistoryOf lists a student's level decisions, oldest first.
func (s *Store) LevelHistoryOf(ctx context.Context, studentID int64) ([]LevelChange, error) {
	var out []LevelChange
	err := s.db.WithContext(ctx).Where("student_id = ?", studentID).Order("at, id").Find(&out).Error
	return out, wrap(err, "level history of student %d", studentID)
}
