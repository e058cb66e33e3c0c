package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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
		Count int    `json:"count"`
		Unit  string `json:"unit"`
	}
	TitleEN, TitleFR string
}

// readAssignment reads an assignment's JSON documents tolerantly: the level
// may be a name ("green"), a JSON string, or an object with a name and
// tables; games a JSON list of names; target an object with a count and a
// unit (sessions or minutes), or with "sessions"/"minutes" keys.
func readAssignment(a store.Assignment) assignmentInfo {
	var info assignmentInfo
	var lvl struct {
		Name    string `json:"name"`
		Level   string `json:"level"`
		Tables  []int  `json:"tables"`
		TitleEN string `json:"title_en"`
		TitleFR string `json:"title_fr"`
	}
	raw := strings.TrimSpace(a.Level)
	var name string
	switch {
	case json.Unmarshal([]byte(raw), &lvl) == nil:
		info.LevelName, info.Tables = lvl.Name, lvl.Tables
		if info.LevelName == "" {
			info.LevelName = lvl.Level
		}
		info.TitleEN, info.TitleFR = lvl.TitleEN, lvl.TitleFR
	case json.Unmarshal([]byte(raw), &name) == nil:
		info.LevelName = name
	default:
		info.LevelName = raw
	}
	if info.LevelName == "" && len(info.Tables) > 0 {
		info.LevelName = games.LevelCustom
	}
	_ = json.Unmarshal([]byte(a.Games), &info.Games)
	var target map[string]any
	if json.Unmarshal([]byte(a.Target), &target) == nil {
		_ = json.Unmarshal([]byte(a.Target), &info.Target)
		for _, unit := range []string{"sessions", "minutes"} {
			if n, ok := target[unit].(float64); ok && info.Target.Count == 0 {
				info.Target.Count, info.Target.Unit = int(n), unit
			}
		}
		if t, ok := target["title_en"].(string); ok {
			info.TitleEN = t
		}
		if t, ok := target["title_fr"].(string); ok {
			info.TitleFR = t
		}
	}
	if info.Target.Unit == "" {
		info.Target.Unit = "sessions"
	}
	return info
}
