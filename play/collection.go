package play

import (
	"context"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// The child's collection: one creature per fact known by heart. Known by
// heart is the platform's one definition (pedagogy/README.md, "Knowing a
// fact"), as the store keeps it per student and fact in fact_stats.fluent
// — the flag every dashboard counts; nothing here recomputes it.
//
// The 78 facts of tables 1–12 are split into the ladder's steps, each fact
// in the first step whose deck has it: 2–5 (34 facts), then what 6–9 adds
// (18), what 1–10 adds (1 × 1, 1 × 10 and 10 × 10), what 1–12 adds (the
// 23 facts with 11 or 12). So every creature sits in exactly one group. The page shows
// the groups up to the child's step, and a later one as soon as it has a
// creature: a child on 2–5 is not shown 78 eggs, and a fact they know
// from elsewhere is never hidden.

// Collection is the collection page's data.
type Collection struct {
	Name string `json:"name"`
	// Known counts the facts known by heart (all of them, one creature
	// each); Total the facts of the groups shown, so Known ≤ Total.
	Known  int               `json:"known"`
	Total  int               `json:"total"`
	Groups []CollectionGroup `json:"groups"`
	// Levels are the ladder's levels with the count the promotion reads
	// and whether the level is mastered (its certificate can be printed).
	Levels []CollectionLevel `json:"levels"`
}

// CollectionGroup is the facts a ladder step adds, known or not.
type CollectionGroup struct {
	Step  games.LevelName  `json:"step"`
	Known int              `json:"known"`
	Facts []CollectionFact `json:"facts"`
}

// CollectionFact is one fact (a ≤ b); Known: a creature, else an egg.
type CollectionFact struct {
	A       int  `json:"a"`
	B       int  `json:"b"`
	Product int  `json:"product"`
	Known   bool `json:"known"`
}

// CollectionLevel is a ladder level's facts known by heart out of its
// facts, and whether that makes it mastered (pedagogy.LevelMastered).
type CollectionLevel struct {
	Level  games.LevelName `json:"level"`
	Tables []int           `json:"tables"`
	Known  int             `json:"known"`
	Total  int             `json:"total"`
	// Needed is how many known by heart master it.
	Needed   int  `json:"needed"`
	Mastered bool `json:"mastered"`
}

// Collection reads the student's collection.
func (s *Service) Collection(ctx context.Context, studentID int64) (Collection, error) {
	kid, err := s.store.Student(ctx, studentID)
	if err != nil {
		return Collection{}, err
	}
	stats, err := s.store.FactStatsOf(ctx, studentID)
	if err != nil {
		return Collection{}, err
	}
	step, _ := games.ParseLevel(kid.Level)
	c := collect(step, knownFacts(stats))
	c.Name = kid.DisplayName
	return c, nil
}

// knownFacts is the set of pairs the store flags known by heart.
func knownFacts(stats []store.FactStat) map[games.Fact]bool {
	known := make(map[games.Fact]bool)
	for _, f := range stats {
		if f.Fluent {
			known[games.Fact{A: f.A, B: f.B}.Pair()] = true
		}
	}
	return known
}

// collect builds the collection of a child on step (not a ladder step: the
// first) who knows the given pairs by heart.
func collect(step games.LevelName, known map[games.Fact]bool) Collection {
	c := Collection{Groups: []CollectionGroup{}, Levels: []CollectionLevel{}}
	ladder := games.Ladder()
	at := max(slices.Index(ladder, step), 0)
	placed := make(map[games.Fact]bool)
	for i, name := range ladder {
		deck, _ := name.Deck()
		g := CollectionGroup{Step: name, Facts: []CollectionFact{}}
		lv := CollectionLevel{Level: name, Tables: deck.Tables}
		for _, p := range pairsOf(deck) {
			lv.Total++
			if known[p] {
				lv.Known++
			}
			if placed[p] {
				continue
			}
			placed[p] = true
			g.Facts = append(g.Facts, CollectionFact{A: p.A, B: p.B, Product: p.Product(), Known: known[p]})
			if known[p] {
				g.Known++
			}
		}
		lv.Needed = pedagogy.LevelNeeded(lv.Total)
		lv.Mastered = pedagogy.LevelMastered(lv.Known, lv.Total)
		c.Levels = append(c.Levels, lv)
		if i <= at || g.Known > 0 {
			c.Groups = append(c.Groups, g)
			c.Known += g.Known
			c.Total += len(g.Facts)
		}
	}
	return c
}

// pairsOf lists a deck's unordered pairs once each, a ≤ b, ordered by a
// then b (a child reads the collection table by table).
func pairsOf(l games.Level) []games.Fact {
	var out []games.Fact
	for _, f := range l.Facts() {
		if p := f.Pair(); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(x, y games.Fact) int {
		if x.A != y.A {
			return x.A - y.A
		}
		return x.B - y.B
	})
	return out
}
