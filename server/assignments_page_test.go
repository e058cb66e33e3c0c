package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The assignments page speaks plainly: games by their names and dates
// written out in the page's language. Once past due, the assignment is
// summed up (who played it against what was asked, facts now known by
// heart); archived, it moves to the ended ones, and the undo brings it back.
func TestAssignmentsPageInPlainWordsAndSummary(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		// The teacher stays signed in over the days the test moves the clock.
		e := newEnv(t, st, func(c *server.Config) { c.TokenTTL = 30 * 24 * time.Hour })
		s := e.newSchool(t)
		res := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{
			"tables": []int{7}, "games": []string{"potion", "magicoa"}, "target": map[string]any{"unit": "sessions", "per_week": 2},
			"start": "2026-03-02", "due": "2026-03-03", "student_ids": []int64{s.studentID},
		}})
		id := num(t, res.JSON["id"])
		page := func(lang string) string {
			r := e.do(t, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=%s", s.classID, lang), Token: s.teacher})
			require.Equal(t, 200, r.Status, r.Header.Get("Location"))
			return string(r.Raw)
		}
		fr, en := page("fr"), page("en")
		assert.Contains(t, fr, "MultipliPotion, Magicoa")
		assert.NotContains(t, fr, "potion, magicoa")
		assert.Contains(t, fr, "2 mars 2026")
		assert.Contains(t, fr, "3 mars 2026")
		assert.NotContains(t, fr, "2026-03-03")
		assert.Contains(t, en, "3 March 2026")
		assert.NotContains(t, fr, "Bilan", "running: no summary yet")
		// Untitled: the heading is the level, the line under it does not
		// say it again; a label's colon follows French spacing.
		assert.Contains(t, fr, "<p>MultipliPotion, Magicoa ·", "the level once")
		assert.Contains(t, fr, "Minuteurs\u00a0: ")
		assert.Contains(t, en, "Timers: ")

		// Léa plays once under it and comes to know 7 × 8 by heart.
		played := e.clock().Add(time.Hour)
		ended := played.Add(10 * time.Minute)
		ps := store.PlaySession{StudentID: s.studentID, AssignmentID: &id, Plan: "{}", StartedAt: played}
		require.NoError(t, st.CreatePlaySession(ctx, &ps))
		given := 56
		_, err := st.RecordAttempts(ctx, []store.Attempt{{StudentID: s.studentID, PlaySessionID: ps.ID, Game: "potion",
			Level: "custom", A: 7, B: 8, Given: &given, Correct: true, Kind: "answer", Seq: 1, At: played.Add(time.Minute)}})
		require.NoError(t, err)
		require.NoError(t, st.EndPlaySession(ctx, ps.ID, ended))
		require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{
			{StudentID: s.studentID, A: 7, B: 8, Attempts: 6, Correct: 6, Mastery: 0.95, Uncertainty: 0.1, Fluent: true, LastSeen: &ended},
		}))
		assert.Contains(t, page("fr"), "Cette semaine (séances)\u00a0: Léa 1/2", "this week's count says its unit")
		assert.Contains(t, page("fr"), "2 séances ·")
		e.advance(2 * 24 * time.Hour) // past the due date
		fr = page("fr")
		assert.Contains(t, fr, "Bilan — Terminé le 3 mars 2026")
		assert.Contains(t, fr, "2 séances demandées à chaque enfant sur 1 semaine")
		assert.Contains(t, fr, "Léa\u00a0: 1 sur 2")
		assert.NotContains(t, fr, "Zoé\u00a0: ", "only the chosen child")
		assert.Contains(t, fr, "7 × 8 (1 enfant)")

		e.must(t, 200, req{Method: "POST", Path: fmt.Sprintf("/api/v1/assignments/%d/archive", id), Token: s.teacher})
		fr = page("fr")
		assert.Contains(t, fr, "Devoirs terminés")
		assert.Contains(t, fr, fmt.Sprintf(`data-unarchive="%d"`, id))
		assert.NotContains(t, fr, fmt.Sprintf(`data-archive="%d"`, id))

		back := e.must(t, 200, req{Method: "POST", Path: fmt.Sprintf("/api/v1/assignments/%d/unarchive", id), Token: s.teacher}).JSON
		assert.Equal(t, false, back["archived"])
		list := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher}).JSON["assignments"].([]any)
		require.Len(t, list, 1, "the undo brings it back")
		e.must(t, 404, req{Method: "POST", Path: fmt.Sprintf("/api/v1/assignments/%d/unarchive", id), Token: s.otherTeacher})
	})
}
