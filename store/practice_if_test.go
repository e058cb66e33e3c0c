package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func planOf(t *testing.T, st *store.Store, sessionID int64) string {
	t.Helper()
	ps, err := st.PlaySession(context.Background(), sessionID)
	require.NoError(t, err)
	return ps.Plan
}

// RecordPracticeIf stores a batch only against the plan its answers were
// checked with, and moves the plan on in the same transaction: on SQLite,
// in PostgreSQL's pipeline (many children at once) and in its savepoint
// path (a group sent back by a batch the database refuses).
func TestPracticeAnswersAreStoredOnlyAgainstThePlanTheyWereCheckedWith(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "plan@s.test", "P", 30)
		sessions := make([]store.PlaySession, len(kids))
		for i, k := range kids {
			sessions[i] = store.PlaySession{StudentID: k.ID, Plan: `{"v":0}`, StartedAt: monday9}
			require.NoError(t, st.CreatePlaySession(ctx, &sessions[i]))
		}
		// One child's second batch holds an answer already stored outside
		// the questions' rules (RecordPractice): refused whole.
		const mixed = 7
		_, err := st.RecordPractice(ctx, kids[mixed].ID, sessions[mixed].ID, []store.Answer{{Seq: 15, A: 2, B: 3, ResponseMS: 900}}, monday9.Add(time.Minute))
		require.NoError(t, err)
		const bad = 11 // the database refuses this child's first batch
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

		rng := rand.New(rand.NewPCG(3, 3))
		fallbacks := store.PipelineFallbacksForTest(st)
		for round := range 2 {
			type result struct {
				rec store.Recorded
				err error
			}
			results := make([][2]result, len(kids))
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i, k := range kids {
				batch := answers(rng, int64(1+10*round), 10)
				if i == bad && round == 0 {
					batch = answers(rng, 7770, 10)
				}
				from, to := fmt.Sprintf(`{"v":%d}`, round), fmt.Sprintf(`{"v":%d}`, round+1)
				at := monday9.Add(time.Duration(2+round) * time.Minute)
				// The checked batch, and the same batch checked against a
				// plan that is not the session's.
				for j, plan := range []string{from, `{"v":99}`} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						rec, err := st.RecordPracticeIf(ctx, k.ID, sessions[i].ID, batch, at, plan, to)
						results[i][j] = result{rec, err}
					}()
				}
			}
			close(start)
			wg.Wait()
			for i := range kids {
				ok, stale := results[i][0], results[i][1]
				assert.ErrorIs(t, stale.err, store.ErrPlanMoved, "kid %d round %d: the stale plan", i, round)
				switch {
				case i == bad && round == 0:
					assert.Error(t, ok.err, "the database refused it")
				case i == mixed && round == 1:
					assert.ErrorIs(t, ok.err, store.ErrConflict, "an answer was already stored")
				case i == bad:
					// Its plan never moved: its second round is stale.
					assert.ErrorIs(t, ok.err, store.ErrPlanMoved, "kid %d round %d", i, round)
				default:
					require.NoError(t, ok.err, "kid %d round %d", i, round)
					assert.Equal(t, 10, ok.rec.Stored)
				}
			}
		}
		if st.Dialect() == migrations.Postgres {
			// The pipeline refuses a stale batch by itself (the insert's
			// condition on the plan); only the two batches the database
			// refuses may send their group back.
			assert.LessOrEqual(t, store.PipelineFallbacksForTest(st)-fallbacks, int64(2))
		}
		for i, k := range kids {
			log, err := st.AttemptsOfSession(ctx, sessions[i].ID)
			require.NoError(t, err)
			switch i {
			case bad:
				assert.Empty(t, log)
				assert.Equal(t, `{"v":0}`, planOf(t, st, sessions[i].ID), "the refused batch left the plan")
			case mixed:
				assert.Len(t, log, 11, "the first batch and the answer stored beforehand")
				assert.Equal(t, `{"v":1}`, planOf(t, st, sessions[i].ID))
			default:
				assert.Len(t, log, 20, "kid %d", i)
				assert.Equal(t, `{"v":2}`, planOf(t, st, sessions[i].ID), "kid %d", i)
				assertAgreesWithLog(t, st, k.ID, map[[2]int]int{{2026, 10}: 1})
			}
		}
	})
}

func TestAPracticePlanIsReadForItsOwnStudentOnly(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "state@s.test", "S", 2)
		ps := store.PlaySession{StudentID: kids[0].ID, Plan: `{"practice":true}`, StartedAt: monday9}
		require.NoError(t, st.CreatePlaySession(ctx, &ps))
		got, err := st.PracticePlan(ctx, kids[0].ID, ps.ID)
		require.NoError(t, err)
		assert.Equal(t, `{"practice":true}`, got)
		_, err = st.PracticePlan(ctx, kids[1].ID, ps.ID)
		assert.ErrorIs(t, err, store.ErrNotFound)
		require.NoError(t, st.EndPlaySession(ctx, ps.ID, monday9.Add(time.Minute)))
		_, err = st.PracticePlan(ctx, kids[0].ID, ps.ID)
		assert.ErrorIs(t, err, store.ErrSessionEnded)
	})
}

func TestAPracticeSessionEndsTheStudentsOtherPracticeSessionsOnly(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "one@s.test", "O", 2)
		practice := func(plan string) bool { return plan == "practice" }
		old := store.PlaySession{StudentID: kids[0].ID, Plan: "practice", StartedAt: monday9}
		game := store.PlaySession{StudentID: kids[0].ID, Plan: "game", StartedAt: monday9}
		other := store.PlaySession{StudentID: kids[1].ID, Plan: "practice", StartedAt: monday9}
		for _, ps := range []*store.PlaySession{&old, &game, &other} {
			require.NoError(t, st.CreatePlaySession(ctx, ps))
		}
		ps := store.PlaySession{StudentID: kids[0].ID, Plan: "practice", StartedAt: monday9.Add(time.Hour)}
		require.NoError(t, st.CreatePracticeSession(ctx, &ps, practice))
		for _, c := range []struct {
			id    int64
			ended bool
		}{{old.ID, true}, {game.ID, false}, {other.ID, false}, {ps.ID, false}} {
			got, err := st.PlaySession(ctx, c.id)
			require.NoError(t, err)
			assert.Equal(t, c.ended, got.EndedAt != nil, "session %d", c.id)
		}
		weeks, err := st.WeeksOf(ctx, kids[0].ID)
		require.NoError(t, err)
		require.Len(t, weeks, 1)
		assert.Equal(t, 3, weeks[0].Sessions, "the new session counts in the week")
	})
}
