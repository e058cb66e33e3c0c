package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// HistoryWeeks is how many weeks of play the demo school starts with, so
// that a new user's first look at the dashboards is alive: charts with a
// trend, alerts with their reasons, assignment progress.
const HistoryWeeks = 4

// The history is played, not invented: every session is a real game of
// one of the four games (MultipliPotion, Multipli Cat's, Monster Cube,
// Magicoa: the engines in games/) against computer players, where a
// simulated child of some ability stands in for the student (history_games.go),
// and every step is saved through the store's write path (SaveMove), which
// keeps the per-fact and weekly aggregates the dashboards read, in the play
// pipeline's row and state shape (play.SavedState), so the replay page
// shows every game. Nothing here writes an aggregate directly, so the pages
// show what the platform would show after these weeks.

// profile is a simulated child.
type profile struct {
	skill    float64 // chance to know a fact of the level at the start, before difficulty
	learn    float64 // gain in that chance per week of play
	perWeek  float64 // sessions a week
	speedMS  float64 // thinking time for a fact they half know
	stopDays int     // stopped playing this many days ago (0: plays on)
	slump    bool    // the last week goes badly (accuracy falling)
}

// profileFor gives child i of a class of n a place in the class's spread,
// as a real class has: a few fluent already (knowing most facts, answering
// fast), most on the way, a few struggling (knowing few, slow). The place
// is the child's rank scrambled through the class (not alphabetical: 7 is
// prime to the demo's class sizes), so strong and weak children are
// spread through the list. Habits: most play two or three times a week;
// a few stopped (the "not playing" alert), one in twelve slumps (the
// "accuracy falling" alert), one in twelve plays a lot without getting
// fluent (stuck: few, as in a class, where the ladder moves most on).
func profileFor(i, n int, rng *rand.Rand) profile {
	q := (float64((i*7+3)%n) + 0.5) / float64(n) // 0 struggling … 1 fluent
	p := profile{skill: 0.3 + 0.65*q, learn: 0.02 + 0.05*rng.Float64(),
		perWeek: 1.5 + 1.2*q + 0.3*rng.Float64(), speedMS: 300 + 4500*(1-q)*(0.7+0.6*rng.Float64())}
	switch i % 12 {
	case 3:
		p.stopDays = 9 + i%5
	case 7:
		p.slump = true
		p.perWeek = 3
	case 10:
		p.perWeek, p.skill, p.learn, p.speedMS = 6, 0.35, 0.005, 4500
	}
	return p
}

// dayWeight is how likely a child plays on a day of the week, against an
// average day: school days more, Wednesday and the weekend at home less.
var dayWeight = map[time.Weekday]float64{
	time.Monday: 1.2, time.Tuesday: 1.2, time.Wednesday: 0.8, time.Thursday: 1.2, time.Friday: 1.2,
	time.Saturday: 0.5, time.Sunday: 0.5,
}

// playsYesterday: one child in four still playing practised yesterday,
// whatever day it was, so the history reaches the day before the load (a
// Monday's dashboards show last week's play up to Sunday).
func playsYesterday(i int) bool { return i%4 == 0 }

// knows is the chance the child answers the fact right in week w (0 = the
// first week of the history): harder for larger factors, better with play.
func (p profile) knows(f games.Fact, week int, lastWeek bool) float64 {
	big := max(f.A, f.B)
	x := p.skill + 0.08 - 0.03*float64(big) + p.learn*float64(week)
	if f.A == 1 || f.B == 1 || f.A == 2 || f.B == 2 || f.A == 10 || f.B == 10 {
		x += 0.2 // ×1, ×2 and ×10 come early
	}
	if p.slump && lastWeek {
		x -= 0.35
	}
	return math.Min(0.97, math.Max(0.05, x))
}

// History plays HistoryWeeks weeks for every child of the school, ending
// before now. Seeds are fixed: the same school gets the same history (each
// child's games depend only on their own seed).
func History(ctx context.Context, st *store.Store, school School, now time.Time) error {
	for ci, c := range school.Classes {
		given, err := st.AssignmentsOfClass(ctx, c.ID)
		if err != nil {
			return fmt.Errorf("demo: history of %s: %w", c.Name, err)
		}
		for si, s := range c.Students {
			if err := childHistory(ctx, st, s, ci, si, len(c.Students), given, now); err != nil {
				return fmt.Errorf("demo: history of %s: %w", s.DisplayName, err)
			}
		}
	}
	return nil
}

