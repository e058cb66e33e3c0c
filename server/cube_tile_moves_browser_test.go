package server_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games/cube"
)

// The board offers a moving tile only the places the rule allows: every
// tile must still touch another after the move. The page's emptyPlaces
// (hexboard.js) is compared with the engine's LegalTileMoves on boards
// dealt and then reshaped by a few legal moves, where some empty places
// next to the tiles would leave a tile alone. Before, the page offered
// those too and the server refused the child's claim.
func TestBrowserCubeOffersOnlyTheTileMovesTheRuleAllows(t *testing.T) {
	b := newBrowserTest(t, 1)
	b.openHarness("cube-1")
	var layouts []cube.Layout
	for seed := uint64(1); seed <= 12; seed++ {
		l := cube.DealLayout(seed, int(seed%4), cube.SideNumbers)
		for k := range 3 {
			moves := cube.LegalTileMoves(l)
			m := moves[(int(seed)*7+k*5)%len(moves)]
			l = l.Clone()
			l[l.Index(m.From)].At = m.To
		}
		layouts = append(layouts, l)
	}
	data, err := json.Marshal(layouts)
	require.NoError(t, err)
	got := b.evalAsync(fmt.Sprintf(`import("/static/play/hexboard.js").then((m) =>
		JSON.stringify(%s.map((l) => l.map((p) => m.emptyPlaces(l, p.at)))))`, data))
	var places [][][]cube.Hex
	require.NoError(t, json.Unmarshal([]byte(got), &places))
	require.Len(t, places, len(layouts))
	refused := 0 // empty places beside a tile that the rule forbids
	for i, l := range layouts {
		legal := cube.LegalTileMoves(l)
		for j, p := range l {
			var want []cube.Hex
			for _, m := range legal {
				if m.From == p.At {
					want = append(want, m.To)
				}
			}
			for k, o := range l {
				for _, n := range o.At.Neighbours() {
					if k != j && l.Index(n) < 0 && !slices.Contains(want, n) {
						refused++
					}
				}
			}
			assert.ElementsMatch(t, want, places[i][j], "layout %d, tile at %v", i, p.At)
		}
	}
	assert.Positive(t, refused, "the boards hold places the rule forbids, which the page must not offer")
}
