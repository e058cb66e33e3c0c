package play

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A number a child types is bounded like the practice's answers: an answer
// beyond 0…games.MaxGiven (2147483648 overflowed PostgreSQL's integer
// column into a server error; SQLite stored it) is refused with a rule
// error, and neither the game nor the attempts change.
func TestAnswerOutOfRangeIsRefusedAndChangesNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication", Opponents: 1})
		require.NoError(t, err)
		seq := int64(0)
		for range 50 {
			g, err := s.loadGame(ctx, res.Game.ID)
			require.NoError(t, err)
			clock.Add(time.Second)
			var answer map[string]any
			legal := legalMoves(t, g.eng, 0)
			for _, m := range legal {
				var mm map[string]any
				require.NoError(t, json.Unmarshal(m, &mm))
				if mm["type"] == "answer" {
					answer = mm
				}
			}
			if answer == nil {
				if len(legal) == 0 {
					require.NoError(t, s.Tick(ctx, g.Row.ID))
					continue
				}
				seq++
				_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq, Move: legal[0]})
				require.NoError(t, err)
				continue
			}
			before, err := st.AttemptsOfSession(ctx, res.Session.ID)
			require.NoError(t, err)
			for _, n := range []int64{2147483648, games.MaxGiven + 1, -1} {
				answer["product"] = n
				m, err := json.Marshal(answer)
				require.NoError(t, err)
				_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq + 1, Move: m})
				re, ok := games.AsRuleError(err)
				require.True(t, ok, "%d: got %v", n, err)
				assert.Equal(t, "game.number_out_of_range", re.Code)
				assert.Equal(t, map[string]any{"min": 0, "max": games.MaxGiven}, re.Params)
			}
			after, err := st.AttemptsOfSession(ctx, res.Session.ID)
			require.NoError(t, err)
			assert.Len(t, after, len(before), "no attempt is stored")
			again, err := s.loadGame(ctx, g.Row.ID)
			require.NoError(t, err)
			assert.Equal(t, g.Row.Version, again.Row.Version, "the game is unchanged")

			answer["product"] = games.MaxGiven // the bound itself is an answer (a wrong one)
			m, err := json.Marshal(answer)
			require.NoError(t, err)
			_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: seq + 1, Move: m})
			require.NoError(t, err)
			return
		}
		t.Fatal("no answer came up")
	})
}

// Every engine tells a move that does not decode in the client's terms:
// no Go type, no engine's internal name (the security review saw
// "cannot unmarshal string into Go value of type potion.wireMove").
func TestUnreadableMovesNameNoGoTypes(t *testing.T) {
	for _, k := range Kinds() {
		eng, err := k.New(Setup{Edition: k.Editions[0], Level: games.Green(), Seats: []games.Seat{{Kind: games.SeatStudent, Name: "Léa"}, {Kind: games.SeatComputer, Bot: games.BotBeginner}}}, 1)
		require.NoError(t, err, k.Name)
		for _, raw := range []string{`"lay"`, `{"type":7}`, `[1,2]`} {
			_, err := eng.Apply(0, json.RawMessage(raw), 0)
			re, ok := games.AsRuleError(err)
			require.True(t, ok, "%s %s: %v", k.Name, raw, err)
			reason := fmt.Sprint(re.Params["reason"])
			assert.NotRegexp(t, `Go |wire|\.Move|json:`, reason, "%s %s", k.Name, raw)
		}
	}
}
