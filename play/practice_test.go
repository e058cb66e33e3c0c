package play

import (
	"hash/fnv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// asked is a round of four questions (2×2, 3×4, 7×8, 6×7) numbered from
// 10, asked at t0, the first one answered.
func asked() practicePlan {
	return practicePlan{Practice: true, Round: &round{First: 10, Facts: [][2]int{{2, 2}, {3, 4}, {7, 8}, {6, 7}}, AskedMS: t0.UnixMilli(), Answered: 1}}
}

func ans(seq int64, a, b int, ms int64) store.Answer {
	given := a * b
	return store.Answer{Seq: seq, A: a, B: b, Given: &given, ResponseMS: ms}
}

func TestPracticeAnswersFollowTheQuestionsAsked(t *testing.T) {
	late := t0.Add(time.Minute)
	for _, tt := range []struct {
		name    string
		answers []store.Answer
		at      time.Time
		want    error
	}{
		{"the next question", []store.Answer{ans(11, 3, 4, 900)}, late, nil},
		{"the rest of the round", []store.Answer{ans(11, 3, 4, 900), ans(12, 7, 8, 900), ans(13, 6, 7, 900)}, late, nil},
		{"a question answered", []store.Answer{ans(10, 2, 2, 900)}, late, ErrQuestionAnswered},
		{"a question answered, then the next", []store.Answer{ans(10, 2, 2, 900), ans(11, 3, 4, 900)}, late, ErrQuestionAnswered},
		{"a question not asked yet", []store.Answer{ans(14, 3, 4, 900)}, late, ErrQuestionNotAsked},
		{"an invented number", []store.Answer{ans(1<<40, 3, 4, 900)}, late, ErrQuestionNotAsked},
		{"another fact", []store.Answer{ans(11, 7, 8, 900)}, late, ErrQuestionNotAsked},
		{"the fact the other way round", []store.Answer{ans(11, 4, 3, 900)}, late, ErrQuestionNotAsked},
		{"a question skipped", []store.Answer{ans(12, 7, 8, 900)}, late, ErrQuestionsOutOfOrder},
		{"out of order", []store.Answer{ans(11, 3, 4, 900), ans(13, 6, 7, 900), ans(12, 7, 8, 900)}, late, ErrQuestionsOutOfOrder},
		{"a response time under the floor", []store.Answer{ans(11, 3, 4, 299)}, late, ErrAnswerTooFast},
		// The round was asked at t0: its 2nd question (the next) needs 600 ms,
		// its 4th 1.2 s, whatever the client says.
		{"the 2nd question 599 ms after asking", []store.Answer{ans(11, 3, 4, 900)}, t0.Add(599 * time.Millisecond), ErrAnswerTooFast},
		{"the 2nd question 600 ms after asking", []store.Answer{ans(11, 3, 4, 900)}, t0.Add(600 * time.Millisecond), nil},
		{"the 4th question 1.1 s after asking", []store.Answer{ans(11, 3, 4, 300), ans(12, 7, 8, 300), ans(13, 6, 7, 300)}, t0.Add(1100 * time.Millisecond), ErrAnswerTooFast},
		{"the 4th question 1.2 s after asking", []store.Answer{ans(11, 3, 4, 300), ans(12, 7, 8, 300), ans(13, 6, 7, 300)}, t0.Add(1200 * time.Millisecond), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := asked()
			resend, err := p.take(tt.answers, tt.at, DefaultMinAnswer)
			assert.False(t, resend)
			require.ErrorIs(t, err, tt.want)
			if tt.want != nil {
				assert.Equal(t, asked(), p, "a refused batch changes nothing")
				return
			}
			assert.Equal(t, 1+len(tt.answers), p.Round.Answered)
		})
	}
}

func TestPracticeTakesTheLastBatchAgainAsAResendOnly(t *testing.T) {
	p := asked()
	batch := []store.Answer{ans(11, 3, 4, 900), ans(12, 7, 8, 1200)}
	resend, err := p.take(batch, t0.Add(time.Minute), DefaultMinAnswer)
	require.NoError(t, err)
	require.False(t, resend)
	after := p

	resend, err = p.take(batch, t0.Add(2*time.Minute), DefaultMinAnswer)
	require.NoError(t, err)
	assert.True(t, resend, "the same batch again is a resend")
	assert.Equal(t, after, p)

	changed := []store.Answer{ans(11, 3, 4, 900), ans(12, 7, 8, 1200)}
	wrong := 55
	changed[1].Given = &wrong
	_, err = p.take(changed, t0.Add(2*time.Minute), DefaultMinAnswer)
	assert.ErrorIs(t, err, ErrQuestionAnswered, "another answer to an answered question is no resend")
	_, err = p.take(batch[:1], t0.Add(2*time.Minute), DefaultMinAnswer)
	assert.ErrorIs(t, err, ErrQuestionAnswered, "part of the last batch is no resend either")
}

func TestPracticeWithoutQuestionsTakesNoAnswer(t *testing.T) {
	for _, plan := range []string{`{"practice":true}`, `{"level":{"name":"green"},"game":"potion"}`, ``} {
		p := readPracticePlan(plan)
		_, err := p.take([]store.Answer{ans(1, 3, 4, 900)}, t0, DefaultMinAnswer)
		assert.ErrorIs(t, err, ErrQuestionNotAsked, "plan %q", plan)
	}
	p := asked()
	resend, err := p.take([]store.Answer{ans(11, 3, 4, 1)}, t0, -1)
	require.NoError(t, err, "no floor when MinAnswer is negative (load tests)")
	assert.False(t, resend)
}

// A batch's fingerprint is stored in plans: it must stay the FNV-1a of
// "seq,a,b,given,response_ms;" per answer (given -1 when none), or a
// resend of a batch taken before an upgrade would be refused.
func TestABatchsFingerprintKeepsItsText(t *testing.T) {
	seven := 7
	answers := []store.Answer{{Seq: 11, A: 3, B: 4, Given: &seven, ResponseMS: 1500}, {Seq: 12, A: -2, B: 9, ResponseMS: 0}}
	h := fnv.New64a()
	_, _ = h.Write([]byte("11,3,4,7,1500;12,-2,9,-1,0;"))
	if got := sum(answers); got != h.Sum64() {
		t.Fatalf("sum = %d, want %d", got, h.Sum64())
	}
}
