package dashboard

import (
	"context"
	"fmt"
	"io"
	"time"
)

// LoadClassDashboard reads the class's aggregates and builds its dashboard.
func LoadClassDashboard(ctx context.Context, src Source, classID int64, now time.Time, lang string) (ClassDashboard, error) {
	roster, err := src.ClassRoster(ctx, classID)
	if err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d roster: %w", classID, err)
	}
	ids := studentIDs(roster)
	in := ClassInput{Students: roster}
	week := WeekOf(now)
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d fact stats: %w", classID, err)
	}
	if in.Weeks, err = src.WeeklyStats(ctx, ids, week.Add(-(AccuracyWeeks - 1)), week); err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d weekly stats: %w", classID, err)
	}
	if in.Assignments, err = src.Assignments(ctx, classID, now); err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d assignments: %w", classID, err)
	}
	if len(in.Assignments) > 0 {
		aids := make([]int64, len(in.Assignments))
		for i, a := range in.Assignments {
			aids[i] = a.ID
		}
		if in.Progress, err = src.AssignmentProgress(ctx, aids, week); err != nil {
			return ClassDashboard{}, fmt.Errorf("dashboard: class %d assignment progress: %w", classID, err)
		}
	}
	return NewClassDashboard(in, now, lang), nil
}

// LoadClassHeatmap reads the class's per-fact stats and builds its heatmap;
// className goes in the title.
func LoadClassHeatmap(ctx context.Context, src Source, classID int64, className, lang string) (Heatmap, error) {
	roster, err := src.ClassRoster(ctx, classID)
	if err != nil {
		return Heatmap{}, fmt.Errorf("dashboard: class %d roster: %w", classID, err)
	}
	facts, err := src.FactStats(ctx, studentIDs(roster))
	if err != nil {
		return Heatmap{}, fmt.Errorf("dashboard: class %d fact stats: %w", classID, err)
	}
	return NewClassHeatmap(facts, lang, tr(lang, "heat.class_title", "name", className), fmt.Sprintf("c%d-heat", classID)), nil
}

// LoadStudentPage reads one student's aggregates and builds their page.
func LoadStudentPage(ctx context.Context, src Source, studentID int64, now time.Time, lang string) (StudentPage, error) {
	in := StudentInput{}
	var err error
	if in.Student, err = src.Student(ctx, studentID); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d: %w", studentID, err)
	}
	ids := []int64{studentID}
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d fact stats: %w", studentID, err)
	}
	week := WeekOf(now)
	// One week more than the charts show, so that the first week carries
	// the fluent count from before.
	if in.Weeks, err = src.WeeklyStats(ctx, ids, week.Add(-StudentWeeks), week); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d weekly stats: %w", studentID, err)
	}
	if in.History, err = src.LevelHistory(ctx, studentID); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d level history: %w", studentID, err)
	}
	if in.Sessions, err = src.RecentSessions(ctx, studentID, RecentSessionsLimit); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d sessions: %w", studentID, err)
	}
	return NewStudentPage(in, now, lang), nil
}

// LoadParentReport reads one child's aggregates and builds the report.
func LoadParentReport(ctx context.Context, src Source, studentID int64, now time.Time, lang string) (ParentReport, error) {
	in := ParentInput{}
	var err error
	if in.Student, err = src.Student(ctx, studentID); err != nil {
		return ParentReport{}, fmt.Errorf("dashboard: student %d: %w", studentID, err)
	}
	ids := []int64{studentID}
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return ParentReport{}, fmt.Errorf("dashboard: student %d fact stats: %w", studentID, err)
	}
	week := WeekOf(now)
	// One week more than the chart shows, so its first week carries the
	// fluent count from before.
	if in.Weeks, err = src.WeeklyStats(ctx, ids, week.Add(-ParentWeeks), week); err != nil {
		return ParentReport{}, fmt.Errorf("dashboard: student %d weekly stats: %w", studentID, err)
	}
	return NewParentReport(in, now, lang), nil
}

// ExportAttempts streams a class's attempts as CSV.
func ExportAttempts(ctx context.Context, src ExportSource, q ExportQuery, w io.Writer) error {
	return WriteAttemptsCSV(w, q.Format, func(yield func(AttemptRow) error) error { return src.EachAttempt(ctx, q, yield) })
}

// ExportFactStats streams a class's per-fact statistics as CSV.
func ExportFactStats(ctx context.Context, src ExportSource, q ExportQuery, w io.Writer) error {
	return WriteFactStatsCSV(w, q.Format, func(yield func(FactStatRow) error) error { return src.EachFactStat(ctx, q, yield) })
}

func studentIDs(ss []StudentSummary) []int64 {
	ids := make([]int64, len(ss))
	for i, s := range ss {
		ids[i] = s.ID
	}
	return ids
}
