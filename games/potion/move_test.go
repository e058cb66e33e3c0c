package potion

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeMoveIsStrict(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   string
		want Move
		code string
	}{
		{"lay", `{"type":"lay","card":0}`, Lay(0), ""},
		{"capture", `{"type":"capture","potions":[1,2],"monster":3}`, CaptureMove(1, 2, 3), ""},
		{"three potions read, refused by the rules", `{"type":"capture","potions":[1,2,4],"monster":3}`,
			Move{Type: MoveCapture, Potions: []int{1, 2, 4}, Monster: 3}, ""},
		{"end", `{"type":"end"}`, End(), ""},
		{"vigilance", `{"type":"vigilance","potions":[5,6],"monster":7}`, Vigilance(5, 6, 7), ""},
		{"accept", `{"type":"accept"}`, Accept(), ""},
		{"answer", `{"type":"answer","potions":[1,2],"value":63}`, Answer(1, 2, 63), ""},
		{"unknown field", `{"type":"end","joker":1}`, Move{}, "game.bad_move"},
		{"wrong type", `{"type":"lay","card":"7"}`, Move{}, "game.bad_move"},
		{"missing card", `{"type":"lay"}`, Move{}, "game.bad_move"},
		{"missing monster", `{"type":"capture","potions":[1,2]}`, Move{}, "game.bad_move"},
		{"missing potions", `{"type":"vigilance","monster":2}`, Move{}, "game.bad_move"},
		{"missing value", `{"type":"answer","potions":[1,2]}`, Move{}, "game.bad_move"},
		{"trailing data", `{"type":"end"}{"type":"end"}`, Move{}, "game.bad_move"},
		{"not json", `lay 3`, Move{}, "game.bad_move"},
		{"unknown move", `{"type":"draw"}`, Move{}, "game.unknown_move"},
		{"card on an end", `{"type":"end","card":3}`, Move{}, "game.bad_move"},
		{"value on a capture", `{"type":"capture","potions":[1,2],"monster":3,"value":3}`, Move{}, "game.bad_move"},
		{"monster on an answer", `{"type":"answer","potions":[1,2],"value":3,"monster":3}`, Move{}, "game.bad_move"},
		{"potions on a lay", `{"type":"lay","card":1,"potions":[1,2]}`, Move{}, "game.bad_move"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := DecodeMove([]byte(tt.in))
			if tt.code == "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, m)
				return
			}
			re, ok := games.AsRuleError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}

func TestMoveJSONRoundTrip(t *testing.T) {
	for _, m := range []Move{Lay(0), Lay(12), CaptureMove(1, 2, 3), End(), Vigilance(4, 5, 6), Accept(), Answer(7, 8, 0)} {
		data, err := json.Marshal(m)
		require.NoError(t, err)
		back, err := DecodeMove(data)
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
}

// FuzzDecodeMove: decoding never panics, and whatever decodes re-encodes to
// a move that decodes the same.
func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"type":"lay","card":3}`, `{"type":"capture","potions":[1,2],"monster":3}`,
		`{"type":"end"}`, `{"type":"answer","potions":[1,2],"value":-4}`, `{}`, `[]`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			_, ok := games.AsRuleError(err)
			require.True(t, ok, "errors are rule errors: %v", err)
			return
		}
		out, err := json.Marshal(m)
		require.NoError(t, err)
		back, err := DecodeMove(out)
		require.NoError(t, err)
		require.Equal(t, m, back)
	})
}

func TestNotYourTurn(t *testing.T) {
	g := booklet(t, Edition3)
	refused(t, g, 1, Lay(id(t, g, 2, 8)), 10, "game.not_your_turn")
	refused(t, g, 2, End(), 10, "game.bad_seat")
	refused(t, g, -1, End(), 10, "game.bad_seat")
}

func TestComputerSeatIsNotPlayedByHand(t *testing.T) {
	g := position(t, layout{seats: [2]games.Seat{computer(2), student}, hand0: []pm{{2, 8}}, pile: []pm{{3, 9}}})
	refused(t, g, 0, Lay(id(t, g, 2, 8)), 10, "game.computer_seat")
}

func TestTimeCannotGoBackwards(t *testing.T) {
	g := booklet(t, Edition3)
	play(t, g, 0, Lay(id(t, g, 3, 15)), 100)
	refused(t, g, 0, End(), 99, "game.bad_time")
	_, err := g.Advance(50)
	re, ok := games.AsRuleError(err)
	require.True(t, ok)
	assert.Equal(t, "game.bad_time", re.Code)
}

func TestApplyRecordsTheMoveAndRefusedMovesAreNotLogged(t *testing.T) {
	g := booklet(t, Edition3)
	_, err := g.Apply(0, json.RawMessage(`{"type":"end"}`), 5)
	require.Error(t, err)
	_, err = g.Apply(0, json.RawMessage(`{"type":"lay","card":`+itoa(id(t, g, 3, 15))+`}`), 10)
	require.NoError(t, err)
	require.Len(t, g.Log(), 1)
	assert.Equal(t, games.Input{At: 10, Seat: 0, Move: json.RawMessage(`{"card":` + itoa(id(t, g, 3, 15)) + `,"type":"lay"}`)}, g.Log()[0])
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func TestLegalListsCapturesWithoutTheirCards(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
	assert.Equal(t, []Move{{Type: MoveCapture}, End()}, g.Legal(0), "the view must not solve the multiplication")
	assert.Empty(t, g.Legal(1))
}

func TestComputerPlaysAtOnceOnItsTurn(t *testing.T) {
	g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, computer(2)}}, 11)
	require.NoError(t, err)
	_, ok := g.Next()
	assert.False(t, ok, "the student starts: nothing for the computer to do")
	play(t, g, 0, Lay(g.s.Hands[0][0]), 100)
	v := g.SeatView(0)
	if !v.Captured && len(Captures(v.Zones[0], v.Zones[1])) > 0 {
		play(t, g, 0, CaptureMove(Captures(v.Zones[0], v.Zones[1])[0].Potions[0], Captures(v.Zones[0], v.Zones[1])[0].Potions[1], Captures(v.Zones[0], v.Zones[1])[0].Monster), 150)
	}
	play(t, g, 0, End(), 200)
	at, ok := g.Next()
	require.True(t, ok)
	assert.Equal(t, int64(200), at)
	_, err = g.Advance(at)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, g.Waiting(), "back to the student")
}
