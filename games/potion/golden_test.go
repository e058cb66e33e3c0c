package potion

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden games in testdata/")

// golden is a recorded game: replaying its log from a fresh deal must give
// exactly its final state. A change of rules, deck or bots shows here first;
// refresh with go test -run TestGoldenGames -update after checking the diff.
type golden struct {
	Config Config          `json:"config"`
	Seed   uint64          `json:"seed"`
	Log    []games.Input   `json:"log"`
	Final  json.RawMessage `json:"final"`
}

func TestGoldenGames(t *testing.T) {
	for _, tt := range []struct {
		file string
		cfg  Config
		seed uint64
	}{
		{"golden_3card_green.json", Config{Level: games.Green(), Seats: []games.Seat{student, computer(games.BotBeginner)}, Edition: Edition3, Quiz: true}, 42},
		{"golden_4card_box.json", Config{Level: box(), Seats: []games.Seat{computer(games.BotStrong), student}, Edition: Edition4}, 7},
	} {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			if *update {
				g, err := New(tt.cfg, tt.seed)
				require.NoError(t, err)
				(&driver{t: t, r: rand.New(rand.NewPCG(tt.seed, 1))}).run(g, 3000)
				require.True(t, g.Over())
				data, err := json.MarshalIndent(golden{Config: tt.cfg, Seed: tt.seed, Log: g.Log(), Final: save(t, g)}, "", " ")
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(path, append(data, '\n'), 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var gold golden
			require.NoError(t, json.Unmarshal(data, &gold))
			fresh, err := New(gold.Config, gold.Seed)
			require.NoError(t, err)
			replayed, _, err := games.Replay(fresh, gold.Log)
			require.NoError(t, err)
			require.True(t, replayed.Over())
			require.JSONEq(t, string(gold.Final), string(save(t, replayed.(*Game))))
		})
	}
}
