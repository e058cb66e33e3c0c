package server_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// playedSession stores a session of the student started at start and
// ended d later, with one answer in it (a session counts once played in);
// assignmentID nil: a game outside any assignment.
func playedSession(t *testing.T, st *store.Store, studentID int64, assignmentID *int64, start time.Time, d time.Duration) {
	t.Helper()
	ctx := context.Background()
	ps := store.PlaySession{StudentID: studentID, AssignmentID: assignmentID, Plan: "{}", StartedAt: start}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	given := 12
	_, err := st.RecordAttempts(ctx, []store.Attempt{{StudentID: studentID, PlaySessionID: ps.ID, Game: "potion",
		Level: "green", A: 3, B: 4, Given: &given, Correct: true, Kind: "answer", Seq: 1, At: start.Add(d / 2)}})
	require.NoError(t, err)
	require.NoError(t, st.EndPlaySession(ctx, ps.ID, start.Add(d)))
}

// assignmentCardOf is the assignments page's card of one assignment.
func assignmentCardOf(t *testing.T, page string, id int64) string {
	t.Helper()
	_, card, found := strings.Cut(page, fmt.Sprintf(`<li class="assignment" data-assignment="%d">`, id))
	require.True(t, found, "the page has assignment %d's card", id)
	card, _, _ = strings.Cut(card, "</li>")
	return card
}

// pageDone reads "Name 12/30" off an assignments page's card.
func pageDone(t *testing.T, card, name string, target int) int {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(name) + ` (\d+)/` + strconv.Itoa(target)).FindStringSubmatch(card)
	require.NotNil(t, m, "the card lists %s: %s", name, card)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

// The class dashboard's "Assignment this week", the class's assignments
// page and the child's own home show one figure for the same week: the
// minutes played under this assignment, summed then rounded once (a
// started minute counts), each session capped at 45 minutes, other games
// left out. They said 4, 3 and 2 for three and a half minutes in two
// sessions.
func TestAssignmentProgressIsTheSameOnTheDashboardThePageAndTheHome(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t) // Monday 2 March 2026, 09:00 UTC
		res := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
			"title": "Tables 2 à 5", "level": "green", "target": map[string]any{"unit": "minutes", "per_week": 60},
			"start": "2026-03-01", "due": "2026-03-13",
		}})
		id := num(t, res.JSON["id"])
		monday := time.Date(2026, 3, 2, 6, 0, 0, 0, time.UTC)
		playedSession(t, st, s.studentID, &id, monday, 100*time.Second)                     // 1 min 40 s
		playedSession(t, st, s.studentID, &id, monday.Add(10*time.Minute), 110*time.Second) // 1 min 50 s
		playedSession(t, st, s.studentID, &id, monday.Add(20*time.Minute), 50*time.Minute)  // counted 45 min
		playedSession(t, st, s.studentID, nil, monday.Add(80*time.Minute), 5*time.Minute)   // not the assignment's
		// 100 + 110 + 2,700 s = 48 min 30 s, a started minute counting: 49.
		const want = 49

		var dash int
		rows := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID), Token: s.teacher}).JSON["rows"].([]any)
		for _, r := range rows {
			if row := r.(map[string]any); num(t, row["student_id"]) == s.studentID {
				require.NotNil(t, row["assignment"], "the whole class's assignment")
				dash = int(num(t, row["assignment"].(map[string]any)["done"]))
			}
		}
		html := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d?lang=en", s.classID), Token: s.teacher}).Raw)
		assert.Contains(t, html, fmt.Sprintf("%d / 60 min", dash), "the dashboard page writes the JSON's figure")

		page := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=fr", s.classID), Token: s.teacher}).Raw)
		onPage := pageDone(t, assignmentCardOf(t, page, id), "Léa", 60)

		home := e.must(t, 200, req{Method: "GET", Path: "/api/v1/play/home", Token: s.student}).JSON["assignments"].([]any)
		require.Len(t, home, 1)
		progress := home[0].(map[string]any)["progress"].(map[string]any)
		assert.Equal(t, "minutes", progress["unit"])
		onHome := int(num(t, progress["done"]))

		api := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/assignments/%d", id), Token: s.teacher}).JSON["progress"].([]any)
		require.Len(t, api, 1, "the API lists who played")
		inAPI := int(num(t, api[0].(map[string]any)["done"]))

		assert.Equal(t, []int{want, want, want, want}, []int{dash, onPage, onHome, inAPI}, "dashboard, assignments page, home, API")
	})
}

// A whole-class assignment's page lists every child of the class, those
// who have not played this week with 0; one for chosen children lists them
// only.
func TestAssignmentsPageListsEveryChildTheAssignmentIsFor(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t) // Léa and Zoé
		create := func(body map[string]any) int64 {
			body["target"] = map[string]any{"unit": "minutes", "per_week": 30}
			body["start"] = "2026-03-01"
			return num(t, e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: body}).JSON["id"])
		}
		whole := create(map[string]any{"level": "green"})
		chosen := create(map[string]any{"level": "violet", "student_ids": []int64{s.spareStudentID}})
		playedSession(t, st, s.studentID, &whole, time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), 3*time.Minute)

		page := string(e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=fr", s.classID), Token: s.teacher}).Raw)
		card := assignmentCardOf(t, page, whole)
		assert.Equal(t, 3, pageDone(t, card, "Léa", 30))
		assert.Equal(t, 0, pageDone(t, card, "Zoé", 30), "Zoé has not played: listed with 0")
		card = assignmentCardOf(t, page, chosen)
		assert.Equal(t, 0, pageDone(t, card, "Zoé", 30))
		assert.NotContains(t, card, "Léa", "not chosen")
	})
}
