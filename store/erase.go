package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/migrations"
)

// Privacy: a teacher may export everything the platform stores
// about a student, and erase the student.

// sessionsOf and gamesOf select a student's play sessions and their games.
const (
	sessionsOf = "SELECT id FROM play_sessions WHERE student_id = ?"
	gamesOf    = "SELECT id FROM games WHERE play_session_id IN (" + sessionsOf + ")"
)

// erasure lists, in an order the foreign keys accept, the statements that
// remove a student; each takes the student id once per "?".
var erasure = []string{
	"DELETE FROM attempts WHERE student_id = ? OR play_session_id IN (" + sessionsOf + ")",
	// A classmate's attempts in a game the student hosted keep their
	// answers but lose the link to the erased game.
	"UPDATE attempts SET game_id = NULL WHERE game_id IN (" + gamesOf + ")",
	"DELETE FROM game_events WHERE game_id IN (" + gamesOf + ")",
	"DELETE FROM games WHERE play_session_id IN (" + sessionsOf + ")",
	"DELETE FROM play_sessions WHERE student_id = ?",
	"DELETE FROM fact_stats WHERE student_id = ?",
	"DELETE FROM student_models WHERE student_id = ?",
	"DELETE FROM student_weeks WHERE student_id = ?",
	"DELETE FROM level_history WHERE student_id = ?",
	"DELETE FROM parent_links WHERE student_id = ?",
	"DELETE FROM weekly_mails WHERE student_id = ?",
	"DELETE FROM parent_codes WHERE student_id = ?",
	"DELETE FROM assignment_students WHERE student_id = ?",
	"DELETE FROM auth_sessions WHERE role = 'student' AND subject = ?",
	"DELETE FROM students WHERE id = ?",
}

// EraseStudent removes the student and everything stored about them —
// attempts, sessions, games and events, mastery, weeks, level history,
// parent links and codes, assignment memberships, logins and failed-login
// records — and takes their name and id out of their classmates' games and
// sessions (pseudonymise, below), in one transaction: all or nothing. A
// table added later that references the student makes the last DELETE
// fail (foreign key) rather than leave rows behind; its migration must
// extend this list. ErrNotFound for an unknown student.
//
// On SQLite the erased rows are overwritten in the file (secure_delete,
// store.go), and once the transaction is committed a TRUNCATE checkpoint
// copies the WAL into the file and empties it, so the WAL's older copies of
// the pages that held them go too (clearWAL).
func (s *Store) EraseStudent(ctx context.Context, studentID int64) error {
	err := s.tx(ctx, func(tx *gorm.DB) error {
		q := s.conn(tx)
		if err := s.pseudonymise(q, studentID); err != nil {
			return err
		}
		for _, stmt := range erasure {
			args := make([]any, countMarks(stmt))
			for i := range args {
				args[i] = studentID
			}
			res, err := q.exec(stmt, args...)
			if err != nil {
				return fmt.Errorf("%s: %w", stmt, err)
			}
			if stmt == erasure[len(erasure)-1] {
				if n, _ := res.RowsAffected(); n == 0 {
					return ErrNotFound
				}
			}
		}
		_, err := q.exec("DELETE FROM login_failures WHERE bucket = ?", loginBucket(studentID))
		return err
	})
	s.forgetState(studentID)
	s.logins.revoke(func(a AuthSession) bool { return a.Role == "student" && a.Subject == studentID })
	if err == nil {
		s.clearWAL(ctx, studentID)
	}
	return classify(err, fmt.Sprintf("erase student %d", studentID))
}

// loginBucket is the failed-login bucket of the student's account (the
// server's throttle names it so).
func loginBucket(studentID int64) string { return "student:" + strconv.FormatInt(studentID, 10) }

func countMarks(s string) int {
	n := 0
	for _, r := range s {
		if r == '?' {
			n++
		}
	}
	return n
}

// Export is everything stored about one student, table by table, each row
// as column → value. Secrets are left out: the hash of the child's PIN or
// pictures and its sealed copy, the hashes of parent codes, the ids of
// login tokens.
type Export struct {
	StudentID  int64                       `json:"student_id"`
	ExportedAt time.Time                   `json:"exported_at"`
	Tables     map[string][]map[string]any `json:"tables"`
}

