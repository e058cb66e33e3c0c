package server_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The forgery: the client chose the questions, the answers and the
// times, and 324 invented answers sent within one second made a child
// fluent in 30 facts with no minute played. Neither invented questions nor
// the server's own questions answered at machine speed are taken now.
func TestForgedPracticeNoLongerMakesAChildFluent(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st)
		s := e.newSchool(t)
		start := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student, Body: map[string]any{"questions": 100}})
		path := fmt.Sprintf("/api/v1/play/sessions/%d/attempts", num(t, start.JSON["id"]))

		// Invented questions: every fact of the tables, quickly and right.
		var invented []map[string]any
		for a := 2; a <= 9; a++ {
			for b := 2; b <= 9; b++ {
				for range 5 {
					invented = append(invented, map[string]any{"seq": int64(len(invented) + 1), "a": a, "b": b, "given": a * b, "response_ms": 400, "kind": "answer"})
				}
			}
		}
		for from := 0; from < len(invented); from += 100 {
			e.advance(250 * time.Millisecond)
			res := e.do(t, req{Method: "POST", Path: path, Token: s.student, Body: map[string]any{"attempts": invented[from:min(from+100, len(invented))]}})
			assert.Equal(t, http.StatusConflict, res.Status, "%s", res.Raw)
			assert.Contains(t, []string{"question_not_asked", "questions_out_of_order"}, res.errCode())
		}
		assert.Zero(t, storedAttempts(t, st, s.studentID), "no invented answer was stored")
		d := drillOf(t, e, s.student, start)

		// The server's questions, answered by a script within a second.
		res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: d.answers(t, 100)})
		require.Equal(t, http.StatusUnprocessableEntity, res.Status, "%s", res.Raw)
		assert.Equal(t, "answer_too_fast", res.errCode())
		assert.NotEmpty(t, res.JSON["error"].(map[string]any)["message"])

		assert.Zero(t, storedAttempts(t, st, s.studentID), "nothing was stored")
		stats, err := st.FactStatsOf(ctx, s.studentID)
		require.NoError(t, err)
		assert.Empty(t, stats, "no fact became known, let alone fluent")
	})
}

// The floor: the k-th question of a round is answered at the earliest
// k × 300 ms after the server asked it (by the server's clock), and no
// answer claims less than 300 ms. At the floor, answers are taken.
func TestPracticeAnswersFasterThanAPersonAreRefused(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
		d := drillOf(t, e, s.student, res)
		require.Len(t, d.waiting, 10, "a round is 10 questions unless asked otherwise")

		body := d.answers(t, 10)
		e.advance(2999 * time.Millisecond)
		res = e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		require.Equal(t, http.StatusUnprocessableEntity, res.Status, "10 answers within 2.999 s: %s", res.Raw)
		assert.Equal(t, "answer_too_fast", res.errCode())

		quick := d.answers(t, 10)
		quick["attempts"].([]map[string]any)[4]["response_ms"] = 299
		e.advance(time.Hour)
		res = e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: quick})
		require.Equal(t, http.StatusUnprocessableEntity, res.Status, "a claimed 299 ms: %s", res.Raw)
		assert.Equal(t, "answer_too_fast", res.errCode())
		assert.Zero(t, storedAttempts(t, st, s.studentID))

		// A new round is asked when the last one is answered, at that time.
		res = e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		assert.EqualValues(t, 10, res.JSON["stored"])
		d.took(t, res)
		require.Len(t, d.waiting, 10)
		assert.EqualValues(t, 11, num(t, d.waiting[0].(map[string]any)["seq"]), "questions are numbered on")
		three := d.answers(t, 3)
		e.advance(899 * time.Millisecond)
		assert.Equal(t, http.StatusUnprocessableEntity, e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: three}).Status)
		e.advance(time.Millisecond)
		e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: three})
		assert.Equal(t, 13, storedAttempts(t, st, s.studentID))
	})
}

func TestPracticeAnswersMustBeToTheQuestionsAsked(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(4))
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		e.advance(time.Minute)
		q := func(i int) (int64, int, int) {
			m := d.waiting[i].(map[string]any)
			return num(t, m["seq"]), int(num(t, m["a"])), int(num(t, m["b"]))
		}
		seq0, a0, b0 := q(0)
		seq1, a1, b1 := q(1)
		other := 2 // a fact that is not the first question's
		if a0 == 2 && b0 == 2 {
			other = 3
		}
		refuse := func(name string, status int, code string, attempts ...map[string]any) {
			t.Helper()
			res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: map[string]any{"attempts": attempts}})
			assert.Equal(t, status, res.Status, "%s: %s", name, res.Raw)
			assert.Equal(t, code, res.errCode(), "%s", name)
		}
		refuse("another fact", 409, "question_not_asked", answer(seq0, other, other, other*other))
		if a0 != b0 { // the question is asked in one order
			refuse("the first question, factors swapped", 409, "question_not_asked", answer(seq0, b0, a0, a0*b0))
		}
		refuse("a number never asked", 409, "question_not_asked", answer(seq0+1000, a0, b0, a0*b0))
		refuse("the second question first", 409, "questions_out_of_order", answer(seq1, a1, b1, a1*b1))
		refuse("the two, the wrong way round", 409, "questions_out_of_order", answer(seq1, a1, b1, a1*b1), answer(seq0, a0, b0, a0*b0))

		// A game's session asked no question.
		gameSession, _ := e.startGame(t, s.student, map[string]any{"game": "potion"})
		res := e.do(t, req{Method: "POST", Path: fmt.Sprintf("/api/v1/play/sessions/%d/attempts", gameSession), Token: s.student,
			Body: map[string]any{"attempts": []map[string]any{answer(1, 3, 4, 12)}}})
		assert.Equal(t, http.StatusConflict, res.Status, "%s", res.Raw)
		assert.Equal(t, "question_not_asked", res.errCode())
		assert.Zero(t, storedAttempts(t, st, s.studentID), "nothing was stored")

		// Answered once; the same batch again is a resend, anything else
		// about an answered question is refused.
		first := map[string]any{"attempts": []map[string]any{answer(seq0, a0, b0, a0*b0)}}
		e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: first})
		again := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: first})
		assert.EqualValues(t, 1, again.JSON["duplicates"])
		refuse("a second answer", 409, "question_answered", answer(seq0, a0, b0, a0*b0+1))
		refuse("an answered question with the next", 409, "question_answered", answer(seq0, a0, b0, a0*b0), answer(seq1, a1, b1, a1*b1))
		assert.Equal(t, 1, storedAttempts(t, st, s.studentID))
		got, err := st.AttemptsOf(context.Background(), s.studentID, time.Time{})
		require.NoError(t, err)
		assert.True(t, got[0].Correct, "the first answer stands")
	})
}

