package catalog

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNameOrderIsAFrenchClassList(t *testing.T) {
	names := []string{"Zoé", "Lucas", "émile", "Louis", "Léo", "Lina", "Élodie", "Léa"}
	slices.SortStableFunc(names, NameOrder())
	assert.Equal(t, []string{"Élodie", "émile", "Léa", "Léo", "Lina", "Louis", "Lucas", "Zoé"}, names)
}
