package server_test

import (
	"database/sql"
	"fmt"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// weekRow writes a student's aggregate of one ISO week, as the ingest
// write path keeps it (student_weeks).
func weekRow(t *testing.T, dbURL string, studentID int64, w dashboard.Week, sessions, attempts, correct int) {
	t.Helper()
	driver, dsn := "sqlite3", "file:"+dbURL
	if store.IsPostgres(dbURL) {
		driver, dsn = "pgx", dbURL
	}
	raw, err := sql.Open(driver, dsn)
	require.NoError(t, err)
	defer raw.Close()
	_, err = raw.Exec(fmt.Sprintf(`INSERT INTO student_weeks (student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms)
VALUES (%d, %d, %d, %d, %d, %d, %d, 0, 1800)`, studentID, w.Year, w.Num, sessions, 300*sessions, attempts, correct))
	require.NoError(t, err)
}

// forEachDBURL is storetest.ForEachDB with the database's URL, for the
// rows written by hand.
func forEachDBURL(t *testing.T, fn func(t *testing.T, st *store.Store, url string)) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) { fn(t, storetest.Open(t, db.URL), db.URL) })
	}
}

var weekQueries = regexp.MustCompile(`week=\d{4}-W\d{2}`)

func period(t *testing.T, res response) map[string]any {
	t.Helper()
	p, ok := res.JSON["period"].(map[string]any)
	require.True(t, ok, "a period in %s", res.Raw)
	return p
}

// The env's clock starts on Monday 2 March 2026, 9:00 (ISO week 10).
func TestDashboardsOpenOnLastWeekUntilSomeonePlaysThisWeek(t *testing.T) {
	forEachDBURL(t, func(t *testing.T, st *store.Store, dbURL string) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		this := dashboard.WeekOf(e.clock())
		weekRow(t, dbURL, s.studentID, this.Add(-1), 3, 30, 24)
		dash := fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID)
		page := fmt.Sprintf("/dashboard/classes/%d?lang=en", s.classID)

		res := e.must(t, 200, req{Method: "GET", Path: dash, Token: s.teacher})
		p := period(t, res)
		assert.Equal(t, this.Add(-1).String(), res.JSON["week"], "Monday morning, nothing played yet: last week")
		assert.Equal(t, true, p["fallback"])
		assert.Equal(t, "2026-02-23", p["from"])
		assert.Equal(t, "2026-03-01", p["to"])
		assert.Equal(t, "Week of 23 February to 1 March", p["text"])
		assert.Equal(t, "week="+this.String(), p["next"], "this week stays one click away")
		body := string(e.must(t, 200, req{Method: "GET", Path: page, Token: s.teacher}).Raw)
		assert.Contains(t, body, "Nothing played yet this week: showing last week.")
		assert.Contains(t, body, `data-week="next"`)
		assert.NotContains(t, weekQueries.ReplaceAllString(body, ""), "2026-W", "a week is never shown by its number, only in links")

		// The parent report follows the child: the same.
		rep := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report?lang=fr", s.studentID), Token: s.parent})
		assert.Equal(t, true, period(t, rep)["fallback"])
		assert.Equal(t, "Rien de joué encore cette semaine\u00a0: voici la semaine dernière.", period(t, rep)["fallback_text"])
		assert.Equal(t, float64(3), rep.JSON["this_week"].(map[string]any)["sessions"])

		// Someone plays this week: the class opens on it, without a next link.
		weekRow(t, dbURL, s.spareStudentID, this, 1, 10, 9)
		res = e.must(t, 200, req{Method: "GET", Path: dash, Token: s.teacher})
		assert.Equal(t, this.String(), res.JSON["week"])
		assert.Equal(t, false, period(t, res)["fallback"])
		assert.Nil(t, period(t, res)["next"])
		body = string(e.must(t, 200, req{Method: "GET", Path: page, Token: s.teacher}).Raw)
		assert.NotContains(t, body, "Nothing played yet this week")
		assert.NotContains(t, body, `data-week="next"`, "no next link on this week")
		assert.Contains(t, body, `data-week="prev"`)

		// A week later, on Monday: last week is the one just played.
		e.advance(7 * 24 * time.Hour)
		teacher := e.must(t, 200, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}}).JSON["token"].(string)
		res = e.must(t, 200, req{Method: "GET", Path: dash, Token: teacher})
		assert.Equal(t, this.String(), res.JSON["week"])
		assert.Equal(t, true, period(t, res)["fallback"])
	})
}

