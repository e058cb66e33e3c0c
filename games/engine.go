package games

import "encoding/json"

// Engine is what the server needs from every game. Each game package has its
// own typed API (New, Legal, Apply with typed moves, bots); its Engine adapter
// decodes moves from JSON and is what the server saves, loads and drives.
//
// Time: at is milliseconds on the game's own clock, given by the caller with
// every input and never decreasing. Turn-based games use it only to measure
// response times; real-time games use it to judge reactions.
type Engine interface {
	// Game names the game and edition, e.g. "potion/3", "cats", "cube/1".
	Game() string
	// Seats lists the seats in play order.
	Seats() []Seat
	// Waiting lists the seats whose input the game awaits now.
	Waiting() []int
	// Apply decodes and applies one move of a human seat. A refused move
	// returns a *RuleError and leaves the game unchanged.
	Apply(seat int, move json.RawMessage, at int64) (Step, error)
	// Advance lets time pass to at: computer players move, reaction windows
	// and timers close. It returns what happened (possibly nothing).
	Advance(at int64) (Step, error)
	// Next is the clock time at which Advance has something to do without
	// any human input (a computer's reaction, a timer), if any.
	Next() (at int64, ok bool)
	// View is what seat may see, ready to be sent to its interface as JSON,
	// including the moves it may make now.
	View(seat int) any
	// Over reports the end of the game, and Result its outcome.
	Over() bool
	Result() Result
	// Log is the input log (moves and advances) from which Replay rebuilds
	// the game exactly.
	Log() []Input
	// MarshalJSON saves the full state; the package's Load restores it.
	MarshalJSON() ([]byte, error)
}

// Step is what one input produced.
type Step struct {
	// Events describe what happened, for display and the replay; they carry
	// only public information (hidden cards stay in the views).
	Events []Event `json:"events,omitempty"`
	// Attempts are the multiplications human seats did or missed.
	Attempts []Attempt `json:"attempts,omitempty"`
}

// Merge appends other to s.
func (s *Step) Merge(other Step) {
	s.Events = append(s.Events, other.Events...)
	s.Attempts = append(s.Attempts, other.Attempts...)
}

// Event is one public thing that happened.
type Event struct {
	At   int64          `json:"at"`
	Seat int            `json:"seat"` // -1 when no seat did it
	Type string         `json:"type"`
	Data map[string]any `json:"data,omitempty"`
}

// Input is one entry of the input log: a human move, or time advanced.
type Input struct {
	At   int64           `json:"at"`
	Seat int             `json:"seat"`           // -1 for Advance
	Move json.RawMessage `json:"move,omitempty"` // nil for Advance
}

// Result is how a game ended.
type Result struct {
	Winners []int  `json:"winners"` // empty: no winner (a tie nobody wins)
	Scores  []int  `json:"scores"`  // per seat: trophies, points, stars…
	Reason  string `json:"reason"`  // a rule code for why it ended
}

// Replay rebuilds a game by feeding log to a fresh one: the engine returned by
// fresh must be the game as New dealt it. It returns the game and every step.
func Replay(fresh Engine, log []Input) (Engine, []Step, error) {
	steps := make([]Step, 0, len(log))
	for _, in := range log {
		var (
			st  Step
			err error
		)
		if in.Move == nil {
			st, err = fresh.Advance(in.At)
		} else {
			st, err = fresh.Apply(in.Seat, in.Move, in.At)
		}
		if err != nil {
			return nil, nil, err
		}
		steps = append(steps, st)
	}
	return fresh, steps, nil
}
