package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/games"
)

// ErrSessionEnded refuses attempts sent to a play session that has ended.
var ErrSessionEnded = fmt.Errorf("%w: play session ended", ErrConflict)

// GamePractice names the attempts of plain practice (typed answers outside
// a board game).
const GamePractice = "practice"

// Answer is one practice answer as a client sends it. The store decides
// whether it is right: never the client.
type Answer struct {
	Seq        int64
	A, B       int
	Given      *int // nil: the timer ran out before an answer
	ResponseMS int64
}

// Recorded says what a batch did: Stored new attempts, Duplicates already there.
type Recorded struct {
	Stored     int `json:"stored"`
	Duplicates int `json:"duplicates"`
}

// RecordPractice stores a student's answers in one of their open play
// sessions, at time at, and updates the aggregates. ErrNotFound when the
// session is not the student's, ErrSessionEnded when it has ended. It
// returns once the answers are durable.
func (s *Store) RecordPractice(ctx context.Context, studentID, sessionID int64, answers []Answer, at time.Time) (Recorded, error) {
	var rec Recorded
	err := s.w.write(ctx, studentID, func(tx *gorm.DB) error {
		q := s.conn(tx)
		var (
			ended sql.NullTime
			level string
		)
		row := sessionRow{id: sessionID}
		var err error
		if q.pg {
			// One round trip: the session, and the student locked with
			// their core model and this week's typical time (observe).
			row.locked, row.week = true, weekOf(studentID, at)
			err = q.queryRow(`SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms, COALESCE(sm.model, ''),
				(SELECT typical_ms FROM student_weeks WHERE student_id = s.id AND year = ? AND week = ?)
				FROM play_sessions ps JOIN students s ON s.id = ps.student_id LEFT JOIN student_models sm ON sm.student_id = s.id
				WHERE ps.id = ? FOR UPDATE OF s`, row.week.year, row.week.week, sessionID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS, &row.core, &row.typical)
		} else {
			err = q.queryRow(`SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms FROM play_sessions ps
				JOIN students s ON s.id = ps.student_id WHERE ps.id = ?`, sessionID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS)
		}
		switch {
		case errors.Is(err, sql.ErrNoRows) || (err == nil && row.student != studentID):
			return fmt.Errorf("store: play session %d of student %d: %w", sessionID, studentID, ErrNotFound)
		case err != nil:
			return err
		case ended.Valid:
			return fmt.Errorf("store: play session %d: %w", sessionID, ErrSessionEnded)
		}
		attempts := make([]Attempt, len(answers))
		for i, a := range answers {
			ms := a.ResponseMS
			attempts[i] = Attempt{
				StudentID: studentID, PlaySessionID: sessionID, Game: GamePractice, Level: level,
				A: a.A, B: a.B, Given: a.Given, Correct: a.Given != nil && *a.Given == a.A*a.B,
				Kind: string(games.KindAnswer), ResponseMS: &ms, Seq: a.Seq, At: at,
			}
		}
		n, err := s.recordKnown(tx, attempts, &row)
		rec = Recorded{Stored: n, Duplicates: len(answers) - n}
		return err
	})
	if err != nil {
		return Recorded{}, classify(err, fmt.Sprintf("record %d answers", len(answers)))
	}
	return rec, nil
}
