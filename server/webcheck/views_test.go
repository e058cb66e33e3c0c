package webcheck

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// field is one thing a play module reads from the view: a path (a.b[].c,
// where [] is every element of an array) and the JSON kinds it may have.
// A path ending in "?" may be absent (the engine omits it when empty, and
// the module copes), but must show up in at least one state of the sweep,
// so a renamed field is still caught. "rare" ones need not show up.
type field struct {
	path  string
	kinds string // "number", "string", "bool", "array", "object", "null", "|"-separated
	rare  bool
}

func f(path, kinds string) field { return field{path: path, kinds: kinds} }

// rare is a field only some games reach (the sweep plays few games).
func rare(path, kinds string) field { return field{path: path, kinds: kinds, rare: true} }

const cardKinds = "number"

// viewFields lists, per game, every view field its module reads: read off
// potion.js, cats.js, cube.js and magicoa.js (grep "v\." in each).
var viewFields = map[string][]field{
	"potion": {
		f("seat", "number"), f("turn", "number"), f("phase", "string"), f("pile", "number"),
		f("hand", "array|null"), f("hand[].id", cardKinds), f("hand[].potion", cardKinds), f("hand[].monster", cardKinds), f("hand[].colour", "string"),
		f("hand_sizes", "array"), f("hand_sizes[]", "number"),
		f("zones", "array"), f("zones[]", "array|null"), f("zones[][].id", "number"), f("zones[][].potion", "number"), f("zones[][].monster", "number"), f("zones[][].colour", "string"),
		f("trophies", "array"), f("trophies[]", "array|null"),
		f("vigilance_open", "bool"), f("called", "number"), f("quiz", "bool"),
		f("shown?", "object"), f("shown.potions", "array"), f("shown.monster", "number"),
		f("legal", "array|null"), f("legal[].type", "string"),
	},
	"cats": {
		f("seat", "number"), f("turn", "number"), f("clockwise", "bool"), f("magic", "bool"), f("over", "bool"),
		f("players", "array"), f("players[].top", "object"), f("players[].deck", "number"), f("players[].pile", "number"), f("players[].out", "bool"),
		f("players[].owner", "number"), f("players[].hand?", "number"), f("two_piles?", "bool"), f("factors", "number"), f("souris_call?", "bool"),
		f("players[].top.a?", "number"), f("players[].top.b?", "number"), f("players[].top.n?", "number"), f("players[].top.s?", "string"),
		f("window?", "object"), f("window.opened", "number"), f("window.deadline", "number"), f("window.slapped", "array"),
		f("finished", "array"), f("legal", "array"), f("legal[].type", "string"),
		f("points?", "array"), f("points[]", "number"), f("infinite?", "bool"),
	},
	"cube": {
		f("rules", "number"), f("seat", "number"), f("turn", "number"), f("over", "bool"), f("last_round", "bool"),
		f("solver", "object"), f("solver.Arith", "string"),
		f("board?", "array"), f("board[].at.q", "number"), f("board[].at.r", "number"), f("board[].values", "array"), f("board[].values[]", "number"),
		f("boards?", "array"), f("boards[][].at.q", "number"), f("boards[][].at.r", "number"), f("boards[][].values[]", "number"),
		f("row", "array"), f("row[].code", "number"), f("row[].stars", "number"), f("row[].points", "number"), rare("row[].double?", "bool"),
		f("hand?", "array"), f("hand[].code", "number"), f("hand[].stars", "number"), f("shift", "number"), f("hand_asks?", "array"), f("hand_asks[]", "number"),
		f("bonuses?", "bool"), f("level_decks?", "bool"),
		f("fronts?", "array"), f("fronts[]", "array"), f("fronts[][]", "number"), f("pile_sizes?", "array"), f("pile_sizes[]", "number"),
		f("hint?", "object"), f("hint.code", "number"), f("hint.solution.faces[].at.q", "number"), f("hint.solution.faces[].face", "string"),
		f("hint.solution.values[]", "number"), f("hint.solution.ops[]", "string"), f("hint.solution.value", "number"),
		rare("hint.solution.move?", "object"), rare("hint.solution.move.from.q", "number"), rare("hint.solution.move.to.r", "number"),
		f("turn_ends?", "number"), f("won_counts", "array"), f("won_counts[]", "number"), f("votes?", "array"), f("votes[]", "bool"),
		f("pile_size", "number"), f("legal", "array|null"), f("legal[].type", "string"),
	},
	"magicoa": {
		f("seat", "number"), f("phase", "string"), f("match", "number"), f("matches", "number"), f("round", "number"), f("rounds", "number"),
		f("first", "number"), f("placer", "number"), f("wave?", "number"), f("pile_size", "number"),
		f("layout", "array|null"), f("layout[].potion", "object"), f("layout[].potion.hidden?", "bool"), f("layout[].potion.power?", "string"),
		f("layout[].potion.colour?", "string"), f("layout[].potion.points?", "number"),
		f("layout[].bids?", "array"), f("layout[].bids[].seat", "number"), f("layout[].bids[].value", "number"), f("layout[].bids[].fact?", "object"),
		f("current?", "object"), f("current.fact?", "object"), f("current.fact.a", "number"), f("current.fact.b", "number"),
		f("pile_top?", "object"), rare("deciding?", "object"), rare("deciding.power", "string"), rare("deciding.points", "number"),
		rare("triple?", "object"), rare("triple.power", "string"), rare("triple.points", "number"),
		f("hand", "array"), f("hand[].id", "number"), f("hand[].fact?", "object"), f("hand[].value?", "number"),
		f("chosen?", "array"),
		f("players", "array"), f("players[].seat", "number"), f("players[].score", "number"), f("players[].won", "array"),
		f("players[].unplayed", "array"), f("players[].chosen", "bool"), f("players[].powers", "array"),
		f("legal", "array|null"), f("legal[].type", "string"), f("legal[].potion?", "number") /* 0 is omitted: read as 0 */, rare("legal[].double?", "bool"),
	},
}

