package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The erased child is called Zéphyrine: a name that occurs nowhere else
// (not in a game's cards, not in French words), so that finding it in a
// column or in the database file's bytes means a trace of her. The scans
// look for "phyrine", which also matches the name however its "é" is
// written (NFC, NFD, a JSON \u00e9 escape) and in any letter case.
const (
	erasedName = "Zéphyrine"
	erasedMark = "phyrine"
)

// idTraces finds the erased child's id where it names her. Ids are small
// numbers, and 42 or 7 occur everywhere in a multiplication game (a card,
// a product, a version), so a digit run proves nothing. "Found" means:
// in a text column, the id as the value of a JSON member whose key names
// a student — "student_id" (a game's seats), "invited_by" (a classmate's
// session plan), "subject" (a login), "student", "classmate_id" — or the
// failed-login bucket "student:ID"; in an integer column, a column that
// references students(id) (listed from the catalogue's foreign keys)
// holding the id, the students row itself, or a student login
// (auth_sessions.subject, which has no foreign key since it also names
// teachers and parents).
func idTraces(id int64) *regexp.Regexp {
	return regexp.MustCompile(fmt.Sprintf(`"(?:student_id|invited_by|subject|student|classmate_id)"\s*:\s*"?%d(?:[^0-9.]|$)|\bstudent:%d\b`, id, id))
}

// column is one column of the database's catalogue.
type column struct{ table, name, kind string }

// catalogue lists every column of every table of the store's schema, from
// the database itself (not a hand list), and the columns that reference
// students(id).
func catalogue(t *testing.T, db storetest.Database, raw *sql.DB) (cols []column, studentRefs []column) {
	t.Helper()
	ctx := context.Background()
	var rows *sql.Rows
	var err error
	if db.Name == "postgres" {
		rows, err = raw.QueryContext(ctx, `SELECT table_name, column_name, data_type FROM information_schema.columns
WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`)
	} else {
		rows, err = raw.QueryContext(ctx, `SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`)
	}
	require.NoError(t, err)
	for rows.Next() {
		var c column
		require.NoError(t, rows.Scan(&c.table, &c.name, &c.kind))
		c.kind = strings.ToLower(c.kind)
		cols = append(cols, c)
	}
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())

	if db.Name == "postgres" {
		rows, err = raw.QueryContext(ctx, `SELECT c.conrelid::regclass::text, a.attname FROM pg_constraint c
JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
WHERE c.contype = 'f' AND c.confrelid = 'students'::regclass`)
	} else {
		rows, err = raw.QueryContext(ctx, `SELECT m.name, f."from" FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table' AND f."table" = 'students'`)
	}
	require.NoError(t, err)
	for rows.Next() {
		var c column
		require.NoError(t, rows.Scan(&c.table, &c.name))
		studentRefs = append(studentRefs, c)
	}
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())
	require.GreaterOrEqual(t, len(studentRefs), 9, "the catalogue lists the foreign keys to students")
	return cols, studentRefs
}

func isText(kind string) bool {
	for _, k := range []string{"text", "char", "clob", "json"} {
		if strings.Contains(kind, k) {
			return true
		}
	}
	return kind == ""
}

// tracesOf lists, as "table.column: value", every place in the database
// that holds the child's name or id (see idTraces for what counts).
func tracesOf(t *testing.T, db storetest.Database, raw *sql.DB, id int64) []string {
	t.Helper()
	ctx := context.Background()
	cols, refs := catalogue(t, db, raw)
	idRe := idTraces(id)
	var found []string
	texts := 0
	for _, c := range cols {
		if !isText(c.kind) {
			continue
		}
		texts++
		rows, err := raw.QueryContext(ctx, fmt.Sprintf(`SELECT %q FROM %q WHERE %q IS NOT NULL`, c.name, c.table, c.name))
		require.NoError(t, err)
		for rows.Next() {
			var v any
			require.NoError(t, rows.Scan(&v))
			s := fmt.Sprint(v)
			if b, ok := v.([]byte); ok {
				s = string(b)
			}
			if strings.Contains(strings.ToLower(s), erasedMark) || idRe.MatchString(s) {
				found = append(found, fmt.Sprintf("%s.%s: %.300s", c.table, c.name, s))
			}
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
	}
	require.Greater(t, texts, 20, "every text column of every table was read")
	counts := append(slices.Clone(refs), column{table: "students", name: "id"})
	for _, c := range counts {
		var n int
		require.NoError(t, raw.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM %q WHERE %q = %d`, c.table, c.name, id)).Scan(&n))
		if n > 0 {
			found = append(found, fmt.Sprintf("%s.%s = %d: %d rows", c.table, c.name, id, n))
		}
	}
	var logins int
	require.NoError(t, raw.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM auth_sessions WHERE role = 'student' AND subject = %d`, id)).Scan(&logins))
	if logins > 0 {
		found = append(found, fmt.Sprintf("auth_sessions.subject = %d: %d rows", id, logins))
	}
	return found
}

