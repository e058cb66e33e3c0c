package store_test

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Many children's practice batches arrive at once, as at 9 a.m. in a
// school: on PostgreSQL the writer runs them together in its pipeline
// (pipeline.go). Each batch is stored, or refused alone: a session that
// ended, a session of another child, a resent batch, a second batch of the
// same child in the same group, and a batch the database itself refuses
// (a trigger of the test), which sends the group back through the
// savepoint path. Every child's aggregates then agree with their log.
func TestPracticeBatchesArrivingTogetherAreEachStoredOrRefusedAlone(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "rush@s.test", "R", 40)
		sessions := make([]store.PlaySession, len(kids))
		for i, k := range kids {
			sessions[i] = newSession(t, st, k.ID, monday9)
			if i%5 == 1 {
				require.NoError(t, st.EndPlaySession(ctx, sessions[i].ID, monday9.Add(time.Minute)))
			}
		}
		const bad = 13 // this child sends one batch, which the database refuses
		drill := []string{`CREATE TRIGGER refuse BEFORE INSERT ON attempts WHEN NEW.seq = 7777 BEGIN SELECT RAISE(ABORT, 'refused'); END`}
		if st.Dialect() == migrations.Postgres {
			drill = []string{
				`CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN IF NEW.seq = 7777 THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
				`CREATE TRIGGER refuse BEFORE INSERT ON attempts FOR EACH ROW EXECUTE FUNCTION refuse()`,
			}
		}
		for _, q := range drill {
			require.NoError(t, store.ExecForTest(ctx, st, q))
		}
		rng := rand.New(rand.NewPCG(9, 9))
		first := make([][]store.Answer, len(kids))
		second := make([][]store.Answer, len(kids))
		for i := range kids {
			first[i], second[i] = answers(rng, 0, 10), answers(rng, 10, 10)
		}
		first[bad] = answers(rng, 7770, 10)
		before := store.PipelineFallbacksForTest(st)

		type result struct {
			rec store.Recorded
			err error
		}
		for round := range 2 { // the second round resends the first's batches
			results := make([][3]result, len(kids))
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i, k := range kids {
				session := sessions[i].ID
				if i%7 == 3 {
					session = sessions[(i+1)%len(kids)].ID // not this child's
				}
				at := monday9.Add(time.Duration(2+round) * time.Minute)
				for j, batch := range [][]store.Answer{first[i], second[i], first[i]} {
					if i == bad && j > 0 {
						continue
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						rec, err := st.RecordPractice(ctx, k.ID, session, batch, at)
						results[i][j] = result{rec, err}
					}()
				}
			}
			close(start)
			wg.Wait()
			for i := range kids {
				for j, r := range results[i] {
					switch {
					case i%7 == 3:
						assert.ErrorIs(t, r.err, store.ErrNotFound, "kid %d batch %d", i, j)
					case i%5 == 1:
						assert.ErrorIs(t, r.err, store.ErrSessionEnded, "kid %d batch %d", i, j)
					case i == bad && j > 0:
					case i == bad:
						assert.Error(t, r.err, "the database refused it")
						assert.NotErrorIs(t, r.err, store.ErrUnavailable, "not a passing fault")
					default:
						require.NoError(t, r.err, "kid %d batch %d", i, j)
						assert.Equal(t, 10, r.rec.Stored+r.rec.Duplicates, "kid %d batch %d", i, j)
					}
				}
			}
		}

		for i, k := range kids {
			log, err := st.AttemptsOfSession(ctx, sessions[i].ID)
			require.NoError(t, err)
			want := 20
			switch {
			case i%5 == 1 || i%7 == 3:
				want = 0
			case i == bad:
				want = 0
			}
			assert.Len(t, log, want, "kid %d: each answer stored once", i)
			slices.SortFunc(log, func(x, y store.Attempt) int { return cmp.Compare(x.ID, y.ID) })
			for j := 1; j < len(log); j++ {
				if log[j].Seq/10 == log[j-1].Seq/10 {
					assert.Less(t, log[j-1].Seq, log[j].Seq, "kid %d: a batch's answers keep their order in the log", i)
				}
			}
			if want > 0 {
				assertAgreesWithLog(t, st, k.ID, map[[2]int]int{{2026, 10}: 1})
			}
		}
		if st.Dialect() == migrations.Postgres {
			assert.Greater(t, store.PipelineFallbacksForTest(st), before,
				"the refused factor sent its group back through the savepoint path")
		}
	})
}
