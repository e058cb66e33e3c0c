package games

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLevelFacts(t *testing.T) {
	assert.Len(t, Green().Facts(), 40)
	assert.Len(t, Violet().Facts(), 40)
	assert.Len(t, All(12).Facts(), 144)
	assert.True(t, Custom(8, 7).Has(Fact{A: 3, B: 7}), "commutative membership")
	assert.False(t, Green().Has(Fact{A: 6, B: 7}))
}

func TestLevelValidate(t *testing.T) {
	assert.NoError(t, Green().Validate())
	bad := Level{Name: LevelCustom, Tables: []int{13}, MinFactor: 1, MaxFactor: 10}
	re, ok := AsRuleError(bad.Validate())
	require.True(t, ok)
	assert.Equal(t, "level.bad_table", re.Code)
}

func TestLevelWeightIsPerPair(t *testing.T) {
	l := Violet()
	l.Weights = []FactWeight{{A: 8, B: 7, W: 3}}
	assert.Equal(t, 3.0, l.Weight(Fact{A: 7, B: 8}))
	assert.Equal(t, 1.0, l.Weight(Fact{A: 6, B: 8}))
}

func TestNewAttemptDecidesCorrectness(t *testing.T) {
	a := NewAttempt(0, KindCapture, Fact{A: 7, B: 8}, 54, 1200)
	assert.False(t, a.Correct)
	assert.True(t, NewAttempt(0, KindCapture, Fact{A: 7, B: 8}, 56, 1200).Correct)
	assert.Nil(t, Missed(0, Fact{A: 7, B: 8}).Given)
}

// A bid is a comparison: its verdict is whether the cover was legal, not
// given == a×b (an equal product is wrong without Equality).
func TestNewBidKeepsTheComparisonsVerdict(t *testing.T) {
	wrong := NewBid(0, Fact{A: 6, B: 7}, 42, false, 900)
	assert.Equal(t, KindBid, wrong.Kind)
	assert.Equal(t, 42, *wrong.Given)
	assert.False(t, wrong.Correct, "covering an equal 42 without Equality is a wrong bid")
	assert.True(t, NewBid(0, Fact{A: 6, B: 7}, 42, true, 900).Correct, "with Equality the same cover is right")
	assert.Equal(t, int64(0), *NewBid(0, Fact{A: 6, B: 7}, 40, true, -5).ResponseMS)
}

func TestRNGResumesFromJSON(t *testing.T) {
	r := NewRNG(42, 1)
	r.IntN(100)
	data, err := json.Marshal(r)
	require.NoError(t, err)
	var back RNG
	require.NoError(t, json.Unmarshal(data, &back))
	for range 10 {
		assert.Equal(t, r.IntN(1000), back.IntN(1000))
	}
}