// After a reload the page asks which questions wait (a pure read); a new
// practice session ends the child's other practice sessions, so that the
// floor holds for the child and not only for each session.
func TestPracticeQuestionsWaitAcrossAReloadAndOneSessionAnswersAtATime(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student, Body: map[string]any{"questions": 4}})
		d := drillOf(t, e, s.student, res)
		require.Len(t, d.waiting, 4)
		questions := fmt.Sprintf("/api/v1/play/sessions/%d/questions", d.id)
		for range 2 {
			got := e.must(t, http.StatusOK, req{Method: "GET", Path: questions, Token: s.student}).JSON["questions"]
			assert.Equal(t, d.waiting, got, "the same questions, however often asked")
		}
		res = e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: d.next(t, 3)})
		d.took(t, res)
		assert.Equal(t, d.waiting, e.must(t, http.StatusOK, req{Method: "GET", Path: questions, Token: s.student}).JSON["questions"])
		require.Len(t, d.waiting, 1, "the round's last question waits")
		body := d.next(t, 1)
		body["questions"] = 7
		res = e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		d.took(t, res)
		assert.Len(t, d.waiting, 7, "the next round has the size asked")
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: questions, Token: s.otherStudent})

		// A game session is left alone; the older practice session ends.
		gameSession, _ := e.startGame(t, s.student, map[string]any{"game": "potion"})
		newer := newDrill(t, e, s.student)
		res = e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: d.next(t, 1)})
		assert.Equal(t, http.StatusConflict, res.Status, "%s", res.Raw)
		assert.Equal(t, "session_ended", res.errCode())
		e.must(t, http.StatusConflict, req{Method: "GET", Path: questions, Token: s.student})
		newer.send(t, 2)
		ps, err := st.PlaySession(context.Background(), gameSession)
		require.NoError(t, err)
		assert.Nil(t, ps.EndedAt, "the game's session is still open")
	})
}

// The same batch sent many times at once (a device retrying on a bad
// network) is stored once; two different answers to the same questions at
// once: one is taken, the other refused.
func TestPracticeBatchesRacingForTheSameQuestionsAreTakenOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		body := d.next(t, 10)
		statuses := make(chan response, 8)
		var wg sync.WaitGroup
		for range cap(statuses) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
			}()
		}
		wg.Wait()
		close(statuses)
		stored := 0
		for res := range statuses {
			require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
			stored += int(num(t, res.JSON["stored"]))
		}
		assert.Equal(t, 10, stored, "stored once")
		assert.Equal(t, 10, storedAttempts(t, st, s.studentID))

		res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		d.took(t, res)
		right, wrong := d.next(t, 5), d.answers(t, 5)
		for _, a := range wrong["attempts"].([]map[string]any) {
			a["given"] = 0
		}
		results := make(chan response, 2)
		for _, b := range []map[string]any{right, wrong} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results <- e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: b})
			}()
		}
		wg.Wait()
		close(results)
		var codes []int
		for res := range results {
			codes = append(codes, res.Status)
			if res.Status != http.StatusOK {
				assert.Equal(t, "question_answered", res.errCode())
			}
		}
		assert.ElementsMatch(t, []int{200, 409}, codes)
		assert.Equal(t, 15, storedAttempts(t, st, s.studentID))
	})
}

// Each instance keeps the plan it last wrote as a guess; a child whose
// batches reach two instances in turn (behind a load balancer) is judged
// on the stored plan whenever the guess is stale.
func TestPracticeAnsweredThroughTwoInstancesInTurn(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		one := newEnv(t, st)
		two := newEnv(t, st, func(c *server.Config) { c.Now = one.clock })
		s := one.newSchool(t)
		d := newDrill(t, one, s.student)
		var last map[string]any
		for i, e := range []*env{one, two, one, two, one, one, two} {
			body := d.next(t, 3)
			res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
			assert.EqualValues(t, 3, res.JSON["stored"], "batch %d: %s", i, res.Raw)
			d.took(t, res)
			last = body
		}
		for _, e := range []*env{one, two} {
			res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: last})
			assert.EqualValues(t, 3, res.JSON["duplicates"], "the last batch again is a resend on either: %s", res.Raw)
			assert.Equal(t, d.waiting, res.JSON["questions"])
		}
		assert.Equal(t, 21, storedAttempts(t, st, s.studentID))
	})
}
