package dashboard

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

func TestFactChildrenListWhoMissesTheFactByName(t *testing.T) {
	students := []StudentSummary{{ID: 1, Name: "Zoé"}, {ID: 2, Name: "Léo"}, {ID: 3, Name: "Élodie"}, {ID: 4, Name: "Lucas"}, {ID: 5, Name: "Léa"}, {ID: 6, Name: "emile"}}
	facts := []FactStat{
		{StudentID: 1, A: 7, B: 8, Attempts: 6, Mastery: 0.3},
		{StudentID: 2, A: 7, B: 8, Attempts: 9, Mastery: 0.9, Fluent: true}, // known by heart: in no list
		{StudentID: 3, A: 8, B: 7, Attempts: 2, Mastery: 0.5},               // the same pair
		{StudentID: 5, A: 7, B: 8, Attempts: 3, Mastery: 0.12},
		{StudentID: 4, A: 6, B: 8, Attempts: 3, Mastery: 0.2}, // another fact
	}
	l := NewFactChildren(students, facts, games.Fact{A: 8, B: 7}, LangFR)
	assert.Equal(t, "Qui ne sait pas encore 8 × 7 par cœur", l.Title)
	names := func(cs []FactChild) (out []string) {
		for _, c := range cs {
			out = append(out, c.Text)
		}
		return out
	}
	assert.Equal(t, []string{"Élodie\u00a0: 50\u00a0%", "Léa\u00a0: 12\u00a0%", "Zoé\u00a0: 30\u00a0%"}, names(l.Tried), "French order: É with E")
	assert.Equal(t, []string{"emile", "Lucas"}, names(l.Untried))
	assert.Empty(t, l.Nobody)

	all := NewFactChildren(students[1:2], facts, games.Fact{A: 7, B: 8}, LangEN)
	assert.Empty(t, all.Tried)
	assert.Empty(t, all.Untried)
	assert.Equal(t, "Every child knows 7 × 8 by heart.", all.Nobody)
}
