package play

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store/storetest"
)

// BenchmarkMagicoaMove is one student move through the whole pipeline on
// SQLite: load, advance, apply, computers' answer, attempts and state saved
// in one transaction. A new game is dealt whenever one ends.
func BenchmarkMagicoaMove(b *testing.B) {
	st := storetest.Open(b, storetest.Databases(b)[0].URL)
	ctx := context.Background()
	kid := class(b, st, "Léa")[0]
	clock := newFakeClock()
	s := newService(st, clock)
	var gameID int64
	seq := int64(0)
	b.ResetTimer()
	for b.Loop() {
		if gameID == 0 {
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication"})
			require.NoError(b, err)
			gameID, seq = res.Game.ID, 0
		}
		g, err := s.loadGame(ctx, gameID)
		require.NoError(b, err)
		legal := legalMoves(b, g.eng, 0)
		if g.eng.Over() || len(legal) == 0 {
			gameID = 0
			continue
		}
		clock.Add(time.Second)
		seq++
		_, err = s.Move(ctx, MoveRequest{GameID: gameID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: legal[len(legal)-1]})
		if _, ok := games.AsRuleError(err); !ok {
			require.NoError(b, err)
		}
	}
}
