package potion

import (
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

// FuzzPlay feeds arbitrary moves (any type, any card ids, valid or not) to a
// game between two students: the engine never panics, refuses with rule
// errors only, and never loses or duplicates a card.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 0, 0, 1, 0, 0, 0, 2, 1, 2, 3})
	f.Add(uint64(7), []byte{4, 1, 2, 0, 0, 9, 0, 0, 1, 4, 5, 200, 3, 1, 2, 3, 5, 0, 0, 0})
	f.Fuzz(func(t *testing.T, seed uint64, ops []byte) {
		edition := Edition3 + int(seed%2)
		g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, student2}, Edition: edition, Quiz: true}, seed)
		require.NoError(t, err)
		types := []string{MoveLay, MoveCapture, MoveEnd, MoveVigilance, MoveAccept, MoveAnswer, "draw"}
		n := len(g.s.Cards)
		at := int64(0)
		for i := 0; i+3 < len(ops) && !g.Over(); i += 4 {
			seat := g.Waiting()[0]
			if ops[i]&0x80 != 0 {
				seat = 1 - seat
			}
			cardOf := func(b byte) int { return int(b) % (n + 2) } // a few ids that do not exist
			m := Move{Type: types[int(ops[i]&0x7f)%len(types)], Card: cardOf(ops[i+1]),
				Potions: []int{cardOf(ops[i+1]), cardOf(ops[i+2])}, Monster: cardOf(ops[i+3]), Value: int(ops[i+3])}
			at += int64(ops[i+2])
			_, err := g.Play(seat, m, at)
			if err != nil {
				_, ok := games.AsRuleError(err)
				require.True(t, ok, "%v", err)
			}
			ids := allIDs(g)
			slices.Sort(ids)
			require.Len(t, ids, n)
			for k, id := range ids {
				require.Equal(t, k, id)
			}
		}
	})
}