// eventFields lists the event data each module's event sentences read,
// checked whenever such an event happens in the sweep.
var eventFields = map[string]map[string][]field{
	"potion":  {"lay": {f("card", "number")}, "capture": {f("a", "number"), f("b", "number"), f("product", "number")}},
	"cats":    {"reveal": {f("card", "object"), f("hand?", "number")}, "chase": {f("slowest", "number")}, "give": {f("to", "number")}, "point": {f("took", "number")}, "souris": {f("right", "bool")}, "ambush": {f("winner", "number")}, "pile_empty": {f("hand", "number")}},
	"cube":    {"found": {f("code", "number")}, "wrong_claim": {f("code", "number"), f("reason", "string")}},
	"magicoa": {"placed": {f("value", "number"), f("potion", "number"), f("fact?", "string")}, "discarded": {f("value", "number")}, "won": {f("points", "number"), f("colour", "string")}, "round_started": {f("round", "number")}, "tripled": {f("correct", "bool"), f("points", "number"), f("tripled", "number")}},
}

// kindOf is the JSON kind of a decoded value.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// check walks one path through doc. It reports wrong kinds and, unless the
// last step is optional, missing keys; seen tells whether the path was
// reached at least once.
func check(doc any, fl field) (problems []string, seen bool) {
	path := strings.TrimSuffix(fl.path, "?")
	optional := strings.HasSuffix(fl.path, "?")
	steps := strings.Split(path, ".")
	nodes := []any{doc}
	for si, st := range steps {
		key, arrays := st, 0
		for strings.HasSuffix(key, "[]") {
			key, arrays = strings.TrimSuffix(key, "[]"), arrays+1
		}
		last := si == len(steps)-1
		var next []any
		for _, n := range nodes {
			obj, ok := n.(map[string]any)
			if !ok {
				continue // a parent of another kind is reported on its own path
			}
			val, present := obj[key]
			if !present {
				if last && arrays == 0 && !optional {
					problems = append(problems, fmt.Sprintf("%s: missing", fl.path))
				}
				continue
			}
			vals := []any{val}
			for range arrays {
				var flat []any
				for _, x := range vals {
					if arr, ok := x.([]any); ok {
						flat = append(flat, arr...)
					}
				}
				vals = flat
			}
			next = append(next, vals...)
		}
		nodes = next
	}
	for _, n := range nodes {
		seen = true
		if k := kindOf(n); !strings.Contains("|"+fl.kinds+"|", "|"+k+"|") {
			problems = append(problems, fmt.Sprintf("%s: %s, the module expects %s", fl.path, k, fl.kinds))
		}
	}
	return problems, seen
}

