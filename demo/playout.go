package demo

import (
	"encoding/json"
	"fmt"

	"github.com/multipli/multipli/games"
)

// playOut plays a dealt game to its end: the computers and the clock when
// they are due, the simulated child's moves at their times. beforeMove runs
// before each of the child's moves (at: the game clock so far; when: the
// move's time), so the history can save what happened until then; onStep
// receives every step, refused ones (a move the rules said no to, which
// changed nothing but may carry attempts, as the play side stores them)
// marked. It returns the game clock at the end.
func playOut(game games.Name, d dealt, beforeMove func(at, when int64) error, onStep func(ts timedStep, refused bool)) (int64, error) {
	eng := d.eng
	var at int64
	for range maxSteps { // a game ends long before; the bound guards a stuck loop
		if eng.Over() {
			break
		}
		move, when, ok := d.student.next(at)
		if due, dueOK := eng.Next(); dueOK && (!ok || due <= when) {
			at = max(at, due)
			step, err := eng.Advance(at)
			if err != nil {
				return at, err
			}
			onStep(timedStep{step, at}, false)
			continue
		}
		if !ok {
			break
		}
		if err := beforeMove(at, when); err != nil {
			return at, err
		}
		at = max(at, when)
		raw, err := json.Marshal(move)
		if err != nil {
			return at, err
		}
		step, err := eng.Apply(0, raw, at)
		if _, refused := games.AsRuleError(err); refused {
			// The simulated child tried something the rules refuse: the
			// game said no and nothing changed; they try the fallback.
			onStep(timedStep{step, at}, true)
			fb, ok := d.student.refused()
			if !ok {
				continue
			}
			raw, _ = json.Marshal(fb)
			step, err = eng.Apply(0, raw, at)
		}
		if err != nil {
			return at, fmt.Errorf("%s: %w", game, err)
		}
		onStep(timedStep{step, at}, false)
	}
	return at, nil
}
