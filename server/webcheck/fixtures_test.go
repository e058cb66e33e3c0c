package webcheck

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is one dev harness fixture: a state of a real game chosen by a
// predicate on its view, from one run of the sweep.
type fixture struct {
	name string
	run  string // sweep key prefix: game-edition-seed-seats
	want func(v map[string]any) bool
}

func num(v map[string]any, k string) float64 { n, _ := v[k].(float64); return n }

func arr(v map[string]any, k string) []any { a, _ := v[k].([]any); return a }

func legalHas(v map[string]any, types ...string) bool {
	for _, want := range types {
		found := false
		for _, m := range arr(v, "legal") {
			if mm, ok := m.(map[string]any); ok && mm["type"] == want {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// cardValue tells whether a Cat's card shows a number (a×b or n).
func cardValue(c any) bool {
	m, _ := c.(map[string]any)
	return m["a"] != nil || m["n"] != nil
}

var fixtures = []fixture{
	{"potion-3", "potion-3-1-2", func(v map[string]any) bool {
		return legalHas(v, "capture", "end") && len(arr(v, "zones")[0].([]any)) >= 3
	}},
	{"potion-4-called", "potion-4-", func(v map[string]any) bool { return v["phase"] == "capture" && num(v, "called") == 0 }},
	{"potion-quiz", "potion-3-2-2", func(v map[string]any) bool { return legalHas(v, "answer", "lay") }},
	{"potion-over", "potion-4-1-2", func(v map[string]any) bool { return v["phase"] == "over" }},
	{"cats", "cats-specials-", func(v map[string]any) bool {
		players := arr(v, "players")
		if v["window"] == nil || !legalHas(v, "slap") || !cardValue(players[0].(map[string]any)["top"]) {
			return false
		}
		others := 0
		for _, p := range players[1:] {
			if cardValue(p.(map[string]any)["top"]) {
				others++
			}
		}
		return others >= 2
	}},
	// Two players, two piles each, every option on: a window open on a
	// table where a product card shows.
	{"cats-2piles", "cats-specials+infinite+souris-", func(v map[string]any) bool {
		if v["two_piles"] != true || v["window"] == nil || !legalHas(v, "slap", "souris") {
			return false
		}
		for _, p := range arr(v, "players") {
			if top, _ := p.(map[string]any)["top"].(map[string]any); top["n"] != nil {
				return true
			}
		}
		return false
	}},
	{"cube-1", "cube-1-1-3", func(v map[string]any) bool { return legalHas(v, "claim") && sum(arr(v, "won_counts")) >= 2 }},
	{"cube-2", "cube-2-", func(v map[string]any) bool {
		fronts := arr(v, "fronts")
		return legalHas(v, "claim") && len(fronts) > 1 && len(fronts[0].([]any)) > 0 && len(fronts[1].([]any)) == 3
	}},
	{"cube-3", "cube-3-1-3", func(v map[string]any) bool { return legalHas(v, "find") && sum(arr(v, "won_counts")) >= 2 }},
	{"cube-4", "cube-4-1-3", func(v map[string]any) bool { return legalHas(v, "find") && sum(arr(v, "won_counts")) >= 2 }},
	// A whole game of #4 over: its result says what the scores count.
	{"cube-over", "cube-4-1-", func(v map[string]any) bool { return v["over"] == true }},
	// The child's own board spread 3.5 tiles apart by earlier moves: at
	// 375 px it scrolls sideways rather than draw faces under 44 px.
	{"cube-wide", "cube-3-1-3", func(v map[string]any) bool { return legalHas(v, "find") && ownBoardSpread(v) >= 3.5 }},
	{"cube-hint", "cube-1-1-1", func(v map[string]any) bool { return v["hint"] != nil }},
	{"cube-hint-move", "cube-1-8-1", func(v map[string]any) bool {
		h, _ := v["hint"].(map[string]any)
		sol, _ := h["solution"].(map[string]any)
		return sol["move"] != nil
	}},
	// Whole games over: their results say what the scores count — places
	// told as who had no cards left first (Multipli Cat's), points (the
	// infinite game), magic points with the potions won (Magicoa).
	{"cats-over", "cats-specials-1-4", func(v map[string]any) bool { return v["over"] == true }},
	{"cats-infinite-over", "cats-infinite-1-4", func(v map[string]any) bool { return v["over"] == true }},
	{"magicoa-over", "magicoa-multiplication-1", func(v map[string]any) bool { return v["phase"] == "over" }},
	{"magicoa-choose", "magicoa-multiplication-1", func(v map[string]any) bool { return legalHas(v, "choose") && num(v, "round") >= 2 }},
	{"magicoa-place", "magicoa-multiplication-1", func(v map[string]any) bool { return legalHas(v, "place") && num(v, "round") >= 2 }},
	{"magicoa-answer", "magicoa-multiplication-1", func(v map[string]any) bool { return legalHas(v, "answer") && v["current"] != nil }},
	{"magicoa-classic", "magicoa-classic-1", func(v map[string]any) bool { return legalHas(v, "place") && num(v, "round") >= 2 }},
	{"magicoa-power", "magicoa-", func(v map[string]any) bool { return v["deciding"] != nil }},
	// The student holds a Triple power and potions of its colour: the
	// score shown waits for them to triple it at the end.
	{"magicoa-triple", "magicoa-multiplication-", func(v map[string]any) bool { return v["over"] != true && holdsTripled(v) }},
}

// ownBoardSpread is how many tile widths apart the centres of the seat's
// own board lie, left to right (axial coordinates, pointy-top tiles).
func ownBoardSpread(v map[string]any) float64 {
	boards := arr(v, "boards")
	seat := int(num(v, "seat"))
	if seat >= len(boards) {
		return 0
	}
	tiles, _ := boards[seat].([]any)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, tl := range tiles {
		at, _ := tl.(map[string]any)["at"].(map[string]any)
		x := num(at, "q") + num(at, "r")/2
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return hi - lo
}

// holdsTripled: the seat's player has a Triple power and a won potion of
// its colour that counts for points.
func holdsTripled(v map[string]any) bool {
	seat := num(v, "seat")
	for _, p := range arr(v, "players") {
		pm, _ := p.(map[string]any)
		if num(pm, "seat") != seat {
			continue
		}
		for _, w := range arr(pm, "powers") {
			colour := strings.TrimPrefix(fmt.Sprint(w), "triple_")
			if colour == fmt.Sprint(w) {
				continue
			}
			for _, x := range arr(pm, "won") {
				xm, _ := x.(map[string]any)
				pot, _ := xm["potion"].(map[string]any)
				if xm["active"] != true && pot["colour"] == colour {
					return true
				}
			}
		}
	}
	return false
}

func sum(a []any) float64 {
	t := 0.0
	for _, x := range a {
		n, _ := x.(float64)
		t += n
	}
	return t
}

const fixtureDir = devDir + "/fixtures"

// pick finds the fixture's state: the first match past the first quarter
// of its game (mid-game), else the first match at all.
func pick(all map[string][]snapshot, fx fixture) (map[string]any, bool) {
	var first map[string]any
	for _, key := range sortedKeys(all) {
		if !strings.HasPrefix(key, fx.run) {
			continue
		}
		snaps := all[key]
		for _, sn := range snaps {
			if !fx.want(sn.View) {
				continue
			}
			if first == nil {
				first = sn.DTO
			}
			if sn.Step >= len(snaps)/4 {
				return sn.DTO, true
			}
		}
	}
	return first, first != nil
}

// TestFixturesAreRealEngineViews: the dev harness fixtures have every field
// the modules read, with the engines' kinds. With -update they are written
// afresh from the sweep's real games.
func TestFixturesAreRealEngineViews(t *testing.T) {
	if *update {
		all := sweep(t)
		for _, fx := range fixtures {
			dto, ok := pick(all, fx)
			if !assert.True(t, ok, "%s: no state of the sweep fits", fx.name) {
				continue
			}
			dto["id"] = fx.name
			b, err := json.MarshalIndent(dto, "", " ")
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(fixtureDir, fx.name+".json"), append(b, '\n'), 0o644))
		}
	}
	for _, fx := range fixtures {
		b, err := os.ReadFile(filepath.Join(fixtureDir, fx.name+".json"))
		require.NoError(t, err, "run go test ./server/webcheck -run TestFixtures -update")
		var dto map[string]any
		require.NoError(t, json.Unmarshal(b, &dto))
		for _, k := range []string{"id", "game", "edition", "version", "seat", "seats", "level", "view", "events", "attempts", "over", "result", "now"} {
			assert.Contains(t, dto, k, "%s: GameDTO field", fx.name)
		}
		view, _ := dto["view"].(map[string]any)
		require.NotNil(t, view, fx.name)
		assert.True(t, fx.want(view), "%s: the fixture is no longer the state it is named after", fx.name)
		game, _ := dto["game"].(string)
		for _, fl := range viewFields[game] {
			probs, _ := check(view, fl)
			for _, p := range probs {
				assert.Failf(t, "fixture drift", "%s: %s", fx.name, p)
			}
		}
	}
}

func sortedKeys(m map[string][]snapshot) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
