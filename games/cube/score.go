package cube

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// Points scores won cards (#1, #4): +1…+4 as printed; a ×2 card is worth
// the number of +1 cards held (5 "+1" and 2 "×2" = 15).
func Points(won []int) int {
	ones, total, doubles := 0, 0, 0
	for _, c := range won {
		m := MonsterByCode(c)
		switch {
		case m.Double:
			doubles++
		case m.Points == 1:
			ones++
		}
		total += m.Points
	}
	return total + doubles*ones
}

// Stars scores won cards in #3.
func Stars(won []int) int {
	total := 0
	for _, c := range won {
		total += MonsterByCode(c).Stars
	}
	return total
}

// LongestRun is the longest run of consecutive codes among won cards.
func LongestRun(won []int) int {
	c := slices.Clone(won)
	slices.Sort(c)
	c = slices.Compact(c)
	best, run := 0, 0
	for i := range c {
		if i > 0 && c[i] == c[i-1]+1 {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
	}
	return best
}

// RunBonus is the special rules' bonus for a run: 2 → +3, 3 → +6, 4 or more → +10.
func RunBonus(run int) int {
	switch {
	case run >= 4:
		return 10
	case run == 3:
		return 6
	case run == 2:
		return 3
	}
	return 0
}

// FamilyBonus is +5 for each kind whose four cards a player holds.
func FamilyBonus(won []int) int {
	var per [Kinds]int
	for _, c := range won {
		per[MonsterByCode(c).Kind()]++
	}
	bonus := 0
	for _, n := range per {
		if n == 4 {
			bonus += 5
		}
	}
	return bonus
}

// Scores is each seat's final score: points (#1, #4) or stars (#3), plus
// the special bonuses when on. The run bonus goes to the "king of monster
// hunters": the seat(s) with the longest run, if it is at least 2.
func Scores(rules int, won [][]int, bonuses bool) []int {
	out := make([]int, len(won))
	best := 0
	for i, w := range won {
		if rules == RulesDice {
			out[i] = Stars(w)
		} else {
			out[i] = Points(w)
		}
		best = max(best, LongestRun(w))
	}
	if !bonuses {
		return out
	}
	for i, w := range won {
		out[i] += FamilyBonus(w)
		if best >= 2 && LongestRun(w) == best {
			out[i] += RunBonus(best)
		}
	}
	return out
}

// Winners: the highest score; a tie goes to the most cards, else is shared.
func Winners(scores []int, won [][]int) []int {
	var out []int
	for i := range scores {
		if len(out) == 0 {
			out = []int{i}
			continue
		}
		j := out[0]
		switch {
		case scores[i] > scores[j] || (scores[i] == scores[j] && len(won[i]) > len(won[j])):
			out = []int{i}
		case scores[i] == scores[j] && len(won[i]) == len(won[j]):
			out = append(out, i)
		}
	}
	return out
}

func (g *Game) finish(winners []int, reason string) {
	s := &g.s
	s.Done = true
	s.Result = games.Result{Winners: winners, Scores: g.Standing(), Reason: reason}
}

// Standing is each seat's score so far, counted as the end counts it: the
// cards won in #2, else the rule set's points or stars (Scores). A session
// stopped before the end sums up with it.
func (g *Game) Standing() []int {
	s := &g.s
	if s.Config.Rules != RulesAdvanced {
		return Scores(s.Config.Rules, s.Won, s.Config.Bonuses)
	}
	out := make([]int, len(s.Config.Seats))
	for i := range out {
		out[i] = len(s.Won[i])
	}
	return out
}

// finishScored ends #1, #3 or #4 and scores it.
func (g *Game) finishScored(reason string) {
	sc := Scores(g.s.Config.Rules, g.s.Won, g.s.Config.Bonuses)
	g.finish(Winners(sc, g.s.Won), reason)
}

// finishLimit ends a game at the safety limit: in #2 whoever has the fewest
// cards left wins, elsewhere the scores decide.
func (g *Game) finishLimit() {
	s := &g.s
	if s.Config.Rules != RulesAdvanced {
		g.finishScored("cube.limit")
		return
	}
	left := make([]int, len(s.Hands))
	for i := range left {
		left[i] = -(len(s.Hands[i]) + len(s.Piles[i]))
	}
	g.finish(Winners(left, make([][]int, len(left))), "cube.limit")
}
