package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/learning"
)

// PlaySession is one sitting of play for one student. Plan is the pedagogy's plan as JSON (level, weights, timers,
// reason); the store does not read it.
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
	return s.startSessionTx(tx, p, learning.SessionStarted(p.StudentID, p.StartedAt))
}

// startSessionTx inserts p and applies the change-set of its start, which
// counts it in the student's week.
func (s *Store) startSessionTx(tx *gorm.DB, p *PlaySession, ch learning.Changes) error {
	if err := tx.Create(p).Error; err != nil {
		return err
	}
	_, _, err := s.conn(tx).apply(ch)
	return err
}

// Start is everything starting a session of play writes (play.Start): the
// change-set of its meaning (learning.Meaning.Start: the student's core,
// the level decision, the session counted in the week), the session, and
// the game dealt for it, which Game builds once the session has its id.
type Start struct {
	Changes learning.Changes
	Session *PlaySession
	Game    func(sessionID int64) (*Game, error)
}

// StartPlay writes a Start in one transaction: all of it, or nothing.
// It returns once durable, with the session's and the game's ids set.
func (s *Store) StartPlay(ctx context.Context, st Start) error {
	p := st.Session
	p.StartedAt = normalize(p.StartedAt)
	p.LastActiveAt, p.PlayedMS = nil, 0
	var g *Game
	err := s.w.write(ctx, p.StudentID, func(tx *gorm.DB) error {
		// The core changes outside an attempt: the cached state goes.
		s.forgetState(p.StudentID)
		if err := s.startSessionTx(tx, p, st.Changes); err != nil {
			return err
		}
		var err error
		if g, err = st.Game(p.ID); err != nil {
			return err
		}
		return tx.Create(g).Error
	})
	if err != nil {
		p.ID = 0
		if g != nil {
			g.ID = 0
		}
		return classify(err, "start play session")
	}
	return nil
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
