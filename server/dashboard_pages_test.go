package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

const hostile = `<script>alert("x")</script>&'`

// hostileSchool is a school whose student and class carry a hostile name,
// with a stored game, per-fact stats and a level change.
func hostileSchool(t *testing.T, e *env) (school, int64) {
	t.Helper()
	s := e.newSchool(t)
	ctx := context.Background()
	e.must(t, 200, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher, Body: map[string]any{"name": hostile}})
	e.must(t, 200, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/classes/%d", s.classID), Token: s.teacher, Body: map[string]any{"name": hostile}})
	game := newStoredGame(t, e.st, s.studentID, e.clock())
	seen := e.clock().Add(-time.Hour)
	require.NoError(t, e.st.SaveFactStats(ctx, []store.FactStat{
		{StudentID: s.studentID, A: 3, B: 7, Attempts: 4, Correct: 2, Mastery: 0.3, Uncertainty: 0.5, LastSeen: &seen},
		{StudentID: s.studentID, A: 2, B: 2, Attempts: 6, Correct: 6, Mastery: 0.95, Uncertainty: 0.1, Fluent: true, LastSeen: &seen},
	}))
	require.NoError(t, e.st.RecordLevelChange(ctx, &store.LevelChange{StudentID: s.studentID, At: seen, FromLevel: "green", ToLevel: "violet", Decision: "promote", ReasonEN: hostile, ReasonFR: hostile}))
	return s, game
}

func TestDashboardPagesEscapeHostileNames(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s, game := hostileSchool(t, e)
		pages := []struct {
			path, token string
		}{
			{"/dashboard", s.teacher},
			{fmt.Sprintf("/dashboard/classes/%d", s.classID), s.teacher},
			{fmt.Sprintf("/dashboard/classes/%d/heatmap", s.classID), s.teacher},
			{fmt.Sprintf("/dashboard/classes/%d/assignments", s.classID), s.teacher},
			{fmt.Sprintf("/dashboard/students/%d", s.studentID), s.teacher},
			{fmt.Sprintf("/dashboard/games/%d", game), s.teacher},
			{fmt.Sprintf("/dashboard/games/%d?move=2", game), s.teacher},
			{fmt.Sprintf("/reports/students/%d", s.studentID), s.parent},
			{fmt.Sprintf("/reports/students/%d?lang=fr", s.studentID), s.parent},
			{"/reports", s.parent},
		}
		for _, p := range pages {
			res := e.must(t, http.StatusOK, req{Method: "GET", Path: p.path, Token: p.token})
			body := string(res.Raw)
			assert.Contains(t, res.Header.Get("Content-Type"), "text/html", p.path)
			assert.NotContains(t, body, "<script>alert", "%s: a name is never markup", p.path)
			assert.NotContains(t, body, "<script>", "%s: no inline script at all", p.path)
			assert.Contains(t, body, "&lt;script&gt;", "%s shows the name, escaped", p.path)
		}
	})
}

func TestClassDashboardPageSortsByTheClickedColumn(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	base := fmt.Sprintf("/dashboard/classes/%d", s.classID)
	body := string(e.must(t, 200, req{Method: "GET", Path: base + "?sort=minutes&lang=en", Token: s.teacher}).Raw)
	assert.Contains(t, body, `aria-sort="ascending"><a href="?desc=true&amp;lang=en&amp;sort=minutes"`, "a second click sorts the other way")
	assert.Contains(t, body, `aria-sort="none"><a href="?lang=en&amp;sort=name"`)
	body = string(e.must(t, 200, req{Method: "GET", Path: base + "?sort=minutes&desc=true&lang=fr", Token: s.teacher}).Raw)
	assert.Contains(t, body, `aria-sort="descending"><a href="?lang=fr&amp;sort=minutes"`)
	assert.Contains(t, body, "Élève", "French headers")
	// Zoé played nothing and was enrolled today: no alert; Léa likewise.
	res := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard?sort=name&desc=true", s.classID), Token: s.teacher})
	rows := res.JSON["rows"].([]any)
	require.Len(t, rows, 2)
	assert.Equal(t, "Zoé", rows[0].(map[string]any)["name"])
	assert.Nil(t, rows[0].(map[string]any)["accuracy"], "no attempts: null, not 0")
}

func TestClassDashboardShowsTheNotPlayingAlertWithItsReason(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	e.advance(10 * 24 * time.Hour)
	s.teacher = e.must(t, 200, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}}).JSON["token"].(string)
	res := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID), Token: s.teacher})
	row := res.JSON["rows"].([]any)[0].(map[string]any)
	alerts := row["alerts"].([]any)
	require.Len(t, alerts, 1)
	assert.Equal(t, "inactive", alerts[0].(map[string]any)["kind"])
	assert.Equal(t, "Has never played.", alerts[0].(map[string]any)["reason"])
	body := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d", s.classID), Token: s.teacher}).Raw)
	assert.Contains(t, body, "Has never played.")
}