// childHistory plays one child's weeks: child si of class ci, of n. The
// days run from HistoryWeeks weeks before now to yesterday.
func childHistory(ctx context.Context, st *store.Store, s Student, ci, si, n int, given []store.Assignment, now time.Time) error {
	start := now.AddDate(0, 0, -7*HistoryWeeks)
	rng := rand.New(rand.NewPCG(uint64(ci+1), uint64(si+1)))
	p := profileFor(si, n, rng)
	likes := favourites(si, rng)
	child := &learner{student: s.Student, model: pedagogy.DefaultModel(),
		state: pedagogy.Student{Level: games.LevelName(s.Level), LevelSince: start, NoTimers: s.NoTimers}}
	for day := 0; day < 7*HistoryWeeks; day++ {
		date := start.AddDate(0, 0, day)
		if p.stopDays > 0 && !date.Before(now.AddDate(0, 0, -p.stopDays)) {
			break
		}
		plays := rng.Float64() < p.perWeek/7*dayWeight[date.Weekday()]
		if day == 7*HistoryWeeks-1 && playsYesterday(si) {
			plays = true
		}
		if !plays {
			continue
		}
		at := time.Date(date.Year(), date.Month(), date.Day(), 9+rng.IntN(8), rng.IntN(60), 0, 0, time.UTC)
		if !at.Before(now) {
			continue
		}
		week := day / 7
		game, under := chooseGame(given, likes, at, rng)
		if err := playSession(ctx, st, child, p, game, week, week == HistoryWeeks-1, at, under, rng); err != nil {
			return err
		}
	}
	return nil
}

// learner is a simulated child with the pedagogy's view of them: the real
// model plans each session (level, timer, reason) and observes every
// attempt, and its level decisions go to level_history with their reasons.
type learner struct {
	student store.Student
	model   pedagogy.Model
	state   pedagogy.Student
}

// plan starts a session the way the play side does, and records a change
// of level with the pedagogy's reason.
func (l *learner) plan(ctx context.Context, st *store.Store, at time.Time) (pedagogy.Plan, error) {
	before := l.state.Level
	p := l.model.StartSession(&l.state, pedagogy.Constraint{}, at)
	if l.state.Level != before && before != "" {
		c := store.LevelChange{StudentID: l.student.ID, At: at, FromLevel: string(before), ToLevel: string(l.state.Level),
			Decision: p.Decision, ReasonEN: p.Reason.EN, ReasonFR: p.Reason.FR}
		if err := st.RecordLevelChange(ctx, &c); err != nil {
			return p, err
		}
	}
	return p, nil
}

// observe feeds the child's attempts to the model, for the next plan.
func (l *learner) observe(as []store.Attempt) {
	for _, a := range as {
		var ms int64
		if a.ResponseMS != nil {
			ms = *a.ResponseMS
		}
		l.model.Observe(&l.state, pedagogy.Attempt{A: a.A, B: a.B, Correct: a.Correct, ResponseMS: ms, Kind: games.Kind(a.Kind), At: a.At})
	}
}

// session is one game being played and saved.
type session struct {
	ctx     context.Context
	st      *store.Store
	child   *learner
	level   games.Level
	ps      store.PlaySession
	game    store.Game
	eng     games.Engine
	version int
	seq     int64
	start   time.Time
}

// sessionPlan is what the session's plan column holds: the pedagogy's
// plan and, as the play side writes it, the game and edition.
type sessionPlan struct {
	pedagogy.Plan
	Game    games.Name    `json:"game"`
	Edition games.Edition `json:"edition"`
}

