package play

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// Summary is what a session practised (shown at its end).
type Summary struct {
	FactsAnswered int          `json:"facts_answered"`
	Correct       int          `json:"correct"`
	Missed        int          `json:"missed"`
	BecameFluent  []games.Fact `json:"became_fluent"`
	ToWatch       *games.Fact  `json:"to_watch"`
	Stars         int          `json:"stars"`
	Trophies      int          `json:"trophies"`
	Won           bool         `json:"won"`
}

// End closes a student's play session and sums it up. Ending twice keeps
// the first end time and gives the same summary.
func (s *Service) End(ctx context.Context, sessionID, studentID int64) (Summary, error) {
	ps, err := s.store.PlaySession(ctx, sessionID)
	if err != nil {
		return Summary{}, err
	}
	if ps.StudentID != studentID {
		return Summary{}, ErrNotPlayer
	}
	if err := s.store.EndPlaySession(ctx, sessionID, s.wall()); err != nil {
		return Summary{}, err
	}
	attempts, err := s.store.AttemptsOfSession(ctx, sessionID)
	if err != nil {
		return Summary{}, err
	}
	stats, err := s.store.FactStatsOf(ctx, studentID)
	if err != nil {
		return Summary{}, err
	}
	var plan sessionPlan
	_ = json.Unmarshal([]byte(ps.Plan), &plan)
	sum := summarise(attempts, stats, plan.FluentBefore)
	if g, seat, ok := s.sessionGame(ctx, sessionID, studentID); ok {
		// A child who stops before the end is told the score so far: the
		// captures and points of a game not over count too ("0" after a
		// capture read as nothing won). Only a finished game has winners.
		r := g.eng.Result()
		scores := r.Scores
		if st, ok := g.eng.(standing); ok && !g.eng.Over() {
			scores = st.Standing()
		}
		if seat < len(scores) {
			sum.Trophies = scores[seat]
		}
		sum.Won = g.eng.Over() && slices.Contains(r.Winners, seat)
	}
	return sum, nil
}

// standing is an engine whose Result counts only at the end (Monster
// Cube) and that can tell the score so far; the others' Result already
// holds the captures and points so far.
type standing interface{ Standing() []int }

// sessionGame finds the game the session played: its own, or for an
// invited classmate the game they joined.
func (s *Service) sessionGame(ctx context.Context, sessionID, studentID int64) (*Game, int, bool) {
	rows, err := s.store.GamesOfSession(ctx, sessionID)
	if err == nil && len(rows) > 0 {
		if g, err := decodeGame(rows[len(rows)-1]); err == nil {
			if seat, ok := g.SeatOf(studentID); ok {
				return g, seat, true
			}
		}
	}
	as, err := s.store.AttemptsOfSession(ctx, sessionID)
	if err != nil || len(as) == 0 || as[0].GameID == nil {
		return nil, 0, false
	}
	g, err := s.loadGame(ctx, *as[0].GameID)
	if err != nil {
		return nil, 0, false
	}
	seat, ok := g.SeatOf(studentID)
	return g, seat, ok
}

// summarise counts the session's attempts. Stars: 3 for nine right answers
// in ten or better, 2 for seven, 1 for any right answer (a child who
// played always leaves with something). The fact to watch is the one the
// student got wrong or missed most often in the session (ties: the later
// one), none if all were right.
func summarise(attempts []store.Attempt, stats []store.FactStat, fluentBefore []games.Fact) Summary {
	sum := Summary{BecameFluent: []games.Fact{}}
	practised := map[games.Fact]bool{}
	wrong := map[games.Fact]int{}
	var worst games.Fact
	for _, a := range attempts {
		pair := games.Fact{A: a.A, B: a.B}.Pair()
		practised[pair] = true
		switch {
		case a.Kind == string(games.KindMissed):
			sum.Missed++
		default:
			sum.FactsAnswered++
		}
		if a.Correct {
			sum.Correct++
			continue
		}
		wrong[pair]++
		if wrong[pair] >= wrong[worst] {
			worst = pair
		}
	}
	if wrong[worst] > 0 {
		w := worst
		sum.ToWatch = &w
	}
	// "Now you know them by heart" names the facts the pedagogy's estimate
	// calls known by heart (fact_stats.fluent: pedagogy/README.md, "Knowing
	// a fact" — at least an 80 % chance of a right answer in under 3 s,
	// after at least 3 answers), practised in this session, and not known
	// when it started: the same definition as every other screen.
	for _, st := range stats {
		pair := games.Fact{A: st.A, B: st.B}.Pair()
		if st.Fluent && practised[pair] && !slices.Contains(fluentBefore, pair) {
			sum.BecameFluent = append(sum.BecameFluent, pair)
		}
	}
	total := sum.FactsAnswered + sum.Missed
	if total > 0 && sum.Correct > 0 {
		share := float64(sum.Correct) / float64(total)
		switch {
		case share >= 0.9:
			sum.Stars = 3
		case share >= 0.7:
			sum.Stars = 2
		default:
			sum.Stars = 1
		}
	}
	return sum
}
