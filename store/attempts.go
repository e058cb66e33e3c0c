package store

import (
	"context"
	"time"

	"fmt"

	"gorm.io/gorm"
)

// Attempt is one row of the learning record.
// (PlaySessionID, Seq) is unique: a resent attempt is stored once. Correct
// is the game engine's verdict as it was given (games/README.md says what it
// means for each kind): it is never recomputed from Given.
type Attempt struct {
	ID            int64
	StudentID     int64
	PlaySessionID int64
	GameID        *int64
	Game          string
	Level         string
	A             int
	B             int
	Given         *int
	Correct       bool
	Kind          string
	ResponseMS    *int64 `gorm:"column:response_ms"`
	Seq           int64
	At            time.Time
}

// RecordAttempts stores the attempts through the write path (record.go),
// skipping those whose (session, seq) is already stored, and returns how
// many were new. It returns once the transaction is committed.
func (s *Store) RecordAttempts(ctx context.Context, attempts []Attempt) (int64, error) {
	var n int
	err := s.w.write(ctx, firstStudent(attempts), func(tx *gorm.DB) error {
		var err error
		n, err = s.recordTx(tx, attempts)
		return err
	})
	if err != nil {
		return 0, classify(err, fmt.Sprintf("record %d attempts", len(attempts)))
	}
	return int64(n), nil
}

// AttemptsOf lists a student's attempts at or after since, in order.
func (s *Store) AttemptsOf(ctx context.Context, studentID int64, since time.Time) ([]Attempt, error) {
	var out []Attempt
	err := s.db.WithContext(ctx).Where("student_id = ? AND at >= ?", studentID, since.UTC()).
		Order("at, id").Find(&out).Error
	return out, wrap(err, "attempts of student %d", studentID)
}

// AttemptsOfSession lists a play session's attempts by sequence number.
func (s *Store) AttemptsOfSession(ctx context.Context, playSessionID int64) ([]Attempt, error) {
	var out []Attempt
	err := s.db.WithContext(ctx).Where("play_session_id = ?", playSessionID).Order("seq").Find(&out).Error
	return out, wrap(err, "attempts of play session %d", playSessionID)
}

// firstStudent keys a commit to the writer of its (first) student.
func firstStudent(attempts []Attempt) int64 {
	if len(attempts) == 0 {
		return 0
	}
	return attempts[0].StudentID
}
