package cube

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

// golden is a recorded game: its setup, input log and outcome. Replaying the
// log must give the same outcome; a change of rules shows up as a diff.
type golden struct {
	Config Config        `json:"config"`
	Seed   uint64        `json:"seed"`
	Log    []games.Input `json:"log"`
	Result games.Result  `json:"result"`
	Won    [][]int       `json:"won"`
	Board  Layout        `json:"board,omitempty"`
	Boards []Layout      `json:"boards,omitempty"`
}

func TestGoldenReplays(t *testing.T) {
	for rules := 1; rules <= 4; rules++ {
		t.Run(fmt.Sprintf("rules%d", rules), func(t *testing.T) {
			path := filepath.Join("testdata", "golden", fmt.Sprintf("rules%d.json", rules))
			if *update {
				p := playScripted(t, rules, 11)
				rec := golden{Config: p.cfg, Seed: p.seed, Log: p.g.Log(), Result: p.g.Result(), Won: p.g.s.Won, Board: p.g.s.Board, Boards: p.g.s.Boards}
				data, err := json.MarshalIndent(rec, "", " ")
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, data, 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update once to record")
			var rec golden
			require.NoError(t, json.Unmarshal(data, &rec))
			g, err := New(rec.Config, rec.Seed)
			require.NoError(t, err)
			_, _, err = games.Replay(g, rec.Log)
			require.NoError(t, err)
			assert.True(t, g.Over())
			assert.Equal(t, rec.Result, g.Result())
			assert.Equal(t, rec.Won, g.s.Won)
			assert.Equal(t, rec.Board, g.s.Board)
			assert.Equal(t, rec.Boards, g.s.Boards)
		})
	}
}
