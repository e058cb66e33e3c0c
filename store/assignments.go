package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
)

// Assignment is practice a teacher asks of a class, or of some of its
// students. Level, Games and Target are JSON documents owned by the
// assignment feature (e.g. the tables, the games allowed, minutes to play).
type Assignment struct {
	ID         int64
	ClassID    int64
	TeacherID  int64
	Level      string
	Games      string
	Target     string
	Timers     bool
	StartsAt   time.Time
	DueAt      *time.Time
	CreatedAt  time.Time
	ArchivedAt *time.Time
}

// AssignmentStudent says an assignment is for one student (none: the whole class).
type AssignmentStudent struct {
	AssignmentID int64 `gorm:"primaryKey;autoIncrement:false"`
	StudentID    int64 `gorm:"primaryKey;autoIncrement:false"`
}

// CreateAssignment inserts a, for the listed students or (none listed) the
// whole class, in one transaction.
func (s *Store) CreateAssignment(ctx context.Context, a *Assignment, studentIDs []int64) error {
	if a.Target == "" {
		a.Target = "{}"
	}
	a.StartsAt = a.StartsAt.UTC()
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Create(a).Error; err != nil {
			return err
		}
		if len(studentIDs) == 0 {
			return nil
		}
		rows := make([]AssignmentStudent, len(studentIDs))
		for i, id := range studentIDs {
			rows[i] = AssignmentStudent{AssignmentID: a.ID, StudentID: id}
		}
		return tx.Create(&rows).Error
	})
	return wrap(err, "create assignment")
}

// Assignment finds an assignment by id.
func (s *Store) Assignment(ctx context.Context, id int64) (Assignment, error) {
	var a Assignment
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error
	return a, wrap(err, "find assignment %d", id)
}

// AssignmentsOfClass lists a class's assignments that are not archived, newest first.
func (s *Store) AssignmentsOfClass(ctx context.Context, classID int64) ([]Assignment, error) {
	var out []Assignment
	err := s.db.WithContext(ctx).Where("class_id = ? AND archived_at IS NULL", classID).
		Order("starts_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "assignments of class %d", classID)
}

// AssignmentStudents lists the students an assignment names (empty: the whole class).
func (s *Store) AssignmentStudents(ctx context.Context, assignmentID int64) ([]int64, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Model(&AssignmentStudent{}).Where("assignment_id = ?", assignmentID).
		Order("student_id").Pluck("student_id", &ids).Error
	return ids, wrap(err, "students of assignment %d", assignmentID)
}

// ActiveAssignmentsFor lists the assignments that apply to a student at a
// time: of their class, started, not past due, not archived, and either for
// the whole class or naming them. Newest first.
func (s *Store) ActiveAssignmentsFor(ctx context.Context, studentID int64, at time.Time) ([]Assignment, error) {
	st, err := s.Student(ctx, studentID)
	if err != nil {
		return nil, err
	}
	at = at.UTC()
	var out []Assignment
	err = s.db.WithContext(ctx).
		Where("class_id = ? AND archived_at IS NULL AND starts_at <= ? AND (due_at IS NULL OR due_at > ?)", st.ClassID, at, at).
		Where("NOT EXISTS (SELECT 1 FROM assignment_students x WHERE x.assignment_id = assignments.id) OR EXISTS (SELECT 1 FROM assignment_students y WHERE y.assignment_id = assignments.id AND y.student_id = ?)", studentID).
		Order("starts_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "active assignments of student %d", studentID)
}

// AssignmentTarget is the JSON kept in assignments.target: how much practice
// a week, and the title the teacher gave (kept here rather than in a new
// column: the document belongs to the assignment feature).
type AssignmentTarget struct {
	Unit    string `json:"unit,omitempty"` // dashboard.TargetMinutes or TargetSessions
	PerWeek int    `json:"per_week,omitempty"`
	Title   string `json:"title,omitempty"`
}

// NewAssignment encodes a dashboard assignment as a row (ID, class, dates
// and timers copied; level, games and target as JSON).
func NewAssignment(a dashboard.Assignment, teacherID int64, createdAt time.Time) Assignment {
	level, _ := json.Marshal(a.Level)
	gms := a.Games
	if gms == nil {
		gms = []string{}
	}
	gamesJSON, _ := json.Marshal(gms)
	target, _ := json.Marshal(AssignmentTarget{Unit: a.Target.Unit, PerWeek: a.Target.PerWeek, Title: a.Title})
	row := Assignment{
		ID: a.ID, ClassID: a.ClassID, TeacherID: teacherID, Level: string(level), Games: string(gamesJSON),
		Target: string(target), Timers: a.Timers, StartsAt: a.Start.UTC(), CreatedAt: createdAt.UTC(),
	}
	if !a.Due.IsZero() {
		due := a.Due.UTC()
		row.DueAt = &due
	}
	return row
}

// View decodes the row for the pages and the play side; studentIDs are the
// chosen students (none: the whole class). A level stored as {"tables": […]}
// without a name reads as a custom level of those tables.
func (a Assignment) View(studentIDs []int64) dashboard.Assignment {
	out := dashboard.Assignment{
		ID: a.ID, ClassID: a.ClassID, StudentIDs: studentIDs, Level: LevelOf(a.Level),
		Start: a.StartsAt.UTC(), Timers: a.Timers,
	}
	if out.Level.Name == "" && len(out.Level.Tables) > 0 {
		out.Level = games.Custom(out.Level.Tables...)
	}
	_ = json.Unmarshal([]byte(a.Games), &out.Games)
	var t AssignmentTarget
	_ = json.Unmarshal([]byte(a.Target), &t)
	out.Title, out.Target = t.Title, dashboard.Target{Unit: t.Unit, PerWeek: t.PerWeek}
	if a.DueAt != nil {
		out.Due = a.DueAt.UTC()
	}
	return out
}

// UpdateAssignment replaces the assignment's fields and, when studentIDs is
// not nil, its chosen students (an empty, non-nil list: the whole class).
func (s *Store) UpdateAssignment(ctx context.Context, a Assignment, studentIDs []int64) error {
	err := s.tx(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&Assignment{}).Where("id = ? AND archived_at IS NULL", a.ID).Updates(map[string]any{
			"level": a.Level, "games": a.Games, "target": a.Target, "timers": a.Timers,
			"starts_at": a.StartsAt.UTC(), "due_at": a.DueAt,
		})
		if err := affected(res); err != nil {
			return err
		}
		if studentIDs == nil {
			return nil
		}
		if err := tx.Where("assignment_id = ?", a.ID).Delete(&AssignmentStudent{}).Error; err != nil {
			return err
		}
		if len(studentIDs) == 0 {
			return nil
		}
		rows := make([]AssignmentStudent, len(studentIDs))
		for i, id := range studentIDs {
			rows[i] = AssignmentStudent{AssignmentID: a.ID, StudentID: id}
		}
		return tx.Create(&rows).Error
	})
	return wrap(err, "update assignment %d", a.ID)
}

