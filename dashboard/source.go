// Package dashboard builds what teachers and parents read: the class
// dashboard with its alerts, the facts heatmaps, the student page, the parent
// report and the CSV exports, with their charts rendered on the server as SVG.
//
// It is pure: it imports no database and no HTTP framework. It reads the
// aggregates the platform keeps with each attempt through Source, which the
// store implements; it never scans the attempt log (only the CSV export of
// attempts streams it, through ExportSource). Time enters as a parameter
// (now), and every text a person reads comes in English or French (lang).
package dashboard

import (
	"context"
	"time"

	"github.com/multipli/multipli/games"
)

// Source is what the dashboards read. The store implements it from its
// aggregate tables (students, fact_stats, weekly stats, level_history,
// assignments, play_sessions); none of these calls may scan attempts.
type Source interface {
	// ClassRoster lists the students enrolled in the class.
	ClassRoster(ctx context.Context, classID int64) ([]StudentSummary, error)
	// Student returns one student; a missing student is an error wrapping
	// the store's not-found sentinel.
	Student(ctx context.Context, studentID int64) (StudentSummary, error)
	// FactStats returns every per-fact aggregate of these students (only
	// facts with at least one attempt have a row).
	FactStats(ctx context.Context, studentIDs []int64) ([]FactStat, error)
	// WeeklyStats returns the per-week aggregates of these students for the
	// ISO weeks from..to inclusive; weeks without play may be absent.
	WeeklyStats(ctx context.Context, studentIDs []int64, from, to Week) ([]WeekStat, error)
	// LevelHistory returns the student's level decisions, oldest first.
	LevelHistory(ctx context.Context, studentID int64) ([]LevelChange, error)
	// Assignments returns the class's assignments active at the given time
	// (Start ≤ at ≤ Due), whether given to the class or to chosen students.
	Assignments(ctx context.Context, classID int64, at time.Time) ([]Assignment, error)
	// AssignmentProgress returns what each student did towards these
	// assignments during the ISO week.
	AssignmentProgress(ctx context.Context, assignmentIDs []int64, week Week) ([]AssignmentProgress, error)
	// RecentSessions returns the student's latest play sessions, newest first.
	RecentSessions(ctx context.Context, studentID int64, limit int) ([]SessionSummary, error)
}

// ExportSource streams rows for the CSV exports. Implementations call fn
// once per row, in time order (at, then session, then seq) for attempts, and
// stop at fn's first error, returning it.
type ExportSource interface {
	EachAttempt(ctx context.Context, q ExportQuery, fn func(AttemptRow) error) error
	EachFactStat(ctx context.Context, q ExportQuery, fn func(FactStatRow) error) error
}

// ExportQuery selects a class's rows; attempts are kept when From ≤ at < To
// (a zero bound is open). Per-fact statistics are the current aggregates.
// Format is how the file is written (the sources ignore it).
type ExportQuery struct {
	ClassID int64
	From    time.Time
	To      time.Time
	Format  CSVFormat
}

// StudentSummary is one student as the dashboards see them.
type StudentSummary struct {
	ID   int64
	Name string
	// Level is the student's current deck level (the last plan's level).
	Level games.Level
	// LevelSince is when the student reached Level; SessionsAtLevel counts
	// the sessions played since (a counter reset on a level change, or a
	// count of play_sessions since LevelSince: sessions, not attempts).
	LevelSince      time.Time
	SessionsAtLevel int
	// LastPlayed is the end of the latest session; zero when never played.
	LastPlayed time.Time
	// JoinedAt is when the student was enrolled; zero when unknown.
	JoinedAt time.Time
}

// FactStat is the aggregate of one student on one unordered fact (A ≤ B).
type FactStat struct {
	StudentID      int64
	A, B           int
	Attempts       int
	Correct        int
	RecentAccuracy float64 // 0–1, over the latest attempts (the pedagogy decides how many)
	TypicalMS      int64   // typical response time; 0 when unknown
	LastSeen       time.Time
	Mastery        float64 // 0–1, the pedagogy's estimate
	Uncertainty    float64 // 0–1, the estimate's uncertainty
	Fluent         bool
}

// Fact is the stat's pair.
func (s FactStat) Fact() games.Fact { return games.Fact{A: s.A, B: s.B}.Pair() }

// WeekStat is the aggregate of one student over one ISO week.
type WeekStat struct {
	StudentID     int64
	Week          Week
	Sessions      int
	PlayedSeconds int64
	Attempts      int
	Correct       int
	// FluentFacts is the number of fluent facts (all levels) at the end of
	// the week, or now for the current week.
	FluentFacts int
	// TypicalMS is the week's typical response time (the median, or a
	// running estimate of it the store can keep per attempt); 0 when unknown.
	TypicalMS int64
}

// LevelChange is one decision of the level policy.
type LevelChange struct {
	StudentID int64
	At        time.Time
	From, To  games.Level
	Decision  string        // DecisionUp, DecisionKeep or DecisionDown
	Reason    games.Message // in words a teacher understands
}

// Level decisions: a student goes up a level, keeps it or goes back.
const (
	DecisionUp   = "up"
	DecisionKeep = "keep"
	DecisionDown = "down"
)

// Assignment is practice a teacher asked for.
type Assignment struct {
	ID      int64
	ClassID int64
	// StudentIDs lists the chosen students; empty means the whole class.
	StudentIDs []int64
	Title      string
	Level      games.Level // the tables: a deck level or a custom set
	Games      []string    // game names; empty means any game
	Target     Target
	Start, Due time.Time
	Timers     bool
}

// For reports whether the assignment applies to the student.
func (a Assignment) For(studentID int64) bool {
	if len(a.StudentIDs) == 0 {
		return true
	}
	for _, id := range a.StudentIDs {
		if id == studentID {
			return true
		}
	}
	return false
}

// Target is how much practice an assignment asks for each week.
type Target struct {
	Unit    string // TargetMinutes or TargetSessions
	PerWeek int
}

// Target units.
const (
	TargetMinutes  = "minutes"
	TargetSessions = "sessions"
)

// AssignmentProgress is what one student did towards one assignment in one
// week: sessions that followed the assignment, and their playing time.
type AssignmentProgress struct {
	AssignmentID  int64
	StudentID     int64
	Week          Week
	Sessions      int
	PlayedSeconds int64
}

// SessionSummary is one play session, for the recent sessions list.
type SessionSummary struct {
	ID        int64
	StudentID int64
	Game      string // e.g. "potion/3"
	Level     games.Level
	Start     time.Time
	End       time.Time // zero while in progress
	Attempts  int
	Correct   int
	Timers    bool
}

// AttemptRow is one attempt for the CSV export.
type AttemptRow struct {
	StudentID   int64
	StudentName string
	A, B        int // as presented
	Correct     bool
	ResponseMS  *int64 // nil for missed attempts
	At          time.Time
	Game        string
	Kind        games.Kind
	Given       *int // nil when the student did not act
	SessionID   int64
	Seq         int64
}

// FactStatRow is one per-fact statistic for the CSV export.
type FactStatRow struct {
	FactStat
	StudentName string
}
