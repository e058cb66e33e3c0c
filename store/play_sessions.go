package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// PlaySession is one sitting of play for one student. Plan is the
// pedagogy's plan as JSON (level, weights, timers, reason); the store does
// not read it.
type PlaySession struct {
	ID           int64
	StudentID    int64
	AssignmentID *int64
	Plan         string
	StartedAt    time.Time
	EndedAt      *time.Time
	// LastActiveAt is the session's latest move or attempt (nil before the
	// first); PlayedMS the time played so far, gaps capped at two minutes.
	// The write path keeps both.
	LastActiveAt *time.Time
	PlayedMS     int64 `gorm:"column:played_ms"`
}

// CreatePlaySession inserts p, sets its ID, and counts the session in the
// student's week (student_weeks.sessions) in the same transaction.
func (s *Store) CreatePlaySession(ctx context.Context, p *PlaySession) error {
	p.StartedAt = normalize(p.StartedAt)
	p.LastActiveAt, p.PlayedMS = nil, 0
	err := s.w.write(ctx, p.StudentID, func(tx *gorm.DB) error { return s.createSessionTx(tx, p) })
	if err != nil {
		p.ID = 0
		return classify(err, "create play session")
	}
	return nil
}

// createSessionTx inserts p and counts it in the student's week.
func (s *Store) createSessionTx(tx *gorm.DB, p *PlaySession) error {
	if err := tx.Create(p).Error; err != nil {
		return err
	}
	k := weekOf(p.StudentID, p.StartedAt)
	_, err := s.conn(tx).exec(`INSERT INTO student_weeks (student_id, year, week, sessions) VALUES (?, ?, ?, 1)
		ON CONFLICT (student_id, year, week) DO UPDATE SET sessions = student_weeks.sessions + 1`, k.student, k.year, k.week)
	return err
}

// PlaySession finds a play session by id.
func (s *Store) PlaySession(ctx context.Context, id int64) (PlaySession, error) {
	var p PlaySession
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&p).Error
	return p, wrap(err, "find play session %d", id)
}

// EndPlaySession records the end of a sitting; ending twice keeps the first.
func (s *Store) EndPlaySession(ctx context.Context, id int64, at time.Time) error {
	res := s.db.WithContext(ctx).Model(&PlaySession{}).Where("id = ? AND ended_at IS NULL", id).Update("ended_at", at.UTC())
	if res.Error == nil && res.RowsAffected == 0 {
		_, err := s.PlaySession(ctx, id)
		return err
	}
	return wrap(res.Error, "end play session %d", id)
}

// PlaySessionsOf lists a student's sittings started at or after since, oldest first.
func (s *Store) PlaySessionsOf(ctx context.Context, studentID int64, since time.Time) ([]PlaySession, error) {
	var out []PlaySession
	err := s.db.WithContext(ctx).Where("student_id = ? AND started_at >= ?", studentID, since.UTC()).
		Order("started_at, id").Find(&out).Error
	return out, wrap(err, "play sessions of student %d", studentID)
}
