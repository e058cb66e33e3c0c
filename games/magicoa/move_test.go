package magicoa

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeMoveIsStrict(t *testing.T) {
	tests := []struct {
		name, in, code string
	}{
		{"choose", `{"type":"choose","cards":[3,7]}`, ""},
		{"place double", `{"type":"place","potion":1,"double":true}`, ""},
		{"answer", `{"type":"answer","product":42}`, ""},
		{"power", `{"type":"power","activate":true}`, ""},
		{"unknown field", `{"type":"pass","x":1}`, "game.bad_move"},
		{"wrong type", `{"type":"place","potion":"1"}`, "game.bad_move"},
		{"trailing data", `{"type":"pass"} {}`, "game.bad_move"},
		{"no type", `{}`, "game.bad_move"},
		{"one card", `{"type":"choose","cards":[3]}`, "game.bad_move"},
		{"unknown type", `{"type":"slap"}`, "game.unknown_move"},
		{"not json", `type=pass`, "game.bad_move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := DecodeMove([]byte(tt.in))
			if tt.code == "" {
				require.NoError(t, err)
				back, _ := json.Marshal(m)
				again, err := DecodeMove(back)
				require.NoError(t, err)
				assert.Equal(t, m, again)
				return
			}
			assert.Equal(t, tt.code, ruleCode(t, err))
		})
	}
}

func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"type":"choose","cards":[0,11]}`, `{"type":"place","potion":2,"double":true}`, `{"type":"pass"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("not a rule error: %v", err)
			}
			return
		}
		back, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeMove(back)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", back, err)
		}
		if len(m.Cards) == 0 {
			m.Cards = nil // an empty list encodes as nothing
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("round trip changed %v into %v", m, again)
		}
		// Playing a decoded move never panics, legal or not.
		g, _ := New(Config{Seats: students(3)}, 1)
		_, _ = g.Play(0, m, 0)
	})
}
