package dashboard

import (
	"context"
	"fmt"
	"io"
	"time"
)

// LoadClassDashboard reads the class's aggregates and builds its dashboard
// on the default week (DefaultWeek).
func LoadClassDashboard(ctx context.Context, src Source, classID int64, now time.Time, lang string) (ClassDashboard, error) {
	return LoadClassDashboardFor(ctx, src, classID, Period{}, now, lang)
}

// statsSpan is the weeks of stats a view of the period needs: the period
// and the back weeks before its last; for the default period, the current
// week and the back+1 before it, since the default may be last week.
func statsSpan(asked Period, now time.Time, back int) (from, to Week) {
	if asked.IsZero() {
		this := WeekOf(now)
		return this.Add(-back - 1), this
	}
	from = asked.To.Add(-back)
	if asked.From.Before(from) {
		from = asked.From
	}
	return from, asked.To
}

// periodEnd is the moment a period is seen at: now when it holds the
// current week, else the end of its last day (the assignments then active).
func periodEnd(p Period, now time.Time) time.Time {
	if p.Contains(WeekOf(now)) {
		return now
	}
	s := p.Sunday()
	return time.Date(s.Year(), s.Month(), s.Day(), 23, 59, 59, 0, now.Location())
}

// LoadClassDashboardFor reads the class's aggregates and builds its
// dashboard over the period (zero: the default week).
func LoadClassDashboardFor(ctx context.Context, src Source, classID int64, asked Period, now time.Time, lang string) (ClassDashboard, error) {
	roster, err := src.ClassRoster(ctx, classID)
	if err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d roster: %w", classID, err)
	}
	ids := studentIDs(roster)
	in := ClassInput{Students: roster, Period: asked}
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d fact stats: %w", classID, err)
	}
	from, to := statsSpan(asked, now, AccuracyWeeks-1)
	if in.Weeks, err = src.WeeklyStats(ctx, ids, from, to); err != nil {
		return ClassDashboard{}, fmt.Errorf("dashboard: class %d weekly stats: %w", classID, err)
	}
	period, _ := choosePeriod(asked, now, in.Weeks)
	week := period.To
	if in.Assignments, err = src.Assignments(ctx, classID, periodEnd(period, now)); err != nil {
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

// LoadStudentPage reads one student's aggregates and builds their page on
// the default week.
func LoadStudentPage(ctx context.Context, src Source, studentID int64, now time.Time, lang string) (StudentPage, error) {
	return LoadStudentPageFor(ctx, src, studentID, Period{}, now, lang)
}

// LoadStudentPageFor builds the student page over the period (zero: the
// default week).
func LoadStudentPageFor(ctx context.Context, src Source, studentID int64, asked Period, now time.Time, lang string) (StudentPage, error) {
	in := StudentInput{Period: asked}
	var err error
	if in.Student, err = src.Student(ctx, studentID); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d: %w", studentID, err)
	}
	ids := []int64{studentID}
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return StudentPage{}, fmt.Errorf("dashboard: student %d fact stats: %w", studentID, err)
	}
	// One week more than the charts show, so that the first week carries
	// the fluent count from before.
	from, to := statsSpan(asked, now, chartWeeks(asked, StudentWeeks))
	if in.Weeks, err = src.WeeklyStats(ctx, ids, from, to); err != nil {
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

// LoadParentReport reads one child's aggregates and builds the report on
// the default week.
func LoadParentReport(ctx context.Context, src Source, studentID int64, now time.Time, lang string) (ParentReport, error) {
	return LoadParentReportFor(ctx, src, studentID, Period{}, now, lang)
}

// LoadParentReportFor builds the report over the period (zero: the
// default week).
func LoadParentReportFor(ctx context.Context, src Source, studentID int64, asked Period, now time.Time, lang string) (ParentReport, error) {
	in := ParentInput{Period: asked}
	var err error
	if in.Student, err = src.Student(ctx, studentID); err != nil {
		return ParentReport{}, fmt.Errorf("dashboard: student %d: %w", studentID, err)
	}
	ids := []int64{studentID}
	if in.Facts, err = src.FactStats(ctx, ids); err != nil {
		return ParentReport{}, fmt.Errorf("dashboard: student %d fact stats: %w", studentID, err)
	}
	// One week more than the chart shows, so its first week carries the
	// fluent count from before.
	from, to := statsSpan(asked, now, parentWeeks(asked))
	if in.Weeks, err = src.WeeklyStats(ctx, ids, from, to); err != nil {
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
