package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The fourth usability pass: a new teacher, a child on a phone and a
// parent holding the letter, walked in French and English at 375 and
// 1280 px. Each test here is one thing they stumbled on.

// Léa tried 7 × 8 on the monster 64. The refusal said "7 × 8 does not make
// 64" and left her to guess what 7 × 8 makes, while Magicoa and Multipli
// Cat's say the right product. It now says it: "7 × 8 = 56, not 64".
func TestBrowserUsability4PotionRefusalSaysTheRightProduct(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		_, a, c, mon := potionRefusedCapture(b, lang)
		b.screenshot("usability4-potion-refusal-" + lang)
		text := b.eval(`document.querySelector(".play-alert .fb-text").textContent`)
		not := map[string]string{"en": "not", "fr": "pas"}[lang]
		ab, ba := fmt.Sprintf("%d × %d = %d, %s %d", a, c, a*c, not, mon), fmt.Sprintf("%d × %d = %d, %s %d", c, a, a*c, not, mon)
		assert.True(t, strings.Contains(text, ab) || strings.Contains(text, ba), "the refusal in %s says the right product: %q", lang, text)
	}
}

// After a refused capture, Léa ended her turn: the refusal went, but its
// red frame stayed at the top of the board, empty, for the rest of the game
// and over the end-of-game summary (the wrong-move style's display: flex
// outweighed [hidden]). A hidden refusal now takes no room at all.
func TestBrowserUsability4AHiddenRefusalLeavesNoEmptyRedBar(t *testing.T) {
	b := newBrowserTest(t, 3)
	b.login()
	for _, lang := range []string{"en", "fr"} {
		g, _, _, _ := potionRefusedCapture(b, lang)
		version := g["version"].(float64)
		b.click("end") // her next move: the refusal belonged to the last one
		b.waitChange(g, version)
		require.Equal(t, "true", b.eval(`document.querySelector(".play-alert").hidden + ""`), "the refusal is hidden after the next move")
		b.screenshot("usability4-after-refusal-" + lang)
		assert.Equal(t, "none", b.eval(`getComputedStyle(document.querySelector(".play-alert")).display`),
			"a hidden refusal is not drawn (%s)", lang)
		assert.Equal(t, "0", b.eval(`document.querySelector(".play-alert").getBoundingClientRect().height + ""`),
			"no empty red bar above the board (%s)", lang)
	}
}

// The demo school's practice was titled "Tables 2 à 5 / Tables 2 to 5":
// the teacher's assignments page showed both languages at once, in either.
// Each language now reads only its own.
func TestUsability4DemoAssignmentReadsInOneLanguage(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	sealer, err := credential.NewSealer(testKey)
	require.NoError(t, err)
	school, err := demo.Load(context.Background(), st, sealer, e.clock())
	require.NoError(t, err)
	teacher := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher",
		Body: map[string]string{"email": demo.TeacherEmail, "password": demo.TeacherPassword}}).JSON["token"].(string)
	want := map[string]string{"en": "Green (tables 2–5)", "fr": "Vert (tables 2–5)"}
	foreign := map[string][]string{"en": {"Tables 2 à 5", "Tables 6 à 9", "Vert ("}, "fr": {"Tables 2 to 5", "Tables 6 to 9", "Green ("}}
	for _, lang := range []string{"en", "fr"} {
		for _, c := range school.Classes {
			page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=%s", c.ID, lang), Token: teacher}).Raw)
			for _, w := range foreign[lang] {
				assert.False(t, strings.Contains(page, w), "the %s assignments page of %s says %q", lang, c.Name, w)
			}
			assert.False(t, strings.Contains(page, " / Tables"), "one language at a time")
		}
		page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=%s", school.Classes[0].ID, lang), Token: teacher}).Raw)
		assert.True(t, strings.Contains(page, "<h2>"+want[lang]+"</h2>"), "the assignment is named by its level in %s: %q", lang, want[lang])
	}
}

// A new teacher created a class, added children and assigned tables 7
// and 8 on a Monday; the dashboard opened on the week before the class
// existed ("Nothing played yet this week: showing last week"), where the
// practice just set showed as "—", and so did the parent's report. With
// nothing played last week either, the pages open on this week.
func TestUsability4ANewClassOpensOnThisWeek(t *testing.T) {
	forEachDBURL(t, func(t *testing.T, st *store.Store, dbURL string) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		this := dashboard.WeekOf(e.clock())
		e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher,
			Body: map[string]any{"tables": []int{7, 8}, "target": map[string]any{"unit": "minutes", "per_week": 20},
				"start": e.clock().Format("2006-01-02")}})

		res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID), Token: s.teacher})
		assert.Equal(t, this.String(), res.JSON["week"], "the week the class began")
		assert.Equal(t, false, period(t, res)["fallback"])
		for _, r := range res.JSON["rows"].([]any) {
			assert.NotNil(t, r.(map[string]any)["assignment"], "the practice just set is in the row: %v", r)
		}
		for _, lang := range []string{"en", "fr"} {
			body := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d?lang=%s", s.classID, lang), Token: s.teacher}).Raw)
			assert.False(t, strings.Contains(body, `id="week-fallback"`), "no \"showing last week\" line on the %s page", lang)
		}
		rep := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report?lang=fr", s.studentID), Token: s.parent})
		assert.Equal(t, false, period(t, rep)["fallback"], "the parent's report too")

		// Once a week has been played, a quiet Monday still shows it.
		weekRow(t, dbURL, s.studentID, this.Add(-1), 2, 20, 15)
		res = e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/dashboard", s.classID), Token: s.teacher})
		assert.Equal(t, this.Add(-1).String(), res.JSON["week"])
		assert.Equal(t, true, period(t, res)["fallback"])
	})
}