// fileTraces lists the SQLite files (the database and its WAL) whose bytes
// hold the name.
func fileTraces(t *testing.T, path string) []string {
	t.Helper()
	var found []string
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		if n := bytes.Count(bytes.ToLower(b), []byte(erasedMark)); n > 0 {
			found = append(found, fmt.Sprintf("%s (%d bytes): %d times", filepath.Base(f), len(b), n))
		}
	}
	return found
}

func openRaw(t *testing.T, db storetest.Database) *sql.DB {
	t.Helper()
	driver, dsn := "sqlite3", "file:"+db.URL+"?_busy_timeout=10000"
	if db.Name == "postgres" {
		driver, dsn = "pgx", db.URL
	}
	raw, err := sql.Open(driver, dsn)
	require.NoError(t, err)
	raw.SetMaxOpenConns(1)
	t.Cleanup(func() { _ = raw.Close() })
	return raw
}

// classmates is a class where Zéphyrine played with and against Léa and
// Noé, each child on their own device.
type classmates struct {
	teacher, parent  string
	code             string
	zeph, lea, noe   int64
	zephT, leaT      string
	noeT             string
	hosted, joined   map[string]any // potion games: Zéphyrine invited Léa (played to its end); Léa invited Zéphyrine (unfinished, Léa to play)
	invitedBy, wait  map[string]any // Noé invited Zéphyrine (never opened); Zéphyrine invited Noé (never opened)
	hostedSession    int64          // Zéphyrine's session of the hosted game
	leaHostedSession int64          // Léa's session in the game Zéphyrine hosted
}

func (e *env) classmatesWhoPlayed(t *testing.T) classmates {
	t.Helper()
	var w classmates
	w.teacher = e.signup(t, "teacher", uniqueEmail("t"))
	var ids []int64
	_, w.code, ids = e.classWithStudent(t, w.teacher, erasedName+"\nLéa\nNoé")
	w.zeph, w.lea, w.noe = ids[0], ids[1], ids[2]
	for i, pin := range map[int64]string{w.lea: "4321", w.noe: "8642"} {
		e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", i), Token: w.teacher,
			Body: map[string]string{"kind": "pin", "pin": pin}})
	}
	w.parent = e.signup(t, "parent", uniqueEmail("p"))
	e.linkParent(t, w.teacher, w.parent, w.zeph)
	w.zephT = e.must(t, http.StatusOK, e.studentReq(w.code, w.zeph, "1234")).JSON["token"].(string)
	w.leaT = e.must(t, http.StatusOK, e.studentReq(w.code, w.lea, "4321")).JSON["token"].(string)
	w.noeT = e.must(t, http.StatusOK, e.studentReq(w.code, w.noe, "8642")).JSON["token"].(string)
	e.do(t, e.studentReq(w.code, w.zeph, "9999")) // a failed login, kept (its status is the throttle's business)

	// Zéphyrine invites Léa; they play the game to its end.
	w.hostedSession, w.hosted = e.startGame(t, w.zephT, map[string]any{"game": "potion", "edition": "4", "classmate_id": w.lea})
	w.leaHostedSession = num(t, e.must(t, http.StatusOK, req{Method: "POST", Path: playGamePath(w.hosted, "/open"), Token: w.leaT}).JSON["session_id"])
	seqs := []int64{0, 0}
	for range 400 {
		moved, over := e.playRound(t, w.hosted, []string{w.zephT, w.leaT}, seqs)
		if over || !moved {
			break
		}
	}
	w.hosted = e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(w.hosted, ""), Token: w.leaT}).JSON
	require.Equal(t, true, w.hosted["over"], "Zéphyrine and Léa played their game to its end")

	// Léa invites Zéphyrine; they play a few moves each and stop with Léa
	// to play.
	_, w.joined = e.startGame(t, w.leaT, map[string]any{"game": "potion", "edition": "3", "classmate_id": w.zeph})
	e.must(t, http.StatusOK, req{Method: "POST", Path: playGamePath(w.joined, "/open"), Token: w.zephT})
	seqs = []int64{0, 0}
	for range 100 {
		moved, over := e.playRound(t, w.joined, []string{w.leaT, w.zephT}, seqs)
		require.False(t, over, "the game goes on")
		require.True(t, moved)
		cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(w.joined, ""), Token: w.leaT}).JSON
		if seqs[1] >= 3 && studentMove(t, cur) != nil {
			w.joined = cur
			break
		}
	}
	require.GreaterOrEqual(t, seqs[1], int64(3), "Zéphyrine played in Léa's game")

	// Two invitations nobody opened.
	_, w.invitedBy = e.startGame(t, w.noeT, map[string]any{"game": "potion", "classmate_id": w.zeph})
	_, w.wait = e.startGame(t, w.zephT, map[string]any{"game": "potion", "classmate_id": w.noe})
	return w
}

