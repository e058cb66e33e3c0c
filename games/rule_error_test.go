package games

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A move that does not decode is told in the client's terms: which field
// is at fault and what it should be, never the engine's Go types.
func TestUnreadableNamesTheFieldNotTheGoType(t *testing.T) {
	type wire struct {
		Type    string `json:"type"`
		Value   *int   `json:"value"`
		Potions []int  `json:"potions"`
	}
	for in, want := range map[string]string{
		`"lay"`:                              "a move is a JSON object",
		`{"type":"answer","value":"seven"}`:  `"value" should be a whole number, not string`,
		`{"type":"capture","potions":"1,2"}`: `"potions" should be a list, not string`,
		`{"type":`:                           "the move is empty or cut short",
		`{"type" "lay"}`:                     "not valid JSON",
		`{"type":"lay","cards":[1]}`:         `unknown field "cards"`,
	} {
		dec := json.NewDecoder(bytes.NewReader([]byte(in)))
		dec.DisallowUnknownFields()
		var w wire
		err := dec.Decode(&w)
		if !assert.Error(t, err, in) {
			continue
		}
		re := Unreadable(err)
		assert.Equal(t, "game.bad_move", re.Code)
		assert.Equal(t, want, re.Params["reason"], in)
		assert.NotContains(t, re.Params["reason"], "Go ", in)
	}
}
