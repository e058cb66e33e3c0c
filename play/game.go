package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// Errors the HTTP layer maps to answers.
var (
	// ErrNotPlayer: the student has no seat in the game (answered as not
	// found, so that game ids reveal nothing).
	ErrNotPlayer = fmt.Errorf("play: not a player of this game: %w", store.ErrNotFound)
	// ErrStale: the move was computed on an older version (409).
	ErrStale = errors.New("play: game version moved")
)

// RequestError is a request the pipeline refuses before touching a game
// (unknown game, bad edition, a classmate of another class…).
type RequestError struct {
	Field  string
	Code   string
	Params map[string]any // what the message names (may be nil)
}

func (e *RequestError) Error() string { return "play: bad request: " + e.Field + " " + e.Code }

// seqWindow is a seat's remembered applied seqs (increasing), above Floor:
// at or below Floor nothing is remembered.
type seqWindow struct {
	Floor int64   `json:"floor"`
	Seqs  []int64 `json:"seqs"`
}

// Seat is one seat as saved in the games.seats column: the engine's seat and,
// for a student's seat, who sits there.
type Seat struct {
	games.Seat
	StudentID int64 `json:"student_id,omitempty"`
}

// saved is what the games.state column holds: the engine's own JSON wrapped
// with what the pipeline needs to continue the game on any instance.
type saved struct {
	Engine json.RawMessage `json:"engine"`
	// ClockMS is the game clock at the last save, SavedAt the server time
	// of that save: the clock now is ClockMS plus the time since, capped.
	ClockMS int64     `json:"clock_ms"`
	SavedAt time.Time `json:"saved_at"`
	// LastSeq is, per seat, the client sequence number of the last move
	// applied: a resent move (same seq) is recognised and stored once.
	LastSeq []int64 `json:"last_seq"`
	// Applied is, per seat, its last appliedWindow applied seqs: a seq at
	// or below LastSeq that is not among them was passed over by a later
	// move, never applied (two moves sent at once that arrived out of
	// order), and is refused rather than answered as a resend. Saves
	// from before it have none: every such seq is then a resend.
	Applied []seqWindow `json:"applied,omitempty"`
	// Sessions is, per seat, the play session of the student sitting there
	// (0 for computers, and for an invited classmate until they join).
	Sessions []int64 `json:"sessions"`
	// Level is the deck level's name, written on every attempt.
	Level games.LevelName `json:"level"`
	// Last is what the last save did (events and attempts), sent with the
	// state so that every seat can show it.
	Last games.Step `json:"last"`
	// Recent keeps the last steps by the version they made, so that a
	// client a few versions behind is sent everything it missed.
	Recent []recorded `json:"recent,omitempty"`
}

// recorded is one saved step and the version it made.
type recorded struct {
	Version int        `json:"version"`
	Step    games.Step `json:"step"`
}

// recentSteps is how many steps the saved state keeps for late clients.
const recentSteps = 16

// maxGap caps how far the game clock moves between two saves. A student who
// closes the tablet and comes back the next day finds the game where they
// left it (plus at most this), not a day of timers run out; response times
// longer than this are capped too (they mean the child was away).
const maxGap = 2 * time.Minute

func (e *saved) clockAt(wall time.Time) int64 {
	d := min(max(wall.Sub(e.SavedAt), 0), maxGap)
	return e.ClockMS + d.Milliseconds()
}

// wallAt is the server time at which the game clock reaches at (for the
// real-time driver's timer); far is true when it lies beyond the cap.
func (e *saved) wallAt(at int64) (time.Time, bool) {
	d := time.Duration(at-e.ClockMS) * time.Millisecond
	return e.SavedAt.Add(max(d, 0)), d > maxGap
}

// Game is a loaded game: its row, seats, pipeline state and engine.
type Game struct {
	Row   store.Game
	Kind  *Kind
	Seats []Seat
	env   saved
	eng   games.Engine
}

