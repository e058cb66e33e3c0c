package store

import (
	"context"
)

// StudentWeek is one student's ISO week (UTC): the write path keeps it, the
// dashboards read it. FluentFacts counts the student's fluent facts after
// the week's last attempt; TypicalMS is an average of the week's right
// answers' times that follows the latest ones (nil before any).
type StudentWeek struct {
	StudentID     int64 `gorm:"primaryKey;autoIncrement:false"`
	Year          int   `gorm:"primaryKey;autoIncrement:false"`
	Week          int   `gorm:"primaryKey;autoIncrement:false"`
	Sessions      int
	PlayedSeconds int
	Attempts      int
	Correct       int
	FluentFacts   int
	TypicalMS     *int64 `gorm:"column:typical_ms"`
}

// WeeksOf lists a student's weeks, oldest first.
func (s *Store) WeeksOf(ctx context.Context, studentID int64) ([]StudentWeek, error) {
	var out []StudentWeek
	err := s.db.WithContext(ctx).Where("student_id = ?", studentID).Order("year, week").Find(&out).Error
	return out, wrap(err, "weeks of student %d", studentID)
}
