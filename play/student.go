package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// pedagogyStudent loads what the pedagogy knows of a student, where the
// store's write path keeps it: student_models.model holds the
// pedagogy.Student without its facts (ability, level, counters), and each
// fact's pedagogy.FactState is fact_stats.model. Facts found in the
// student's JSON are ignored: fact_stats is the authority. A student never
// seen starts empty. The teacher's no-timers setting comes from the students
// row.
func (s *Service) pedagogyStudent(ctx context.Context, kid store.Student) (pedagogy.Student, error) {
	var st pedagogy.Student
	m, err := s.store.StudentModel(ctx, kid.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return st, err
	default:
		if err := json.Unmarshal([]byte(m.Model), &st); err != nil {
			s.logger.Warn("unreadable pedagogy model; starting afresh", "student", kid.ID, "err", err)
			st = pedagogy.Student{}
		}
	}
	st.Facts = map[games.Fact]pedagogy.FactState{}
	stats, err := s.store.FactStatsOf(ctx, kid.ID)
	if err != nil {
		return st, err
	}
	for _, fs := range stats {
		var state pedagogy.FactState
		if json.Unmarshal([]byte(fs.Model), &state) == nil && state.Precision > 0 {
			st.Facts[games.Fact{A: fs.A, B: fs.B}.Pair()] = state
		}
	}
	st.NoTimers = kid.NoTimers
	return st, nil
}

// savePedagogyStudent stores the student's core (without facts) after
// StartSession changed their level counters.
func (s *Service) savePedagogyStudent(ctx context.Context, studentID int64, st pedagogy.Student, wall time.Time) error {
	st.Facts = nil
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("play: save pedagogy student %d: %w", studentID, err)
	}
	return s.store.SaveStudentModel(ctx, store.StudentModel{StudentID: studentID, Model: string(b), UpdatedAt: wall})
}

// assignmentInfo is what the pipeline reads of an assignment.
type assignmentInfo struct {
	LevelName string
	Tables    []int
	Games     []string
	Target    struct {
		Count int
		Unit  string
	}
	TitleEN, TitleFR string
}

// readAssignment reads an assignment through the assignment feature's own
// decoding (store.Assignment.View): the level (a deck level or custom
// tables), the games allowed (none: any), the weekly target and the title
// the teacher wrote (shown in both languages as written).
func readAssignment(a store.Assignment) assignmentInfo {
	v := a.View(nil)
	info := assignmentInfo{LevelName: v.Level.Name, Tables: v.Level.Tables, Games: v.Games, TitleEN: v.Title, TitleFR: v.Title}
	info.Target.Count, info.Target.Unit = v.Target.PerWeek, v.Target.Unit
	if info.Target.Unit == "" {
		info.Target.Unit = "sessions"
	}
	return info
}
