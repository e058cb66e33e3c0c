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
//
// On PostgreSQL the writer runs a group of practice batches together in a
// few round trips (pipeline.go); the function below is the same write for
// SQLite, for a group the pipeline cannot take, and for its fallback.
func (s *Store) RecordPractice(ctx context.Context, studentID, sessionID int64, answers []Answer, at time.Time) (Recorded, error) {
	p := &practiceWrite{student: studentID, session: sessionID, answers: answers, at: at}
	err := s.w.writePractice(ctx, p, func(tx *gorm.DB) error {
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
			err = q.queryRow(practiceLockSQL, row.week.year, row.week.week, sessionID, studentID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS, &row.core, &row.typical)
		} else {
			err = q.queryRow(`SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms FROM play_sessions ps
				JOIN students s ON s.id = ps.student_id WHERE ps.id = ?`, sessionID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS)
		}
		if err := p.check(err, row.student, ended); err != nil {
			return err
		}
		n, err := s.recordKnown(tx, p.attempts(level), &row)
		p.rec = Recorded{Stored: n, Duplicates: len(answers) - n}
		return err
	})
	if err != nil {
		return Recorded{}, classify(err, fmt.Sprintf("record %d answers", len(answers)))
	}
	return p.rec, nil
}

// practiceLockSQL reads a practice session on PostgreSQL and locks its
// student, with their core model and the typical time of the week (year,
// week): one round trip. Only the requesting child's own session is read:
// a request naming another child's session locks nobody (two writers
// locking each other's children would deadlock).
const practiceLockSQL = `SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms, COALESCE(sm.model, ''),
	(SELECT typical_ms FROM student_weeks WHERE student_id = s.id AND year = ? AND week = ?)
	FROM play_sessions ps JOIN students s ON s.id = ps.student_id LEFT JOIN student_models sm ON sm.student_id = s.id
	WHERE ps.id = ? AND ps.student_id = ? FOR UPDATE OF s`

// practiceWrite is one RecordPractice call as data, for the PostgreSQL
// pipeline; rec is its result once committed.
type practiceWrite struct {
	student, session int64
	answers          []Answer
	at               time.Time
	rec              Recorded
}

// check turns the session's row (or the error reading it) into the
// batch's refusal: not this student's session, or ended.
func (p *practiceWrite) check(err error, student int64, ended sql.NullTime) error {
	switch {
	case errors.Is(err, sql.ErrNoRows) || (err == nil && student != p.student):
		return fmt.Errorf("store: play session %d of student %d: %w", p.session, p.student, ErrNotFound)
	case err != nil:
		return err
	case ended.Valid:
		return fmt.Errorf("store: play session %d: %w", p.session, ErrSessionEnded)
	}
	return nil
}

// attempts are the batch's answers as attempts at the student's level; the
// store, never the client, decides whether an answer is right.
func (p *practiceWrite) attempts(level string) []Attempt {
	attempts := make([]Attempt, len(p.answers))
	for i, a := range p.answers {
		ms := a.ResponseMS
		attempts[i] = Attempt{
			StudentID: p.student, PlaySessionID: p.session, Game: GamePractice, Level: level,
			A: a.A, B: a.B, Given: a.Given, Correct: a.Given != nil && *a.Given == a.A*a.B,
			Kind: string(games.KindAnswer), ResponseMS: &ms, Seq: a.Seq, At: p.at,
		}
	}
	return attempts
}