func playSession(ctx context.Context, st *store.Store, child *learner, p profile, game games.Name, week int, lastWeek bool, start time.Time, assignment *int64, rng *rand.Rand) error {
	s := child.student
	plan, err := child.plan(ctx, st, start)
	if err != nil {
		return err
	}
	// The computers are tuned to the child as the play side tunes them.
	opp := child.model.TuneOpponentFor(game, child.state, plan.Level, pedagogy.DefaultTargetWin)
	kid := &kid{p: p, week: week, lastWeek: lastWeek, rng: rng}
	d, err := deal(game, plan, s, opp, kid, rng.Uint64())
	if err != nil {
		return err
	}
	planJSON, _ := json.Marshal(sessionPlan{Plan: plan, Game: game, Edition: d.edition})
	ss := &session{ctx: ctx, st: st, child: child, level: plan.Level, start: start, eng: d.eng,
		ps: store.PlaySession{StudentID: s.ID, AssignmentID: assignment, Plan: string(planJSON), StartedAt: start}}
	if err := st.CreatePlaySession(ctx, &ss.ps); err != nil {
		return err
	}
	seats := make([]play.Seat, len(d.eng.Seats()))
	for i, seat := range d.eng.Seats() {
		seats[i].Seat = seat
	}
	seats[0].StudentID = s.ID
	seatsJSON, _ := json.Marshal(seats)
	state, err := ss.state(0)
	if err != nil {
		return err
	}
	ss.game = store.Game{PlaySessionID: ss.ps.ID, Game: string(game), Edition: string(d.edition), Seats: string(seatsJSON),
		State: state, Status: store.GamePlaying, CreatedAt: start, UpdatedAt: start}
	if err := st.CreateGame(ctx, &ss.game); err != nil {
		return err
	}
	var pending []timedStep // what happened since the last save
	// A save gathers the steps of up to saveEveryMS of game time (each event
	// and attempt keeps its own time, so the replay still goes move by move,
	// and the write path's played time, which counts gaps of at most two
	// minutes between saves, stays true): a few transactions per game
	// rather than one per step keeps `multipli demo` to seconds.
	flush := func(at int64) error {
		err := ss.save(pending, at)
		pending = pending[:0]
		return err
	}
	at, err := playOut(game, d, func(at, when int64) error {
		if len(pending) > 0 && when-pending[0].at > saveEveryMS {
			return flush(at)
		}
		return nil
	}, func(ts timedStep, refused bool) {
		if !refused {
			pending = append(pending, ts)
		}
	})
	if err != nil {
		return err
	}
	if err := flush(at); err != nil {
		return err
	}
	return st.EndPlaySession(ctx, ss.ps.ID, start.Add(time.Duration(at)*time.Millisecond))
}

// maxSteps bounds the inputs of one game.
const maxSteps = 5000

// saveEveryMS is the most game time one save gathers: under the write
// path's two-minute cap on the gap between two activities of a session.
const saveEveryMS = 90_000

// timedStep is one engine step and the game clock when it happened.
type timedStep struct {
	step games.Step
	at   int64
}

// state is the games.state column after the steps so far, in the play
// pipeline's envelope, so the game loads like one a child played.
func (ss *session) state(at int64) (string, error) {
	sessions := make([]int64, len(ss.eng.Seats()))
	sessions[0] = ss.ps.ID
	return play.SavedState(ss.eng, ss.level.Name, sessions, at, ss.start.Add(time.Duration(at)*time.Millisecond))
}

// save writes steps through the store's write path in one move: the state
// after them, their events and the child's attempts (the computer's moves
// make no attempts), each at its own time.
func (ss *session) save(steps []timedStep, at int64) error {
	if len(steps) == 0 {
		return nil
	}
	clock := func(ms int64) time.Time { return ss.start.Add(time.Duration(ms) * time.Millisecond) }
	state, err := ss.state(at)
	if err != nil {
		return err
	}
	status := store.GamePlaying
	if ss.eng.Over() {
		status = store.GameOver
	}
	m := store.Move{GameID: ss.game.ID, FromVersion: ss.version, State: state, Status: status, At: clock(at)}
	for _, ts := range steps {
		for _, e := range ts.step.Events {
			raw, err := json.Marshal(e)
			if err != nil {
				return err
			}
			m.Events = append(m.Events, store.GameEvent{At: clock(ts.at), Event: string(raw)})
		}
		for _, a := range ts.step.Attempts {
			if a.Seat != 0 {
				continue
			}
			ss.seq++
			m.Attempts = append(m.Attempts, store.Attempt{
				StudentID: ss.child.student.ID, PlaySessionID: ss.ps.ID, GameID: &ss.game.ID, Game: ss.eng.Game(),
				Level: string(ss.level.Name), A: a.A, B: a.B, Given: a.Given, Correct: a.Correct,
				Kind: string(a.Kind), ResponseMS: a.ResponseMS, Seq: ss.seq, At: clock(ts.at),
			})
		}
	}
	if len(m.Events) == 0 && len(m.Attempts) == 0 && status == store.GamePlaying {
		return nil
	}
	v, err := ss.st.SaveMove(ss.ctx, m)
	if err != nil {
		return err
	}
	ss.version = v
	ss.child.observe(m.Attempts)
	return nil
}