func TestAssignmentsAPIRefusesBadInput(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	path := fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID)
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
		code  string
	}{
		{"unknown level", map[string]any{"level": "gold"}, "level", "bad_level"},
		{"level and tables", map[string]any{"level": "green", "tables": []int{7}}, "tables", "level_or_table"},
		{"table 13", map[string]any{"tables": []int{13}}, "tables", "bad_tables"},
		{"unknown game", map[string]any{"games": []string{"chess"}}, "games", "bad_game"},
		{"no unit", map[string]any{"target": map[string]any{"per_week": 3}}, "target", "bad_target"},
		{"too many minutes", map[string]any{"target": map[string]any{"unit": "minutes", "per_week": 601}}, "target", "bad_target"},
		{"bad date", map[string]any{"start": "tomorrow"}, "start", "bad_date"},
		{"due before start", map[string]any{"start": "2026-03-10", "due": "2026-03-09"}, "due", "due_before"},
		{"another class's student", map[string]any{"student_ids": []int64{s.otherID}}, "student_ids", "bad_student"},
		{"title too long", map[string]any{"title": strings.Repeat("x", 81)}, "title", "too_long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.must(t, http.StatusBadRequest, req{Method: "POST", Path: path, Token: s.teacher, Body: tc.body})
			assert.Equal(t, tc.code, res.errCode())
			assert.Equal(t, tc.field, res.JSON["error"].(map[string]any)["field"])
		})
	}
}

func TestAssignmentToChosenStudentsIsTrackedAndArchived(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		res := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
			"title": "Sevens", "tables": []int{7, 8}, "games": []string{"potion", "cube"}, "target": map[string]any{"unit": "sessions", "per_week": 1},
			"start": "2026-03-01", "due": "2026-03-06", "timers": false, "student_ids": []int64{s.studentID},
		}})
		id := num(t, res.JSON["id"])
		assert.Equal(t, "2026-03-06", res.JSON["due"])
		assert.Equal(t, "custom", res.JSON["level"].(map[string]any)["name"])
		assert.Equal(t, []any{"potion", "cube"}, res.JSON["games"], "in the registry's order")

		mine := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.studentID), Token: s.student}).JSON["assignments"].([]any)
		require.Len(t, mine, 1, "the chosen student sees it")
		assert.Empty(t, mine[0].(map[string]any)["progress"])
		spare := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.spareStudentID), Token: s.teacher}).JSON["assignments"].([]any)
		assert.Empty(t, spare, "the others do not")

		// One session played under the assignment (an attempt in it)
		// completes a one-session target.
		ps := store.PlaySession{StudentID: s.studentID, AssignmentID: &id, Plan: "{}", StartedAt: e.clock().Add(-20 * time.Minute)}
		require.NoError(t, st.CreatePlaySession(context.Background(), &ps))
		given := 56
		_, err := st.RecordAttempts(context.Background(), []store.Attempt{{StudentID: s.studentID, PlaySessionID: ps.ID, Game: "potion",
			Level: "custom", A: 7, B: 8, Given: &given, Correct: true, Kind: "answer", Seq: 1, At: e.clock().Add(-10 * time.Minute)}})
		require.NoError(t, err)
		require.NoError(t, st.EndPlaySession(context.Background(), ps.ID, e.clock().Add(-5*time.Minute)))
		got := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/assignments/%d", id), Token: s.teacher}).JSON
		progress := got["progress"].([]any)
		require.Len(t, progress, 1)
		p := progress[0].(map[string]any)
		assert.Equal(t, true, p["complete"])
		assert.EqualValues(t, 15, p["minutes"])
		dash := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID), Token: s.teacher}).JSON
		for _, r := range dash["rows"].([]any) {
			row := r.(map[string]any)
			if num(t, row["student_id"]) == s.studentID {
				require.NotNil(t, row["assignment"])
				assert.EqualValues(t, 100, row["assignment"].(map[string]any)["percent"])
			} else {
				assert.Nil(t, row["assignment"], "not assigned to the others")
			}
		}

		patched := e.must(t, 200, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/assignments/%d", id), Token: s.teacher, Body: map[string]any{"student_ids": []int64{}, "level": "violet"}}).JSON
		assert.Empty(t, patched["student_ids"], "now the whole class")
		assert.Equal(t, "violet", patched["level"].(map[string]any)["name"])
		assert.Equal(t, "Sevens", patched["title"], "fields not given stay")

		e.must(t, 200, req{Method: "POST", Path: fmt.Sprintf("/api/v1/assignments/%d/archive", id), Token: s.teacher})
		mine = e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.studentID), Token: s.student}).JSON["assignments"].([]any)
		assert.Empty(t, mine, "archived: gone")
		archived := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/assignments?archived=true", s.classID), Token: s.teacher}).JSON["assignments"].([]any)
		require.Len(t, archived, 1)
		e.must(t, 404, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/assignments/%d", id), Token: s.teacher, Body: map[string]any{"title": "again"}})
	})
}

