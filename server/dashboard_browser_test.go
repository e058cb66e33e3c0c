package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Browser tests in headless Chromium. They skip with a message when no
// Chromium is installed, unless MULTIPLI_REQUIRE_BROWSER=1 (then they fail).
// Screenshots go to $MULTIPLI_SCREENSHOT_DIR, else a temp directory.

var chromiumPaths = []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"}

// dashBrowser starts headless Chromium with the flags CI uses and a fresh
// profile; -short skips it like the other browser tests.
func dashBrowser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped with -short")
	}
	var path string
	for _, p := range chromiumPaths {
		if _, err := os.Stat(p); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if p, err := exec.LookPath("chromium"); err == nil {
			path = p
		}
	}
	if path == "" {
		if os.Getenv("MULTIPLI_REQUIRE_BROWSER") == "1" {
			t.Fatal("MULTIPLI_REQUIRE_BROWSER=1 but no Chromium was found")
		}
		t.Skip("browser test skipped: no Chromium found (install chromium or set MULTIPLI_REQUIRE_BROWSER=1 to fail instead)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1366, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancel := chromedp.NewContext(actx)
	// The first call starts the browser, without a timeout (a timeout there
	// would stop the whole browser); later calls run under one.
	require.NoError(t, chromedp.Do(bctx), "start Chromium")
	ctx, cancelTimeout := context.WithTimeout(bctx, 45*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	return ctx
}

func screenshotDir(t *testing.T) string {
	if d := os.Getenv("MULTIPLI_SCREENSHOT_DIR"); d != "" {
		require.NoError(t, os.MkdirAll(d, 0o750))
		return d
	}
	return t.TempDir()
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
	require.NoError(t, err)
	p := filepath.Join(screenshotDir(t), name+".png")
	require.NoError(t, os.WriteFile(p, buf, 0o600))
	t.Logf("screenshot %s", p)
}

// liveEnv is a server on a real port with the real clock (the browser's
// cookies expire by its own clock).
func liveEnv(t *testing.T) (*env, *httptest.Server, string) {
	t.Helper()
	db := storetest.Databases(t)[0]
	st := storetest.Open(t, db.URL)
	e := newEnv(t, st, func(c *server.Config) { c.Now = time.Now })
	e.now = time.Now()
	srv := httptest.NewServer(e.srv.Handler())
	t.Cleanup(srv.Close)
	return e, srv, db.URL
}

// plays stands in for a student's session until the play API is on main:
// a session under the assignment with a game whose moves carry attempts,
// and the aggregates the ingest write path keeps (fact_stats, student_weeks).
func plays(t *testing.T, e *env, dbURL string, studentID, assignmentID int64, facts [][2]int) {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	ps := store.PlaySession{StudentID: studentID, AssignmentID: &assignmentID, Plan: `{"level":{"name":"custom","tables":[7]},"timer":{"enabled":true}}`, StartedAt: now.Add(-12 * time.Minute)}
	require.NoError(t, e.st.CreatePlaySession(ctx, &ps))
	g := store.Game{PlaySessionID: ps.ID, Game: "potion", Seats: "[]", State: "{}", Status: "over", CreatedAt: ps.StartedAt, UpdatedAt: ps.StartedAt}
	require.NoError(t, e.st.CreateGame(ctx, &g))
	var stats []store.FactStat
	correct := 0
	for i, f := range facts {
		at := ps.StartedAt.Add(time.Duration(i+1) * time.Minute)
		given, ms := f[0]*f[1], int64(1800)
		ok := i%4 != 3
		if !ok {
			given++
		} else {
			correct++
		}
		_, err := e.st.SaveMove(ctx, store.Move{GameID: g.ID, FromVersion: i, State: "{}", Status: "playing", At: at,
			Events:   []store.GameEvent{{At: at, Event: fmt.Sprintf(`{"at":%d,"seat":0,"type":"answer","data":{"a":%d,"b":%d}}`, i*60000, f[0], f[1])}},
			Attempts: []store.Attempt{{StudentID: studentID, PlaySessionID: ps.ID, GameID: &g.ID, Game: "potion", Level: "custom", A: f[0], B: f[1], Given: &given, Correct: ok, Kind: "answer", ResponseMS: &ms, Seq: int64(i + 1), At: at}}})
		require.NoError(t, err)
		m := 0.35
		if ok {
			m = 0.85
		}
		stats = append(stats, store.FactStat{StudentID: studentID, A: f[0], B: f[1], Attempts: 1, Correct: map[bool]int{true: 1}[ok], RecentAccuracy: m, Mastery: m, Uncertainty: 0.5, Fluent: false, LastSeen: &at})
	}
	require.NoError(t, e.st.SaveFactStats(ctx, stats))
	require.NoError(t, e.st.EndPlaySession(ctx, ps.ID, now))
	w := dashboard.WeekOf(now)
	driver, dsn := "sqlite3", "file:"+dbURL
	if store.IsPostgres(dbURL) {
		driver, dsn = "pgx", dbURL
	}
	raw, err := sql.Open(driver, dsn)
	require.NoError(t, err)
	defer raw.Close()
	// DO NOTHING: once the ingest write path keeps student_weeks itself, the
	// session above has already made the row.
	_, err = raw.Exec(fmt.Sprintf(`INSERT INTO student_weeks (student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms)
VALUES (%d, %d, %d, 1, 720, %d, %d, 0, 1800) ON CONFLICT (student_id, year, week) DO NOTHING`, studentID, w.Year, w.Num, len(facts), correct))
	require.NoError(t, err)
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return visibleText(t, ctx, sel)
}

// attr reads an attribute in one evaluation (see visibleText), waiting up
// to 15 s for sel.
func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[*string](fmt.Sprintf(`document.querySelector(%q)?.getAttribute(%q) ?? null`, sel, name)))
		if err == nil && v != nil {
			return *v
		}
		if time.Now().After(deadline) {
			require.NoError(t, err, sel)
			t.Fatalf("%s: no element with %s", sel, name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestBrowserTeacherAssignsAStudentPlaysTheDashboardChanges(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, dbURL := liveEnv(t)
	s := e.newSchool(t)
	base := srv.URL

	// The teacher logs in through the login page.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.Click(css(`[data-tab="teacher"]`)),
		chromedp.SendKeys(css(`form[data-role="teacher"] input[name="email"]`), s.teacherEmail),
		chromedp.SendKeys(css(`form[data-role="teacher"] input[name="password"]`), "correct horse battery"),
		chromedp.Click(css(`form[data-role="teacher"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`.classes`)),
	))

	// They create an assignment: table 7, MultipliPotion, 10 minutes a week.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d/assignments?lang=en", base, s.classID)),
		chromedp.WaitVisible(css(`#assignment-form`)),
		chromedp.SendKeys(css(`#assignment-form input[name="title"]`), "Table of 7"),
		chromedp.Click(css(`#assignment-form input[name="level"][value="custom"]`)),
		chromedp.SendKeys(css(`#assignment-form input[name="tables"]`), "7"),
		chromedp.Click(css(`#assignment-form input[name="games"][value="potion"]`)),
		chromedp.SetValue(css(`#assignment-form input[name="per_week"]`), "10"),
		chromedp.Click(css(`#create-assignment`)),
		chromedp.WaitVisible(css(`#assignments .assignment`)),
	))
	screenshot(t, ctx, "assignments")
	assert.Equal(t, "Table of 7", strings.TrimSpace(text(t, ctx, `#assignments .assignment h2`)))
	list := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher}).JSON["assignments"].([]any)
	require.Len(t, list, 1)
	assignmentID := num(t, list[0].(map[string]any)["id"])
	assert.Equal(t, []any{float64(7)}, list[0].(map[string]any)["level"].(map[string]any)["tables"])
	mine := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/assignments", s.studentID), Token: s.student}).JSON["assignments"].([]any)
	require.Len(t, mine, 1, "the student sees the assignment")

	row := fmt.Sprintf(`#student-%d`, s.studentID)
	cell := `#class-heatmap [aria-label^="7 × 8"]`
	dash := fmt.Sprintf("%s/dashboard/classes/%d?lang=en", base, s.classID)
	heat := fmt.Sprintf("%s/dashboard/classes/%d/heatmap?lang=en", base, s.classID)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(dash), chromedp.WaitVisible(css(row))))
	before := text(t, ctx, row)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(heat), chromedp.WaitVisible(css(`#class-heatmap`))))
	assert.Contains(t, attr(t, ctx, cell, "aria-label"), "no data")

	// The student plays a session of the assignment.
	plays(t, e, dbURL, s.studentID, assignmentID, [][2]int{{7, 8}, {7, 3}, {7, 7}, {6, 7}, {7, 9}, {7, 8}})

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(dash), chromedp.WaitVisible(css(row))))
	screenshot(t, ctx, "class-dashboard")
	assert.NotEqual(t, before, text(t, ctx, row), "the student's row changed")
	assert.Equal(t, "1", strings.TrimSpace(text(t, ctx, row+` [data-col="sessions"]`)))
	assert.Contains(t, text(t, ctx, row+` .assign`), "/ 10 min")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(heat), chromedp.WaitVisible(css(`#class-heatmap`)), chromedp.Focus(css(cell))))
	screenshot(t, ctx, "class-heatmap")
	assert.Contains(t, attr(t, ctx, cell, "aria-label"), "mean chance", "the 7 × 8 cell has a value now")

	// The student page replays the game with the attempts marked.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/dashboard/students/%d?lang=en", base, s.studentID)),
		chromedp.WaitVisible(css(`#student-heatmap`)),
	))
	screenshot(t, ctx, "student-page")
	// The links are followed as a browser without script follows them: this
	// game's stored state is a stand-in the board cannot draw, so "next" is
	// the server's link (replay_browser_test.go presses the scripted one on
	// real games). A click here raced the page load it started: the wait
	// after it could lose its node to the new document.
	followLink(t, ctx, `#sessions a`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(css(`.move.current`))))
	followLink(t, ctx, `#next`)
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(css(`#move-2`))))
	screenshot(t, ctx, "replay")
	assert.Contains(t, text(t, ctx, `.move.current .attempts`), "7 × 3 = 21")
}

