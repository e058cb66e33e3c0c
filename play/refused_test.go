package play

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// refusedWithAttempt finds a move of seat the engine refuses while producing
// an attempt (Magicoa: a cover that is not greater is a wrong bid).
func refusedWithAttempt(t testing.TB, g *Game, seat int, at int64) (json.RawMessage, bool) {
	t.Helper()
	state, err := g.eng.MarshalJSON()
	require.NoError(t, err)
	for i := range 12 {
		for _, double := range []bool{false, true} {
			m := json.RawMessage(fmt.Sprintf(`{"type":"place","potion":%d,"double":%t}`, i, double))
			clone, err := g.Kind.Load(state)
			require.NoError(t, err)
			st, err := clone.Apply(seat, m, at)
			if _, ok := games.AsRuleError(err); ok && len(st.Attempts) > 0 {
				return m, true
			}
		}
	}
	return nil, false
}

func TestRefusedCoverStoresItsBidAttemptOnceAndKeepsTheVersion(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		for range 10 {
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication", Opponents: 3})
			require.NoError(t, err)
			seq := int64(0)
			for range 200 {
				g, err := s.loadGame(ctx, res.Game.ID)
				require.NoError(t, err)
				if g.eng.Over() {
					break
				}
				clock.Add(time.Second)
				if m, ok := refusedWithAttempt(t, g, 0, g.env.clockAt(clock.Now())); ok {
					before, err := st.AttemptsOfSession(ctx, res.Session.ID)
					require.NoError(t, err)
					seq++
					req := MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: m}
					_, err = s.Move(ctx, req)
					_, isRule := games.AsRuleError(err)
					require.True(t, isRule, "got %v", err)
					_, err = s.Move(ctx, req) // resent
					_, isRule = games.AsRuleError(err)
					require.True(t, isRule)
					after, err := st.AttemptsOfSession(ctx, res.Session.ID)
					require.NoError(t, err)
					require.Len(t, after, len(before)+1, "the refused cover's bid is stored, once")
					bid := after[len(after)-1]
					assert.Equal(t, string(games.KindBid), bid.Kind)
					assert.False(t, bid.Correct)
					again, err := s.loadGame(ctx, g.Row.ID)
					require.NoError(t, err)
					assert.Equal(t, g.Row.Version, again.Row.Version, "a refusal changes no state")
					return
				}
				legal := legalMoves(t, g.eng, 0)
				if len(legal) == 0 {
					require.NoError(t, s.Tick(ctx, g.Row.ID))
					continue
				}
				seq++
				_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: legal[len(legal)-1]})
				if _, ok := games.AsRuleError(err); !ok {
					require.NoError(t, err)
				}
			}
		}
		t.Fatal("no refused cover found in 10 games")
	})
}