func TestCSVExportColumnsOverHTTP(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s, _ := hostileSchool(t, e)
		res := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv", s.classID), Token: s.teacher})
		assert.Equal(t, "text/csv; charset=utf-8", res.Header.Get("Content-Type"))
		assert.Contains(t, res.Header.Get("Content-Disposition"), "attachment")
		rows, err := exportReader(res).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 2)
		assert.Equal(t, []string{"student", "a", "b", "correct", "response_ms", "order", "student_name", "at", "game", "kind", "given", "session", "seq"}, rows[0])
		assert.Equal(t, []string{fmt.Sprint(s.studentID), "3", "7", "1", "2300", "1"}, rows[1][:6])
		assert.Equal(t, hostile, rows[1][6], "names as they are (no formula prefix needed here)")

		day := e.clock().Format("2006-01-02")
		next := e.clock().AddDate(0, 0, 1).Format("2006-01-02")
		res = e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv?from=%s&to=%s", s.classID, next, next), Token: s.teacher})
		rows, err = exportReader(res).ReadAll()
		require.NoError(t, err)
		assert.Len(t, rows, 1, "a range without attempts: the header only")
		res = e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv?from=%s&to=%s", s.classID, day, day), Token: s.teacher})
		rows, _ = exportReader(res).ReadAll()
		assert.Len(t, rows, 2, "the last day is included")
		bad := e.must(t, 400, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv?from=%s&to=%s", s.classID, next, day), Token: s.teacher})
		assert.Equal(t, "range_reversed", bad.errCode(), "the export's range, not an assignment's due date")

		// The pedagogy's evaluation reads the file as it is.
		logged, err := pedagogy.ReadAttemptsCSV(strings.NewReader(string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv", s.classID), Token: s.teacher}).Raw)))
		require.NoError(t, err)
		require.Len(t, logged, 1)
		assert.Equal(t, fmt.Sprint(s.studentID), logged[0].Student)
		assert.Equal(t, [2]int{3, 7}, [2]int{logged[0].A, logged[0].B})
		assert.EqualValues(t, 2300, logged[0].ResponseMS)

		res = e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/fact-stats.csv", s.classID), Token: s.teacher})
		rows, err = exportReader(res).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3)
		assert.Equal(t, []string{"student", "student_name", "a", "b", "attempts", "correct", "recent_accuracy", "typical_ms", "last_seen", "mastery", "uncertainty", "fluent"}, rows[0])
	})
}

func TestReplayCutsTheLogIntoMovesWithTheAttemptsMarked(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	game := newStoredGame(t, st, s.studentID, e.clock())
	r := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/games/%d/replay", game), Token: s.parent}).JSON
	moves := r["moves"].([]any)
	require.Len(t, moves, 2)
	assert.Empty(t, moves[0].(map[string]any)["attempts"])
	att := moves[1].(map[string]any)["attempts"].([]any)
	require.Len(t, att, 1)
	assert.Equal(t, true, att[0].(map[string]any)["correct"])
	page := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/games/%d?move=2", game), Token: s.teacher}).Raw)
	assert.Contains(t, page, `<span class="att-icon" aria-hidden="true">✓</span> <strong class="att-word">Right:</strong> 3 × 7 = 21`, "an icon and a word, not the colour alone")
	assert.Contains(t, page, `rel="prev"`)
	assert.NotContains(t, page, `rel="next"`, "the last move")
}

func TestParentReportSpeaksFrenchAndEnglish(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	fr := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/reports/students/%d?lang=fr", s.studentID), Token: s.parent}).Raw)
	assert.Contains(t, fr, `<html lang="fr">`)
	assert.Contains(t, fr, "Trois calculs à travailler à la maison")
	en := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/reports/students/%d", s.studentID), Token: s.parent, Header: map[string]string{"Accept-Language": "en-GB"}}).Raw)
	assert.Contains(t, en, "Three facts to practise at home")
	j := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report?lang=fr", s.studentID), Token: s.parent}).JSON
	assert.Len(t, j["practise"], 3, "three facts with a tip each")
	assert.Len(t, j["trend"], 8, "eight weeks")
}

// A child and their parent see an assignment aimed at chosen children as
// aimed at the child alone: which classmates the teacher grouped with them
// (a help group, say) is not theirs to read.
func TestAssignmentToAGroupShowsAChildOnlyThemself(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
			"title": "Help group", "level": "violet", "student_ids": []int64{s.studentID, s.spareStudentID},
		}})
		for who, token := range map[string]string{"child": s.student, "parent": s.parent} {
			list := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.studentID), Token: token}).JSON["assignments"].([]any)
			require.Len(t, list, 1, who)
			assert.Equal(t, []any{float64(s.studentID)}, list[0].(map[string]any)["student_ids"], "%s: the child alone", who)
		}
		all := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher}).JSON["assignments"].([]any)
		assert.Len(t, all[0].(map[string]any)["student_ids"], 2, "the teacher sees the whole group")
	})
}
