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

// refusedEqualCover finds a place move of seat that covers a card of the
// same product as the student's own (Magicoa without Equality): the engine
// refuses it and judges its bid wrong although given == a×b.
func refusedEqualCover(t testing.TB, g *Game, seat int, at int64) (json.RawMessage, games.Attempt, bool) {
	t.Helper()
	state, err := g.eng.MarshalJSON()
	require.NoError(t, err)
	for i := range 6 {
		m := json.RawMessage(fmt.Sprintf(`{"type":"place","potion":%d}`, i))
		clone, err := g.Kind.Load(state)
		require.NoError(t, err)
		st, err := clone.Apply(seat, m, at)
		if re, ok := games.AsRuleError(err); ok && re.Code == "magicoa.not_greater_equal" && len(st.Attempts) == 1 {
			return m, st.Attempts[0], true
		}
	}
	return nil, games.Attempt{}, false
}

// The stored correct is the engine's verdict: a cover of an equal product is
// a wrong bid (the claim "mine is greater" was wrong) even though the value
// it gives equals the student's own product.
func TestRefusedEqualCoverIsStoredAsTheEngineJudgedIt(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		for range 40 {
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication", Opponents: 5})
			require.NoError(t, err)
			seq := int64(0)
			for range 300 {
				g, err := s.loadGame(ctx, res.Game.ID)
				require.NoError(t, err)
				if g.eng.Over() {
					break
				}
				clock.Add(time.Second)
				if m, want, ok := refusedEqualCover(t, g, 0, g.env.clockAt(clock.Now())); ok {
					require.False(t, want.Correct, "the engine judges the equal cover a wrong bid")
					require.Equal(t, want.A*want.B, *want.Given, "precondition: given equals the student's product")
					seq++
					_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: m})
					_, isRule := games.AsRuleError(err)
					require.True(t, isRule, "got %v", err)
					rows, err := st.AttemptsOfSession(ctx, res.Session.ID)
					require.NoError(t, err)
					bid := rows[len(rows)-1]
					assert.Equal(t, string(games.KindBid), bid.Kind)
					assert.Equal(t, want.A*want.B, *bid.Given)
					assert.False(t, bid.Correct, "stored as the engine judged it, not recomputed as given == a×b")
					return
				}
				legal := legalMoves(t, g.eng, 0)
				if len(legal) == 0 {
					require.NoError(t, s.Tick(ctx, g.Row.ID))
					continue
				}
				seq++
				_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: legal[0]})
				if _, ok := games.AsRuleError(err); !ok {
					require.NoError(t, err)
				}
			}
		}
		t.Fatal("no equal cover found in 40 games")
	})
}