// sweep plays every run once (cached: the fixtures test uses it too).
var sweepCache map[string][]snapshot

func sweep(tb testing.TB) map[string][]snapshot {
	tb.Helper()
	if sweepCache != nil {
		return sweepCache
	}
	out := map[string][]snapshot{}
	for _, r := range runs() {
		e, err := r.build(r.seed)
		require.NoError(tb, err, "%s %s", r.game, r.edition)
		key := fmt.Sprintf("%s-%s-%d-%d", r.game, r.edition, r.seed, len(e.Seats()))
		steps := r.steps
		if steps == 0 {
			steps = 4000
		}
		out[key] = play(tb, e, r.game, r.edition, r.level, r.student, r.seed, steps)
	}
	sweepCache = out
	return out
}

// TestViewsHaveTheFieldsTheModulesRead plays real games with the engines
// (start, every step, end) and checks every field each play module reads
// is in View(0) with the JSON kind the module expects: a renamed or
// retyped field in an engine fails here, not in a child's browser.
func TestViewsHaveTheFieldsTheModulesRead(t *testing.T) {
	all := sweep(t)
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	seen := map[string]map[string]bool{}
	ends := map[string]int{}
	// Each problem is reported once per game run, at its first step.
	reported := map[string]bool{}
	report := func(what, key string, step int, p string) {
		if !reported[key+p] {
			reported[key+p] = true
			assert.Failf(t, what, "%s (first at step %d): %s", key, step, p)
		}
	}
	for _, key := range keys {
		game := strings.SplitN(key, "-", 2)[0]
		snaps := all[key]
		if seen[game] == nil {
			seen[game] = map[string]bool{}
		}
		if v, _ := snaps[len(snaps)-1].DTO["over"].(bool); v {
			ends[game]++
		}
		for _, sn := range snaps {
			for _, fl := range viewFields[game] {
				probs, ok := check(sn.View, fl)
				if ok {
					seen[game][fl.path] = true
				}
				for _, p := range probs {
					report("view drift", key, sn.Step, p)
				}
			}
			for _, ev := range sn.Event {
				for _, fl := range eventFields[game][ev.Type] {
					data := map[string]any{}
					for k, v := range ev.Data {
						data[k] = v
					}
					doc := roundTrip(t, data)
					probs, ok := check(doc, fl)
					if ok {
						seen[game]["event "+ev.Type+" "+fl.path] = true
					}
					for _, p := range probs {
						report("event drift", key, sn.Step, "event "+ev.Type+" "+p)
					}
				}
			}
		}
	}
	// Every event an engine sends is said in words by its module, or left
	// out on purpose: either way the module names it in a case.
	for _, key := range keys {
		game := strings.SplitN(key, "-", 2)[0]
		module := readPlay(t, game+".js")
		for _, sn := range all[key] {
			for _, ev := range sn.Event {
				if !reported["case "+game+ev.Type] && !strings.Contains(module, `case "`+ev.Type+`"`) {
					reported["case "+game+ev.Type] = true
					assert.Failf(t, "unhandled event", "%s.js has no case for the event %q (%s)", game, ev.Type, key)
				}
			}
		}
	}
	for game, fields := range viewFields {
		assert.Positive(t, ends[game], "%s: no game of the sweep reached its end", game)
		for _, fl := range fields {
			if !fl.rare {
				assert.True(t, seen[game][fl.path], "%s: %s never appeared in the sweep (%d games): renamed in the engine?", game, fl.path, len(keys))
			}
		}
	}
}

// roundTrip turns Go values (event data holds typed values) into decoded JSON.
func roundTrip(tb testing.TB, v any) any {
	tb.Helper()
	b, err := json.Marshal(v)
	require.NoError(tb, err)
	var out any
	require.NoError(tb, json.Unmarshal(b, &out))
	return out
}
