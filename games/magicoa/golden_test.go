package magicoa

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/")

// golden is a recorded game: its set-up, input log and the final state.
type golden struct {
	Config Config          `json:"config"`
	Seed   uint64          `json:"seed"`
	Log    []games.Input   `json:"log"`
	Final  json.RawMessage `json:"final"`
}

// TestGoldenReplays replays recorded games and compares the final state, so
// any change of behaviour shows (refresh with go test -run Golden -update).
func TestGoldenReplays(t *testing.T) {
	cases := map[string]Config{
		"multiplication_2students_2bots": {Seats: []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 3},
			{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 1}}, Edition: Multiplication, Level: games.Violet(), StartSeat: 1},
		"classic_expert_3": {Seats: []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2},
			{Kind: games.SeatComputer, Bot: 3}}, Variant: Expert},
	}
	for name, cfg := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".json")
			if *update {
				g, err := New(cfg, 42)
				require.NoError(t, err)
				drive(t, g, rand.New(rand.NewPCG(42, 42)), -1, nil)
				final, err := g.MarshalJSON()
				require.NoError(t, err)
				data, err := json.MarshalIndent(golden{Config: cfg, Seed: 42, Log: g.Log(), Final: final}, "", " ")
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(path, data, 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var gd golden
			require.NoError(t, json.Unmarshal(data, &gd))
			fresh, err := New(gd.Config, gd.Seed)
			require.NoError(t, err)
			replayed, _, err := games.Replay(fresh, gd.Log)
			require.NoError(t, err)
			got, err := replayed.MarshalJSON()
			require.NoError(t, err)
			var want bytes.Buffer
			require.NoError(t, json.Compact(&want, gd.Final))
			require.JSONEq(t, want.String(), string(got))
			require.True(t, replayed.Over())
		})
	}
}