// playRound lets each player (in seat order) make their move if they have
// one; it reports whether anyone moved and whether the game is over.
func (e *env) playRound(t *testing.T, g map[string]any, tokens []string, seqs []int64) (moved, over bool) {
	t.Helper()
	for seat, tok := range tokens {
		cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: tok}).JSON
		if cur["over"] == true {
			return moved, true
		}
		mv := studentMove(t, cur)
		if mv == nil {
			continue
		}
		seqs[seat]++
		res := e.move(t, tok, cur, seqs[seat], mv)
		require.Contains(t, []int{http.StatusOK, http.StatusUnprocessableEntity}, res.Status, "%s", res.Raw)
		moved = moved || res.Status == http.StatusOK
	}
	return moved, false
}

func gameIDs(t *testing.T, rows any) []int64 {
	t.Helper()
	var out []int64
	for _, r := range rows.([]any) {
		out = append(out, num(t, r.(map[string]any)["id"]))
	}
	return out
}

func TestErasingAChildWhoPlayedClassmatesLeavesNoNameOrIDInAnyTableOrFile(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			st := storetest.Open(t, db.URL)
			raw := openRaw(t, db)
			e := newEnv(t, st, fixedSeed(2))
			w := e.classmatesWhoPlayed(t)
			ids := map[string]int64{"hosted": num(t, w.hosted["id"]), "joined": num(t, w.joined["id"]), "invited": num(t, w.invitedBy["id"]), "waiting": num(t, w.wait["id"])}

			// Her export, before the erasure, holds every game she sat in,
			// her classmates' included, with their events.
			exp := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", w.zeph), Token: w.teacher}).JSON
			tables := exp["tables"].(map[string]any)
			assert.ElementsMatch(t, []int64{ids["hosted"], ids["joined"], ids["invited"], ids["waiting"]}, gameIDs(t, tables["games"]),
				"the export lists the games she hosted and those classmates invited her to")
			eventsOf := map[int64]int{}
			for _, ev := range tables["game_events"].([]any) {
				eventsOf[num(t, ev.(map[string]any)["game_id"])]++
			}
			assert.Positive(t, eventsOf[ids["joined"]], "the export holds the events of the game she played in Léa's session")

			// The scans find her before the erasure: they are able to.
			before := strings.Join(tracesOf(t, db, raw, w.zeph), "\n")
			for _, place := range []string{"students.display_name", "games.seats", "games.state", "play_sessions.plan", "login_failures.bucket", "attempts.student_id"} {
				assert.Contains(t, before, place, "the scan sees her in %s before the erasure", place)
			}
			if db.Name == "sqlite" {
				_, err := raw.Exec("PRAGMA wal_checkpoint(PASSIVE)")
				require.NoError(t, err)
				assert.NotEmpty(t, fileTraces(t, db.URL), "the file holds her name before the erasure")
			}

			leaStored, err := st.StoredAbout(context.Background(), w.lea)
			require.NoError(t, err)

			e.must(t, http.StatusNoContent, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d", w.zeph), Token: w.teacher})

			assert.Empty(t, tracesOf(t, db, raw, w.zeph), "her name or id is left in the database")
			if db.Name == "sqlite" {
				assert.Empty(t, fileTraces(t, db.URL), "her name is left in the database file's bytes (free pages, old WAL frames)")
				copyPath := filepath.Join(t.TempDir(), "after.db")
				require.NoError(t, st.Backup(context.Background(), copyPath))
				assert.Empty(t, fileTraces(t, copyPath), "a backup taken after the erasure holds her name")
			}

			leaAfter, err := st.StoredAbout(context.Background(), w.lea)
			require.NoError(t, err)
			assert.Equal(t, leaStored, leaAfter, "Léa keeps every row of hers: sessions, games, events, attempts")
			leaExport := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", w.lea), Token: w.teacher})
			assert.ElementsMatch(t, []int64{ids["hosted"], ids["joined"]}, gameIDs(t, leaExport.JSON["tables"].(map[string]any)["games"]))
			assert.NotContains(t, strings.ToLower(string(leaExport.Raw)), erasedMark)
			assert.NotRegexp(t, idTraces(w.zeph), string(leaExport.Raw))
		})
	}
}

