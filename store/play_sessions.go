package store

import (
	"context"
	"time"
)

// PlaySession is one sitting of play for one student (concepts.md,
// "Session"). Plan is the pedagogy's plan as JSON (level, weights, timers,
// reason); the store does not read it.
type PlaySession struct {
	ID           int64
	StudentID    int64
	AssignmentID *int64
	Plan         string
	StartedAt    time.Time
	EndedAt      *time.Time
}

// CreatePlaySession inserts p and sets its ID.
func (s *Store) CreatePlaySession(ctx context.Context, p *PlaySession) error {
	p.StartedAt = p.StartedAt.UTC()
	return wrap(s.db.WithContext(ctx).Create(p).Error, "create play session")
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