func TestDashboardWeekQueryParameters(t *testing.T) {
	forEachDBURL(t, func(t *testing.T, st *store.Store, dbURL string) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		this := dashboard.WeekOf(e.clock())
		weekRow(t, dbURL, s.studentID, this.Add(-5), 2, 20, 10)
		weekRow(t, dbURL, s.studentID, this.Add(-4), 1, 10, 10)
		weekRow(t, dbURL, s.studentID, this, 4, 40, 40)
		dash := fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID)

		row := func(res response) map[string]any {
			for _, r := range res.JSON["rows"].([]any) {
				if num(t, r.(map[string]any)["student_id"]) == s.studentID {
					return r.(map[string]any)
				}
			}
			t.Fatalf("no row for the student in %s", res.Raw)
			return nil
		}
		res := e.must(t, 200, req{Method: "GET", Path: dash + "?week=" + this.Add(-5).String(), Token: s.teacher})
		assert.Equal(t, float64(2), row(res)["sessions"])
		assert.Equal(t, "week="+this.Add(-6).String(), period(t, res)["prev"])
		assert.Equal(t, "week="+this.Add(-4).String(), period(t, res)["next"])
		assert.Equal(t, "Week of 26 January to 1 February", period(t, res)["text"])

		// A range: its weeks add up; a "to" after today ends with this week.
		res = e.must(t, 200, req{Method: "GET", Path: dash + "?from=2026-01-28&to=2026-02-04", Token: s.teacher})
		assert.Equal(t, float64(3), row(res)["sessions"], "the weeks holding both days")
		assert.Equal(t, "2026-01-26", period(t, res)["from"])
		assert.Equal(t, "2026-02-08", period(t, res)["to"])
		assert.Equal(t, "Weeks of 26 January to 8 February", period(t, res)["text"])
		res = e.must(t, 200, req{Method: "GET", Path: dash + "?from=2026-02-23&to=2026-07-04", Token: s.teacher})
		assert.Equal(t, float64(4), row(res)["sessions"])
		assert.Equal(t, "2026-03-08", period(t, res)["to"])
		assert.Nil(t, period(t, res)["next"])

		// The student page and the report take the same parameters.
		prog := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/progress?week=%s", s.studentID, this.Add(-4)), Token: s.teacher})
		weeks := prog.JSON["weeks"].([]any)
		assert.Equal(t, this.Add(-4).String(), weeks[len(weeks)-1].(map[string]any)["week"], "the charts end with the week asked for")
		rep := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report?week=%s", s.studentID, this.Add(-4)), Token: s.parent})
		assert.Equal(t, float64(1), rep.JSON["this_week"].(map[string]any)["sessions"])
		assert.Equal(t, float64(2), rep.JSON["last_week"].(map[string]any)["sessions"])

		paths := []struct {
			path, token string
		}{
			{dash, s.teacher},
			{fmt.Sprintf("/api/v1/students/%d/progress", s.studentID), s.teacher},
			{fmt.Sprintf("/api/v1/students/%d/report", s.studentID), s.parent},
		}
		for _, bad := range []struct{ query, field, code string }{
			{"week=2026-47", "week", "bad_week"},
			{"week=2026-W54", "week", "bad_week"},
			{"week=" + this.Add(1).String(), "week", "week_future"},
			{"week=" + this.String() + "&from=2026-01-05", "week", "week_or_range"},
			{"from=yesterday", "from", "bad_date"},
			{"from=2026-02-01&to=2026-13-01", "to", "bad_date"},
			{"from=2026-02-10&to=2026-02-09", "to", "range_reversed"},
			{"from=2026-04-01", "from", "week_future"},
			{"from=2024-01-01&to=2026-02-01", "from", "range_too_long"},
		} {
			for _, p := range paths {
				res := e.must(t, http.StatusBadRequest, req{Method: "GET", Path: p.path + "?" + bad.query, Token: p.token})
				assert.Equal(t, bad.code, res.errCode(), "%s?%s", p.path, bad.query)
				assert.Equal(t, bad.field, res.JSON["error"].(map[string]any)["field"], "%s?%s", p.path, bad.query)
			}
		}
		// A browser's navigation gets the page of the error, in its language.
		html := e.do(t, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d?lang=fr&from=2026-02-10&to=2026-02-09", s.classID), Token: s.teacher,
			Header: map[string]string{"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}})
		assert.Equal(t, http.StatusBadRequest, html.Status)
		assert.Contains(t, string(html.Raw), "Le jour «\u00a0au\u00a0» est avant le jour «\u00a0du\u00a0»")
	})
}