func TestAClassmateStillPlaysAndReplaysTheirGamesWithAChildWhoWasErased(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(2))
		w := e.classmatesWhoPlayed(t)
		games := map[string]map[string]any{"hosted": w.hosted, "joined": w.joined}
		before := map[string]map[string]any{}
		replays := map[string]map[string]any{}
		for k, g := range games {
			before[k] = e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: w.leaT}).JSON
			replays[k] = e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/games/%d/replay", num(t, g["id"])), Token: w.teacher}).JSON
		}

		e.must(t, http.StatusNoContent, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d", w.zeph), Token: w.teacher})

		for k, g := range games {
			after := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: w.leaT})
			a := after.JSON
			assert.NotContains(t, strings.ToLower(string(after.Raw)), erasedMark, "%s: Léa's game still names her", k)
			for _, field := range []string{"seat", "game", "edition", "view", "events", "attempts", "over", "result", "session_id"} {
				assert.Equal(t, before[k][field], a[field], "%s: %s changed for Léa", k, field)
			}
			mine := int(num(t, a["seat"]))
			seats := a["seats"].([]any)
			require.Len(t, seats, 2)
			for i, s := range seats {
				s := s.(map[string]any)
				assert.Equal(t, "student", s["kind"], "%s: both seats stay a child's", k)
				if i == mine {
					assert.Equal(t, "Léa", s["name"])
				} else {
					assert.Empty(t, s["name"], "%s: the erased child's seat has no name (shown as \"Player 2\" / \"Joueur 2\")", k)
				}
			}

			path := fmt.Sprintf("/api/v1/games/%d/replay", num(t, g["id"]))
			r := e.must(t, http.StatusOK, req{Method: "GET", Path: path, Token: w.teacher}).JSON
			assert.Equal(t, float64(w.lea), r["student_id"], "%s: the game is replayed as Léa's", k)
			assert.Len(t, r["moves"], len(replays[k]["moves"].([]any)), "%s: every move is still in the replay", k)
			page := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/games/%d", num(t, g["id"])), Token: w.teacher})
			assert.NotContains(t, strings.ToLower(string(page.Raw)), erasedMark)
		}

		// The game Zéphyrine hosted now belongs to Léa's session: her
		// replay marks Léa's answers, and her session's summary counts
		// the game's trophies.
		leaAttempts, err := st.AttemptsOfSession(ctx, w.leaHostedSession)
		require.NoError(t, err)
		require.NotEmpty(t, leaAttempts)
		r := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/games/%d/replay", num(t, w.hosted["id"])), Token: w.teacher}).JSON
		marked := 0
		for _, m := range r["moves"].([]any) {
			marked += len(m.(map[string]any)["attempts"].([]any))
		}
		assert.Equal(t, len(leaAttempts), marked, "the replay marks Léa's answers")
		sum := e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/play/sessions/%d/end", w.leaHostedSession), Token: w.leaT}).JSON
		result := before["hosted"]["result"].(map[string]any)
		assert.Equal(t, result["scores"].([]any)[int(num(t, before["hosted"]["seat"]))], sum["trophies"], "Léa's summary still counts her trophies")

		// Léa goes on with the unfinished game: her move is played and stored.
		cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(w.joined, ""), Token: w.leaT}).JSON
		mv := studentMove(t, cur)
		require.NotNil(t, mv, "Léa is to play")
		res := e.move(t, w.leaT, cur, 1000, mv)
		require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
		assert.Greater(t, num(t, res.JSON["version"]), num(t, cur["version"]))

		// Léa's home: the game goes on against a nameless seat; Noé's
		// invitation from Zéphyrine is gone, his own game keeps her seat
		// without a name.
		home := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: w.leaT})
		assert.NotContains(t, strings.ToLower(string(home.Raw)), erasedMark)
		assert.Len(t, home.JSON["continue"], 1)
		noeHome := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: w.noeT})
		assert.Empty(t, noeHome.JSON["invites"], "an invitation from an erased child is gone")
		assert.NotContains(t, strings.ToLower(string(noeHome.Raw)), erasedMark)
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: playGamePath(w.wait, ""), Token: w.noeT})
		noeGame := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(w.invitedBy, ""), Token: w.noeT})
		assert.NotContains(t, strings.ToLower(string(noeGame.Raw)), erasedMark)
	})
}