// ArchiveAssignment hides an assignment from students and pages; its
// sessions keep pointing at it. Archiving twice keeps the first time.
func (s *Store) ArchiveAssignment(ctx context.Context, id int64, at time.Time) error {
	res := s.db.WithContext(ctx).Model(&Assignment{}).Where("id = ? AND archived_at IS NULL", id).Update("archived_at", at.UTC())
	if res.Error == nil && res.RowsAffected == 0 {
		_, err := s.Assignment(ctx, id)
		return err
	}
	return wrap(res.Error, "archive assignment %d", id)
}

// UnarchiveAssignment brings an archived assignment back, as it was (the
// teacher's undo); one not archived is left as it is.
func (s *Store) UnarchiveAssignment(ctx context.Context, id int64) error {
	res := s.db.WithContext(ctx).Model(&Assignment{}).Where("id = ? AND archived_at IS NOT NULL", id).Update("archived_at", nil)
	if res.Error == nil && res.RowsAffected == 0 {
		_, err := s.Assignment(ctx, id)
		return err
	}
	return wrap(res.Error, "unarchive assignment %d", id)
}

// ArchivedAssignmentsOfClass lists a class's archived assignments, newest first.
func (s *Store) ArchivedAssignmentsOfClass(ctx context.Context, classID int64) ([]Assignment, error) {
	var out []Assignment
	err := s.db.WithContext(ctx).Where("class_id = ? AND archived_at IS NOT NULL", classID).
		Order("starts_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "archived assignments of class %d", classID)
}

// studentsOfAssignments maps each assignment to its chosen students.
func (s *Store) studentsOfAssignments(ctx context.Context, ids []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []AssignmentStudent
	err := s.db.WithContext(ctx).Where("assignment_id IN ?", ids).Order("assignment_id, student_id").Find(&rows).Error
	for _, r := range rows {
		out[r.AssignmentID] = append(out[r.AssignmentID], r.StudentID)
	}
	return out, wrap(err, "students of %d assignments", len(ids))
}

// Views decodes assignments with their chosen students.
func (s *Store) Views(ctx context.Context, rows []Assignment) ([]dashboard.Assignment, error) {
	ids := make([]int64, len(rows))
	for i, a := range rows {
		ids[i] = a.ID
	}
	students, err := s.studentsOfAssignments(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]dashboard.Assignment, len(rows))
	for i, a := range rows {
		out[i] = a.View(students[a.ID])
	}
	return out, nil
}

