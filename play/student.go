package play

import (
	"context"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// pedagogyStudent loads what the pedagogy knows of a student, as the
// store's write path keeps it (the core in student_models, each fact's state
// in fact_stats.model). The teacher's no-timers setting comes from the
// students row.
func (s *Service) pedagogyStudent(ctx context.Context, kid store.Student) (pedagogy.Student, error) {
	st, err := s.store.PedagogyStudent(ctx, kid.ID)
	if err != nil {
		return st, err
	}
	st.NoTimers = kid.NoTimers
	return st, nil
}

// assignmentInfo is what the pipeline reads of an assignment.
type assignmentInfo struct {
	LevelName games.LevelName
	Tables    []int
	Games     []games.Name
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
	info := assignmentInfo{LevelName: v.Level.Name, Tables: v.Level.Tables, TitleEN: v.Title, TitleFR: v.Title}
	for _, g := range v.Games {
		if n, err := games.ParseName(g); err == nil {
			info.Games = append(info.Games, n)
		}
	}
	info.Target.Count, info.Target.Unit = v.Target.PerWeek, v.Target.Unit
	if info.Target.Unit == "" {
		info.Target.Unit = "sessions"
	}
	return info
}
