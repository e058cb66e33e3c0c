package play

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// answerGreen writes n right answers of every green fact at ms each for
// the student, through the write path that keeps their per-fact times.
func answerGreen(t *testing.T, s *Service, st *store.Store, clock *fakeClock, kid store.Student, n int, ms int64) {
	t.Helper()
	ctx := context.Background()
	ps, err := s.createSession(ctx, kid.ID, nil, PlanDTO{}, "potion", "", nil, 0, clock.Now())
	require.NoError(t, err)
	var batch []store.Attempt
	seq := int64(0)
	for range n {
		for a := 2; a <= 5; a++ {
			for b := a; b <= 5; b++ {
				seq++
				given, rt := a*b, ms
				clock.Add(5 * time.Second)
				batch = append(batch, store.Attempt{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion",
					Level: string(games.LevelGreen), A: a, B: b, Given: &given, Correct: true, Kind: string(games.KindCapture),
					ResponseMS: &rt, Seq: seq, At: clock.Now()})
			}
		}
	}
	_, err = st.RecordAttempts(ctx, batch)
	require.NoError(t, err)
	_, err = s.End(ctx, ps.ID, kid.ID)
	require.NoError(t, err)
}

// The computers of Monster Cube's real-time rule sets race at a pace that
// comes from the child's own measured times (slower for a slower child, and
// slower than the child's own find; each slower when several race at once),
// not at their level's fixed delay; in
// the turn-based #4 the calibration decides and the delay stays the level's.
func TestCubeComputersRaceAtTheChildsOwnPace(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "Rapide", "Lent")
		clock := newFakeClock()
		s := newService(st, clock)
		answerGreen(t, s, st, clock, kids[0], 6, 1500)
		answerGreen(t, s, st, clock, kids[1], 6, 5000)
		reaction := func(kid store.Student, edition games.Edition, opponents ...int) int {
			n := append(opponents, 1)[0]
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: games.Cube, Edition: edition, Opponents: n})
			require.NoError(t, err)
			g, err := s.loadGame(ctx, res.Game.ID)
			require.NoError(t, err)
			var seats []Seat
			require.NoError(t, json.Unmarshal([]byte(g.Row.Seats), &seats))
			require.Len(t, seats, n+1)
			assert.Equal(t, seats[1].ReactionMS, res.Session.Plan.Opponents[0].ReactionMS, "the plan shows the pace dealt")
			return seats[1].ReactionMS
		}
		fast, slow := reaction(kids[0], "1"), reaction(kids[1], "1")
		assert.Less(t, fast, slow)
		assert.Greater(t, fast, int(pedagogy.CubeFindFactor*1500))
		assert.Greater(t, slow, int(pedagogy.CubeFindFactor*5000), "not the solid player's fixed 6 s")
		assert.Positive(t, reaction(kids[1], "2"))
		assert.Greater(t, reaction(kids[1], "1", 3), slow, "three computers racing at once are each slower")
		assert.Zero(t, reaction(kids[1], "4"), "turn-based: the calibration's opponent as it is")
	})
}

// Multipli Cat's computer cats slap at a multiple of the child's own
// typical time (the calibration's ratio): a slower child meets slower cats.
func TestCatsComputersSlapAtTheChildsOwnPace(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "Rapide", "Lent")
		clock := newFakeClock()
		s := newService(st, clock)
		answerGreen(t, s, st, clock, kids[0], 6, 1500)
		answerGreen(t, s, st, clock, kids[1], 6, 4000)
		reaction := func(kid store.Student) int {
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: games.Cats, Opponents: 2})
			require.NoError(t, err)
			return res.Session.Plan.Opponents[0].ReactionMS
		}
		assert.Less(t, reaction(kids[0]), reaction(kids[1]))
	})
}
