package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Commits that fail (a stale game, an ended session) share group
// transactions with commits that succeed: each failure undoes its own
// writes only (its savepoint), and every success is stored.
func TestAFailingCommitDoesNotSpoilItsGroup(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "group@s.test", "K", 30)
		sessions := make([]store.PlaySession, len(kids))
		games := make([]store.Game, len(kids))
		for i, k := range kids {
			sessions[i], games[i] = newGame(t, st, k.ID)
			if i%3 == 1 {
				require.NoError(t, st.EndPlaySession(ctx, sessions[i].ID, time.Now()))
			}
		}
		given := 12
		for round := range 3 {
			var wg sync.WaitGroup
			errs := make([]error, 2*len(kids))
			start := make(chan struct{})
			for i, k := range kids {
				wg.Add(2)
				go func() {
					defer wg.Done()
					<-start
					_, errs[2*i] = st.RecordPractice(ctx, k.ID, sessions[i].ID,
						[]store.Answer{{Seq: int64(round), A: 3, B: 4, Given: &given, ResponseMS: 900}}, time.Now())
				}()
				go func() {
					defer wg.Done()
					<-start
					from := round // every third student's move is computed on a version that moved
					if i%3 == 2 {
						from = round + 7
					}
					_, errs[2*i+1] = st.SaveMove(ctx, store.Move{GameID: games[i].ID, FromVersion: from, State: "{}", Status: "playing", At: time.Now(),
						Attempts: []store.Attempt{{StudentID: k.ID, PlaySessionID: sessions[i].ID, Game: "potion", Level: "green", A: 6, B: 7, Kind: "missed", Seq: 1000 + int64(round), At: time.Now()}}})
				}()
			}
			close(start)
			wg.Wait()
			for i := range kids {
				if i%3 == 1 {
					assert.ErrorIs(t, errs[2*i], store.ErrSessionEnded)
				} else {
					assert.NoError(t, errs[2*i])
				}
				if i%3 == 2 {
					assert.ErrorIs(t, errs[2*i+1], store.ErrStale)
				} else {
					assert.NoError(t, errs[2*i+1])
				}
			}
		}
		for i, k := range kids {
			log, err := st.AttemptsOfSession(ctx, sessions[i].ID)
			require.NoError(t, err)
			want := 6 // three answers and three missed chances
			switch i % 3 {
			case 1:
				want = 3 // the answers were refused, the moves stored
			case 2:
				want = 3 // the moves were stale, the answers stored
			}
			assert.Len(t, log, want, "student %d", i)
			stats, err := st.FactStatsOf(ctx, k.ID)
			require.NoError(t, err)
			total := 0
			for _, s := range stats {
				total += s.Attempts
			}
			assert.Equal(t, want, total, "student %d: the pedagogy saw exactly the stored attempts", i)
		}
	})
}
