package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// FactStat is what the platform knows of one student and one unordered fact
// {A, B} with A ≤ B (7 × 8 and 8 × 7 are one fact). Model is the pedagogy
// module's own state for the fact, as JSON.
type FactStat struct {
	StudentID      int64 `gorm:"primaryKey;autoIncrement:false"`
	A              int   `gorm:"primaryKey;autoIncrement:false"`
	B              int   `gorm:"primaryKey;autoIncrement:false"`
	Attempts       int
	Correct        int
	RecentAccuracy float64
	TypicalMS      *int64 `gorm:"column:typical_ms"`
	LastSeen       *time.Time
	Mastery        float64
	Uncertainty    float64
	Fluent         bool
	Model          string
}

// FactStatsOf lists a student's per-fact statistics by fact.
func (s *Store) FactStatsOf(ctx context.Context, studentID int64) ([]FactStat, error) {
	var out []FactStat
	err := s.db.WithContext(ctx).Where("student_id = ?", studentID).Order("a, b").Find(&out).Error
	return out, wrap(err, "fact stats of student %d", studentID)
}

// SaveFactStats inserts or replaces the rows. A fact given as {8, 7} is
// stored as {7, 8}.
func (s *Store) SaveFactStats(ctx context.Context, stats []FactStat) error {
	return wrap(s.tx(ctx, func(tx *gorm.DB) error { return upsertFactStats(tx, stats) }), "save fact stats")
}

func upsertFactStats(tx *gorm.DB, stats []FactStat) error {
	if len(stats) == 0 {
		return nil
	}
	for i := range stats {
		if stats[i].A > stats[i].B {
			stats[i].A, stats[i].B = stats[i].B, stats[i].A
		}
		if stats[i].Model == "" {
			stats[i].Model = "{}"
		}
	}
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "student_id"}, {Name: "a"}, {Name: "b"}},
		UpdateAll: true,
	}).Create(&stats).Error
}
