package cube

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// playTurn handles the turn-based rule sets #3 and #4: the player must move
// one of their tiles, then may show a triple of three different tiles.
func (g *Game) playTurn(seat int, m Move, at int64) (games.Step, error) {
	s := &g.s
	if seat != s.Turn {
		return games.Step{}, games.Broken("game.not_your_turn")
	}
	if s.Config.TurnMS > 0 && at >= s.TurnStart+int64(s.Config.TurnMS) {
		return games.Step{}, games.Broken("cube.time_up")
	}
	if m.Type != MoveFind && m.Type != MovePass {
		return games.Step{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	if m.Tile == nil {
		return games.Step{}, games.Broken("cube.must_move")
	}
	after, ok := applyMove(s.Boards[seat], *m.Tile)
	if !ok {
		return games.Step{}, games.Broken("cube.bad_tile_move")
	}
	if m.Type == MoveFind && !slices.Contains(s.Row, m.Code) {
		return games.Step{}, games.Broken("cube.no_such_monster", "code", m.Code)
	}
	s.Now = at
	var step games.Step
	board := s.Boards[seat]
	s.Boards[seat] = after // the tile stays moved, find or not
	step.Events = append(step.Events, g.event(seat, "tile_moved", "tile", m.Tile))
	foundIt := false
	if m.Type == MoveFind {
		_, _, wrong := Referee(board, m.Code, s.Config.solverRules(), m.claim())
		if s.Config.Rules == RulesNumbers {
			if a, ok := g.formulaAttempt(seat, board, m, m.Code, at-s.TurnStart); ok {
				step.Attempts = append(step.Attempts, a)
			}
		}
		if wrong != "" {
			step.Events = append(step.Events, g.event(seat, "wrong_claim", "code", m.Code, "reason", wrong))
		} else {
			foundIt = true
			step.Events = append(step.Events, g.event(seat, "found", "code", m.Code, "faces", m.Faces, "ops", m.Ops))
			s.Won[seat] = append(s.Won[seat], m.Code)
			s.Row = slices.DeleteFunc(s.Row, func(c int) bool { return c == m.Code })
		}
	} else {
		step.Events = append(step.Events, g.event(seat, "pass"))
		if a, ok := g.turnMissed(seat, board); ok {
			step.Attempts = append(step.Attempts, a)
		}
	}
	g.endTurn(&step, foundIt)
	return step, nil
}

// timeout closes a turn nobody finished in time: no tile moves.
func (g *Game) timeout() games.Step {
	seat := g.s.Turn
	step := games.Step{Events: []games.Event{g.event(seat, "time_up")}}
	if a, ok := g.turnMissed(seat, g.s.Boards[seat]); ok {
		step.Attempts = append(step.Attempts, a)
	}
	g.endTurn(&step, false)
	return step
}

// turnMissed: a student who passes or runs out of time in #4 while one of
// the monsters could be caught on their board (with the compulsory tile
// move) let it pass, as a wrong "no solution" does in #1: one missed
// attempt with the factors of one solution, the fact of the deck level that
// weighs most (the level's weak facts), else the first found. One attempt
// per turn, not one per solution: the child missed one catch. #3 has no
// multiplication and logs none.
func (g *Game) turnMissed(seat int, board Layout) (games.Attempt, bool) {
	s := &g.s
	if s.Config.Rules != RulesNumbers || !s.Config.Seats[seat].Human() || len(s.Row) == 0 {
		return games.Attempt{}, false
	}
	var (
		best   games.Fact
		weight = -1.0
		found  bool
	)
	for _, sols := range SolveTargets(board, s.Row, s.Config.solverRules()) {
		for _, sol := range sols {
			f := games.Fact{A: sol.Values[0], B: sol.Values[1]}
			w := 0.0
			if s.Config.Level.Has(f) {
				w = s.Config.Level.Weight(f)
			}
			if !found || w > weight {
				best, weight, found = f, w, true
			}
		}
	}
	if !found {
		return games.Attempt{}, false
	}
	return games.Missed(seat, best), true
}

// endTurn replaces monsters as the rule set says and passes the turn.
//
// #4: right or wrong, the monsters left are discarded and three new come;
// the game ends after the round in which the pile ran out a second time.
// #3: a find reveals one new card; the game ends when every card is won
// (the booklet), and only then: every code 1–18 can be made from each
// series' tiles (TestEveryDiceCodeCanBeMadeFromEachSeries) and a tile moves
// every turn, so the last monsters are caught in the end; the safety limit
// (roundLimit) stays as a guard.
// Decided here (the booklet is silent): when a full round passes in #3
// without a find while the pile has cards, the three monsters go under the
// pile and three new come, so that a card hard to make does not hold the
// row up.
func (g *Game) endTurn(step *games.Step, foundIt bool) {
	s := &g.s
	s.Turns++
	s.Rounds++
	n := len(s.Config.Seats)
	next := (s.Turn + 1) % n
	if s.Config.Rules == RulesNumbers {
		s.Discard = append(s.Discard, s.Row...)
		s.Row = []int{}
		if s.LastRound {
			g.finishScored("cube.pile_out")
		} else {
			s.Turn = next
			g.refill()
			if len(s.Row) == 0 {
				g.finishScored("cube.pile_out")
			}
		}
	} else {
		s.Dry++
		if foundIt {
			s.Dry = 0
		}
		if s.Dry >= n && len(s.Pile) > 0 {
			s.putUnder(s.Row...)
			s.Row = []int{}
			s.Dry = 0
		}
		for len(s.Row) < 3 && len(s.Pile) > 0 {
			s.Row = append(s.Row, s.take(0))
		}
		s.Turn = next
		if len(s.Row) == 0 {
			g.finishScored("cube.all_scored")
		}
	}
	if !s.Done && s.Rounds >= roundLimit {
		g.finishLimit()
	}
	if s.Done {
		step.Events = append(step.Events, g.event(-1, "over", "result", s.Result))
	}
	g.startLooking()
}