// Engine is the loaded engine (read only: the pipeline applies moves).
func (g *Game) Engine() games.Engine { return g.eng }

// SeatOf is the seat of a student in the game.
func (g *Game) SeatOf(studentID int64) (int, bool) {
	for i, s := range g.Seats {
		if s.Human() && s.StudentID == studentID {
			return i, true
		}
	}
	return 0, false
}

// SessionOf is the play session of a seat (0 when none yet).
func (g *Game) SessionOf(seat int) int64 {
	if seat < 0 || seat >= len(g.env.Sessions) {
		return 0
	}
	return g.env.Sessions[seat]
}

// lastSeq is the client seq of the seat's last applied move (0 when none).
func (g *Game) lastSeq(seat int) int64 {
	if seat < 0 || seat >= len(g.env.LastSeq) {
		return 0
	}
	return g.env.LastSeq[seat]
}

func (s *Service) loadGame(ctx context.Context, id int64) (*Game, error) {
	row, err := s.store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	return decodeGame(row)
}

func decodeGame(row store.Game) (*Game, error) {
	k, ok := KindOf(games.Name(row.Game))
	if !ok {
		return nil, fmt.Errorf("play: game %d: unknown game %q", row.ID, row.Game)
	}
	g := &Game{Row: row, Kind: k}
	if err := json.Unmarshal([]byte(row.Seats), &g.Seats); err != nil {
		return nil, fmt.Errorf("play: game %d: read seats: %w", row.ID, err)
	}
	if err := json.Unmarshal([]byte(row.State), &g.env); err != nil {
		return nil, fmt.Errorf("play: game %d: read state: %w", row.ID, err)
	}
	eng, err := loadEngine(k.Name, g.env.Engine)
	if err != nil {
		return nil, fmt.Errorf("play: game %d: %w", row.ID, err)
	}
	g.eng = eng
	for len(g.env.LastSeq) < len(g.Seats) {
		g.env.LastSeq = append(g.env.LastSeq, 0)
	}
	for len(g.env.Sessions) < len(g.Seats) {
		g.env.Sessions = append(g.env.Sessions, 0)
	}
	return g, nil
}

// encodeState writes the envelope with the engine's current state; last is
// the step that makes version.
func (g *Game) encodeState(clock int64, wall time.Time, last games.Step, version int) (string, error) {
	eng, err := g.eng.MarshalJSON()
	if err != nil {
		return "", fmt.Errorf("play: save game %d: %w", g.Row.ID, err)
	}
	g.env.Engine, g.env.ClockMS, g.env.SavedAt, g.env.Last = eng, clock, wall.UTC(), last
	if len(last.Events) > 0 || len(last.Attempts) > 0 {
		g.env.Recent = append(g.env.Recent, recorded{Version: version, Step: last})
		if n := len(g.env.Recent); n > recentSteps {
			g.env.Recent = append([]recorded(nil), g.env.Recent[n-recentSteps:]...)
		}
	}
	b, err := json.Marshal(g.env)
	if err != nil {
		return "", fmt.Errorf("play: save game %d: %w", g.Row.ID, err)
	}
	return string(b), nil
}

func (g *Game) status() string {
	if g.eng.Over() {
		return store.GameOver
	}
	return store.GamePlaying
}

// SavedState is the games.state column for a game played outside the
// pipeline (the demo school's history): the envelope the pipeline writes,
// so that such a game loads, continues and replays like any other. sessions
// is the play session of each seat (0 for computers), level the deck
// level's name, clock the game clock at wall.
func SavedState(eng games.Engine, level games.LevelName, sessions []int64, clock int64, wall time.Time) (string, error) {
	g := &Game{eng: eng, env: saved{LastSeq: make([]int64, len(sessions)), Sessions: sessions, Level: level}}
	return g.encodeState(clock, wall, games.Step{}, 0)
}

// DecodeGame reads a saved game row: its seats, pipeline state and engine.
func DecodeGame(row store.Game) (*Game, error) { return decodeGame(row) }