// followLink opens a link's address as a browser does: Navigate returns
// once the new page has loaded, where a wait after a click can start on
// the page being left.
func followLink(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q)?.href ?? ""`, sel)))
	require.NoError(t, err)
	require.NotEmpty(t, href, "%s has an address", sel)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(href)))
}

// pdfPages counts the pages of a PDF: with pdfinfo when installed, else
// the /Type /Page objects.
func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	if path, err := exec.LookPath("pdfinfo"); err == nil {
		f := filepath.Join(t.TempDir(), "report.pdf")
		require.NoError(t, os.WriteFile(f, pdf, 0o600))
		out, err := exec.Command(path, f).Output()
		require.NoError(t, err)
		m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out)
		require.NotNil(t, m, "pdfinfo output: %s", out)
		var n int
		_, _ = fmt.Sscan(string(m[1]), &n)
		return n
	}
	return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
}

func TestBrowserParentReportPrintsOnOneA4Page(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, dbURL := liveEnv(t)
	s := e.newSchool(t)
	long := strings.Repeat("Marie-Bénédicte ", 3) + "de la Tour d'Auvergne"
	e.must(t, 200, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher, Body: map[string]any{"name": long[:60]}})
	a := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"level": "violet"}})
	plays(t, e, dbURL, s.studentID, num(t, a.JSON["id"]), [][2]int{{6, 7}, {7, 8}, {8, 9}, {6, 9}, {9, 9}, {6, 8}, {7, 7}, {8, 8}})

	// The parent signs in through the API from the page (the cookie is the browser's).
	email := uniqueEmail("pp")
	e.must(t, 202, req{Method: "POST", Path: "/api/v1/parents", Body: map[string]string{"email": email, "password": "correct horse battery", "name": "Parent"}})
	parent := e.must(t, 200, req{Method: "POST", Path: "/api/v1/auth/parent", Body: map[string]string{"email": email, "password": "correct horse battery"}}).JSON["token"].(string)
	e.linkParent(t, s.teacher, parent, s.studentID)
	login := fmt.Sprintf(`fetch("/api/v1/auth/parent", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, email)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](login, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)

	for _, lang := range []string{"en", "fr"} {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(fmt.Sprintf("%s/reports/students/%d?lang=%s", srv.URL, s.studentID, lang)),
			chromedp.WaitVisible(css(`.report-practise`)),
		))
		assert.Contains(t, text(t, ctx, `h1`), long[:20])
		screenshot(t, ctx, "parent-report-"+lang)
		pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "parent-report-"+lang+".pdf"), pdf, 0o600))
		assert.Equal(t, 1, pdfPages(t, pdf), "the %s report prints on exactly one A4 page", lang)
	}
}

