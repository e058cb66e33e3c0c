package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/learning"
)

// ErrSessionEnded refuses attempts sent to a play session that has ended.
var ErrSessionEnded = fmt.Errorf("%w: play session ended", ErrConflict)

// ErrPlanMoved refuses a batch of RecordPracticeIf: the session's plan is
// no longer the one the caller checked the answers against (another batch
// came first). Nothing was stored; the caller reads the plan again.
var ErrPlanMoved = fmt.Errorf("%w: the practice session moved on", ErrConflict)

// GamePractice names the attempts of plain practice (learning.GamePractice).
const GamePractice = learning.GamePractice

// Answer is one practice answer as a client sends it (learning.Answer):
// whether it is right is the meaning's decision, never the client's.
type Answer = learning.Answer

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
	return s.recordPractice(ctx, &practiceWrite{student: studentID, session: sessionID, answers: answers, at: at})
}

// RecordPracticeIf is RecordPractice for answers the caller checked against
// the session's plan (the questions the server asked, play/practice.go):
// they are stored only if the plan is still from, and the plan becomes to
// in the same transaction. ErrPlanMoved when the plan changed, and
// ErrConflict when an answer is already stored; nothing is written then.
func (s *Store) RecordPracticeIf(ctx context.Context, studentID, sessionID int64, answers []Answer, at time.Time, from, to string) (Recorded, error) {
	return s.recordPractice(ctx, &practiceWrite{student: studentID, session: sessionID, answers: answers, at: at, plan: &planSwap{from: from, to: to}})
}

func (s *Store) recordPractice(ctx context.Context, p *practiceWrite) (Recorded, error) {
	studentID, sessionID, at := p.student, p.session, p.at
	err := s.w.writePractice(ctx, p, func(tx *gorm.DB) error {
		q := s.conn(tx)
		var (
			ended       sql.NullTime
			level, plan string
		)
		row := sessionRow{id: sessionID}
		var err error
		if q.pg {
			// One round trip: the session, and the student locked with
			// their core model and this week's typical time (observe).
			row.locked, row.week = true, learning.WeekOf(studentID, at)
			err = q.queryRow(practiceLockSQL, row.week.Year, row.week.Week, sessionID, studentID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS, &row.core, &row.typical, &plan)
		} else {
			err = q.queryRow(`SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms, ps.plan FROM play_sessions ps
				JOIN students s ON s.id = ps.student_id WHERE ps.id = ?`, sessionID).
				Scan(&row.student, &ended, &level, &row.started, &row.previous, &row.playedMS, &plan)
		}
		if err := p.check(err, row.student, ended, plan); err != nil {
			return err
		}
		if p.plan != nil {
			row.plan = &sessionPlan{id: sessionID, plan: p.plan.to}
		}
		n, err := s.recordKnown(tx, p.attempts(level), &row)
		p.rec = Recorded{Stored: n, Duplicates: len(p.answers) - n}
		if err != nil || p.plan == nil {
			return err
		}
		if err := p.allNew(n); err != nil {
			return err // the savepoint undoes the answers stored
		}
		if row.plan.written {
			return nil
		}
		_, err = q.exec(planUpdate, p.plan.to, sessionID)
		return err
	})
	if err != nil {
		return Recorded{}, classify(err, fmt.Sprintf("record %d answers", len(p.answers)))
	}
	return p.rec, nil
}

// planUpdate writes a practice session's new plan (RecordPracticeIf).
const planUpdate = "UPDATE play_sessions SET plan = ? WHERE id = ?"

// PracticePlan reads the plan of a student's play session, to check a
// practice batch against: ErrNotFound when the session is not theirs,
// ErrSessionEnded when it has ended.
func (s *Store) PracticePlan(ctx context.Context, studentID, sessionID int64) (string, error) {
	var (
		plan  string
		ended sql.NullTime
	)
	err := s.db.WithContext(ctx).Raw(`SELECT plan, ended_at FROM play_sessions WHERE id = ? AND student_id = ?`, sessionID, studentID).
		Row().Scan(&plan, &ended)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", fmt.Errorf("store: play session %d of student %d: %w", sessionID, studentID, ErrNotFound)
	case err != nil:
		return "", wrap(err, "read play session %d", sessionID)
	case ended.Valid:
		return "", fmt.Errorf("store: play session %d: %w", sessionID, ErrSessionEnded)
	}
	return plan, nil
}

