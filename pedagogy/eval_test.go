package pedagogy

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadAttemptsCSV(t *testing.T) {
	in := "\ufeffstudent,a,b,correct,response_ms,order,game\n" +
		"s1,7,8,1,2300,2,cats\n" +
		"s1,3,4,0,,1,potion\n" +
		"s2,6,7,true,1800.0,2,cats\n" +
		"s2,2,2,false,,1,potion\n"
	rows, err := ReadAttemptsCSV(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, rows, 4)
	got := make([]string, len(rows))
	for i, r := range rows {
		got[i] = fmt.Sprintf("%s %d×%d %v %d", r.Student, r.A, r.B, r.Correct, r.ResponseMS)
	}
	assert.Equal(t, []string{
		"s1 3×4 false 0", // order 1, file order kept among ties
		"s2 2×2 false 0",
		"s1 7×8 true 2300",
		"s2 6×7 true 1800",
	}, got)
	assert.Equal(t, games.KindAnswer, rows[0].Kind)
}

func TestReadAttemptsCSVRejectsBadInput(t *testing.T) {
	tests := []struct{ name, in string }{
		{"missing column", "student,a,b,correct,order\ns,1,2,1,1\n"},
		{"bad factor", "student,a,b,correct,response_ms,order\ns,13,2,1,,1\n"},
		{"bad correct", "student,a,b,correct,response_ms,order\ns,3,2,maybe,,1\n"},
		{"bad order", "student,a,b,correct,response_ms,order\ns,3,2,1,,soon\n"},
		{"empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadAttemptsCSV(strings.NewReader(tt.in))
			assert.True(t, errors.Is(err, ErrBadCSV), "%v", err)
		})
	}
}

func TestWriteAttemptsCSVRoundTrip(t *testing.T) {
	rows := []LoggedAttempt{
		{Student: "a", Attempt: Attempt{A: 7, B: 8, Correct: true, ResponseMS: 1500, Kind: games.KindClaim, At: t0}, Order: 1},
		{Student: "a", Attempt: Attempt{A: 6, B: 7, TimedOut: true, ResponseMS: 6000, Kind: games.KindAnswer, At: t0.Add(5e9)}, Order: 2},
		{Student: "b", Attempt: Attempt{A: 3, B: 9, Kind: games.KindMissed, At: t0.Add(9e9)}, Order: 3},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteAttemptsCSV(&buf, rows))
	back, err := ReadAttemptsCSV(&buf)
	require.NoError(t, err)
	require.Len(t, back, 3)
	for i := range rows {
		assert.Equal(t, rows[i].Student, back[i].Student)
		assert.Equal(t, rows[i].A, back[i].A)
		assert.Equal(t, rows[i].Correct, back[i].Correct)
		assert.Equal(t, rows[i].ResponseMS, back[i].ResponseMS)
		assert.Equal(t, rows[i].Kind, back[i].Kind)
		assert.Equal(t, rows[i].TimedOut, back[i].TimedOut)
		assert.True(t, rows[i].At.Equal(back[i].At))
	}
}

func TestAUC(t *testing.T) {
	assert.InDelta(t, 1.0, auc([]float64{0.1, 0.2, 0.8, 0.9}, []bool{false, false, true, true}), 1e-12)
	assert.InDelta(t, 0.0, auc([]float64{0.9, 0.8, 0.2, 0.1}, []bool{false, false, true, true}), 1e-12)
	assert.InDelta(t, 0.5, auc([]float64{0.5, 0.5, 0.5, 0.5}, []bool{false, true, false, true}), 1e-12, "ties count half")
	assert.InDelta(t, 0.75, auc([]float64{0.1, 0.4, 0.35, 0.8}, []bool{false, false, true, true}), 1e-12)
}

// TestEvalModelBeatsBaselinesOnSimulatedLog is the prediction check on the
// simulation's attempt log: the model predicts every attempt better than
// the running means.
func TestEvalModelBeatsBaselinesOnSimulatedLog(t *testing.T) {
	res := Simulate(DefaultModel(), SimConfig{Learners: 8, Seed: 3, Budget: 600, Log: true})
	rep := Eval(DefaultModel(), res.Log)
	require.Equal(t, PredictorModel, rep.Scores[0].Predictor)
	model := rep.Scores[0]
	for _, base := range rep.Scores[1:] {
		assert.Greater(t, model.AUC, base.AUC, base.Predictor)
		assert.Less(t, model.LogLoss, base.LogLoss, base.Predictor)
		assert.Less(t, model.RMSE, base.RMSE, base.Predictor)
	}
}

// TestEvalPredictsBeforeLearning: a student who always answers right gets
// a first prediction from the prior only, not from that answer.
func TestEvalPredictsBeforeLearning(t *testing.T) {
	rows := []LoggedAttempt{{Student: "s", Attempt: Attempt{A: 7, B: 8, Correct: true}, Order: 1}}
	rep := Eval(DefaultModel(), rows)
	prior := DefaultModel().Estimate(DefaultModel().Prior(fact(7, 8)), t0).P
	assert.InDelta(t, -math.Log(prior), rep.Scores[0].LogLoss, 1e-9)
}