func TestBrowserClassOf30ReadsOnOneScreen(t *testing.T) {
	ctx := dashBrowser(t)
	e, srv, _ := liveEnv(t)
	teacher := e.signup(t, "teacher", uniqueEmail("t30"))
	names := make([]string, 30)
	for i := range names {
		names[i] = fmt.Sprintf("Élève numéro %02d avec un nom long", i+1)
	}
	classID, _, ids := e.classWithStudent(t, teacher, strings.Join(names, "\n"))
	// A third stopped playing ten days ago: rows with an alert and its reason.
	for _, id := range ids[:10] {
		ps := store.PlaySession{StudentID: id, Plan: "{}", StartedAt: time.Now().AddDate(0, 0, -10)}
		require.NoError(t, e.st.CreatePlaySession(context.Background(), &ps))
		require.NoError(t, e.st.EndPlaySession(context.Background(), ps.ID, ps.StartedAt.Add(10*time.Minute)))
	}
	me := e.must(t, 200, req{Method: "GET", Path: "/api/v1/me", Token: teacher}).JSON
	email := me["email"].(string)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`fetch("/api/v1/auth/teacher", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: %q, password: "correct horse battery"})}).then(r => r.status)`, email), chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(1920, 1080),
		chromedp.Navigate(fmt.Sprintf("%s/dashboard/classes/%d?lang=fr", srv.URL, classID)),
		chromedp.WaitVisible(css(`#class-table`)),
	))
	screenshot(t, ctx, "class-of-30")
	bottom, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById("class-table").getBoundingClientRect().bottom`))
	require.NoError(t, err)
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#class-table tbody tr").length`))
	require.NoError(t, err)
	assert.Equal(t, 30, rows)
	assert.LessOrEqual(t, bottom, 1080.0, "30 rows, ten with an alert, fit a 1080-pixel screen")
}
