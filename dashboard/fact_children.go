package dashboard

import (
	"context"
	"fmt"
	"slices"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// FactChildren lists the children of a class who do not know a fact by
// heart yet: what a teacher wants on choosing a cell of the class heatmap
// (who to sit with for 7 × 8). Those who tried it come first, with their
// chance of a right answer; then those who never met it. Both lists are in
// the class list's order (catalog.NameOrder).
type FactChildren struct {
	Fact    games.Fact // as asked: 8 × 7 stays 8 × 7
	Title   string
	Tried   []FactChild
	Untried []FactChild
	// Nobody says every child knows the fact by heart (both lists empty).
	Nobody string
}

// FactChild is one child missing the fact.
type FactChild struct {
	StudentID int64
	Name      string
	Mastery   float64 // 0 when untried
	Text      string  // "Léa: 34%" (tried) or "Léa"
}

// NewFactChildren sorts the class's children on one fact. A child known
// by heart on it (FactStat.Fluent) is in neither list.
func NewFactChildren(students []StudentSummary, facts []FactStat, f games.Fact, lang string) FactChildren {
	pair := f.Pair()
	stat := make(map[int64]FactStat)
	for _, s := range facts {
		if s.Fact() == pair && s.Attempts > 0 {
			stat[s.StudentID] = s
		}
	}
	out := FactChildren{Fact: f, Title: wt(lang, "fact_title", "a", f.A, "b", f.B)}
	for _, s := range students {
		st, tried := stat[s.ID]
		switch {
		case tried && st.Fluent:
		case tried:
			out.Tried = append(out.Tried, FactChild{StudentID: s.ID, Name: s.Name, Mastery: st.Mastery,
				Text: wt(lang, "fact_mastery", "name", s.Name, "m", pct(lang, st.Mastery))})
		default:
			out.Untried = append(out.Untried, FactChild{StudentID: s.ID, Name: s.Name, Text: s.Name})
		}
	}
	byName := catalog.NameOrder()
	order := func(x, y FactChild) int {
		if c := byName(x.Name, y.Name); c != 0 {
			return c
		}
		return int(x.StudentID - y.StudentID)
	}
	slices.SortStableFunc(out.Tried, order)
	slices.SortStableFunc(out.Untried, order)
	if len(out.Tried) == 0 && len(out.Untried) == 0 {
		out.Nobody = wt(lang, "fact_nobody", "a", f.A, "b", f.B)
	}
	return out
}

// LoadFactChildren reads the class's roster and per-fact stats and lists
// who misses the fact.
func LoadFactChildren(ctx context.Context, src Source, classID int64, f games.Fact, lang string) (FactChildren, error) {
	roster, err := src.ClassRoster(ctx, classID)
	if err != nil {
		return FactChildren{}, fmt.Errorf("dashboard: class %d roster: %w", classID, err)
	}
	facts, err := src.FactStats(ctx, studentIDs(roster))
	if err != nil {
		return FactChildren{}, fmt.Errorf("dashboard: class %d fact stats: %w", classID, err)
	}
	return NewFactChildren(roster, facts, f, lang), nil
}
