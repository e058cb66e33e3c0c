package store

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/learning"
)

// The one place that writes what an attempt means. The learning package
// decides (learning.Changes: the attempts to insert, the sessions' played
// time, the facts, the pedagogy cores, the level decisions, the weeks);
// the functions below write it, on SQLite, on PostgreSQL's savepoint path
// and in its pipeline alike. Nothing else inserts into attempts or writes
// student_models (an erasure deletes a child's rows: erase.go).

// insertChunk bounds the rows of one INSERT: 14 parameters a row stays far
// under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const insertChunk = 500

// insertGuard makes a PostgreSQL insert of practice answers conditional,
// so that it can go in the same round trip as the lock that reads the
// same facts (pipeline.go): the answers are stored only if their session
// is the child's and open and, with a plan, its plan still the one the
// answers were checked against; their level is then the child's as stored.
type insertGuard struct {
	plan *string
}

// insertAttempts inserts the attempts ON CONFLICT (play_session_id, seq)
// DO NOTHING and returns those really inserted, with their ids, in id
// order (the log's): a resent batch, or two instances racing on the same
// batch, change nothing. Times are normalised first (learning.Normalize).
func (q conn) insertAttempts(attempts []Attempt) ([]Attempt, error) {
	if !q.pg {
		return q.insertAttemptsOneByOne(attempts)
	}
	var fresh []Attempt
	for start := 0; start < len(attempts); start += insertChunk {
		chunk := attempts[start:min(start+insertChunk, len(attempts))]
		query, args, index := attemptsInsert(chunk, nil)
		rows, err := q.query(query, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var key [2]int64
			if err := rows.Scan(&id, &key[0], &key[1]); err != nil {
				_ = rows.Close()
				return nil, err
			}
			chunk[index[key]].ID = id
			fresh = append(fresh, chunk[index[key]])
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(fresh, func(x, y Attempt) int { return int(x.ID - y.ID) })
	return fresh, nil
}

// attemptsInsert is the PostgreSQL INSERT of at most insertChunk attempts
// (with a guard, pipeline.go), returning the id, session and seq of the
// rows really inserted, and where each (session, seq) is in chunk. It
// normalises the attempts' times.
func attemptsInsert(chunk []Attempt, g *insertGuard) (string, []any, map[[2]int64]int) {
	var b strings.Builder
	level := "v.level"
	if g != nil {
		level = "s.level"
	}
	b.WriteString(`INSERT INTO attempts (student_id, play_session_id, game_id, game, level, a, b, given, correct, kind, response_ms, seq, at)
		SELECT v.student_id, v.play_session_id, v.game_id, v.game, ` + level + `, v.a, v.b, v.given, v.correct, v.kind, v.response_ms, v.seq, v.at
		FROM (VALUES `)
	args := make([]any, 0, 14*len(chunk)+1)
	index := make(map[[2]int64]int, len(chunk))
	for i := range chunk {
		a := &chunk[i]
		a.At = learning.Normalize(a.At)
		if i == 0 {
			// The first row gives the columns their types.
			b.WriteString("(?::integer,?::bigint,?::bigint,?::bigint,?::text,?::text,?::integer,?::integer,?::integer,?::boolean,?::text,?::bigint,?::bigint,?::timestamptz)")
		} else {
			b.WriteString(",(?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
		}
		args = append(args, i, a.StudentID, a.PlaySessionID, nullable(a.GameID), a.Game, a.Level, a.A, a.B,
			nullable(a.Given), a.Correct, a.Kind, nullable(a.ResponseMS), a.Seq, a.At)
		key := [2]int64{a.PlaySessionID, a.Seq}
		if _, dup := index[key]; !dup {
			index[key] = i
		}
	}
	b.WriteString(`) AS v (n, student_id, play_session_id, game_id, game, level, a, b, given, correct, kind, response_ms, seq, at)`)
	if g != nil {
		b.WriteString(`
		JOIN play_sessions ps ON ps.id = v.play_session_id AND ps.student_id = v.student_id AND ps.ended_at IS NULL`)
		if g.plan != nil {
			b.WriteString(" AND ps.plan = ?")
			args = append(args, *g.plan)
		}
		b.WriteString(`
		JOIN students s ON s.id = v.student_id`)
	}
	// ORDER BY: the ids, the log's order, follow the batch's.
	b.WriteString(`
		ORDER BY v.n
		ON CONFLICT (play_session_id, seq) DO NOTHING RETURNING id, play_session_id, seq`)
	return b.String(), args, index
}

// insertAttemptsOneByOne is insertAttempts for SQLite: a cached one-row
// statement run per attempt costs less than preparing a many-row one, as
// SQLite runs in the process (no round trips to save). It does without
// RETURNING, which makes SQLite buffer the statement's output: one changed
// row and the last rowid say the same for a one-row INSERT, in the writer's
// transaction where nobody else inserts.
func (q conn) insertAttemptsOneByOne(attempts []Attempt) ([]Attempt, error) {
	var fresh []Attempt
	for i := range attempts {
		a := &attempts[i]
		a.At = learning.Normalize(a.At)
		res, err := q.exec(`INSERT INTO attempts (student_id, play_session_id, game_id, game, level, a, b, given, correct, kind, response_ms, seq, at)
			VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (play_session_id, seq) DO NOTHING`,
			a.StudentID, a.PlaySessionID, nullable(a.GameID), a.Game, a.Level, a.A, a.B,
			nullable(a.Given), a.Correct, a.Kind, nullable(a.ResponseMS), a.Seq, a.At)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			continue // already stored
		}
		if a.ID, err = res.LastInsertId(); err != nil {
			return nil, err
		}
		fresh = append(fresh, *a)
	}
	return fresh, nil
}

func nullable[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// maxHeldArgs bounds the parameters of the statements that ride along with
// one week upsert, far below PostgreSQL's 65,535.
const maxHeldArgs = 20_000

// apply writes a change-set but its attempts (insertAttempts stored them
// first: the rest derives from those that were new). It returns the cores
// as stored, by student (the PostgreSQL state cache compares them).
// SQLite runs each statement in turn (in-process: nothing to save); on
// PostgreSQL the session, fact and core writes ride along with the first
// week upsert as data-modifying WITHs, one round trip instead of several
// per child and commit, and in the pipeline (collect) they are only
// queued.
func (q conn) apply(ch learning.Changes) (map[int64]string, []deferred, error) {
	held, cores, err := rowStatements(ch, q.plan)
	if err != nil {
		return nil, nil, err
	}
	if q.collect && len(ch.Levels) > 0 {
		// The pipeline takes practice batches only, which decide no level.
		return nil, nil, fmt.Errorf("store: %d level changes in a pipelined batch", len(ch.Levels))
	}
	for _, l := range ch.Levels {
		if err := q.levelChange(l); err != nil {
			return nil, nil, err
		}
	}
	if q.pg && !q.collect && argsOf(held) > maxHeldArgs {
		if err := q.run(held); err != nil {
			return nil, nil, err
		}
		held = nil
	}
	if !q.pg {
		if err := q.run(held); err != nil {
			return nil, nil, err
		}
		held = nil
	}
	stmts := weekStatements(ch.Weeks, held)
	if q.collect {
		return cores, stmts, nil
	}
	return cores, nil, q.run(stmts)
}

func argsOf(ds []deferred) int {
	n := 0
	for _, d := range ds {
		n += len(d.args)
	}
	return n
}

func (q conn) run(ds []deferred) error {
	for _, d := range ds {
		if _, err := q.exec(d.query, d.args...); err != nil {
			return err
		}
	}
	return nil
}

// sessionPlan is a practice session's new plan (RecordPracticeIf), written
// with the session's played time when the change-set updates it: one
// UPDATE of the row instead of two (a new version of a row that holds the
// plan, on PostgreSQL). written says it was; else the caller writes it.
type sessionPlan struct {
	id      int64
	plan    string
	written bool
}

// rowStatements are the writes of the sessions' played time (and plan),
// the facts and the cores, in that order.
func rowStatements(ch learning.Changes, plan *sessionPlan) ([]deferred, map[int64]string, error) {
	var out []deferred
	for _, u := range ch.Sessions {
		if plan != nil && plan.id == u.ID {
			out = append(out, deferred{"UPDATE play_sessions SET last_active_at = ?, played_ms = ?, plan = ? WHERE id = ?", []any{u.LastActive, u.PlayedMS, plan.plan, u.ID}})
			plan.written = true
			continue
		}
		out = append(out, deferred{"UPDATE play_sessions SET last_active_at = ?, played_ms = ? WHERE id = ?", []any{u.LastActive, u.PlayedMS, u.ID}})
	}
	var cores map[int64]string
	facts := ch.Facts
	for _, m := range ch.Models {
		n := 0
		for n < len(facts) && facts[n].StudentID == m.StudentID {
			n++
		}
		if n > 0 {
			d, err := factsUpsert(facts[:n])
			if err != nil {
				return nil, nil, err
			}
			out = append(out, d)
			facts = facts[n:]
		}
		raw, err := encodeCore(m)
		if err != nil {
			return nil, nil, err
		}
		if cores == nil {
			cores = map[int64]string{}
		}
		cores[m.StudentID] = raw
		out = append(out, deferred{coreUpsert, []any{m.StudentID, raw, learning.Normalize(m.At)}})
	}
	if len(facts) > 0 {
		d, err := factsUpsert(facts)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, d)
	}
	return out, cores, nil
}

const coreUpsert = `INSERT INTO student_models (student_id, model, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (student_id) DO UPDATE SET model = excluded.model, updated_at = excluded.updated_at`

// saveCore writes a student's core as given (SaveStudentModel).
func (q conn) saveCore(studentID int64, raw string, at time.Time) error {
	_, err := q.exec(coreUpsert, studentID, raw, learning.Normalize(at))
	return err
}

// encodeCore is a student's core as student_models.model holds it: the
// pedagogy.Student without its facts (fact_stats.model holds each).
func encodeCore(m learning.ModelRow) (string, error) {
	core := m.Core
	core.Facts = nil
	raw, err := json.Marshal(core)
	if err != nil {
		return "", fmt.Errorf("encode model of student %d: %w", m.StudentID, err)
	}
	return string(raw), nil
}

// factsUpsert is the upsert of facts' rows: the pedagogy's state as JSON
// beside the columns the dashboards read.
func factsUpsert(facts []learning.FactRow) (deferred, error) {
	var b strings.Builder
	b.WriteString(factUpsert)
	args := make([]any, 0, 12*len(facts))
	for i, f := range facts {
		raw, err := json.Marshal(f.State)
		if err != nil {
			return deferred{}, fmt.Errorf("encode fact %v: %w", f.Fact, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?)")
		args = append(args, f.StudentID, f.Fact.A, f.Fact.B, f.Attempts, f.Correct, f.RecentAccuracy, nullable(f.TypicalMS), f.LastSeen,
			f.Mastery, f.Uncertainty, f.Fluent, string(raw))
	}
	b.WriteString(factOnConflict)
	return deferred{b.String(), args}, nil
}

const (
	factUpsert     = `INSERT INTO fact_stats (student_id, a, b, attempts, correct, recent_accuracy, typical_ms, last_seen, mastery, uncertainty, fluent, model) VALUES `
	factOnConflict = ` ON CONFLICT (student_id, a, b) DO UPDATE SET attempts = excluded.attempts, correct = excluded.correct,
		recent_accuracy = excluded.recent_accuracy, typical_ms = excluded.typical_ms, last_seen = excluded.last_seen,
		mastery = excluded.mastery, uncertainty = excluded.uncertainty, fluent = excluded.fluent, model = excluded.model`
)

// levelChange keeps a level decision in level_history and makes its level
// the student's current one (ErrNotFound: no such student).
func (q conn) levelChange(l learning.LevelChange) error {
	if _, err := q.exec(`INSERT INTO level_history (student_id, at, from_level, to_level, decision, reason_en, reason_fr) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		l.StudentID, l.At.UTC(), l.From, l.To, l.Decision, l.ReasonEN, l.ReasonFR); err != nil {
		return err
	}
	res, err := q.exec("UPDATE students SET level = ? WHERE id = ?", l.To, l.StudentID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: student %d: %w", l.StudentID, ErrNotFound)
	}
	return nil
}

// weekStatements are the upserts of student_weeks: counts add up (so that a
// concurrent write is never lost), the typical time and the fluent facts
// are replaced when set. The statements held back (later) go with the
// first upsert, as a data-modifying WITH, or alone when no week changed.
func weekStatements(weeks []learning.WeekDelta, later []deferred) []deferred {
	out := make([]deferred, 0, len(weeks)+1)
	for _, d := range weeks {
		var prefix string
		var args []any
		for i, l := range later {
			if i == 0 {
				prefix = "WITH "
			} else {
				prefix += ", "
			}
			prefix += "p" + strconv.Itoa(i) + " AS (" + l.query + ") "
			args = append(args, l.args...)
		}
		later = nil
		args = append(args, d.StudentID, d.Year, d.Week.Week, d.Sessions, d.PlayedSeconds, d.Attempts, d.Correct, intOr0(d.FluentFacts), nullable(d.TypicalMS), nullable(d.FluentFacts))
		out = append(out, deferred{prefix + `INSERT INTO student_weeks (student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (student_id, year, week) DO UPDATE SET
				sessions = student_weeks.sessions + excluded.sessions,
				played_seconds = student_weeks.played_seconds + excluded.played_seconds,
				attempts = student_weeks.attempts + excluded.attempts,
				correct = student_weeks.correct + excluded.correct,
				fluent_facts = COALESCE(?, student_weeks.fluent_facts),
				typical_ms = COALESCE(excluded.typical_ms, student_weeks.typical_ms)`, args})
	}
	return append(out, later...) // no week changed
}

func intOr0(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
