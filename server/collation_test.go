package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// Every page that lists a class's children lists them as a French class
// list does (accents with their letter, capitals or not): the class
// dashboard, the login list, the teacher's API list (which the roster
// page shows in its order).
func TestClassListsSortNamesTheFrenchWay(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", uniqueEmail("t"))
	classID, code, _ := e.classWithStudent(t, teacher, "Lucas\nLéo\nZoé\némile\nLina\nLéa\nÉlodie\nLouis")
	want := []string{"Élodie", "émile", "Léa", "Léo", "Lina", "Louis", "Lucas", "Zoé"}
	inOrder := func(t *testing.T, where, body string) {
		t.Helper()
		last := -1
		for _, n := range want {
			i := strings.Index(body[max(last, 0):], n)
			if !assert.GreaterOrEqual(t, i, 0, "%s: %s after %v", where, n, want) {
				return
			}
			last = max(last, 0) + i + len(n)
		}
	}
	for _, path := range []string{
		fmt.Sprintf("/dashboard/classes/%d?lang=fr", classID),
		fmt.Sprintf("/dashboard/classes/%d?lang=en", classID),
		fmt.Sprintf("/dashboard/classes/%d?lang=fr&sort=name", classID),
		fmt.Sprintf("/api/v1/classes/%d/students", classID),
		"/api/v1/class-codes/" + code,
	} {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: path, Token: teacher})
		inOrder(t, path, string(res.Raw))
	}
}

// A teacher reads the week by its Monday's date and the heatmap's colours
// in words: no ISO week number, no colour scale's name.
func TestDashboardsSpeakPlainWords(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st) // Monday 2 March 2026
	s := e.newSchool(t)
	// Nothing is played yet, this week or the last (a new class): the page
	// shows this week, by its days (the legend's sentence wraps: its two
	// halves may be on two lines).
	for lang, want := range map[string][]string{
		"fr": {"Semaine du 2 au 8 mars", "de 0 (violet foncé)", "à 100 (jaune)"},
		"en": {"Week of 2 to 8 March", "from 0 (dark purple)", "to 100 (yellow)"},
	} {
		var body string
		for _, p := range []string{"/dashboard/classes/%d?lang=", "/dashboard/classes/%d/heatmap?lang="} {
			body += string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf(p, s.classID) + lang, Token: s.teacher}).Raw)
		}
		for _, w := range want {
			assert.Contains(t, body, w, lang)
		}
		// The previous and next links carry ?week=2026-W09: an address,
		// not words a teacher reads.
		body = weekQueries.ReplaceAllString(body, "")
		for _, jargon := range []string{"ISO", "2026-W", "viridis"} {
			assert.NotContains(t, body, jargon, lang)
		}
	}
}

// The assignments page says who did the week's work in the class list's
// order, whatever order the children played in.
func TestAssignmentProgressListsNamesTheFrenchWay(t *testing.T) {
	db := storetest.Databases(t)[0]
	st := storetest.Open(t, db.URL)
	// plays records sessions at the real time: the server's week must be it.
	e := newEnv(t, st, func(c *server.Config) { c.Now = time.Now })
	e.now = time.Now()
	teacher := e.signup(t, "teacher", uniqueEmail("t"))
	classID, _, ids := e.classWithStudent(t, teacher, "Zoé\nLucas\nÉlodie\nLéa")
	today := time.Now().UTC()
	res := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", classID), Token: teacher, Body: map[string]any{
		"title": "Sevens", "tables": []int{7}, "games": []string{"potion"}, "target": map[string]any{"unit": "sessions", "per_week": 1},
		"start": today.AddDate(0, 0, -1).Format("2006-01-02"), "due": today.AddDate(0, 0, 7).Format("2006-01-02"),
	}})
	assignment := num(t, res.JSON["id"])
	for _, id := range ids { // Zoé first: the order they played in
		plays(t, e, db.URL, id, assignment, [][2]int{{7, 3}})
	}
	body := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=fr", classID), Token: teacher}).Raw)
	assert.Contains(t, body, "Élodie 1/1 ✓ · Léa 1/1 ✓ · Lucas 1/1 ✓ · Zoé 1/1 ✓")
	assert.Contains(t, body, "1 séance ·", "one session, singular")
}
