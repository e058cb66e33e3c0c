package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// StartRequest starts a session and deals its game.
type StartRequest struct {
	StudentID int64
	Game      games.Name
	Edition   games.Edition // "" takes the game's first edition
	Opponents int           // 0 takes the game's default
	// ClassmateID invites a classmate to the second seat (MultipliPotion,
	// Multipli Cat's); the other opponents are computers.
	ClassmateID int64
	// Options are rules added from the game's menu (Kind.Options).
	Options []string
}

// PlanDTO is the plan as the interface shows it.
type PlanDTO struct {
	Level     games.Level          `json:"level"`
	LevelName games.LevelName      `json:"level_name"`
	Decision  string               `json:"decision"`
	Reason    games.Message        `json:"reason"`
	Timer     pedagogy.TimerPolicy `json:"timer"`
	Opponents []pedagogy.Opponent  `json:"opponents,omitempty"`
	Step      games.LevelName      `json:"step,omitempty"`
	Review    bool                 `json:"review,omitempty"`
}

// SessionDTO is a started session.
type SessionDTO struct {
	ID   int64   `json:"id"`
	Plan PlanDTO `json:"plan"`
}

// Started is the answer to a start.
type Started struct {
	Session SessionDTO `json:"session"`
	Game    GameDTO    `json:"game"`
}

// sessionPlan is what play_sessions.plan holds: the plan, the game, and the
// facts fluent when the session started (for the end-of-session summary).
type sessionPlan struct {
	PlanDTO
	Game         games.Name    `json:"game"`
	Edition      games.Edition `json:"edition"`
	Options      []string      `json:"options,omitempty"`
	FluentBefore []games.Fact  `json:"fluent_before"`
	InvitedBy    int64         `json:"invited_by,omitempty"`
}

// computerNames are the computer players' names (the same in both languages).
var computerNames = []string{"Pixel", "Moka", "Nova", "Biscuit", "Zébulon", "Réglisse", "Tornade"}

