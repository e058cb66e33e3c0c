package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// A game replayed move by move: the game's event log (game_events), cut
// into moves (the events one saved move wrote share its time), with the
// attempts of the game marked on the move that made them.

type replayEvent struct {
	N    int            `json:"n"`
	Seat int            `json:"seat"`
	Type string         `json:"type"`
	Data map[string]any `json:"data,omitempty"`
	Text string         `json:"text"`
}

type replayAttempt struct {
	A          int    `json:"a"`
	B          int    `json:"b"`
	Given      *int   `json:"given"`
	Correct    bool   `json:"correct"`
	Kind       string `json:"kind"`
	ResponseMS *int64 `json:"response_ms"`
	Seq        int64  `json:"seq"`
}

type replayMove struct {
	Index    int             `json:"index"` // 1-based
	At       time.Time       `json:"at"`
	Events   []replayEvent   `json:"events"`
	Attempts []replayAttempt `json:"attempts"`
}

type replayJSON struct {
	GameID    int64  `json:"game_id"`
	Game      string `json:"game"`
	Edition   string `json:"edition"`
	Level     string `json:"level"`
	StudentID int64  `json:"student_id"`
	Status    string `json:"status"`
	// Seat is the child's seat (-1 when the game no longer seats them).
	Seat int `json:"seat"`
	// Players name every seat in the request's language: the child's
	// name, the computers as the child saw them ("Computer 1"…).
	Players []replayPlayer `json:"players"`
	// Steps are the game dealt again and replayed (play.Game.Rewind), with
	// the board as the child saw it; empty when the saved game cannot be
	// replayed (a game stored outside the play pipeline).
	Steps  []replayStep  `json:"steps"`
	Result *games.Result `json:"result,omitempty"`
	// Moves is the stored event log cut into saves, as written.
	Moves []replayMove `json:"moves"`
}

type replayPlayer struct {
	Kind games.SeatKind `json:"kind"`
	Name string         `json:"name"`
	// numbered: a computer without a name of its own, called "Computer n".
	numbered bool
}

type replayStep struct {
	Index    int             `json:"index"` // 1-based
	At       int64           `json:"at"`    // game clock, ms
	Inputs   int             `json:"inputs"`
	View     json.RawMessage `json:"view"`
	Events   []games.Event   `json:"events"`
	Attempts []stepAttempt   `json:"attempts"`
	Over     bool            `json:"over"`
}

// stepAttempt is one multiplication of the child in a step, with its
// verdict spelled: right, wrong or missed.
type stepAttempt struct {
	A       int        `json:"a"`
	B       int        `json:"b"`
	Given   *int       `json:"given"`
	Correct bool       `json:"correct"`
	Kind    games.Kind `json:"kind"`
	Verdict string     `json:"verdict"`
	// Refused: the rules refused the move (a wrong capture, a cover that
	// is not greater); the game went on from the same board.
	Refused bool `json:"refused,omitempty"`
}

func verdictOf(correct bool, given *int) string {
	switch {
	case correct:
		return "right"
	case given == nil:
		return "missed"
	}
	return "wrong"
}

// eventText writes an event for people: its type and its data, keys in
// order ("capture: a=7 b=8 seat=1"). The engines' data is public
// information only (games.Step), so it may be shown as it is.
func eventText(e games.Event) string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := []string{strings.ReplaceAll(e.Type, "_", " ")}
	for _, k := range keys {
		v, _ := json.Marshal(e.Data[k])
		parts = append(parts, fmt.Sprintf("%s=%s", k, v))
	}
	return strings.Join(parts, " ")
}

// replayOf loads a game the caller may see (through its student) and cuts
// its log into moves.
func (s *Server) replayOf(c echo.Context) (replayJSON, store.Student, error) {
	id, err := pathID(c)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	ctx := c.Request().Context()
	g, err := s.store.Game(ctx, id)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	ps, err := s.store.PlaySession(ctx, g.PlaySessionID)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	st, err := s.StudentFor(c, ps.StudentID)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	events, err := s.store.GameEvents(ctx, g.ID, 0)
	if err != nil {
		return replayJSON{}, st, err
	}
	attempts, err := s.store.AttemptsOfSession(ctx, ps.ID)
	if err != nil {
		return replayJSON{}, st, err
	}
	out := replayJSON{GameID: g.ID, Game: g.Game, StudentID: st.ID, Status: g.Status, Seat: -1,
		Players: []replayPlayer{}, Steps: []replayStep{}, Moves: []replayMove{}}
	// Another child who played in the game is named only to whoever may
	// see them (their teacher, their parent): the host's parent reads
	// "Classmate 1", and that child's answers are no one's in particular.
	mayName := func(id int64) bool { _, err := s.StudentFor(c, id); return err == nil }
	rewind(&out, g, st, pageLang(c), mayName)
	refusedOn(out.Steps, events, attempts, g.ID)
	for _, row := range events {
		var e games.Event
		_ = json.Unmarshal([]byte(row.Event), &e) // a row the engine wrote; unreadable data shows as its type only
		ev := replayEvent{N: row.N, Seat: e.Seat, Type: e.Type, Data: e.Data, Text: eventText(e)}
		if n := len(out.Moves); n > 0 && out.Moves[n-1].At.Equal(row.At.UTC()) {
			out.Moves[n-1].Events = append(out.Moves[n-1].Events, ev)
			continue
		}
		out.Moves = append(out.Moves, replayMove{Index: len(out.Moves) + 1, At: row.At.UTC(), Events: []replayEvent{ev}, Attempts: []replayAttempt{}})
	}
	for _, a := range attempts {
		if a.GameID != nil && *a.GameID != g.ID || len(out.Moves) == 0 {
			continue
		}
		// The attempt belongs to the last move saved at or before it.
		i := 0
		for j, m := range out.Moves {
			if !m.At.After(a.At) {
				i = j
			}
		}
		out.Moves[i].Attempts = append(out.Moves[i].Attempts, replayAttempt{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct, Kind: a.Kind, ResponseMS: a.ResponseMS, Seq: a.Seq})
	}
	return out, st, nil
}

