package webcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
)

// uiMoves are the moves the play modules send, written exactly as their
// api.move(...) calls build them (and as the dev harness logs them): the
// engines decode moves strictly, so a field renamed on either side fails
// here.
var uiMoves = map[string][]string{
	"potion": { // potion.js
		`{"type":"lay","card":30}`,
		`{"type":"capture","potions":[11,12],"monster":21}`,
		`{"type":"vigilance","potions":[21,22],"monster":11}`,
		`{"type":"answer","potions":[30,31],"value":10}`,
		`{"type":"end"}`,
		`{"type":"accept"}`,
	},
	"cats": { // cats.js
		`{"type":"flip"}`,
		`{"type":"slap"}`,
		`{"type":"slap","with":1}`,
		`{"type":"souris"}`,
		`{"type":"stop"}`,
	},
	"cube": { // cube.js submit()
		`{"type":"claim","code":16,"faces":[{"at":{"q":0,"r":0},"face":"Y"},{"at":{"q":1,"r":0},"face":"R"},{"at":{"q":2,"r":0},"face":"B"}],"ops":["*","+"]}`,
		`{"type":"claim","code":16,"faces":[{"at":{"q":0,"r":0},"face":"Y"},{"at":{"q":1,"r":0},"face":"R"},{"at":{"q":2,"r":0},"face":"B"}],"ops":["*","-"],"tile":{"from":{"q":2,"r":1},"to":{"q":3,"r":1}},"target":1,"replace":1}`,
		`{"type":"find","code":9,"faces":[{"at":{"q":0,"r":0},"face":"Y"},{"at":{"q":1,"r":0},"face":"R"},{"at":{"q":2,"r":0},"face":"B"}],"ops":["+","-"],"tile":{"from":{"q":2,"r":-1},"to":{"q":3,"r":-1}}}`,
		`{"type":"pass","tile":{"from":{"q":2,"r":-1},"to":{"q":3,"r":-1}}}`,
		`{"type":"no_solution"}`,
	},
	"magicoa": { // magicoa.js
		`{"type":"choose","cards":[3,5]}`,
		`{"type":"answer","product":12}`,
		`{"type":"place","potion":1}`,
		`{"type":"place","potion":1,"double":true}`,
		`{"type":"exchange","potion":2}`,
		`{"type":"pass"}`,
		`{"type":"power","activate":true}`,
		`{"type":"power","activate":false}`,
	},
}

// TestEnginesDecodeTheMovesTheUISends runs each UI move through the
// engine's strict decoder.
func TestEnginesDecodeTheMovesTheUISends(t *testing.T) {
	decode := map[string]func([]byte) error{
		"potion":  func(b []byte) error { _, err := potion.DecodeMove(b); return err },
		"cats":    func(b []byte) error { _, err := cats.DecodeMove(b); return err },
		"cube":    func(b []byte) error { _, err := cube.DecodeMove(b); return err },
		"magicoa": func(b []byte) error { _, err := magicoa.DecodeMove(b); return err },
	}
	for game, moves := range uiMoves {
		for _, m := range moves {
			assert.NoError(t, decode[game]([]byte(m)), "%s: %s", game, m)
		}
	}
	// And the decoders are strict: a misspelt field is refused.
	assert.Error(t, decode["cube"]([]byte(`{"type":"no_solution","targt":1}`)))
}