// Start asks the pedagogy for a plan (learning.Meaning.Start), tunes the
// computer opponents to the student, deals the game, and writes the
// student's core, the level decision, the session and the game in one
// transaction: a failure part-way leaves nothing.
func (s *Service) Start(ctx context.Context, r StartRequest) (Started, error) {
	k, ok := KindOf(r.Game)
	if !ok {
		return Started{}, &RequestError{Field: "game", Code: "unknown_game"}
	}
	if r.Edition == "" {
		r.Edition = k.Editions[0]
	}
	if !k.HasEdition(r.Edition) {
		return Started{}, &RequestError{Field: "edition", Code: "unknown_edition"}
	}
	opponents := r.Opponents
	if opponents == 0 {
		opponents = k.DefaultOpponents
	}
	if opponents < k.MinOpponents || opponents > k.MaxOpponents {
		return Started{}, &RequestError{Field: "opponents", Code: "bad_opponents"}
	}
	if err := k.checkOptions(r.Edition, r.Options, opponents); err != nil {
		return Started{}, err
	}
	kid, err := s.store.Student(ctx, r.StudentID)
	if err != nil {
		return Started{}, err
	}
	var mate *store.Student
	if r.ClassmateID != 0 {
		if !k.TwoStudents || r.ClassmateID == kid.ID {
			return Started{}, &RequestError{Field: "classmate_id", Code: "bad_classmate"}
		}
		m, err := s.store.Student(ctx, r.ClassmateID)
		if errors.Is(err, store.ErrNotFound) || (err == nil && m.ClassID != kid.ClassID) {
			return Started{}, &RequestError{Field: "classmate_id", Code: "bad_classmate"}
		}
		if err != nil {
			return Started{}, err
		}
		mate = &m
	}

	wall := s.wall()
	c, assignmentID, err := s.constraintFor(ctx, kid.ID, k.Name, wall)
	if err != nil {
		return Started{}, err
	}
	pst, err := s.pedagogyStudent(ctx, kid)
	if err != nil {
		return Started{}, err
	}
	// The meaning of the start: the plan, the student's core with the
	// session counted, the level decision; written below with the session
	// and the game, all in one transaction.
	plan, pst, changes := s.meaning.Start(kid.ID, pst, kid.Level, c, wall)
	if kid.NoTimers {
		plan.Timer = pedagogy.TimerPolicy{} // the teacher's setting wins, whatever the model says
	}

	seats := []Seat{{Seat: games.Seat{Kind: games.SeatStudent, Name: kid.DisplayName}, StudentID: kid.ID}}
	var tuned []pedagogy.Opponent
	computers := opponents
	if mate != nil {
		seats = append(seats, Seat{Seat: games.Seat{Kind: games.SeatStudent, Name: mate.DisplayName}, StudentID: mate.ID})
		computers--
	}
	if computers > 0 {
		// The pedagogy's calibration of each game (measured on the engines'
		// own bots) where it has one; Monster Cube's is rule set #4's.
		opp := s.model.TuneOpponentFor(k.Name, pst, plan.Level, pedagogy.DefaultTargetWin)
		if racesOnTime(k.Name, r.Edition) {
			// The calibration measured the turns of #4, where the timer
			// decides; in the rule sets where everyone looks at once the
			// computer's pace is the child's own (pedagogy.RaceReactionMS).
			opp.ReactionMS = s.model.RaceReactionMS(pst, plan.Level, pedagogy.CubeFindFactor, pedagogy.DefaultTargetWin, computers)
		}
		for i := range computers {
			tuned = append(tuned, opp)
			seats = append(seats, Seat{Seat: opp.Seat(computerNames[i%len(computerNames)])})
		}
	}
	engineSeats := make([]games.Seat, len(seats))
	for i, st := range seats {
		engineSeats[i] = st.Seat
	}
	eng, err := k.New(Setup{
		Edition: r.Edition, Level: plan.Level, Seats: engineSeats,
		TimerEnabled: plan.Timer.Enabled, AnswerMS: plan.Timer.AnswerMS, WindowMS: plan.Timer.WindowMS,
		NoTimers: kid.NoTimers || c.NoTimers, Options: r.Options,
	}, s.seed())
	if err != nil {
		return Started{}, err
	}

	pdto := PlanDTO{
		Level: plan.Level, LevelName: plan.Level.Name, Decision: plan.Decision, Reason: plan.Reason,
		Timer: plan.Timer, Opponents: tuned, Step: plan.Step, Review: plan.Review,
	}
	ps, err := s.newSession(ctx, kid.ID, assignmentID, pdto, k.Name, r.Edition, r.Options, 0, wall)
	if err != nil {
		return Started{}, err
	}
	g := &Game{Kind: k, Seats: seats, eng: eng, env: saved{
		LastSeq: make([]int64, len(seats)), Sessions: make([]int64, len(seats)), Level: plan.Level.Name,
	}}
	seatsJSON, err := json.Marshal(seats)
	if err != nil {
		return Started{}, fmt.Errorf("play: seats: %w", err)
	}
	deal := func(sessionID int64) (*store.Game, error) {
		g.env.Sessions[0] = sessionID
		state, err := g.encodeState(0, wall, games.Step{}, 0)
		if err != nil {
			return nil, err
		}
		g.Row = store.Game{
			PlaySessionID: sessionID, Game: string(k.Name), Edition: string(r.Edition), Seats: string(seatsJSON), State: state,
			Status: g.status(), CreatedAt: wall, UpdatedAt: wall,
		}
		return &g.Row, nil
	}
	if err := s.store.StartPlay(ctx, store.Start{Changes: changes, Session: &ps, Game: deal}); err != nil {
		return Started{}, err
	}
	// A computer that starts plays at once.
	if _, err := s.advanceDue(ctx, g, wall); err != nil {
		return Started{}, err
	}
	return Started{Session: SessionDTO{ID: ps.ID, Plan: pdto}, Game: g.DTO(0, wall, -1)}, nil
}