// rewind fills the players and the steps from the game dealt again. A game
// that does not load or replay (stored outside the play pipeline) keeps
// only its event log: the page then shows the attempts without a board.
func rewind(out *replayJSON, row store.Game, st store.Student, lang string, mayName func(studentID int64) bool) {
	g, err := play.DecodeGame(row)
	if err != nil {
		return
	}
	dto := g.DTO(0, time.Time{}, -1)
	out.Edition, out.Level = dto.Edition, string(dto.Level)
	computers, classmates := 0, 0
	hidden := map[string]string{} // a classmate's name in the views → what is shown
	for i, seat := range g.Seats {
		p := replayPlayer{Kind: seat.Kind, Name: seat.Name}
		switch {
		case seat.Human() && seat.StudentID == st.ID:
			p.Name = st.DisplayName
		case seat.Human() && seat.StudentID != 0 && !mayName(seat.StudentID):
			classmates++
			p.Name = catalog.T(lang, "replay.classmate", "n", classmates)
			if seat.Name != "" {
				hidden[seat.Name] = p.Name
			}
		case p.Name != "":
		case seat.Kind == games.SeatComputer:
			computers++
			p.Name, p.numbered = catalog.T(lang, "replay.computer", "n", computers), true
		default:
			// A classmate erased since: a seat number, as the play page says.
			p.Name = catalog.T(lang, "seat.n", "n", i+1)
		}
		out.Players = append(out.Players, p)
	}
	seat, ok := g.SeatOf(st.ID)
	if !ok {
		return
	}
	steps, err := g.Rewind(seat)
	if err != nil {
		return
	}
	out.Seat = seat
	if g.Engine().Over() {
		r := g.Engine().Result()
		out.Result = &r
	}
	for i, x := range steps {
		step := replayStep{Index: i + 1, At: x.At, Inputs: x.Inputs, View: renamed(x.View, hidden), Events: x.Events, Attempts: []stepAttempt{}, Over: x.Over}
		for _, a := range x.Attempts {
			step.Attempts = append(step.Attempts, stepAttempt{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct, Kind: a.Kind, Verdict: verdictOf(a.Correct, a.Given)})
		}
		out.Steps = append(out.Steps, step)
	}
}

// renamed gives every "name" in a view that is a hidden classmate's the
// name shown instead (the views of Multipli Cat's and Magicoa name their
// players). A view that does not decode is left out rather than shown.
func renamed(view json.RawMessage, hidden map[string]string) json.RawMessage {
	if len(hidden) == 0 {
		return view
	}
	var v any
	if err := json.Unmarshal(view, &v); err != nil {
		return nil
	}
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				if name, ok := y.(string); ok && k == "name" && hidden[name] != "" {
					x[k] = hidden[name]
					continue
				}
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	out, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return out
}

// refusedOn marks the attempts of moves the rules refused on the step the
// child was looking at when they made them. A refused move changes nothing,
// so it is not in the engine's input log and the replay does not make its
// attempt (a wrong capture, a cover that is not greater): the store has it,
// numbered after the version it was refused on (seq mod 1000 ≥ 900, see
// play/move.go). Its step is the one holding the last event saved at or
// before it; the steps' events are the stored ones, in order (a log that
// does not match them is left as it is).
func refusedOn(steps []replayStep, rows []store.GameEvent, attempts []store.Attempt, gameID int64) {
	total := 0
	for _, st := range steps {
		total += len(st.Events)
	}
	if total != len(rows) || len(steps) == 0 {
		return
	}
	for _, a := range attempts {
		if a.GameID == nil || *a.GameID != gameID || a.Seq%1000 < 900 {
			continue
		}
		on, k := 0, 0
		for i, st := range steps {
			k += len(st.Events)
			if k > 0 && !rows[k-1].At.After(a.At) {
				on = i
			}
		}
		steps[on].Attempts = append(steps[on].Attempts, stepAttempt{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct,
			Kind: games.Kind(a.Kind), Verdict: verdictOf(a.Correct, a.Given), Refused: true})
	}
}

