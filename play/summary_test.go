package play

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func answer(a, b, given int) store.Attempt {
	return store.Attempt{A: a, B: b, Given: &given, Correct: given == a*b, Kind: string(games.KindCapture)}
}

func TestSummaryStarsToWatchAndBecameFluent(t *testing.T) {
	missed := store.Attempt{A: 7, B: 8, Kind: string(games.KindMissed)}
	for _, tc := range []struct {
		name     string
		attempts []store.Attempt
		stars    int
		watch    *games.Fact
	}{
		{"nothing played, no star", nil, 0, nil},
		{"nine in ten right is three stars", append(repeat(answer(3, 4, 12), 9), answer(6, 7, 43)), 3, &games.Fact{A: 6, B: 7}},
		{"seven in ten right is two stars", append(repeat(answer(3, 4, 12), 7), answer(6, 7, 43), answer(6, 7, 41), missed), 2, &games.Fact{A: 6, B: 7}},
		{"any right answer is a star", []store.Attempt{answer(3, 4, 12), missed, missed, answer(8, 7, 54)}, 1, &games.Fact{A: 7, B: 8}},
		{"all wrong is no star", []store.Attempt{answer(3, 4, 13)}, 0, &games.Fact{A: 3, B: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := summarise(tc.attempts, nil, nil)
			assert.Equal(t, tc.stars, sum.Stars)
			assert.Equal(t, tc.watch, sum.ToWatch)
		})
	}
	stats := []store.FactStat{{A: 3, B: 4, Fluent: true}, {A: 2, B: 5, Fluent: true}, {A: 6, B: 7, Fluent: true}}
	sum := summarise([]store.Attempt{answer(4, 3, 12), answer(2, 5, 10)}, stats, []games.Fact{{A: 2, B: 5}})
	assert.Equal(t, []games.Fact{{A: 3, B: 4}}, sum.BecameFluent, "fluent now, practised, and not fluent at the start")
	assert.Equal(t, 2, sum.FactsAnswered)
}

func repeat(a store.Attempt, n int) []store.Attempt {
	out := make([]store.Attempt, n)
	for i := range out {
		out[i] = a
	}
	return out
}

func TestAssignmentBecomesTheConstraint(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		wall := newFakeClock().Now()
		c, id, err := s.constraintFor(ctx, kid.ID, "potion", wall)
		require.NoError(t, err)
		assert.Nil(t, id, "no assignment: nothing constrained")
		assert.Equal(t, pedagogy.Constraint{}, c)

		tc, err := st.Student(ctx, kid.ID)
		require.NoError(t, err)
		cls, err := st.Class(ctx, tc.ClassID)
		require.NoError(t, err)
		a := store.NewAssignment(dashboard.Assignment{ClassID: cls.ID, Title: "7 et 8", Level: games.Custom(7, 8),
			Games: []string{"potion", "cats"}, Target: dashboard.Target{Unit: dashboard.TargetSessions, PerWeek: 3},
			Timers: false, Start: wall.Add(-time.Hour)}, cls.TeacherID, wall)
		require.NoError(t, st.CreateAssignment(ctx, &a, nil))

		c, id, err = s.constraintFor(ctx, kid.ID, "potion", wall)
		require.NoError(t, err)
		require.NotNil(t, id)
		assert.Equal(t, []int{7, 8}, c.Tables)
		assert.True(t, c.NoTimers, "an assignment without timers")
		_, id, err = s.constraintFor(ctx, kid.ID, "cube", wall)
		require.NoError(t, err)
		assert.Nil(t, id, "the assignment does not cover Monster Cube")

		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "potion"})
		require.NoError(t, err)
		assert.Equal(t, games.LevelCustom, res.Session.Plan.LevelName)
		assert.Equal(t, pedagogy.DecisionAssigned, res.Session.Plan.Decision)
		home, err := s.Home(ctx, kid.ID)
		require.NoError(t, err)
		require.Len(t, home.Assignments, 1)
		assert.Equal(t, HomeProgress{Done: 0, Target: 3, Unit: "sessions"}, home.Assignments[0].Progress, "opened, not played yet")
		assert.Equal(t, "7 et 8", home.Assignments[0].TitleFR)
		assert.Equal(t, []int{7, 8}, home.Assignments[0].Tables)
	})
}

// A child who stops before the end ("Stop and see my results") is told the
// score so far, not 0 after a capture; only a finished game is won.
func TestSummaryOfAStoppedGameCountsTheScoreSoFar(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "potion", Edition: "3"})
		require.NoError(t, err)
		seq := int64(0)
		for range 400 {
			g, err := s.loadGame(ctx, res.Game.ID)
			require.NoError(t, err)
			require.False(t, g.eng.Over(), "the game ended before a capture")
			if g.eng.Result().Scores[0] > 0 {
				break
			}
			clock.Add(time.Second)
			legal := legalMoves(t, g.eng, 0)
			if len(legal) == 0 {
				require.NoError(t, s.Tick(ctx, g.Row.ID))
				continue
			}
			seq++
			move := legal[len(legal)-1] // a lay, or ending the turn (the first may be the quiz)
			if c, ok := potionCaptureIn(t, g); ok {
				move = c
			}
			_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: move})
			if _, refused := games.AsRuleError(err); !refused {
				require.NoError(t, err)
			}
		}
		g, err := s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		trophies := g.eng.Result().Scores[0]
		require.Positive(t, trophies, "Léa captured a monster")
		sum, err := s.End(ctx, res.Session.ID, kid.ID)
		require.NoError(t, err)
		assert.Equal(t, trophies, sum.Trophies, "the captures so far")
		assert.False(t, sum.Won, "a game stopped before its end is not won")
	})
}

// potionCaptureIn finds a capture seat 0 may make: two of its potions whose
// product is a monster of the other zone.
func potionCaptureIn(t *testing.T, g *Game) (json.RawMessage, bool) {
	t.Helper()
	b, err := json.Marshal(g.eng.View(0))
	require.NoError(t, err)
	var v struct {
		Zones [][]struct {
			ID, Potion, Monster int
		} `json:"zones"`
		Legal []struct {
			Type string `json:"type"`
		} `json:"legal"`
	}
	require.NoError(t, json.Unmarshal(b, &v))
	can := false
	for _, m := range v.Legal {
		can = can || m.Type == "capture"
	}
	if !can || len(v.Zones) < 2 {
		return nil, false
	}
	mine, theirs := v.Zones[0], v.Zones[1]
	for i := range mine {
		for j := i + 1; j < len(mine); j++ {
			for _, m := range theirs {
				if mine[i].Potion*mine[j].Potion == m.Monster {
					return json.RawMessage(fmt.Sprintf(`{"type":"capture","potions":[%d,%d],"monster":%d}`, mine[i].ID, mine[j].ID, m.ID)), true
				}
			}
		}
	}
	return nil, false
}