// exportQueries selects a student's rows in every table that holds some.
var exportQueries = []struct{ table, query string }{
	{"students", "SELECT id, class_id, display_name, secret_kind, no_timers, level, created_at FROM students WHERE id = ?"},
	{"play_sessions", "SELECT * FROM play_sessions WHERE student_id = ? ORDER BY id"},
	// The games of the student's sessions and, through their seats, the
	// classmates' games they sat in (gamesWith narrows the LIKE down).
	{"games", "SELECT * FROM games WHERE play_session_id IN (" + sessionsOf + ") OR seats LIKE ? ORDER BY id"},
	{"game_events", "SELECT * FROM game_events WHERE game_id IN (" + gamesOf + " UNION SELECT id FROM games WHERE seats LIKE ?) ORDER BY game_id, n"},
	{"attempts", "SELECT * FROM attempts WHERE student_id = ? ORDER BY id"},
	{"fact_stats", "SELECT * FROM fact_stats WHERE student_id = ? ORDER BY a, b"},
	{"student_models", "SELECT * FROM student_models WHERE student_id = ?"},
	{"student_weeks", "SELECT * FROM student_weeks WHERE student_id = ? ORDER BY year, week"},
	{"level_history", "SELECT * FROM level_history WHERE student_id = ? ORDER BY id"},
	{"parent_links", "SELECT l.parent_id, p.name AS parent_name, l.created_at FROM parent_links l JOIN parents p ON p.id = l.parent_id WHERE l.student_id = ?"},
	{"weekly_mails", "SELECT parent_id, year, week, sent_at FROM weekly_mails WHERE student_id = ? ORDER BY year, week, parent_id"},
	{"parent_codes", "SELECT id, created_by, created_at, expires_at, used_at, used_by FROM parent_codes WHERE student_id = ? ORDER BY id"},
	{"assignment_students", "SELECT * FROM assignment_students WHERE student_id = ?"},
	{"auth_sessions", "SELECT id, created_at, expires_at, revoked_at FROM auth_sessions WHERE role = 'student' AND subject = ? ORDER BY id"},
	{"login_failures", "SELECT at FROM login_failures WHERE bucket = ? ORDER BY at"}, // the student's login bucket
}

// ExportStudent reads everything stored about the student (ErrNotFound for
// an unknown one), in one read transaction so the tables agree.
func (s *Store) ExportStudent(ctx context.Context, studentID int64, now time.Time) (Export, error) {
	out, err := s.readAbout(ctx, studentID, now)
	if err == nil && len(out.Tables["students"]) == 0 {
		return Export{}, fmt.Errorf("store: export student %d: %w", studentID, ErrNotFound)
	}
	return out, err
}

// StoredAbout counts, table by table, the rows that mention the student:
// all zero after EraseStudent.
func (s *Store) StoredAbout(ctx context.Context, studentID int64) (map[string]int, error) {
	out, err := s.readAbout(ctx, studentID, time.Now())
	counts := map[string]int{}
	for t, rows := range out.Tables {
		counts[t] = len(rows)
	}
	return counts, err
}

func (s *Store) readAbout(ctx context.Context, studentID int64, now time.Time) (Export, error) {
	out := Export{StudentID: studentID, ExportedAt: now.UTC(), Tables: map[string][]map[string]any{}}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := s.conn(tx)
		for _, e := range exportQueries {
			args := make([]any, countMarks(e.query))
			for i := range args {
				args[i] = studentID
			}
			switch e.table {
			case "login_failures":
				args = []any{loginBucket(studentID)}
			case "games", "game_events":
				args[len(args)-1] = seatPattern(studentID)
			}
			rows, err := q.query(e.query, args...)
			if err != nil {
				return fmt.Errorf("export %s: %w", e.table, err)
			}
			table, err := scanMaps(rows)
			if err != nil {
				return fmt.Errorf("export %s: %w", e.table, err)
			}
			out.Tables[e.table] = table
		}
		out.Tables["games"], out.Tables["game_events"] = gamesWith(out.Tables, studentID)
		return nil
	})
	return out, classify(err, fmt.Sprintf("export student %d", studentID))
}

// gamesWith keeps, of the games and events the LIKE preselected, those of
// the student's own sessions and of the games whose seats name them.
func gamesWith(tables map[string][]map[string]any, studentID int64) (games, events []map[string]any) {
	own := map[int64]bool{}
	for _, ps := range tables["play_sessions"] {
		own[asInt64(ps["id"])] = true
	}
	kept := map[int64]bool{}
	games = []map[string]any{}
	for _, g := range tables["games"] {
		seats, _ := g["seats"].(string)
		if own[asInt64(g["play_session_id"])] || len(seatsOf(seats, studentID)) > 0 {
			kept[asInt64(g["id"])] = true
			games = append(games, g)
		}
	}
	events = []map[string]any{}
	for _, ev := range tables["game_events"] {
		if kept[asInt64(ev["game_id"])] {
			events = append(events, ev)
		}
	}
	return games, events
}

