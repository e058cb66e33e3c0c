package play

import (
	"context"
	"database/sql"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the "sqlite3" database/sql driver, for the trigger

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store/storetest"
)

// A start writes the student's core, the level decision, the session (and
// its week) and the game: the game is written last. When it fails, nothing
// of the start is kept; the same start then succeeds whole.
func TestAStartThatFailsAtItsLastWriteLeavesNothing(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) { startFailsAtItsLastWrite(t, db) })
	}
}

func startFailsAtItsLastWrite(t *testing.T, db storetest.Database) {
	ctx := context.Background()
	st := storetest.Open(t, db.URL)
	driver := "sqlite3"
	if st.Dialect() == migrations.Postgres {
		driver = "pgx"
	}
	// A connection of the test's own to the same database (a file for
	// SQLite), to add a trigger the API cannot.
	raw, err := sql.Open(driver, db.URL)
	require.NoError(t, err)
	defer func() { _ = raw.Close() }()
	exec := func(q string) error { _, err := raw.ExecContext(ctx, q); return err }
	kid := class(t, st, "Léa")[0]
	s := newService(st, newFakeClock())
	before, err := st.RowCounts(ctx)
	require.NoError(t, err)

	drill := []string{`CREATE TRIGGER drill BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'drill'); END`}
	undrill := "DROP TRIGGER drill"
	if st.Dialect() == migrations.Postgres {
		drill = []string{
			`CREATE FUNCTION drill() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'drill'; END $$ LANGUAGE plpgsql`,
			`CREATE TRIGGER drill BEFORE INSERT ON games FOR EACH ROW EXECUTE FUNCTION drill()`,
		}
		undrill = "DROP TRIGGER drill ON games"
	}
	for _, q := range drill {
		require.NoError(t, exec(q))
	}
	_, err = s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "potion"})
	require.Error(t, err)
	after, err := st.RowCounts(ctx)
	require.NoError(t, err)
	assert.Equal(t, before, after, "no model, level decision, session, week or game kept")
	got, err := st.Student(ctx, kid.ID)
	require.NoError(t, err)
	assert.Equal(t, kid.Level, got.Level)

	require.NoError(t, exec(undrill))
	res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "potion"})
	require.NoError(t, err)
	after, err = st.RowCounts(ctx)
	require.NoError(t, err)
	for _, table := range []string{"student_models", "level_history", "play_sessions", "student_weeks", "games"} {
		assert.Equal(t, before[table]+1, after[table], table)
	}
	g, err := st.Game(ctx, res.Game.ID)
	require.NoError(t, err)
	assert.Equal(t, res.Session.ID, g.PlaySessionID)
	weeks, err := st.WeeksOf(ctx, kid.ID)
	require.NoError(t, err)
	require.Len(t, weeks, 1)
	assert.Equal(t, 1, weeks[0].Sessions)
}
