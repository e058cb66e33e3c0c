package cube

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// playClaim handles the simultaneous rule sets #1 and #2.
func (g *Game) playClaim(seat int, m Move, at int64) (games.Step, error) {
	s := &g.s
	switch m.Type {
	case MoveClaim:
	case MoveNoSolution:
		if s.Votes[seat] {
			return games.Step{}, games.Broken("cube.already_voted")
		}
		s.Now = at
		return g.vote(seat), nil
	default:
		return games.Step{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	target, err := g.claimTarget(seat, m)
	if err != nil {
		return g.lateClaim(seat, m, at), err
	}
	if m.Tile != nil {
		if _, ok := applyMove(s.Board, *m.Tile); !ok {
			return games.Step{}, games.Broken("cube.bad_tile_move")
		}
	}
	s.Now = at
	var step games.Step
	after, _, wrong := Referee(s.Board, target, s.Config.solverRules(), m.claim())
	if a, ok := g.formulaAttempt(seat, s.Board, m, target, at-s.Since[seat]); ok {
		step.Attempts = append(step.Attempts, a)
	}
	g.keepSituation(seat)
	s.Rounds++
	if wrong != "" {
		step.Events = append(step.Events, g.event(seat, "wrong_claim", "code", m.Code, "reason", wrong))
		g.wrongClaim(seat, m.Code)
	} else {
		step.Events = append(step.Events, g.event(seat, "found", "code", m.Code, "faces", m.Faces, "ops", m.Ops, "tile", m.Tile))
		step.Attempts = append(step.Attempts, g.votesProvedWrong(seat, m)...)
		s.Board = after
		g.found(seat, m)
	}
	g.afterResolution(&step)
	return step, nil
}

// claimTarget is the value the claimed card asks for: its code in #1, its
// code shifted by the modifiers in front of the seat in #2.
func (g *Game) claimTarget(seat int, m Move) (int, error) {
	s := &g.s
	if s.Config.Rules == RulesAdvanced {
		if !slices.Contains(s.Hands[seat], m.Code) {
			return 0, games.Broken("cube.not_in_hand", "code", m.Code)
		}
		if len(s.Config.Seats) > 1 && m.Target != nil && (*m.Target == seat || *m.Target < 0 || *m.Target >= len(s.Config.Seats)) {
			return 0, games.Broken("cube.bad_target", "seat", *m.Target)
		}
		return g.asks(seat, m.Code), nil
	}
	if !slices.Contains(s.Row, m.Code) {
		return 0, games.Broken("cube.no_such_monster", "code", m.Code)
	}
	return m.Code, nil
}

// shift is the sum of the modifiers on the cards in front of a seat (#2).
func (g *Game) shift(seat int) int {
	sum := 0
	for _, c := range g.s.Fronts[seat] {
		sum += MonsterByCode(c).Modifier
	}
	return sum
}

// asks is the value a card in seat's hand asks for in #2: its code shifted
// by the modifiers in front of the seat. Decided here (the booklet is
// silent): a monster's code is a number from 1 up, so a shift that would
// take it to zero or below asks for 1 — otherwise "1 × 4 − 9 = −5" would
// catch a 4 under three −3 cards.
func (g *Game) asks(seat, code int) int { return Asks(code, g.shift(seat)) }

// Asks is the value a code asks for under a shift (#2): code + shift, at least 1.
func Asks(code, shift int) int { return max(1, code+shift) }

// keepSituation records, at a resolution of #1 by seat's claim (-1 for
// "no solution" agreed), the situation the players were looking at
// (lateClaim).
func (g *Game) keepSituation(by int) {
	s := &g.s
	if s.Config.Rules != RulesCode {
		return
	}
	s.Prev = &Situation{Board: s.Board.Clone(), Row: slices.Clone(s.Row), Since: slices.Clone(s.Since), By: by}
}

// lateClaim is the attempt of a claim refused because its monster is no
// longer shown (#1): another player caught it, or the row was replaced, an
// instant before. The monster was in the row before the last resolution
// and the child did the multiplication on that board: it is logged
// (spec, Attempts: every formula a student submits), with the refusal.
// Nothing for a code that was not shown then either, nor for the seat
// whose own claim resolved that row (a second send of the same claim).
func (g *Game) lateClaim(seat int, m Move, at int64) games.Step {
	s := &g.s
	p := s.Prev
	if s.Config.Rules != RulesCode || m.Type != MoveClaim || p == nil || p.By == seat || slices.Contains(s.Row, m.Code) || !slices.Contains(p.Row, m.Code) {
		return games.Step{}
	}
	a, ok := g.formulaAttempt(seat, p.Board, m, m.Code, at-p.Since[seat])
	if !ok {
		return games.Step{}
	}
	return games.Step{Attempts: []games.Attempt{a}}
}

// formulaAttempt is the attempt of a human's a × b ± c = target: a and b
// are the first two faces, given is target ∓ c (what the formula claims a × b
// is). Nothing is logged for + and − only, or faces off the board.
func (g *Game) formulaAttempt(seat int, board Layout, m Move, target int, responseMS int64) (games.Attempt, bool) {
	s := &g.s
	if !s.Config.Seats[seat].Human() || len(m.Ops) != 2 || m.Ops[0] != "*" {
		return games.Attempt{}, false
	}
	v, ok := formulaValues(board, m)
	if !ok {
		return games.Attempt{}, false
	}
	given := target - v[2]
	if m.Ops[1] == "-" {
		given = target + v[2]
	}
	// a × b + c = code with c greater than the code claims a negative
	// product: wrong, as a product of two tiles (1–9) is never below 1. It
	// is logged as 0, still wrong: the platform stores a given in
	// 0…MaxGiven only (games.CheckGiven), and `play` would otherwise refuse
	// the whole move, losing the attempt and sparing the wrong claim its
	// penalty (a won card under the pile in #1, the turn in #4).
	given = max(given, 0)
	return games.NewAttempt(seat, games.KindFormula, games.Fact{A: v[0], B: v[1]}, given, responseMS), true
}

// formulaValues are the values of the formula's faces on board, after its
// tile move (false: a move or a face off the board).
func formulaValues(board Layout, m Move) ([3]int, bool) {
	var v [3]int
	after := board
	if m.Tile != nil {
		var ok bool
		if after, ok = applyMove(board, *m.Tile); !ok {
			return v, false
		}
	}
	for k, f := range m.Faces {
		x, ok := after.Value(f)
		if !ok {
			return v, false
		}
		v[k] = x
	}
	return v, true
}

// votesProvedWrong: in #1 a right claim shows that the row had a solution,
// so a human who had said "no solution" and was waiting for the others to
// agree was wrong. The spec logs a wrong "no solution" as missed, with the
// factors of one solution: here the one the claim showed. Before, only a
// "no solution" everyone agreed on was judged, and a lone one that a catch
// proved wrong was never logged. The claimer's own vote is answered by
// their formula attempt.
func (g *Game) votesProvedWrong(seat int, m Move) []games.Attempt {
	s := &g.s
	if s.Config.Rules != RulesCode || len(m.Ops) != 2 || m.Ops[0] != "*" {
		return nil
	}
	v, ok := formulaValues(s.Board, m)
	if !ok {
		return nil
	}
	var out []games.Attempt
	for i, st := range s.Config.Seats {
		if i != seat && st.Human() && s.Votes[i] {
			out = append(out, games.Missed(i, games.Fact{A: v[0], B: v[1]}))
		}
	}
	return out
}

// found gives the card to the finder.
func (g *Game) found(seat int, m Move) {
	s := &g.s
	if s.Config.Rules != RulesAdvanced {
		s.Won[seat] = append(s.Won[seat], m.Code)
		for _, c := range s.Row {
			if c != m.Code {
				s.Discard = append(s.Discard, c)
			}
		}
		s.Row = []int{}
		return
	}
	// #2: the card goes face down in front of another player (a fourth
	// replaces one of three, out of the game), the finder's own front is
	// cleared, and they draw from their personal pile.
	s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(c int) bool { return c == m.Code })
	s.Won[seat] = append(s.Won[seat], m.Code)
	if n := len(s.Config.Seats); n > 1 {
		to := (seat + 1) % n
		if m.Target != nil {
			to = *m.Target
		}
		if len(s.Fronts[to]) >= 3 {
			i := min(m.Replace, len(s.Fronts[to])-1)
			s.Out = append(s.Out, s.Fronts[to][i])
			s.Fronts[to] = slices.Delete(s.Fronts[to], i, i+1)
		}
		s.Fronts[to] = append(s.Fronts[to], m.Code)
	} else {
		s.Out = append(s.Out, m.Code)
	}
	s.Out = append(s.Out, s.Fronts[seat]...)
	s.Fronts[seat] = []int{}
	if len(s.Piles[seat]) > 0 {
		s.Hands[seat] = append(s.Hands[seat], s.Piles[seat][0])
		s.Piles[seat] = s.Piles[seat][1:]
	}
	if len(s.Hands[seat]) == 0 {
		g.finish([]int{seat}, "cube.first_empty_hand")
	}
}

// wrongClaim: in #1 the claimer puts back one won card (the last) under the
// pile and the three monsters are discarded; in #2 the card simply returns
// to the hand.
func (g *Game) wrongClaim(seat, code int) {
	s := &g.s
	if s.Config.Rules == RulesAdvanced {
		return
	}
	if n := len(s.Won[seat]); n > 0 {
		s.putUnder(s.Won[seat][n-1])
		s.Won[seat] = s.Won[seat][:n-1]
	}
	s.Discard = append(s.Discard, s.Row...)
	s.Row = []int{}
}

// afterResolution ends the round: the game ends after the last round, else
// three new monsters come and everyone starts looking again.
func (g *Game) afterResolution(step *games.Step) {
	s := &g.s
	s.Votes = make([]bool, len(s.Votes))
	s.Hint, s.Hints = nil, nil
	if !s.Done && s.Config.Rules != RulesAdvanced {
		if s.LastRound {
			g.finishScored("cube.pile_out")
		} else {
			g.refill()
			if len(s.Row) == 0 {
				g.finishScored("cube.pile_out")
			}
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

// vote records "no solution". When every seat agrees the solver referees:
// truly none → the monsters go under the pile (#1) or the hands under the
// personal piles (#2) and the board returns to its starting layout; a
// solution exists → it is shown, and each human who claimed wrongly logs a
// missed attempt with its factors (in #2 only the owner of that hand).
func (g *Game) vote(seat int) games.Step {
	s := &g.s
	s.Votes[seat] = true
	s.Due[seat] = -1
	step := games.Step{Events: []games.Event{g.event(seat, "no_solution_claim")}}
	if slices.Contains(s.Votes, false) {
		return step
	}
	s.Rounds++
	hints := g.solutions()
	if len(hints) == 0 {
		g.keepSituation(-1)
		if s.Config.Rules == RulesAdvanced {
			// #2: the codes are in secret hands; the event goes to every seat.
			step.Events = append(step.Events, g.event(-1, "no_solution_upheld"))
		} else {
			step.Events = append(step.Events, g.event(-1, "no_solution_upheld", "codes", slices.Clone(s.Row)))
		}
		s.Board = s.Start.Clone()
		if s.Config.Rules == RulesAdvanced {
			for i := range s.Hands {
				if len(s.Piles[i]) == 0 {
					continue
				}
				s.Piles[i] = append(s.Piles[i], s.Hands[i]...)
				k := min(3, len(s.Piles[i]))
				s.Hands[i] = append([]int{}, s.Piles[i][:k]...)
				s.Piles[i] = s.Piles[i][k:]
			}
		} else {
			s.putUnder(s.Row...)
			s.Row = []int{}
		}
		g.afterResolution(&step)
		return step
	}
	hint := &hints[0]
	if s.Config.Rules == RulesAdvanced {
		// #2: the code belongs to a secret hand; only its owner's view shows the hint.
		step.Events = append(step.Events, g.event(-1, "no_solution_wrong"))
	} else {
		step.Events = append(step.Events, g.event(-1, "no_solution_wrong", "code", hint.Code, "solution", hint.Solution))
	}
	for i, st := range s.Config.Seats {
		// #2: each hand is secret, so a seat's claim is about its own hand:
		// every seat whose hand had a solution was wrong, and only those
		// (each with the factors of its own hand's solution).
		for _, h := range hints {
			if st.Human() && (h.Seat < 0 || h.Seat == i) {
				step.Attempts = append(step.Attempts, games.Missed(i, games.Fact{A: h.Solution.Values[0], B: h.Solution.Values[1]}))
			}
		}
	}
	s.Votes = g.rightVotes(hints)
	s.Hint = hint
	// #2: a wrong claim shows one solution (spec, "Digital edition") to
	// every seat whose claim was wrong, not only to the first one found.
	s.Hints = nil
	if len(hints) > 1 {
		s.Hints = slices.Clone(hints[1:])
	}
	if s.Rounds >= roundLimit {
		g.finishLimit()
		step.Events = append(step.Events, g.event(-1, "over", "result", s.Result))
	}
	g.startLooking()
	return step
}

// rightVotes are the votes that stand after a wrong "no solution". In #1
// the claim is about the shared row, so every vote was wrong and all are
// cleared. In #2 each seat's claim is about its own hand: a seat whose hand
// truly had no solution was right, and asking it to vote again on the same
// board would make a child repeat a true answer; its vote stands until the
// next resolution clears every vote.
func (g *Game) rightVotes(hints []HintShow) []bool {
	votes := make([]bool, len(g.s.Votes))
	if g.s.Config.Rules != RulesAdvanced {
		return votes
	}
	for i := range votes {
		votes[i] = !slices.ContainsFunc(hints, func(h HintShow) bool { return h.Seat == i })
	}
	return votes
}

// solutions are the solutions shown after a wrong "no solution", each
// preferring one without a tile move: in #1 one for any code of the row
// (Seat −1); in #2, where each hand is secret and a seat's claim is about
// its own hand, one for each seat whose hand has one, in seat order. Empty
// when nobody has a solution.
func (g *Game) solutions() []HintShow {
	s := &g.s
	r := s.Config.solverRules()
	var moved *HintShow
	try := func(seat, code, target int) *HintShow {
		for _, sol := range Solve(s.Board, target, r) {
			h := &HintShow{Seat: seat, Code: code, Solution: sol}
			if sol.Move == nil {
				return h
			}
			if moved == nil {
				moved = h
			}
		}
		return nil
	}
	var out []HintShow
	if s.Config.Rules == RulesAdvanced {
		for i, h := range s.Hands {
			moved = nil
			var best *HintShow
			for _, c := range h {
				if best = try(i, c, g.asks(i, c)); best != nil {
					break
				}
			}
			if best == nil {
				best = moved
			}
			if best != nil {
				out = append(out, *best)
			}
		}
		return out
	}
	for _, c := range s.Row {
		if x := try(-1, c, c); x != nil {
			return []HintShow{*x}
		}
	}
	if moved != nil {
		out = append(out, *moved)
	}
	return out
}