// ActiveAssignmentsForStudent lists, decoded, the assignments that apply to
// the student now (see ActiveAssignmentsFor): what the student's home page
// shows and the play side turns into a pedagogy constraint.
func (s *Store) ActiveAssignmentsForStudent(ctx context.Context, studentID int64, now time.Time) ([]dashboard.Assignment, error) {
	rows, err := s.ActiveAssignmentsFor(ctx, studentID, now)
	if err != nil {
		return nil, err
	}
	return s.Views(ctx, rows)
}

// Assignments returns the class's assignments active at the time (started,
// not past due, not archived), due soonest first.
func (d Dashboards) Assignments(ctx context.Context, classID int64, at time.Time) ([]dashboard.Assignment, error) {
	at = at.UTC()
	var rows []Assignment
	err := d.s.db.WithContext(ctx).
		Where("class_id = ? AND archived_at IS NULL AND starts_at <= ? AND (due_at IS NULL OR due_at > ?)", classID, at, at).
		Order("due_at, id").Find(&rows).Error
	if err != nil {
		return nil, wrap(err, "active assignments of class %d", classID)
	}
	return d.s.Views(ctx, rows)
}

// maxSessionSeconds caps one session's counted time: a tablet left open
// over lunch is not an hour of practice. The session's time is its end
// minus its start; a session not ended yet counts as a session with no time.
const maxSessionSeconds = 45 * 60

// AssignmentProgress sums, per assignment and student, the sessions played
// under the assignment in the ISO week and their time. A session counts
// only once played in (last_active_at is set by the first attempt or move):
// a game opened and left is no practice. It reads the week's
// sessions of the assignments' classes through the (student_id,
// started_at) index.
func (d Dashboards) AssignmentProgress(ctx context.Context, assignmentIDs []int64, week dashboard.Week) ([]dashboard.AssignmentProgress, error) {
	from := week.Monday()
	return d.progressBetween(ctx, assignmentIDs, from, from.AddDate(0, 0, 7), week)
}

// AssignmentTotals sums, per student, the sessions played under the
// assignment from its start to end (its due date or archive) and their time:
// what its summary reads once it has ended. Week is the end's.
func (d Dashboards) AssignmentTotals(ctx context.Context, a dashboard.Assignment, end time.Time) ([]dashboard.AssignmentProgress, error) {
	return d.progressBetween(ctx, []int64{a.ID}, a.Start.UTC(), end.UTC(), dashboard.WeekOf(end))
}

// progressBetween sums the played sessions of the assignments started in
// [from, to).
func (d Dashboards) progressBetween(ctx context.Context, assignmentIDs []int64, from, to time.Time, week dashboard.Week) ([]dashboard.AssignmentProgress, error) {
	if len(assignmentIDs) == 0 {
		return nil, nil
	}
	rows, err := d.s.db.WithContext(ctx).Raw(`
SELECT p.assignment_id, p.student_id, p.started_at, p.ended_at FROM play_sessions p
WHERE p.student_id IN (SELECT s.id FROM students s WHERE s.class_id IN (SELECT a.class_id FROM assignments a WHERE a.id IN ?))
  AND p.started_at >= ? AND p.started_at < ? AND p.assignment_id IN ? AND p.last_active_at IS NOT NULL
ORDER BY p.assignment_id, p.student_id`, assignmentIDs, from, to, assignmentIDs).Rows()
	if err != nil {
		return nil, wrap(err, "assignment progress")
	}
	defer rows.Close()
	type key struct{ a, s int64 }
	sums := map[key]*dashboard.AssignmentProgress{}
	var order []key
	for rows.Next() {
		var (
			k          key
			start, end anyTime
		)
		if err := rows.Scan(&k.a, &k.s, &start, &end); err != nil {
			return nil, wrap(err, "assignment progress")
		}
		p := sums[k]
		if p == nil {
			p = &dashboard.AssignmentProgress{AssignmentID: k.a, StudentID: k.s, Week: week}
			sums[k] = p
			order = append(order, k)
		}
		p.Sessions++
		if !end.t.IsZero() && end.t.After(start.t) {
			p.PlayedSeconds += min(int64(end.t.Sub(start.t)/time.Second), maxSessionSeconds)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(err, "assignment progress")
	}
	out := make([]dashboard.AssignmentProgress, len(order))
	for i, k := range order {
		out[i] = *sums[k]
	}
	return out, nil
}