// assignments gives each demo class the practice a teacher would set: the
// class's level, two of the games, 30 minutes a week, started before the
// history's last two weeks and due in a week; the sessions of those weeks
// play those games and count towards it.
func assignments(ctx context.Context, st *store.Store, school School, now time.Time) error {
	for _, c := range school.Classes {
		// No title: a teacher's title is in one language, and "Tables 2 à 5 /
		// Tables 2 to 5" put both at once on the assignments page, in either
		// language. Untitled, the page names the level in its reader's
		// language ("Green (tables 2–5)", "Vert (tables 2–5)").
		level, named := games.Green(), []string{string(games.Potion), string(games.Cats)}
		if len(c.Students) > 0 && c.Students[0].Level == string(games.LevelViolet) {
			level, named = games.Violet(), []string{string(games.Potion), string(games.Magicoa)}
		}
		a := store.NewAssignment(dashboard.Assignment{
			ClassID: c.ID, Level: level, Games: named,
			Target: dashboard.Target{Unit: dashboard.TargetMinutes, PerWeek: 30},
			Start:  now.AddDate(0, 0, -14), Due: now.AddDate(0, 0, 7), Timers: true,
		}, school.Teacher.ID, now.AddDate(0, 0, -14))
		if err := st.CreateAssignment(ctx, &a, nil); err != nil {
			return fmt.Errorf("demo: assignment of %s: %w", c.Name, err)
		}
	}
	return nil
}

// favourites weighs the four games for a child: one favourite (in turn
// through the class, so every game is somebody's), the others played now
// and then, as children pick on the home page. Monster Cube is picked less:
// a × b ± c on a board is the hardest of the four for these ages (and its
// solver makes it the dearest game to simulate, cubeShare keeps the demo
// quick to load).
func favourites(i int, rng *rand.Rand) []float64 {
	w := make([]float64, len(historyGames))
	for g := range w {
		w[g] = 0.5 + rng.Float64()
	}
	w[i%len(w)] += 2.5
	w[cubeGame] *= cubeShare
	return w
}

// cubeGame is Monster Cube's index in historyGames, cubeShare the factor of
// its weight in every child's favourites.
var cubeGame = slices.Index(historyGames, games.Cube)

const cubeShare = 0.25

// chooseGame picks the session's game: under a class assignment that names
// games (its dates cover the session), one of those, as the play side
// counts a session towards an assignment only when the game is allowed;
// otherwise one of the child's liked games.
func chooseGame(given []store.Assignment, likes []float64, at time.Time, rng *rand.Rand) (games.Name, *int64) {
	var under *store.Assignment
	for i, a := range given {
		if !at.Before(a.StartsAt) && (a.DueAt == nil || at.Before(*a.DueAt)) {
			under = &given[i]
		}
	}
	w := slices.Clone(likes)
	if under != nil {
		if named := under.View(nil).Games; len(named) > 0 {
			for g, name := range historyGames {
				if !slices.Contains(named, string(name)) {
					w[g] = 0
				}
			}
		}
	}
	var sum float64
	for _, x := range w {
		sum += x
	}
	r := rng.Float64() * sum
	pick := 0
	for g, x := range w {
		if x > 0 {
			pick = g
		}
		if r -= x; r < 0 && x > 0 {
			break
		}
	}
	var id *int64
	if under != nil {
		id = &under.ID
	}
	return historyGames[pick], id
}
