package magicoa

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
)

// Game names the game and edition: "magicoa/classic" or "magicoa/multiplication".
func (g *Game) Game() string {
	return games.Ref{Game: games.Magicoa, Edition: games.Edition(g.s.Config.Edition)}.String()
}

// Seats lists the seats in play order (clockwise).
func (g *Game) Seats() []games.Seat { return slices.Clone(g.s.Config.Seats) }

// Over reports the end of the game.
func (g *Game) Over() bool { return g.s.Phase == PhaseOver }

// Log is the input log Replay rebuilds the game from.
func (g *Game) Log() []games.Input { return slices.Clone(g.s.Inputs) }

// Result is the outcome: the most magic points win, equal points share the
// victory. Before the end it reports the scores so far and no winner.
func (g *Game) Result() games.Result {
	n := g.players()
	r := games.Result{Scores: make([]int, n), Winners: []int{}}
	best := -1
	for s := range n {
		r.Scores[s] = g.Score(s)
		best = max(best, r.Scores[s])
	}
	if !g.Over() {
		return r
	}
	r.Reason = "magicoa.six_rounds"
	if g.s.Config.matches() > 1 {
		r.Reason = "magicoa.two_games" // Expert: two games of six rounds
	}
	for s := range n {
		if r.Scores[s] == best {
			r.Winners = append(r.Winners, s)
		}
	}
	return r
}

// Apply decodes and plays a student's move, recording it in the log. Like
// Play, a refused cover in the multiplication edition returns its `bid`
// attempt in the step together with the rule error: store the attempts of
// a step even when the move was refused.
func (g *Game) Apply(seat int, raw json.RawMessage, at int64) (games.Step, error) {
	if seat < 0 || seat >= g.players() {
		return games.Step{}, games.Broken("game.bad_seat", "seat", seat)
	}
	if !g.s.Config.Seats[seat].Human() {
		return games.Step{}, games.Broken("game.computer_seat", "seat", seat)
	}
	m, err := DecodeMove(raw)
	if err != nil {
		return games.Step{}, err
	}
	st, err := g.Play(seat, m, at)
	if err != nil {
		return st, err
	}
	g.s.Inputs = append(g.s.Inputs, games.Input{At: at, Seat: seat, Move: slices.Clone(raw)})
	return st, nil
}

// Advance lets the computer players make every move awaited from them. It
// is logged only when something happened, so polling leaves no trace.
func (g *Game) Advance(at int64) (games.Step, error) {
	var st games.Step
	if at < g.s.Clock {
		return st, games.Broken("game.bad_time")
	}
	moved := false
	for !g.Over() {
		seat, ok := g.computerWaiting()
		if !ok {
			break
		}
		m := g.seatMove(seat)
		step, err := g.Play(seat, m, at)
		if err != nil {
			// A bot bug (no legal move chosen): keep the log true to the
			// moves already made so the game still replays.
			if moved {
				g.s.Inputs = append(g.s.Inputs, games.Input{At: at, Seat: -1})
			}
			return st, fmt.Errorf("magicoa: computer seat %d: %w", seat, err)
		}
		st.Merge(step)
		moved = true
	}
	if moved {
		g.s.Inputs = append(g.s.Inputs, games.Input{At: at, Seat: -1})
	}
	return st, nil
}

func (g *Game) computerWaiting() (int, bool) {
	for _, s := range g.Waiting() {
		if !g.s.Config.Seats[s].Human() {
			return s, true
		}
	}
	return 0, false
}

// Next: computer players move as soon as it is their turn.
func (g *Game) Next() (int64, bool) {
	if _, ok := g.computerWaiting(); ok && !g.Over() {
		return g.s.Clock, true
	}
	return 0, false
}

// seatMove is a computer seat's move: its level's, except that a seat the
// pedagogy tuned with a Miss (games.Seat.Miss) overlooks its cards' values
// that often and then moves at random, as the beginner does. The draw is
// made only for such seats, so untuned games replay as before.
func (g *Game) seatMove(seat int) Move {
	cfg := g.s.Config.Seats[seat]
	v := g.View(seat).(View)
	if cfg.Miss > 0 && len(v.Legal) > 0 && g.s.RNG.Float64() < cfg.Miss {
		return beginnerMove(v, g.s.RNG)
	}
	return botMove(v, cfg.Bot, g.s.RNG)
}