// newSession is a play session about to start, with its plan: the plan
// shown, the game, and the facts fluent now (for the end-of-session summary).
func (s *Service) newSession(ctx context.Context, studentID int64, assignmentID *int64, p PlanDTO, game games.Name, edition games.Edition, options []string, invitedBy int64, wall time.Time) (store.PlaySession, error) {
	stats, err := s.store.FactStatsOf(ctx, studentID)
	if err != nil {
		return store.PlaySession{}, err
	}
	sp := sessionPlan{PlanDTO: p, Game: game, Edition: edition, Options: options, FluentBefore: []games.Fact{}, InvitedBy: invitedBy}
	for _, st := range stats {
		if st.Fluent {
			sp.FluentBefore = append(sp.FluentBefore, games.Fact{A: st.A, B: st.B})
		}
	}
	b, err := json.Marshal(sp)
	if err != nil {
		return store.PlaySession{}, fmt.Errorf("play: plan: %w", err)
	}
	return store.PlaySession{StudentID: studentID, AssignmentID: assignmentID, Plan: string(b), StartedAt: wall}, nil
}

// createSession starts a play session (newSession) on its own: a classmate
// joining a game already dealt.
func (s *Service) createSession(ctx context.Context, studentID int64, assignmentID *int64, p PlanDTO, game games.Name, edition games.Edition, options []string, invitedBy int64, wall time.Time) (store.PlaySession, error) {
	ps, err := s.newSession(ctx, studentID, assignmentID, p, game, edition, options, invitedBy, wall)
	if err != nil {
		return ps, err
	}
	return ps, s.store.CreatePlaySession(ctx, &ps)
}

// join starts the play session of an invited classmate the first time they
// open the game, and saves it in the game. It reports whether it saved.
func (s *Service) join(ctx context.Context, g *Game, seat int, wall time.Time) (bool, error) {
	if g.SessionOf(seat) != 0 {
		return false, nil
	}
	var inviter sessionPlan
	if ps, err := s.store.PlaySession(ctx, g.Row.PlaySessionID); err == nil {
		_ = json.Unmarshal([]byte(ps.Plan), &inviter)
	}
	ps, err := s.createSession(ctx, g.Seats[seat].StudentID, nil, inviter.PlanDTO, g.Kind.Name, games.Edition(g.Row.Edition), inviter.Options, g.Seats[0].StudentID, wall)
	if err != nil {
		return false, err
	}
	g.env.Sessions[seat] = ps.ID
	// The join is saved like a move that did nothing, at the clock's time.
	return true, s.save(ctx, g, games.Step{}, g.env.clockAt(wall), wall)
}

// constraintFor reads the teacher's current assignment that allows the game
// (the newest one) into a pedagogy constraint.
func (s *Service) constraintFor(ctx context.Context, studentID int64, game games.Name, wall time.Time) (pedagogy.Constraint, *int64, error) {
	as, err := s.store.ActiveAssignmentsFor(ctx, studentID, wall)
	if err != nil {
		return pedagogy.Constraint{}, nil, err
	}
	for _, a := range as {
		info := readAssignment(a)
		if len(info.Games) > 0 && !slices.Contains(info.Games, game) {
			continue
		}
		c := pedagogy.Constraint{NoTimers: !a.Timers}
		switch {
		case len(info.Tables) > 0 && info.LevelName == games.LevelCustom:
			c.Tables = info.Tables
		case slices.Contains(games.Ladder(), info.LevelName):
			c.FixedLevel = info.LevelName
		}
		id := a.ID
		return c, &id, nil
	}
	return pedagogy.Constraint{}, nil, nil
}

// racesOnTime reports whether the edition's computers race the child in real
// time with a delay the calibration does not set: Monster Cube's rule sets
// #1 and #2, where every player looks at the same monsters at once. (Multipli
// Cat's is a race too, but its calibration already times its cats as a
// multiple of the child's typical time.)
func racesOnTime(game games.Name, edition games.Edition) bool {
	return game == games.Cube && (edition == "1" || edition == "2")
}
