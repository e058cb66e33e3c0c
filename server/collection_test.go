package server_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// knowByHeart flags the first n facts of 2–5 (unordered, a ≤ b, by a
// then b) known by heart for the student, as the write path stores them.
func knowByHeart(t *testing.T, st *store.Store, studentID int64, n int) {
	t.Helper()
	var rows []store.FactStat
	seen := map[games.Fact]bool{}
	for _, f := range games.Green().Facts() {
		p := f.Pair()
		if seen[p] {
			continue
		}
		seen[p] = true
		rows = append(rows, store.FactStat{StudentID: studentID, A: p.A, B: p.B, Attempts: 4, Correct: 4, Mastery: 0.9, Fluent: true})
	}
	require.Len(t, rows, 34)
	// By a then b: the first n are the same whatever the deck's order.
	byPair := func(i int) int { return rows[i].A*100 + rows[i].B }
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			if byPair(j) < byPair(i) {
				rows[i], rows[j] = rows[j], rows[i]
			}
		}
	}
	require.NoError(t, st.SaveFactStats(context.Background(), rows[:n]))
}

// The collection is the signed-in child's own: another child reads their
// own (empty) one, and no adult reads a child's through this route.
func TestCollectionIsTheChildsOwn(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	knowByHeart(t, st, s.studentID, 3)

	mine := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/collection", Token: s.student})
	assert.Equal(t, "Léa", mine.JSON["name"])
	assert.EqualValues(t, 3, mine.JSON["known"])
	assert.EqualValues(t, 34, mine.JSON["total"])

	other := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/collection", Token: s.otherStudent})
	assert.Equal(t, "Tom", other.JSON["name"])
	assert.EqualValues(t, 0, other.JSON["known"], "Tom sees his own collection, not Léa's")

	for _, who := range []string{s.parent, s.otherParent, s.teacher, s.otherTeacher} {
		e.must(t, http.StatusForbidden, req{Method: "GET", Path: "/api/v1/play/collection", Token: who})
		e.must(t, http.StatusForbidden, req{Method: "GET", Path: "/api/v1/play/certificates/green", Token: who})
	}
	e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/play/collection"})
}

// The certificate of 2–5 exists once the child knows the promotion's share
// of its facts by heart (29 of 34), not before; it is one A4 page with the
// child's name, the level in words and the date in the child's language.
// Another child, who has not mastered it, gets none.
func TestCertificateOnlyOnceTheLevelIsMastered(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext")
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	const path = "/api/v1/play/certificates/green"

	res := e.must(t, http.StatusNotFound, req{Method: "GET", Path: path, Token: s.student})
	assert.Equal(t, "not_found", res.errCode())
	knowByHeart(t, st, s.studentID, 28)
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: path, Token: s.student})
	knowByHeart(t, st, s.studentID, 29)

	col := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/collection", Token: s.student})
	green := col.JSON["levels"].([]any)[0].(map[string]any)
	assert.Equal(t, true, green["mastered"])
	assert.EqualValues(t, 29, green["needed"])

	want := map[string][]string{
		"fr": {"Diplôme", "Léa", "qui sait par cœur les tables de 2, 3, 4 et 5", "29 calculs sus par cœur sur 34", "Le 2 mars 2026"},
		"en": {"Certificate", "Léa", "who knows the 2, 3, 4 and 5 times tables by heart", "29 facts known by heart out of 34", "On 2 March 2026"},
	}
	for lang, texts := range want {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: path + "?lang=" + lang, Token: s.student})
		assert.Equal(t, "application/pdf", res.Header.Get("Content-Type"))
		file := filepath.Join(t.TempDir(), "certificate-"+lang+".pdf")
		require.NoError(t, os.WriteFile(file, res.Raw, 0o600))
		info := run(t, "pdfinfo", file)
		assert.Regexp(t, `(?m)^Pages:\s+1$`, info)
		assert.Regexp(t, `(?m)^Page size:\s+841\.\d* x 595\.\d* pts \(A4\)$`, info, "A4, landscape")
		pages := pageTexts(t, file)
		require.Len(t, pages, 1)
		for _, text := range texts {
			assert.Contains(t, pages[0], text, lang)
		}
	}

	// Not mastered, or not a level: none.
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/api/v1/play/certificates/violet", Token: s.student})
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/api/v1/play/certificates/custom", Token: s.student})
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/api/v1/play/certificates/purple", Token: s.student})
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: path, Token: s.otherStudent})
}