// asInt64 reads an integer column as scanMaps returns it.
func asInt64(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int32:
		return int64(n)
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

type rowsScanner interface {
	Columns() ([]string, error)
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// scanMaps reads rows as column → value; text comes back as strings.
func scanMaps(rows rowsScanner) ([]map[string]any, error) {
	defer func() { _ = rows.Close() }()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make(map[string]any, len(cols))
		for i, c := range cols {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			row[c] = vals[i]
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// Classmates' games and sessions.
//
// A game of two children (MultipliPotion, Multipli Cat's) belongs to the
// play session of the child who started it (games.play_session_id) and
// names both children in games.seats (name and student id) and in
// games.state (the engine's own seats, with names; each seat's play
// session; the last steps' attempts of each seat). The invited child's
// play session names the host in its plan ("invited_by"). The store
// otherwise never reads these JSON documents; an erasure has to.
//
// Decision: the classmate's game stays theirs, whole and replayable, and
// the erased child becomes a seat without anyone behind it:
//   - the seat keeps its place and its kind ("student"), so the engine's
//     state, its log, the events and the replay are unchanged; its name
//     becomes "" and its student id goes. Every screen already shows a
//     seat without a name as "Player 2" / "Joueur 2" (the play front-end's
//     seatNameOf, in both languages): neutral, and nobody can tell who sat
//     there. A pseudonym or "a former classmate" would say more than
//     needed and would have to be translated inside a stored game;
//   - the seat's play session becomes 0 (the session is erased), so the
//     pipeline never writes an attempt for that seat again (move.go drops
//     the attempts of a seat without a session);
//   - the attempts of that seat kept in the last steps (shown to that seat
//     only) are dropped: they are the erased child's answers;
//   - a game the erased child started moves to the play session of the
//     classmate who played in it (one game per play session still holds:
//     an invited classmate's session had no game of its own), so it stays
//     on the classmate's dashboard and replays as theirs, with their
//     answers. If no classmate ever opened it (an invitation nobody took
//     up) it holds nothing of anyone else and is erased with the child;
//   - the game's version moves on by one, so that a move computed on the
//     old state (still naming the child) is refused as stale and made
//     again on the new one instead of writing the name back;
//   - a classmate's session plan loses "invited_by" and the erased
//     child's level decision and its reason, which were copied from the
//     child's plan when the classmate joined; the deck level and timers
//     the classmate played with stay.
// An unfinished turn-based game then waits for a seat nobody plays, as it
// does when a classmate never comes back; the classmate can start another
// one (it leaves their home's list after a week).

// seatedGame is a game whose seats name the student.
type seatedGame struct {
	id, session  int64
	seats, state string
}

// seatPattern preselects, with LIKE, the games whose seats may name the
// student; seatsOf decides (student 4 also matches 42's pattern).
func seatPattern(studentID int64) string {
	return `%"student_id":` + strconv.FormatInt(studentID, 10) + `%`
}

// seatsOf lists the seats of a games.seats document that name the student.
func seatsOf(seats string, studentID int64) []int {
	var list []struct {
		StudentID int64 `json:"student_id"`
	}
	if json.Unmarshal([]byte(seats), &list) != nil {
		return nil
	}
	var out []int
	for i, s := range list {
		if s.StudentID == studentID {
			out = append(out, i)
		}
	}
	return out
}

// seatedGames finds every game whose seats name the student, whoever
// started it. It reads the seats of all games (a LIKE on a column without
// an index): an erasure or an export is rare, and a child may have been
// invited to any game of their class.
//
// On PostgreSQL the rows are locked (FOR UPDATE), so that a move saved
// meanwhile is either read here or waits and is then refused as stale; a
// plain read could be followed by a move's save and its state lost to the
// rewrite. SQLite's erasure holds the write lock from its BEGIN.
func seatedGames(q conn, studentID int64) ([]seatedGame, error) {
	query := "SELECT id, play_session_id, seats, state FROM games WHERE seats LIKE ? ORDER BY id"
	if q.pg {
		query += " FOR UPDATE"
	}
	rows, err := q.query(query, seatPattern(studentID))
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []seatedGame
	for rows.Next() {
		var g seatedGame
		if err := rows.Scan(&g.id, &g.session, &g.seats, &g.state); err != nil {
			return nil, err
		}
		if len(seatsOf(g.seats, studentID)) > 0 {
			out = append(out, g)
		}
	}
	return out, rows.Err()
}

// pseudonymise takes the student out of every game they sat in and every
// classmate's session plan that names them (the decision above). It runs
// first in the erasure's transaction; the games left in the student's own
// sessions are then deleted with them.
func (s *Store) pseudonymise(q conn, studentID int64) error {
	var name string
	switch err := q.queryRow("SELECT display_name FROM students WHERE id = ?", studentID).Scan(&name); {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	}
	own := map[int64]bool{}
	rows, err := q.query(sessionsOf, studentID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			_ = rows.Close()
			return err
		}
		own[id] = true
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return err
	}
	games, err := seatedGames(q, studentID)
	if err != nil {
		return fmt.Errorf("games seating student %d: %w", studentID, err)
	}
	for _, g := range games {
		seats, state, others, err := pseudonymiseGame(g.seats, g.state, studentID, name)
		if err != nil {
			// A state the pipeline could not load either: nothing of it
			// can be kept without the child, so the game goes.
			s.logger.Warn("erasure: unreadable game deleted", "game", g.id, "err", err)
			if err := dropGame(q, g.id); err != nil {
				return err
			}
			continue
		}
		host := g.session
		if own[host] {
			host = 0
			for _, o := range others {
				if !own[o] {
					host = o
					break
				}
			}
			if host == 0 {
				continue // nobody else played it: erased with the child's sessions
			}
		}
		if _, err := q.exec("UPDATE games SET seats = ?, state = ?, play_session_id = ?, version = version + 1 WHERE id = ?", seats, state, host, g.id); err != nil {
			return fmt.Errorf("pseudonymise game %d: %w", g.id, err)
		}
	}
	return forgetInviter(q, studentID)
}

// dropGame deletes a game and its events; attempts keep their answers
// without the link.
func dropGame(q conn, gameID int64) error {
	for _, stmt := range []string{
		"UPDATE attempts SET game_id = NULL WHERE game_id = ?",
		"DELETE FROM game_events WHERE game_id = ?",
		"DELETE FROM games WHERE id = ?",
	} {
		if _, err := q.exec(stmt, gameID); err != nil {
			return fmt.Errorf("drop game %d: %w", gameID, err)
		}
	}
	return nil
}

// forgetInviter takes the student out of their classmates' session plans.
func forgetInviter(q conn, studentID int64) error {
	rows, err := q.query("SELECT id, plan FROM play_sessions WHERE student_id <> ? AND plan LIKE ?",
		studentID, `%"invited_by":`+strconv.FormatInt(studentID, 10)+`%`)
	if err != nil {
		return err
	}
	type plan struct {
		id   int64
		plan string
	}
	var plans []plan
	for rows.Next() {
		var p plan
		if err := rows.Scan(&p.id, &p.plan); err != nil {
			_ = rows.Close()
			return err
		}
		plans = append(plans, p)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return err
	}
	for _, p := range plans {
		doc, err := decodeJSON(p.plan)
		m, ok := doc.(map[string]any)
		if err != nil || !ok || !isID(m["invited_by"], studentID) {
			continue // 42's pattern also matches 4's plans
		}
		// The inviter's level decision and its reason were the erased
		// child's; the level and timers played with stay.
		delete(m, "invited_by")
		delete(m, "decision")
		delete(m, "reason")
		out, err := encodeJSON(m)
		if err != nil {
			return err
		}
		if _, err := q.exec("UPDATE play_sessions SET plan = ? WHERE id = ?", out, p.id); err != nil {
			return fmt.Errorf("pseudonymise plan of play session %d: %w", p.id, err)
		}
	}
	return nil
}

// pseudonymiseGame rewrites a game's seats and state without the student
// (the decision above). It returns the new documents and the play sessions
// of the other seats (0s left out), in seat order.
func pseudonymiseGame(seatsDoc, stateDoc string, studentID int64, name string) (seats, state string, others []int64, err error) {
	sd, err := decodeJSON(seatsDoc)
	if err != nil {
		return "", "", nil, fmt.Errorf("seats: %w", err)
	}
	seatList, _ := sd.([]any)
	names := map[string]bool{}
	if name != "" {
		names[name] = true
	}
	mine := map[int]bool{}
	for i, v := range seatList {
		seat, ok := v.(map[string]any)
		if !ok || !isID(seat["student_id"], studentID) {
			continue
		}
		mine[i] = true
		if n, ok := seat["name"].(string); ok && n != "" {
			names[n] = true // the name the game was played under, if the child was renamed since
		}
		seat["name"] = ""
		delete(seat, "student_id")
	}
	st, err := decodeJSON(stateDoc)
	if err != nil {
		return "", "", nil, fmt.Errorf("state: %w", err)
	}
	env, ok := st.(map[string]any)
	if !ok {
		return "", "", nil, errors.New("state: not an object")
	}
	if sessions, ok := env["sessions"].([]any); ok {
		for i, v := range sessions {
			switch {
			case mine[i]:
				sessions[i] = 0
			case !isID(v, 0):
				if id, err := v.(json.Number).Int64(); err == nil {
					others = append(others, id)
				}
			}
		}
	}
	// The engine's own seats (every engine keeps its config's seats).
	if eng, ok := env["engine"].(map[string]any); ok {
		if cfg, ok := eng["config"].(map[string]any); ok {
			if list, ok := cfg["seats"].([]any); ok {
				for i, v := range list {
					if seat, ok := v.(map[string]any); ok && mine[i] {
						if n, ok := seat["name"].(string); ok && n != "" {
							names[n] = true
						}
						seat["name"] = ""
					}
				}
			}
		}
	}
	// The erased seat's answers in the steps kept for late clients.
	dropAttempts := func(step any) {
		m, ok := step.(map[string]any)
		if !ok {
			return
		}
		list, ok := m["attempts"].([]any)
		if !ok {
			return
		}
		kept := []any{}
		for _, a := range list {
			if am, ok := a.(map[string]any); ok {
				if n, ok := am["seat"].(json.Number); ok {
					if seat, err := n.Int64(); err == nil && mine[int(seat)] {
						continue
					}
				}
			}
			kept = append(kept, a)
		}
		if len(kept) == 0 {
			delete(m, "attempts") // as the pipeline writes a step without attempts
			return
		}
		m["attempts"] = kept
	}
	dropAttempts(env["last"])
	if recent, ok := env["recent"].([]any); ok {
		for _, r := range recent {
			if rm, ok := r.(map[string]any); ok {
				dropAttempts(rm["step"])
			}
		}
	}
	// Anywhere else a document holds one of the child's names as a value
	// (no engine does today), it goes too.
	seatList = blankNames(seatList, names).([]any)
	st = blankNames(st, names)
	if seats, err = encodeJSON(seatList); err == nil {
		state, err = encodeJSON(st)
	}
	return seats, state, others, err
}

// blankNames replaces every string value equal to one of names by "".
func blankNames(v any, names map[string]bool) any {
	switch x := v.(type) {
	case string:
		if names[x] {
			return ""
		}
	case []any:
		for i := range x {
			x[i] = blankNames(x[i], names)
		}
	case map[string]any:
		for k := range x {
			x[k] = blankNames(x[k], names)
		}
	}
	return v
}

// isID reports whether a decoded JSON value is the number id.
func isID(v any, id int64) bool {
	n, ok := v.(json.Number)
	if !ok {
		return id == 0 && v == nil
	}
	got, err := n.Int64()
	return err == nil && got == id
}

// decodeJSON reads a document keeping its numbers as written
// (json.Number): an engine's random generator state or a big seed must
// come back bit for bit, which float64 would not guarantee.
func decodeJSON(doc string) (any, error) {
	d := json.NewDecoder(strings.NewReader(doc))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, errors.New("trailing data after the document")
	}
	return v, nil
}

// encodeJSON writes a document back (keys in order, characters as they
// are: the pipeline's own documents come from encoding/json too).
func encodeJSON(v any) (string, error) {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// clearWAL, on SQLite, copies the whole WAL into the database file and
// empties it (a TRUNCATE checkpoint), so that the WAL's older copies of the
// pages that held the erased rows go; in the file itself secure_delete has
// already overwritten them. It waits for the readers in flight (the busy
// timeout); if some still hold an old snapshot it gives up and says so: the
// WAL is then written over from its start once a later checkpoint catches
// up (sqlite_wal.go), but until then it still holds those pages.
func (s *Store) clearWAL(ctx context.Context, studentID int64) {
	if s.dialect != migrations.SQLite {
		return
	}
	var busy, frames, copied int
	err := s.sqlDB.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &frames, &copied)
	if err != nil || busy != 0 {
		s.logger.Warn("erasure: the WAL could not be emptied; it holds the erased rows' old pages until it is written over",
			"student", studentID, "busy", busy, "err", err)
	}
}