func (s *Server) handleGameReplayJSON(c echo.Context) error {
	r, _, err := s.replayOf(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

type replayPage struct {
	pageBase
	R       map[string]string // the replay.* texts
	Student store.Student
	Replay  replayJSON
	Game    string
	// Played is the day of the game's first move, written out ("25
	// November 2026"): how a teacher tells two games apart, where the
	// game's number meant nothing to them. Empty before any move.
	Played  string
	Index   int // the step shown, 1-based; 0 when the game has none
	Total   int
	Prev    int // 0: none
	Next    int
	Where   string // "Step 3 of 12"
	Lines   []attemptLine
	NoMult  string
	BoardAs string
	Board   bool // the game replays: the page's script draws its board
	// Players are the seats as the page lists them: a computer says it is
	// one ("Pixel (computer)"), since its name alone could be a child's.
	Players []string
}

// attemptLine is one multiplication of the child as the page writes it:
// an icon and a word, never the colour alone.
type attemptLine struct {
	Verdict string // right, wrong, missed (the class)
	Icon    string
	Word    string
	Text    string
}

var verdictIcons = map[string]string{"right": "✓", "wrong": "✗", "missed": "!"}

func attemptLines(lang string, list []stepAttempt) []attemptLine {
	out := make([]attemptLine, 0, len(list))
	for _, a := range list {
		given := 0
		if a.Given != nil {
			given = *a.Given
		}
		out = append(out, attemptLine{Verdict: a.Verdict, Icon: verdictIcons[a.Verdict], Word: catalog.T(lang, "replay."+a.Verdict),
			Text: catalog.T(lang, "replay.att."+a.Verdict, "a", a.A, "b", a.B, "p", a.A*a.B, "given", given)})
		if a.Refused {
			out[len(out)-1].Text += " " + catalog.T(lang, "replay.refused")
		}
	}
	return out
}

// pageSteps are the attempts of each step the page steps through: the
// replayed steps, or for a game that does not replay, its saved moves.
func pageSteps(r replayJSON) [][]stepAttempt {
	var out [][]stepAttempt
	if len(r.Steps) > 0 {
		for _, st := range r.Steps {
			out = append(out, st.Attempts)
		}
		return out
	}
	for _, m := range r.Moves {
		list := []stepAttempt{}
		for _, a := range m.Attempts {
			list = append(list, stepAttempt{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct, Kind: games.Kind(a.Kind), Verdict: verdictOf(a.Correct, a.Given)})
		}
		out = append(out, list)
	}
	return out
}

// handleGameReplayPage shows one step (?step=N) with links to step
// through, which work without the script; the script (dash/replay.js)
// draws the board of each step and steps without reloading.
func (s *Server) handleGameReplayPage(c echo.Context) error {
	r, st, err := s.replayOf(c)
	if err != nil {
		return err
	}
	steps := pageSteps(r)
	p := replayPage{pageBase: s.newPageBase(c, ""), Student: st, Replay: r, Total: len(steps), Game: dashboard.GameLabel(r.Game), Board: len(r.Steps) > 0}
	p.R = catalog.Section(p.Lang, "replay.")
	if len(r.Moves) > 0 {
		p.Played = letterDate(p.Lang, r.Moves[0].At.UTC())
	}
	for _, pl := range r.Players {
		name := pl.Name
		if pl.Kind == games.SeatComputer && !pl.numbered {
			name = catalog.T(p.Lang, "replay.computer_named", "name", name)
		}
		p.Players = append(p.Players, name)
	}
	p.Scripts = []string{"/static/dash/replay.js"}
	p.Title = catalog.T(p.Lang, "replay.title", "name", st.DisplayName)
	if p.Total > 0 {
		// ?move= is the address the page had before it showed boards.
		p.Index = min(max(intParam(c, "step", intParam(c, "move", 1)), 1), p.Total)
		if p.Index > 1 {
			p.Prev = p.Index - 1
		}
		if p.Index < p.Total {
			p.Next = p.Index + 1
		}
		p.Where = catalog.T(p.Lang, "replay.step_of", "n", p.Index, "total", p.Total)
		p.Lines = attemptLines(p.Lang, steps[p.Index-1])
		p.NoMult = catalog.T(p.Lang, "replay.no_mult", "name", st.DisplayName)
		p.BoardAs = catalog.T(p.Lang, "replay.board_as", "name", st.DisplayName)
	}
	return s.render(c, "dash_replay.html", p)
}
