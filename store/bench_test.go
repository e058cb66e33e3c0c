package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// BenchmarkSaveMove measures one move as a game writes it: the new state,
// one event, one attempt and one fact's statistics, in one transaction.
func BenchmarkSaveMove(b *testing.B) {
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			// A fresh database each time: the benchmark function runs
			// several times, with growing b.N.
			var url string
			for _, db := range storetest.Databases(b) {
				if db.Name == name {
					url = db.URL
				}
			}
			if url == "" {
				b.Skip("set " + storetest.PostgresEnv + " to measure PostgreSQL")
			}
			st := storetest.Open(b, url)
			kid := newStudent(b, st)
			ps, g := newGame(b, st, kid.ID)
			ctx := context.Background()
			given := 12
			b.ResetTimer()
			for i := range b.N {
				_, err := st.SaveMove(ctx, store.Move{
					GameID: g.ID, FromVersion: i, State: `{"deck":[1,2,3,4,5,6,7,8,9,10,11,12],"turn":3}`, Status: "playing", At: time.Now(),
					Events:    []store.GameEvent{{Event: `{"type":"capture"}`}},
					Attempts:  []store.Attempt{{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "green", A: 3, B: 4, Given: &given, Correct: true, Kind: "capture", Seq: int64(i), At: time.Now()}},
					FactStats: []store.FactStat{{StudentID: kid.ID, A: 3, B: 4, Attempts: i + 1, Correct: i + 1}},
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
