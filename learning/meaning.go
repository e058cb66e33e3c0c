package learning

import (
	"maps"
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// Meaning turns attempts and session starts into change-sets with one
// pedagogy model. It holds no state: the same inputs give the same output.
type Meaning struct {
	model pedagogy.Model
}

// New is the meaning under model m.
func New(m pedagogy.Model) Meaning { return Meaning{model: m} }

// Default is the meaning under pedagogy.DefaultModel, the one the server uses.
func Default() Meaning { return New(pedagogy.DefaultModel()) }

// Model is the pedagogy model the meaning folds attempts with.
func (m Meaning) Model() pedagogy.Model { return m.model }

// State is what the meaning needs of one student to fold new attempts.
type State struct {
	// Core is the student's pedagogy state; Core.Facts holds at least
	// every fact of the batch that has a state (a fact missing starts from
	// the prior).
	Core pedagogy.Student
	// Fluent is each stored fact row's fluent flag and FluentN how many are
	// true: the week's fluent-fact count follows them.
	Fluent  map[games.Fact]bool
	FluentN int
	// Weeks holds the typical time of the weeks of the batch (nil: no right
	// answer yet that week); a week missing is read as nil.
	Weeks map[Week]*int64
}

// FactRow is one student's fact after a batch: the pedagogy's state, and
// the columns the dashboards read.
type FactRow struct {
	StudentID      int64
	Fact           games.Fact // A ≤ B
	State          pedagogy.FactState
	Attempts       int
	Correct        int
	RecentAccuracy float64
	TypicalMS      *int64
	LastSeen       time.Time
	// Mastery is the estimated chance of a right answer in under 3 s
	// (pedagogy's Known) at the fact's last attempt, the figure every
	// screen reads; Fluent is "known by heart" under the same definition.
	Mastery, Uncertainty float64
	Fluent               bool
}

// ModelRow is a student's pedagogy core (without facts: FactRow holds
// them) to store, as of At.
type ModelRow struct {
	StudentID int64
	Core      pedagogy.Student
	At        time.Time
}

// LevelChange is a level decision to keep in the student's history; the
// student's current level becomes To.
type LevelChange struct {
	StudentID          int64
	At                 time.Time
	From, To, Decision string
	ReasonEN, ReasonFR string
}

// Changes is a change-set: what the store writes, all of it in one
// transaction, for one batch or one session start. Attempts are the rows
// to insert; the rest derives from those of them that were new.
type Changes struct {
	Attempts []Attempt
	Sessions []SessionUpdate
	Facts    []FactRow
	Models   []ModelRow
	Levels   []LevelChange
	Weeks    []WeekDelta
}

// Batch is a write's attempts that were really new (the store learns it
// from inserting them: a resent one is not) and the state they fold into.
type Batch struct {
	// Attempts are the new attempts, in log order.
	Attempts []Attempt
	// Activity is play without attempts (a game move).
	Activity []Activity
	// Sessions holds every session of the attempts and the activity.
	Sessions map[int64]Session
	// States holds every student of the attempts.
	States map[int64]State
}

// Record is the meaning of a batch: the session's played time, each
// student's pedagogy state folded over their attempts in log order, their
// touched facts, their weeks' counts, typical times and fluent facts. It
// returns each student's new state and the change-set without Attempts
// (already stored). The states given are not changed.
func (m Meaning) Record(b Batch) (map[int64]State, Changes) {
	var weeks weekDeltas
	acts := slices.Clip(b.Activity)
	for _, a := range b.Attempts {
		acts = append(acts, Activity{SessionID: a.PlaySessionID, At: a.At})
	}
	ch := Changes{Sessions: played(b.Sessions, acts, &weeks)}
	var students []int64
	byStudent := map[int64][]Attempt{}
	for _, a := range b.Attempts {
		if _, ok := byStudent[a.StudentID]; !ok {
			students = append(students, a.StudentID)
		}
		byStudent[a.StudentID] = append(byStudent[a.StudentID], a)
	}
	out := make(map[int64]State, len(students))
	for _, id := range students {
		out[id] = m.observe(id, b.States[id], byStudent[id], &weeks, &ch)
	}
	ch.Weeks = weeks.list()
	return out, ch
}

// observe folds one student's attempts into a copy of their state.
func (m Meaning) observe(studentID int64, old State, attempts []Attempt, weeks *weekDeltas, ch *Changes) State {
	st := State{Core: old.Core, FluentN: old.FluentN, Fluent: maps.Clone(old.Fluent), Weeks: maps.Clone(old.Weeks)}
	st.Core.Facts = maps.Clone(old.Core.Facts)
	if st.Core.Facts == nil {
		st.Core.Facts = map[games.Fact]pedagogy.FactState{}
	}
	if st.Fluent == nil {
		st.Fluent = map[games.Fact]bool{}
	}
	if st.Weeks == nil {
		st.Weeks = map[Week]*int64{}
	}
	var pairs []games.Fact
	for _, a := range attempts {
		if p := (games.Fact{A: a.A, B: a.B}).Pair(); !slices.Contains(pairs, p) {
			pairs = append(pairs, p)
		}
	}
	var touched []Week
	for _, a := range attempts {
		m.model.Observe(&st.Core, PedagogyAttempt(a))
		k := WeekOf(studentID, a.At)
		d := weeks.get(k)
		if !slices.Contains(touched, k) {
			touched = append(touched, k)
		}
		d.Attempts++
		if !Right(a) {
			continue
		}
		d.Correct++
		if a.ResponseMS != nil && *a.ResponseMS > 0 {
			v := weekTypical(st.Weeks[k], *a.ResponseMS)
			st.Weeks[k] = &v
			d.TypicalMS = &v
		}
	}
	for _, p := range pairs {
		fs, ok := st.Core.Facts[p]
		if !ok {
			continue // a factor outside 1–12: the pedagogy ignores it
		}
		est := m.model.Estimate(fs, fs.LastSeen)
		switch was := st.Fluent[p]; {
		case est.Fluent && !was:
			st.FluentN++
		case was && !est.Fluent:
			st.FluentN--
		}
		st.Fluent[p] = est.Fluent
		var typical *int64
		if fs.TypicalMS > 0 {
			v := int64(math.Round(fs.TypicalMS))
			typical = &v
		}
		ch.Facts = append(ch.Facts, FactRow{
			StudentID: studentID, Fact: p, State: fs, Attempts: fs.Attempts, Correct: fs.Correct,
			RecentAccuracy: fs.RecentAccuracy, TypicalMS: typical, LastSeen: fs.LastSeen,
			Mastery: est.Known, Uncertainty: est.SD, Fluent: est.Fluent,
		})
	}
	// Every week the batch answered in counts the student's fluent facts
	// after the batch.
	for _, k := range touched {
		n := st.FluentN
		weeks.get(k).FluentFacts = &n
	}
	core := st.Core
	core.Facts = nil
	ch.Models = append(ch.Models, ModelRow{StudentID: studentID, Core: core, At: attempts[len(attempts)-1].At})
	return st
}

// SessionStarted is the change-set of a play session starting: it counts
// in the student's week.
func SessionStarted(studentID int64, at time.Time) Changes {
	return Changes{Weeks: []WeekDelta{{Week: WeekOf(studentID, at), Sessions: 1}}}
}

// Start is the meaning of a student starting a session of play: the
// pedagogy's plan under the teacher's constraint, the student's core with
// the session counted (to store), the level decision when the level
// changes or at the student's first plan (students.level follows it), and
// the session counted in the week. current is the student's stored level.
func (m Meaning) Start(studentID int64, st pedagogy.Student, current string, c pedagogy.Constraint, now time.Time) (pedagogy.Plan, pedagogy.Student, Changes) {
	first := st.Level == ""
	plan := m.model.StartSession(&st, c, now)
	ch := SessionStarted(studentID, now)
	core := st
	core.Facts = nil
	ch.Models = []ModelRow{{StudentID: studentID, Core: core, At: now}}
	to := plan.Step
	if to == "" {
		to = games.LevelCustom
	}
	if string(to) != current || first {
		ch.Levels = []LevelChange{{
			StudentID: studentID, At: now, From: current, To: string(to), Decision: plan.Decision,
			ReasonEN: plan.Reason.EN, ReasonFR: plan.Reason.FR,
		}}
	}
	return plan, st, ch
}
