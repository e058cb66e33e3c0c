package play

import (
	"encoding/json"
	"fmt"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
)

// ReplayStep is one step of a game as a teacher or a parent replays it:
// the board as the child's seat saw it, and what happened.
type ReplayStep struct {
	// Inputs is how many moves and clock advances the step gathers.
	Inputs int `json:"inputs"`
	// At is the game clock (ms) at the step's last input.
	At int64 `json:"at"`
	// View is the engine's view of the child's seat, drawn by the same
	// modules the child plays with.
	View     json.RawMessage `json:"view"`
	Events   []games.Event   `json:"events"`
	Attempts []games.Attempt `json:"attempts"` // the child's seat's only
	Over     bool            `json:"over"`
}

// Rewind deals the game again from the config and seed its saved state
// keeps, feeds it its input log (the engines are deterministic: this is
// the game as it was played) and cuts it into the steps a reader follows,
// seen from seat. Inputs that did nothing visible (a clock advance with no
// event and no attempt) are left out.
func (g *Game) Rewind(seat int) ([]ReplayStep, error) {
	saved, err := g.eng.MarshalJSON()
	if err != nil {
		return nil, err
	}
	fresh, err := dealAgain(g.Kind.Name, saved)
	if err != nil {
		return nil, fmt.Errorf("play: rewind game %d: %w", g.Row.ID, err)
	}
	var raw []ReplayStep
	for _, in := range g.eng.Log() {
		var st games.Step
		if in.Move == nil {
			st, err = fresh.Advance(in.At)
		} else {
			st, err = fresh.Apply(in.Seat, in.Move, in.At)
		}
		if err != nil {
			return nil, fmt.Errorf("play: rewind game %d: %w", g.Row.ID, err)
		}
		if len(st.Events) == 0 && len(st.Attempts) == 0 {
			continue
		}
		// The view is written now: the engine goes on changing.
		view, err := json.Marshal(fresh.View(seat))
		if err != nil {
			return nil, err
		}
		step := ReplayStep{Inputs: 1, At: in.At, View: view, Events: st.Events, Attempts: []games.Attempt{}, Over: fresh.Over()}
		for _, a := range st.Attempts {
			if a.Seat == seat {
				step.Attempts = append(step.Attempts, a)
			}
		}
		raw = append(raw, step)
	}
	if g.Kind.Name == games.Cats {
		return byExchange(raw), nil
	}
	return raw, nil
}

// dealAgain deals a fresh game from the config and seed a saved state
// keeps, as New dealt it.
func dealAgain(name games.Name, saved []byte) (games.Engine, error) {
	var s struct {
		Config json.RawMessage `json:"config"`
		Seed   uint64          `json:"seed"`
	}
	if err := json.Unmarshal(saved, &s); err != nil {
		return nil, err
	}
	switch name {
	case games.Potion:
		var cfg potion.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return asEngine(potion.New(cfg, s.Seed))
	case games.Cats:
		var cfg cats.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return asEngine(cats.New(cfg, s.Seed))
	case games.Cube:
		var cfg cube.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return asEngine(cube.New(cfg, s.Seed))
	case games.Magicoa:
		var cfg magicoa.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return asEngine(magicoa.New(cfg, s.Seed))
	}
	return nil, fmt.Errorf("unknown game %q", name)
}

// quietCats are the Multipli Cat's events that do not end an exchange: the
// cards revealed (and what a special does when revealed), and a reaction
// window closing on nothing.
var quietCats = map[string]bool{"reveal": true, "recycle": true, "direction": true, "magic": true, "window_closed": true, "slap": true}

// byExchange groups Multipli Cat's steps by exchange: the cards revealed
// one after the other up to the slap (or the missed match, the gluttony,
// the special) that settles them make one step, so a teacher reads a game
// in a few dozen steps instead of one page per card.
//
// Decision: the board of such a step is the table as it stood when the
// exchange was decided (before the settling input): the cards the child had
// to compare. What the exchange did is in the step's events, and the next
// step's board shows the piles after it.
func byExchange(raw []ReplayStep) []ReplayStep {
	var out []ReplayStep
	var cur *ReplayStep
	var before json.RawMessage
	for _, st := range raw {
		if cur == nil {
			cur = &ReplayStep{Events: []games.Event{}, Attempts: []games.Attempt{}}
		}
		settles := len(st.Attempts) > 0 || st.Over
		for _, e := range st.Events {
			settles = settles || !quietCats[e.Type]
		}
		cur.Inputs += st.Inputs
		cur.At, cur.Over = st.At, st.Over
		cur.Events = append(cur.Events, st.Events...)
		cur.Attempts = append(cur.Attempts, st.Attempts...)
		cur.View = st.View
		if settles {
			if before != nil && cur.Inputs > 1 {
				cur.View = before
			}
			out = append(out, *cur)
			cur = nil
		}
		before = st.View
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}