func TestClassPageNavigatesWeeksAndKeepsNotPlayedApartFromStuck(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	this := dashboard.WeekOf(e.clock())
	base := fmt.Sprintf("/dashboard/classes/%d", s.classID)
	body := string(e.must(t, 200, req{Method: "GET", Path: base + "?week=" + this.Add(-2).String() + "&lang=en&sort=minutes", Token: s.teacher}).Raw)
	assert.Contains(t, body, "Week of 16 to 22 February")
	assert.Contains(t, body, `data-week="prev" rel="prev" href="?lang=en&amp;sort=minutes&amp;week=`+this.Add(-3).String()+`"`, "the links keep the sort")
	assert.Contains(t, body, `data-week="next" rel="next" href="?lang=en&amp;sort=minutes&amp;week=`+this.Add(-1).String()+`"`)
	assert.Contains(t, body, `<input type="hidden" name="sort" value="minutes">`, "the range form keeps the sort")
	assert.Contains(t, body, `name="from" value="2026-02-16"`)
	assert.Contains(t, body, `name="to" value="2026-02-22"`)
	assert.Contains(t, body, `aria-sort="none"><a href="?lang=en&amp;sort=name&amp;week=`+this.Add(-2).String()+`"`, "a sort keeps the week")
	assert.Contains(t, body, `data-week="this"`, "back to the default week")
	// Nobody played that week: all "not played", none stuck. Nobody ever
	// played: "never" says it, without "not played" beside it.
	assert.Contains(t, body, `<td>never</td>`)
	assert.NotContains(t, body, `<span class="not-played"`)
	assert.Contains(t, body, `<span id="not-played-count">Not played that week: 2</span>`)
	assert.Contains(t, body, `<span id="stuck-count">Stuck: 0</span>`)
	assert.Contains(t, body, `data-played="false"`)

	fr := string(e.must(t, 200, req{Method: "GET", Path: base + "?week=" + this.Add(-2).String() + "&lang=fr", Token: s.teacher}).Raw)
	assert.Contains(t, fr, "Semaine du 16 au 22 février")
	assert.Contains(t, fr, "Semaine précédente")
	assert.Contains(t, fr, "Pas joué cette semaine-là")
}

