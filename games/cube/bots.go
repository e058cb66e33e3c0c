package cube

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// botMedianMS is how long a computer player of each level takes to find,
// in the simultaneous rule sets and on its turn. A seat's ReactionMS
// replaces it (the pedagogy tunes it to the student).
var botMedianMS = map[bool][4]int{
	false: {0, 9000, 6000, 3500},
	true:  {0, 6000, 4000, 2000},
}

// botDelay draws a computer's delay: the median ±25 %.
func botDelay(seat games.Seat, turnBased bool, rng *games.RNG) int {
	med := botMedianMS[turnBased][min(max(seat.Bot, 1), 3)]
	if seat.ReactionMS > 0 {
		med = seat.ReactionMS
	}
	return int(float64(med) * (0.75 + 0.5*rng.Float64()))
}

// botFindChance is how often a computer finds an existing solution in its
// turn (#3, #4) before its time is up: the beginner misses on purpose.
var botFindChance = [4]float64{0, 0.45, 0.75, 1}

// botWrongChance is how often the beginner makes a slip in its formula.
const botWrongChance = 0.1

type botCandidate struct {
	code int
	sol  Solution
}

// botMove decides from the seat's view only. The beginner sees no tile
// moves and sometimes slips; the solid player sees a move half of the time;
// the strong player sees everything and takes the best card.
func botMove(v View, level int, rng *games.RNG) Move {
	return botMoveFinding(v, level, botFindChance[level], rng)
}

// findChance is the seat's chance of finding in its turn: its level's, or
// 1 − Miss when the pedagogy tuned the seat between levels (games.Seat.Miss).
func findChance(seat games.Seat) float64 {
	if seat.Miss > 0 {
		return 1 - min(seat.Miss, 1)
	}
	return botFindChance[min(max(seat.Bot, 1), 3)]
}

// botMoveFinding is botMove with the chance of finding in a turn given.
func botMoveFinding(v View, level int, find float64, rng *games.RNG) Move {
	board := v.Board
	if len(v.Boards) > 0 {
		board = v.Boards[v.Seat]
	}
	seesMoves := level == games.BotStrong || (level == games.BotSolid && rng.Float64() < 0.5)
	if v.Solver.Move == MoveRequired {
		seesMoves = true
	}
	var cands []botCandidate
	ts := v.targets()
	values := make([]int, len(ts))
	for i, t := range ts {
		values[i] = t.target
	}
	r := v.Solver
	if !seesMoves {
		r.Move = MoveNone
	}
	for i, sols := range SolveTargets(board, values, r) {
		for _, sol := range sols {
			cands = append(cands, botCandidate{code: ts[i].code, sol: sol})
		}
	}
	if v.Hint != nil && slices.ContainsFunc(v.targets(), func(t botTarget) bool { return t.code == v.Hint.Code }) {
		cands = append(cands, botCandidate{code: v.Hint.Code, sol: v.Hint.Solution})
	}
	turnBased := v.Solver.Move == MoveRequired
	if turnBased && rng.Float64() >= find {
		cands = nil
	}
	if len(cands) == 0 {
		if turnBased {
			moves := LegalTileMoves(board)
			mv := moves[rng.IntN(len(moves))]
			return Move{Type: MovePass, Tile: &mv}
		}
		return Move{Type: MoveNoSolution}
	}
	pick := cands[rng.IntN(len(cands))]
	if level != games.BotBeginner {
		best := -1
		for _, c := range cands {
			if val := botValue(v, c.code); val > best {
				best, pick = val, c
			}
		}
	}
	m := Move{Type: MoveClaim, Code: pick.code, Tile: pick.sol.Move, Faces: pick.sol.Faces[:], Ops: pick.sol.Ops[:]}
	if turnBased {
		m.Type = MoveFind
	}
	if level == games.BotBeginner && rng.Float64() < botWrongChance {
		ops := slices.Clone(m.Ops)
		ops[1] = map[string]string{"+": "-", "-": "+"}[ops[1]]
		m.Ops = ops
	}
	if v.Rules == RulesAdvanced && len(v.HandSizes) > 1 {
		// The card goes to the player closest to winning: fewest cards left.
		to, left := -1, 0
		for i := range v.HandSizes {
			if i == v.Seat {
				continue
			}
			if n := v.HandSizes[i] + v.PileSizes[i]; to < 0 || n < left {
				to, left = i, n
			}
		}
		m.Target = &to
	}
	return m
}

// botValue is what a card is worth to a computer player.
func botValue(v View, code int) int {
	m := MonsterByCode(code)
	if v.Rules == RulesDice {
		return m.Stars
	}
	if m.Double {
		return 2
	}
	return m.Points
}

type botTarget struct{ code, target int }

// targets are the codes the seat looks for and the values they ask for.
func (v View) targets() []botTarget {
	if v.Rules == RulesAdvanced {
		out := make([]botTarget, len(v.Hand))
		for i, m := range v.Hand {
			out[i] = botTarget{m.Code, Asks(m.Code, v.Shift)}
		}
		return out
	}
	out := make([]botTarget, len(v.Row))
	for i, m := range v.Row {
		out[i] = botTarget{m.Code, m.Code}
	}
	return out
}
