package cats

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

type golden struct {
	Config Config          `json:"config"`
	Seed   uint64          `json:"seed"`
	Log    []games.Input   `json:"log"`
	Final  json.RawMessage `json:"final"`
}

// TestGoldenReplays replays recorded games (a student and computer cats) and
// compares the final state: any change of rules, bots or random draws shows
// up here. Refresh with go test -run TestGoldenReplays -update.
func TestGoldenReplays(t *testing.T) {
	cases := []struct {
		name string
		seed uint64
		cfg  Config
	}{
		{"tables1-5_specials_3players", 7, Config{Level: LearningLevel(5), Specials: true, Seats: []games.Seat{student("kid"), bot(1), bot(2)}}},
		{"green_5players", 11, Config{Level: games.Green(), Seats: []games.Seat{student("kid"), bot(1), bot(2), bot(3), bot(2)}, Start: 2}},
		{"tables1-6_specials_souris_2players", 5, Config{Level: LearningLevel(6), Specials: true, SourisCall: true, Seats: []games.Seat{student("kid"), bot(2)}}},
		{"violet_specials_souris_4players", 13, Config{Level: games.Violet(), Specials: true, SourisCall: true, Seats: []games.Seat{student("kid"), bot(3), bot(2), bot(3)}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", tc.name+".json")
			if *update {
				g, err := New(tc.cfg, tc.seed)
				require.NoError(t, err)
				drive(t, g, rand.New(rand.NewPCG(tc.seed, 9)), func() {})
				final, err := g.MarshalJSON()
				require.NoError(t, err)
				data, err := json.MarshalIndent(golden{Config: tc.cfg, Seed: tc.seed, Log: g.Log(), Final: final}, "", " ")
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
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
			require.JSONEq(t, string(gd.Final), string(got))
			require.True(t, replayed.Over())
		})
	}
}
