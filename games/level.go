package games

import (
	"fmt"
	"slices"
)

// Level names, as the pages and the database write them.
const (
	LevelGreen  = "green"  // tables 2–5
	LevelViolet = "violet" // tables 6–9
	LevelAll    = "all"    // tables 1–n
	LevelCustom = "custom" // any set a teacher assigns
)

// MaxFactor is the largest factor the platform knows: 1 ≤ a, b ≤ 12.
const MaxFactor = 12

// Level is a deck level: the facts a game is dealt from. A fact of the level
// is a × b with a in Tables and b in MinFactor..MaxFactor. The factor range is
// the platform's default multiplier range; a game may narrow it where its spec
// says so (MultipliPotion's box uses 2–9 for green and violet).
type Level struct {
	Name      string       `json:"name"`
	Tables    []int        `json:"tables"`
	MinFactor int          `json:"min_factor"`
	MaxFactor int          `json:"max_factor"`
	Weights   []FactWeight `json:"weights,omitempty"`
}

// FactWeight asks a game to deal a fact more (w > 1) or less (w < 1) often
// than the others. Weights apply to the unordered pair.
type FactWeight struct {
	A int     `json:"a"`
	B int     `json:"b"`
	W float64 `json:"w"`
}

// Green is tables 2–5 with factors 1–10.
func Green() Level {
	return Level{Name: LevelGreen, Tables: []int{2, 3, 4, 5}, MinFactor: 1, MaxFactor: 10}
}

// Violet is tables 6–9 with factors 1–10.
func Violet() Level {
	return Level{Name: LevelViolet, Tables: []int{6, 7, 8, 9}, MinFactor: 1, MaxFactor: 10}
}

// All is tables 1–n with factors 1–n (n is 9, 10 or 12).
func All(n int) Level {
	tables := make([]int, n)
	for i := range tables {
		tables[i] = i + 1
	}
	return Level{Name: LevelAll, Tables: tables, MinFactor: 1, MaxFactor: n}
}

// Custom is the tables a teacher chose, with factors 1–10.
func Custom(tables ...int) Level {
	t := slices.Clone(tables)
	slices.Sort(t)
	return Level{Name: LevelCustom, Tables: slices.Compact(t), MinFactor: 1, MaxFactor: 10}
}

// Validate reports a level that no game can be dealt from.
func (l Level) Validate() error {
	if len(l.Tables) == 0 {
		return &RuleError{Code: "level.no_tables"}
	}
	for _, t := range l.Tables {
		if t < 1 || t > MaxFactor {
			return &RuleError{Code: "level.bad_table", Params: map[string]any{"table": t}}
		}
	}
	if l.MinFactor < 1 || l.MaxFactor > MaxFactor || l.MinFactor > l.MaxFactor {
		return &RuleError{Code: "level.bad_factors", Params: map[string]any{"min": l.MinFactor, "max": l.MaxFactor}}
	}
	for _, w := range l.Weights {
		if w.W < 0 {
			return &RuleError{Code: "level.bad_weight", Params: map[string]any{"fact": fmt.Sprintf("%d×%d", w.A, w.B)}}
		}
	}
	return nil
}

// Facts lists every fact of the level in a fixed order: tables ascending,
// then factors ascending.
func (l Level) Facts() []Fact {
	var out []Fact
	for _, a := range l.Tables {
		for b := l.MinFactor; b <= l.MaxFactor; b++ {
			out = append(out, Fact{A: a, B: b})
		}
	}
	return out
}

// Has reports whether the fact, in either order, belongs to the level.
func (l Level) Has(f Fact) bool {
	in := func(a, b int) bool {
		return slices.Contains(l.Tables, a) && b >= l.MinFactor && b <= l.MaxFactor
	}
	return in(f.A, f.B) || in(f.B, f.A)
}

// Weight is the weight of the fact's pair: 1 unless the level says otherwise.
func (l Level) Weight(f Fact) float64 {
	p := f.Pair()
	for _, w := range l.Weights {
		if (Fact{A: w.A, B: w.B}).Pair() == p {
			return w.W
		}
	}
	return 1
}
