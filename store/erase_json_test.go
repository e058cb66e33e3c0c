package store

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rewrite of a game keeps every number as written (an engine's random
// generator state does not survive a float64), takes out the names the
// game was played under even after a rename, and the erased seat's
// answers kept for late clients.
func TestPseudonymisingAGameKeepsItsNumbersAndTakesOutEveryNameOfTheSeat(t *testing.T) {
	seats := `[{"kind":"student","name":"Léa","student_id":7},{"kind":"student","name":"Zef","student_id":9},{"kind":"computer","name":"Moka","bot":2}]`
	state := `{"engine":{"config":{"seats":[{"kind":"student","name":"Léa"},{"kind":"student","name":"Zef"},{"kind":"computer","name":"Moka","bot":2}]},` +
		`"rng":18446744073709551557,"seed":9007199254740993,"w":0.8985000000000001,"said":"Zef"},` +
		`"sessions":[31,32,0],"last_seq":[4,5,0],` +
		`"last":{"events":[{"seat":1,"type":"lay"}],"attempts":[{"seat":1,"a":6,"b":7,"given":42},{"seat":0,"a":2,"b":3,"given":6}]},` +
		`"recent":[{"version":3,"step":{"attempts":[{"seat":1,"a":6,"b":7,"given":42}]}}]}`

	newSeats, newState, others, err := pseudonymiseGame(seats, state, 9, "Zéphyrine") // renamed since the game
	require.NoError(t, err)
	assert.JSONEq(t, `[{"kind":"student","name":"Léa","student_id":7},{"kind":"student","name":""},{"kind":"computer","name":"Moka","bot":2}]`, newSeats)
	assert.Equal(t, []int64{31}, others, "the other child's session, computers left out")
	assert.NotContains(t, newState, "Zef")
	assert.Contains(t, newState, `"rng":18446744073709551557`)
	assert.Contains(t, newState, `"seed":9007199254740993`)
	assert.Contains(t, newState, `"w":0.8985000000000001`)

	var env struct {
		Engine struct {
			Config struct {
				Seats []map[string]any `json:"seats"`
			} `json:"config"`
		} `json:"engine"`
		Sessions []int64 `json:"sessions"`
		LastSeq  []int64 `json:"last_seq"`
		Last     struct {
			Events   []map[string]any `json:"events"`
			Attempts []map[string]any `json:"attempts"`
		} `json:"last"`
		Recent []struct {
			Step map[string]any `json:"step"`
		} `json:"recent"`
	}
	require.NoError(t, json.Unmarshal([]byte(newState), &env))
	assert.Equal(t, "", env.Engine.Config.Seats[1]["name"])
	assert.Equal(t, "student", env.Engine.Config.Seats[1]["kind"], "the seat keeps its kind: the engine's state is unchanged")
	assert.Equal(t, "Moka", env.Engine.Config.Seats[2]["name"])
	assert.Equal(t, []int64{31, 0, 0}, env.Sessions)
	assert.Equal(t, []int64{4, 5, 0}, env.LastSeq)
	assert.Len(t, env.Last.Events, 1, "the game's events stay")
	require.Len(t, env.Last.Attempts, 1)
	assert.EqualValues(t, 0, env.Last.Attempts[0]["seat"], "the other child's answer stays")
	assert.NotContains(t, env.Recent[0].Step, "attempts")

	_, _, _, err = pseudonymiseGame(seats, `{"engine":`, 9, "Zef")
	assert.Error(t, err, "an unreadable state is reported")
}
