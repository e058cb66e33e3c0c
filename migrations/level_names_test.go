package migrations_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/migrations"
)

// TestStep0003RewritesTheOldAllSpelling: every place that stored the bare
// "all" reads in the one spelling games.ParseLevel accepts afterwards, as
// all-12 where the deck dealt factors up to 12 and all-10 otherwise; the
// other names are left alone.
func TestStep0003RewritesTheOldAllSpelling(t *testing.T) {
	ctx := context.Background()
	oldDeck := func(n int) string {
		l := games.All(n)
		l.Name = "all" // as the code before step 3 named it
		b, err := json.Marshal(l)
		require.NoError(t, err)
		return string(b)
	}
	for _, d := range rawDBs(t) {
		t.Run(d.name, func(t *testing.T) {
			_, err := migrations.UpTo(ctx, d.db, d.dialect, 2)
			require.NoError(t, err)
			q := func(s string) string {
				if d.dialect != migrations.Postgres {
					return s
				}
				for i := 1; strings.Contains(s, "?"); i++ {
					s = strings.Replace(s, "?", "$"+string(rune('0'+i)), 1)
				}
				return s
			}
			exec := func(s string, args ...any) {
				t.Helper()
				_, err := d.db.ExecContext(ctx, q(s), args...)
				require.NoError(t, err, s)
			}
			now := "2026-03-02 09:00:00"
			exec("INSERT INTO teachers (email, name, password_hash, created_at) VALUES ('t@s', 'T', 'h', ?)", now)
			exec("INSERT INTO classes (teacher_id, name, code, created_at) VALUES (1, 'CE2', 'ABCDEF', ?)", now)
			for _, s := range []struct{ name, level string }{{"Léa", "all"}, {"Hugo", "violet"}, {"Inès", "all-12"}} {
				exec("INSERT INTO students (class_id, display_name, secret_kind, secret_hash, level, created_at) VALUES (1, ?, 'pin', 'h', ?, ?)", s.name, s.level, now)
			}
			exec("INSERT INTO level_history (student_id, at, from_level, to_level, decision, reason_en, reason_fr) VALUES (1, ?, 'green', 'all', 'assigned', '', '')", now)
			exec("INSERT INTO level_history (student_id, at, from_level, to_level, decision, reason_en, reason_fr) VALUES (1, ?, 'all', 'violet', 'demote', '', '')", now)
			exec("INSERT INTO assignments (class_id, teacher_id, level, games, starts_at, created_at) VALUES (1, 1, ?, '[]', ?, ?)", oldDeck(12), now, now)
			exec("INSERT INTO assignments (class_id, teacher_id, level, games, starts_at, created_at) VALUES (1, 1, ?, '[]', ?, ?)", oldDeck(10), now, now)
			plan := func(n int) string {
				return `{"level":` + oldDeck(n) + `,"level_name":"all","decision":"assigned","step":"all-10","game":"potion"}`
			}
			exec("INSERT INTO play_sessions (student_id, plan, started_at) VALUES (1, ?, ?)", plan(12), now)
			exec("INSERT INTO play_sessions (student_id, plan, started_at) VALUES (1, ?, ?)", plan(10), now)
			exec("INSERT INTO play_sessions (student_id, plan, started_at) VALUES (1, ?, ?)", `{"practice":true,"level":"all"}`, now)
			for i, s := range []int{1, 2, 3} {
				exec("INSERT INTO attempts (student_id, play_session_id, game, level, a, b, correct, kind, seq, at) VALUES (1, ?, 'potion/3', 'all', 3, 4, FALSE, 'missed', ?, ?)", s, i+1, now)
			}
			exec("INSERT INTO attempts (student_id, play_session_id, game, level, a, b, correct, kind, seq, at) VALUES (1, 1, 'potion/3', 'green', 3, 4, FALSE, 'missed', 9, ?)", now)
			exec("INSERT INTO games (play_session_id, game, edition, seats, state, status, created_at, updated_at) VALUES (1, 'potion', '3', '[]', ?, 'playing', ?, ?)",
				`{"level":"all","engine":{"config":{"level":`+oldDeck(12)+`}}}`, now, now)

			_, err = migrations.Up(ctx, d.db, d.dialect)
			require.NoError(t, err)

			col := func(s string) []string {
				rows, err := d.db.QueryContext(ctx, s)
				require.NoError(t, err)
				defer rows.Close()
				var out []string
				for rows.Next() {
					var v string
					require.NoError(t, rows.Scan(&v))
					out = append(out, v)
				}
				return out
			}
			assert.Equal(t, []string{"all-10", "violet", "all-12"}, col("SELECT level FROM students ORDER BY id"))
			hist := col("SELECT from_level FROM level_history ORDER BY id")
			hist = append(hist, col("SELECT to_level FROM level_history ORDER BY id")...)
			assert.Equal(t, []string{"green", "all-10", "all-10", "violet"}, hist)
			assert.Equal(t, []string{"all-12", "all-10", "all-10", "green"}, col("SELECT level FROM attempts ORDER BY seq"))
			for i, want := range []games.LevelName{games.LevelAll12, games.LevelAll10} {
				var l games.Level
				require.NoError(t, json.Unmarshal([]byte(col("SELECT level FROM assignments ORDER BY id")[i]), &l))
				assert.Equal(t, want, l.Name)
			}
			plans := col("SELECT plan FROM play_sessions ORDER BY id")
			for i, want := range []games.LevelName{games.LevelAll12, games.LevelAll10} {
				var p struct {
					Level     games.Level     `json:"level"`
					LevelName games.LevelName `json:"level_name"`
					Step      games.LevelName `json:"step"`
				}
				require.NoError(t, json.Unmarshal([]byte(plans[i]), &p))
				assert.Equal(t, []games.LevelName{want, want, games.LevelAll10}, []games.LevelName{p.Level.Name, p.LevelName, p.Step})
			}
			assert.JSONEq(t, `{"practice":true,"level":"all-10"}`, plans[2])
			state := col("SELECT state FROM games")[0]
			assert.JSONEq(t, `{"level":"all-12","engine":{"config":{"level":`+strings.Replace(oldDeck(12), `"all"`, `"all-12"`, 1)+`}}}`, state)
			for _, s := range append(append(col("SELECT level FROM students"), col("SELECT level FROM attempts")...), hist...) {
				_, err := games.ParseLevel(s)
				assert.NoError(t, err, "%q reads with the one parse", s)
			}
		})
	}
}