func TestHeatmapCellListsTheChildrenWhoMissTheFact(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		ctx := t.Context()
		seen := e.clock().Add(-time.Hour)
		require.NoError(t, e.st.SaveFactStats(ctx, []store.FactStat{
			{StudentID: s.studentID, A: 7, B: 8, Attempts: 4, Correct: 1, Mastery: 0.3, Uncertainty: 0.5, LastSeen: &seen},
			{StudentID: s.spareStudentID, A: 7, B: 8, Attempts: 9, Correct: 9, Mastery: 0.95, Uncertainty: 0.1, Fluent: true, LastSeen: &seen},
		}))
		base := fmt.Sprintf("/dashboard/classes/%d/heatmap", s.classID)
		body := string(e.must(t, 200, req{Method: "GET", Path: base + "?lang=en", Token: s.teacher}).Raw)
		assert.Contains(t, body, `data-fact="7x8"`)
		assert.Contains(t, body, `data-fact="8x7"`)
		assert.Contains(t, body, `href="?fact=7x8&amp;lang=en#fact-children"`)
		assert.NotContains(t, body, "data-fact-children", "no list before a cell is chosen")

		body = string(e.must(t, 200, req{Method: "GET", Path: base + "?fact=8x7&lang=fr", Token: s.teacher}).Raw)
		assert.Contains(t, body, `data-fact-children="8x7"`)
		assert.Contains(t, body, "Qui ne sait pas encore 8 × 7 par cœur")
		assert.Contains(t, body, fmt.Sprintf(`<a href="/dashboard/students/%d?lang=fr">Léa : 30`, s.studentID))
		assert.NotContains(t, body, fmt.Sprintf(`/dashboard/students/%d?lang=fr">`, s.spareStudentID), "known by heart: not listed")
		assert.Contains(t, body, `class="cell chosen"`)

		res := e.must(t, http.StatusBadRequest, req{Method: "GET", Path: base + "?fact=13x2", Token: s.teacher})
		assert.Equal(t, "bad_fact", res.errCode())

		// The same list in the JSON.
		api := fmt.Sprintf("/api/v1/classes/%d/heatmap", s.classID)
		j := e.must(t, 200, req{Method: "GET", Path: api + "?fact=7x8", Token: s.teacher}).JSON["fact_children"].(map[string]any)
		tried := j["tried"].([]any)
		require.Len(t, tried, 1)
		assert.Equal(t, "Léa", tried[0].(map[string]any)["name"])
		assert.InDelta(t, 0.3, tried[0].(map[string]any)["mastery"], 1e-9)
		assert.Empty(t, j["untried"], "Zoé knows it by heart")
		assert.Nil(t, e.must(t, 200, req{Method: "GET", Path: api, Token: s.teacher}).JSON["fact_children"])
		assert.Equal(t, "bad_fact", e.must(t, http.StatusBadRequest, req{Method: "GET", Path: api + "?fact=7", Token: s.teacher}).errCode())
	})
}

func TestParentReportNamesTheClassAndTeacherAndMovesThroughWeeks(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		this := dashboard.WeekOf(e.clock())
		me := e.must(t, 200, req{Method: "GET", Path: "/api/v1/me", Token: s.teacher}).JSON
		path := fmt.Sprintf("/reports/students/%d", s.studentID)
		body := string(e.must(t, 200, req{Method: "GET", Path: path + "?lang=fr&week=" + this.Add(-3).String(), Token: s.parent}).Raw)
		assert.Contains(t, body, "Classe\u00a0: CE2 · Enseignant·e\u00a0: "+me["name"].(string))
		assert.Contains(t, body, "Semaine du 9 au 15 février")
		assert.Contains(t, body, "9–15 févr. par rapport à 2–8 févr.", "another week than this one is named by its days")
		assert.Contains(t, body, `data-week="prev"`)
		assert.Contains(t, body, `data-week="next"`)
		// From the student page to the report and back, on the same week.
		student := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/students/%d?lang=fr&week=%s", s.studentID, this.Add(-3)), Token: s.teacher}).Raw)
		assert.Contains(t, student, fmt.Sprintf(`href="/reports/students/%d?lang=fr&amp;week=%s"`, s.studentID, this.Add(-3)))
		back := string(e.must(t, 200, req{Method: "GET", Path: path + "?lang=fr&week=" + this.Add(-3).String(), Token: s.teacher}).Raw)
		assert.Contains(t, back, fmt.Sprintf(`href="/dashboard/students/%d?lang=fr&amp;week=%s"`, s.studentID, this.Add(-3)))
		en := string(e.must(t, 200, req{Method: "GET", Path: path + "?lang=en&week=" + this.String(), Token: s.parent}).Raw)
		assert.Contains(t, en, "This week against last week")
		assert.NotContains(t, en, `data-week="next"`)

		// The level by its name in the parent's language, never the
		// program's "green".
		newStoredGame(t, e.st, s.studentID, e.clock())
		fr := string(e.must(t, 200, req{Method: "GET", Path: path + "?lang=fr", Token: s.parent}).Raw)
		assert.Contains(t, fr, "niveau actuel, Vert (tables 2–5)")
		assert.NotContains(t, fr, "green")
		en = string(e.must(t, 200, req{Method: "GET", Path: path + "?lang=en", Token: s.parent}).Raw)
		assert.Contains(t, en, "current level, Green (tables 2–5)")
	})
}
