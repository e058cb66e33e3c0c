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
	"github.com/multipli/multipli/games/potion"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// HistoryWeeks is how many weeks of play the demo school starts with, so
// that a new user's first look at the dashboards is alive: charts with a
// trend, alerts with their reasons, assignment progress.
const HistoryWeeks = 4

// The history is played, not invented: every session is a real game of
// MultipliPotion (the engine in games/potion) against a computer player,
// where a simulated child of some ability stands in for the student, and
// every step is saved through the store's write path (SaveMove), which
// keeps the per-fact and weekly aggregates the dashboards read. Nothing
// here writes an aggregate directly, so the pages show what the platform
// would show after these weeks.

// profile is a simulated child.
type profile struct {
	skill    float64 // chance to know a fact of the level at the start, before difficulty
	learn    float64 // gain in that chance per week of play
	perWeek  float64 // sessions a week
	speedMS  float64 // thinking time for a fact they half know
	stopDays int     // stopped playing this many days ago (0: plays on)
	slump    bool    // the last week goes badly (accuracy falling)
}

// profileFor gives the class a spread of abilities and habits: most play a
// few times a week, a few stopped (the "not playing" alert), one slumps
// (the "accuracy falling" alert), one plays a lot without getting fluent.
func profileFor(i int, rng *rand.Rand) profile {
	p := profile{skill: 0.45 + 0.45*rng.Float64(), learn: 0.02 + 0.05*rng.Float64(),
		perWeek: 2 + 2.5*rng.Float64(), speedMS: 2500 + 3000*rng.Float64()}
	switch i % 12 {
	case 3:
		p.stopDays = 9 + i%5
	case 7:
		p.slump = true
		p.perWeek = 4
	case 10:
		p.perWeek, p.skill, p.learn = 6, 0.35, 0.005
	}
	return p
}

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
// before now. Seeds are fixed: the same school gets the same history.
func History(ctx context.Context, st *store.Store, school School, now time.Time) error {
	start := now.AddDate(0, 0, -7*HistoryWeeks)
	for ci, c := range school.Classes {
		given, err := st.AssignmentsOfClass(ctx, c.ID)
		if err != nil {
			return fmt.Errorf("demo: history of %s: %w", c.Name, err)
		}
		for si, s := range c.Students {
			rng := rand.New(rand.NewPCG(uint64(ci+1), uint64(si+1)))
			p := profileFor(si, rng)
			child := &learner{student: s.Student, model: pedagogy.DefaultModel(),
				state: pedagogy.Student{Level: s.Level, LevelSince: start, NoTimers: s.NoTimers}}
			for day := 0; day < 7*HistoryWeeks; day++ {
				date := start.AddDate(0, 0, day)
				if p.stopDays > 0 && !date.Before(now.AddDate(0, 0, -p.stopDays)) {
					break
				}
				if rng.Float64() >= p.perWeek/7 {
					continue
				}
				at := time.Date(date.Year(), date.Month(), date.Day(), 9+rng.IntN(8), rng.IntN(60), 0, 0, time.UTC)
				if !at.Before(now) {
					continue
				}
				week := day / 7
				var under *int64 // the class's assignment when the session falls in its dates
				for _, a := range given {
					if !at.Before(a.StartsAt) && (a.DueAt == nil || at.Before(*a.DueAt)) {
						under = &a.ID
					}
				}
				if err := playSession(ctx, st, child, p, week, week == HistoryWeeks-1, at, under, rng); err != nil {
					return fmt.Errorf("demo: history of %s: %w", s.DisplayName, err)
				}
			}
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
		c := store.LevelChange{StudentID: l.student.ID, At: at, FromLevel: before, ToLevel: l.state.Level,
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
	version int
	seq     int64
	start   time.Time
}

func playSession(ctx context.Context, st *store.Store, child *learner, p profile, week int, lastWeek bool, start time.Time, assignment *int64, rng *rand.Rand) error {
	s := child.student
	plan, err := child.plan(ctx, st, start)
	if err != nil {
		return err
	}
	level := plan.Level
	planJSON, _ := json.Marshal(plan)
	ss := &session{ctx: ctx, st: st, child: child, level: level, start: start,
		ps: store.PlaySession{StudentID: s.ID, AssignmentID: assignment, Plan: string(planJSON), StartedAt: start}}
	if err := st.CreatePlaySession(ctx, &ss.ps); err != nil {
		return err
	}
	bot := games.BotBeginner
	if p.skill > 0.7 {
		bot = games.BotSolid
	}
	cfg := potion.Config{Level: level, Edition: potion.Edition3, Quiz: true, Seats: []games.Seat{
		{Kind: games.SeatStudent, Name: s.DisplayName}, {Kind: games.SeatComputer, Name: "Merlin", Bot: bot}}}
	g, err := potion.New(cfg, rng.Uint64())
	if err != nil {
		return err
	}
	seats, _ := json.Marshal(cfg.Seats)
	state, _ := g.MarshalJSON()
	ss.game = store.Game{PlaySessionID: ss.ps.ID, Game: g.Game(), Seats: string(seats), State: string(state), Status: "playing", CreatedAt: start, UpdatedAt: start}
	if err := st.CreateGame(ctx, &ss.game); err != nil {
		return err
	}
	var (
		at      int64
		quizzed int         // turn of the last quiz answer
		pending []timedStep // what happened since the last save
	)
	// A save gathers the steps of up to saveEveryMS of game time (each event
	// and attempt keeps its own time, so the replay still goes move by move,
	// and the write path's played time, which counts gaps of at most two
	// minutes between saves, stays true): a few transactions per game
	// rather than one per step keeps `multipli demo` to seconds.
	flush := func() error {
		err := ss.save(g, pending, at)
		pending = pending[:0]
		return err
	}
	for range 2000 { // a game ends long before; the bound guards a stuck loop
		if g.Over() {
			break
		}
		if !slices.Contains(g.Waiting(), 0) {
			next, ok := g.Next()
			if !ok {
				break
			}
			at = max(at, next)
			step, err := g.Advance(at)
			if err != nil {
				return err
			}
			pending = append(pending, timedStep{step, at})
			continue
		}
		if len(pending) > 0 && at-pending[0].at > saveEveryMS {
			if err := flush(); err != nil {
				return err
			}
		}
		move, think := studentMove(g, p, week, lastWeek, &quizzed, rng)
		at += think
		step, err := g.Play(0, move, at)
		if _, refused := games.AsRuleError(err); refused {
			// The simulated child tried something the rules refuse: end
			// the turn instead, as a child would after the game said no.
			step, err = g.Play(0, potion.End(), at)
		}
		if err != nil {
			return err
		}
		pending = append(pending, timedStep{step, at})
	}
	if err := flush(); err != nil {
		return err
	}
	return st.EndPlaySession(ctx, ss.ps.ID, start.Add(time.Duration(at)*time.Millisecond))
}

// studentMove chooses the simulated child's move and how long they think.
// Before laying, they sometimes answer the quiz on two potions they hold
// (right as often as they know the fact); they lay a card; they capture
// when they see a capture they know, else they end the turn (the engine
// then records the capture they missed).
func studentMove(g *potion.Game, p profile, week int, lastWeek bool, quizzed *int, rng *rand.Rand) (potion.Move, int64) {
	v := g.SeatView(0)
	has := func(t string) bool {
		return slices.ContainsFunc(v.Legal, func(m potion.Move) bool { return m.Type == t })
	}
	think := func(f games.Fact, k float64) int64 {
		return int64(800 + p.speedMS*(1.4-k) + 600*rng.Float64())
	}
	if v.Phase == potion.PhaseCapture {
		if c := potion.Captures(v.Zones[0], v.Zones[1]); len(c) > 0 {
			return potion.CaptureMove(c[0].Potions[0], c[0].Potions[1], c[0].Monster), 2500
		}
		return potion.Accept(), 1500
	}
	seen := append(slices.Clone(v.Hand), v.Zones[0]...)
	if has(potion.MoveAnswer) && *quizzed != v.Turn && len(seen) >= 2 && rng.Float64() < 0.7 {
		*quizzed = v.Turn
		i := rng.IntN(len(seen))
		j := (i + 1 + rng.IntN(len(seen)-1)) % len(seen)
		f := games.Fact{A: seen[i].Potion, B: seen[j].Potion}
		k := p.knows(f, week, lastWeek)
		value := f.A * f.B
		if rng.Float64() >= k {
			value += []int{-f.A, f.B, 1, -1, 10}[rng.IntN(5)]
		}
		return potion.Answer(seen[i].ID, seen[j].ID, max(0, value)), think(f, k)
	}
	for _, m := range v.Legal {
		if m.Type == potion.MoveLay {
			lays := slices.DeleteFunc(slices.Clone(v.Legal), func(m potion.Move) bool { return m.Type != potion.MoveLay })
			pick := lays[rng.IntN(len(lays))]
			return pick, int64(1200 + rng.IntN(1500))
		}
	}
	if has(potion.MoveCapture) {
		for _, c := range potion.Captures(v.Zones[0], v.Zones[1]) {
			f := games.Fact{A: cardOf(v.Zones[0], c.Potions[0]).Potion, B: cardOf(v.Zones[0], c.Potions[1]).Potion}
			k := p.knows(f, week, lastWeek)
			if rng.Float64() < k {
				return potion.CaptureMove(c.Potions[0], c.Potions[1], c.Monster), think(f, k)
			}
		}
	}
	return potion.End(), int64(900 + rng.IntN(800))
}

func cardOf(cards []potion.Card, id int) potion.Card {
	for _, c := range cards {
		if c.ID == id {
			return c
		}
	}
	return potion.Card{}
}

// saveEveryMS is the most game time one save gathers: under the write
// path's two-minute cap on the gap between two activities of a session.
const saveEveryMS = 90_000

// timedStep is one engine step and the game clock when it happened.
type timedStep struct {
	step games.Step
	at   int64
}

// save writes steps through the store's write path in one move: the state
// after them, their events and the child's attempts (the computer's moves
// make no attempts), each at its own time.
func (ss *session) save(g *potion.Game, steps []timedStep, at int64) error {
	if len(steps) == 0 {
		return nil
	}
	clock := func(ms int64) time.Time { return ss.start.Add(time.Duration(ms) * time.Millisecond) }
	state, err := g.MarshalJSON()
	if err != nil {
		return err
	}
	status := "playing"
	if g.Over() {
		status = "over"
	}
	m := store.Move{GameID: ss.game.ID, FromVersion: ss.version, State: string(state), Status: status, At: clock(at)}
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
				StudentID: ss.child.student.ID, PlaySessionID: ss.ps.ID, GameID: &ss.game.ID, Game: "potion",
				Level: ss.level.Name, A: a.A, B: a.B, Given: a.Given, Correct: a.Correct,
				Kind: string(a.Kind), ResponseMS: a.ResponseMS, Seq: ss.seq, At: clock(ts.at),
			})
		}
	}
	if len(m.Events) == 0 && len(m.Attempts) == 0 {
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
// class's level, 30 minutes a week, started before the history's last two
// weeks and due in a week; the sessions of those weeks count towards it.
func assignments(ctx context.Context, st *store.Store, school School, now time.Time) error {
	for _, c := range school.Classes {
		level := games.Green()
		title := "Tables 2 à 5 / Tables 2 to 5"
		if len(c.Students) > 0 && c.Students[0].Level == games.LevelViolet {
			level, title = games.Violet(), "Tables 6 à 9 / Tables 6 to 9"
		}
		a := store.NewAssignment(dashboard.Assignment{
			ClassID: c.ID, Title: title, Level: level, Games: []string{"potion"},
			Target: dashboard.Target{Unit: dashboard.TargetMinutes, PerWeek: 30},
			Start:  now.AddDate(0, 0, -14), Due: now.AddDate(0, 0, 7), Timers: true,
		}, school.Teacher.ID, now.AddDate(0, 0, -14))
		if err := st.CreateAssignment(ctx, &a, nil); err != nil {
			return fmt.Errorf("demo: assignment of %s: %w", c.Name, err)
		}
	}
	return nil
}