// CreatePracticeSession is CreatePlaySession for a practice sitting: in
// the same transaction it ends the student's other open sessions whose
// plan isPractice says is practice, so that a child answers in one
// practice session at a time (the server's bound on how fast a child
// answers holds for the child, not only for each session).
func (s *Store) CreatePracticeSession(ctx context.Context, p *PlaySession, isPractice func(plan string) bool) error {
	p.StartedAt = normalize(p.StartedAt)
	p.LastActiveAt, p.PlayedMS = nil, 0
	err := s.w.write(ctx, p.StudentID, func(tx *gorm.DB) error {
		q := s.conn(tx)
		if q.pg { // two starts at once on two instances: one after the other
			if _, err := q.exec("SELECT id FROM students WHERE id = ? FOR UPDATE", p.StudentID); err != nil {
				return err
			}
		}
		rows, err := q.query("SELECT id, plan FROM play_sessions WHERE student_id = ? AND ended_at IS NULL", p.StudentID)
		if err != nil {
			return err
		}
		var open []int64
		for rows.Next() {
			var (
				id   int64
				plan string
			)
			if err := rows.Scan(&id, &plan); err != nil {
				_ = rows.Close()
				return err
			}
			if isPractice(plan) {
				open = append(open, id)
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, id := range open {
			if _, err := q.exec("UPDATE play_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL", p.StartedAt, id); err != nil {
				return err
			}
		}
		return s.createSessionTx(tx, p)
	})
	if err != nil {
		p.ID = 0
		return classify(err, "create practice session")
	}
	return nil
}

// practiceLockSQL reads a practice session on PostgreSQL and locks its
// student, with their core model and the typical time of the week (year,
// week): one round trip. Only the requesting child's own session is read:
// a request naming another child's session locks nobody (two writers
// locking each other's children would deadlock).
const practiceLockSQL = `SELECT ps.student_id, ps.ended_at, s.level, ps.started_at, ps.last_active_at, ps.played_ms, COALESCE(sm.model, ''),
	(SELECT typical_ms FROM student_weeks WHERE student_id = s.id AND year = ? AND week = ?), ps.plan
	FROM play_sessions ps JOIN students s ON s.id = ps.student_id LEFT JOIN student_models sm ON sm.student_id = s.id
	WHERE ps.id = ? AND ps.student_id = ? FOR UPDATE OF s`

// practiceWrite is one RecordPractice call as data, for the PostgreSQL
// pipeline; rec is its result once committed.
type practiceWrite struct {
	student, session int64
	answers          []Answer
	at               time.Time
	plan             *planSwap // RecordPracticeIf's condition and new plan
	rec              Recorded
}

// planSwap: store only if the session's plan is from; it becomes to.
type planSwap struct{ from, to string }

// check turns the session's row (or the error reading it) into the
// batch's refusal: not this student's session, ended, or (RecordPracticeIf)
// its plan moved on.
func (p *practiceWrite) check(err error, student int64, ended sql.NullTime, plan string) error {
	switch {
	case errors.Is(err, sql.ErrNoRows) || (err == nil && student != p.student):
		return fmt.Errorf("store: play session %d of student %d: %w", p.session, p.student, ErrNotFound)
	case err != nil:
		return err
	case ended.Valid:
		return fmt.Errorf("store: play session %d: %w", p.session, ErrSessionEnded)
	case p.plan != nil && plan != p.plan.from:
		return fmt.Errorf("store: play session %d: %w", p.session, ErrPlanMoved)
	}
	return nil
}

// allNew: the answers of RecordPracticeIf were checked as new; n of them
// were. Fewer means answers stored outside the questions' rules: the batch
// is refused whole.
func (p *practiceWrite) allNew(n int) error {
	if p.plan != nil && n != len(p.answers) {
		return fmt.Errorf("store: play session %d: %d of %d answers already stored: %w", p.session, len(p.answers)-n, len(p.answers), ErrConflict)
	}
	return nil
}

// attempts are the batch's answers as attempts at the student's level
// (learning.PracticeAttempts decides which are right).
func (p *practiceWrite) attempts(level string) []Attempt {
	return learning.PracticeAttempts(p.student, p.session, level, p.answers, p.at)
}
