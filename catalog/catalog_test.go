package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlurals(t *testing.T) {
	tests := []struct {
		lang, key string
		params    map[string]any
		want      string
	}{
		{"en", "dashboard.parent.mastered", map[string]any{"n": 1, "fluent": 3, "total": 16, "level": "Green"}, "1 fact known by heart; 3 of the 16 facts of the current level, Green."},
		{"en", "dashboard.parent.mastered", map[string]any{"n": 2, "fluent": 3, "total": 16, "level": "Green"}, "2 facts known by heart; 3 of the 16 facts of the current level, Green."},
		{"en", "dashboard.parent.mastered", map[string]any{"n": 0, "fluent": 3, "total": 16, "level": "Green"}, "0 facts known by heart; 3 of the 16 facts of the current level, Green."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 1, "fluent": 3, "total": 16, "level": "Vert"}, "1 calcul su par cœur ; 3 des 16 calculs du niveau actuel, Vert."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 0, "fluent": 3, "total": 16, "level": "Vert"}, "0 calcul su par cœur ; 3 des 16 calculs du niveau actuel, Vert."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 2, "fluent": 3, "total": 16, "level": "Vert"}, "2 calculs sus par cœur ; 3 des 16 calculs du niveau actuel, Vert."},
		{"en", "dashboard.parent.time", map[string]any{"count": 1, "min": 5, "sessions": 1}, "Time played this week: 5 min in 1 session."},
		{"fr", "potion.trophies", map[string]any{"n": 1, "name": "Toi"}, "Toi : 1 trophée sur 5"},
		{"fr", "potion.trophies", map[string]any{"n": 3, "name": "Toi"}, "Toi : 3 trophées sur 5"},
		{"en", "hello", map[string]any{"name": "Léa"}, "Hello Léa!"},
		{"fr", "hello", map[string]any{"name": "Léa"}, "Bonjour Léa !"},
		{"en", "hello", nil, "Hello {name}!"},
		{"en", "no.such.key", nil, "no.such.key"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.key, func(t *testing.T) {
			assert.Equal(t, tt.want, Text(tt.lang, tt.key, tt.params))
		})
	}
	_, err := New()
	require.NoError(t, err)
}
