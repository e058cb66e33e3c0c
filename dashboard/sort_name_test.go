package dashboard

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSortByNameDescendingIsZToA(t *testing.T) {
	d := ClassDashboard{Rows: []ClassRow{{StudentID: 1, Name: "anna"}, {StudentID: 2, Name: "Zoé"}, {StudentID: 3, Name: "Léa"}}}
	d.Sort(ColumnName, true)
	assert.Equal(t, []string{"Zoé", "Léa", "anna"}, []string{d.Rows[0].Name, d.Rows[1].Name, d.Rows[2].Name})
	d.Sort(ColumnName, false)
	assert.Equal(t, []string{"anna", "Léa", "Zoé"}, []string{d.Rows[0].Name, d.Rows[1].Name, d.Rows[2].Name})
}
