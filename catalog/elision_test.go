package catalog

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestElideBeforeAVowelOnly(t *testing.T) {
	tests := []struct{ word, next, want string }{
		{"de", "Inès Bernard", "d’Inès Bernard"},
		{"de", "Adam", "d’Adam"},
		{"que", "Emma", "qu’Emma"},
		{"de", "Élodie", "d’Élodie"},
		{"de", "Îlyes", "d’Îlyes"},
		{"de", "Œlle", "d’Œlle"},
		{"de", "ULIS", "d’ULIS"}, // a class name
		{"le", "Oiseau", "l’Oiseau"},
		{"la", "Ourse", "l’Ourse"},
		{"De", "Ugo", "D’Ugo"},
		{"Que", "Anna", "Qu’Anna"},
		{"de", "Léa", "de Léa"},
		{"que", "Zoé", "que Zoé"},
		{"de", "CM1 B", "de CM1 B"},
		// H does not elide (see Elide): "de Hugo".
		{"de", "Hugo", "de Hugo"},
		{"de", "hélène", "de hélène"},
		// Y elides before a consonant only.
		{"de", "Yves", "d’Yves"},
		{"de", "Yasmine", "de Yasmine"},
		{"de", "Y", "de Y"},
		// Numbers and signs do not.
		{"de", "8", "de 8"},
		{"de", "« Alice »", "de « Alice »"},
		{"de", "", "de "},
		// Only the four words.
		{"à", "Inès", "à Inès"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Elide(tt.word, tt.next), "%s %s", tt.word, tt.next)
	}
}

// The parents' letter, the e-mail, the replay and the roster's dialogs
// elide before a child's name in French; English is as it was.
func TestFrenchElidesBeforeAName(t *testing.T) {
	tests := []struct {
		lang, key string
		kv        []any
		want      string
	}{
		{FR, "letter.title", []any{"name", "Inès Bernard"}, "Suivez les progrès d’Inès Bernard dans Multipli"},
		{FR, "letter.title", []any{"name", "Léa Martin"}, "Suivez les progrès de Léa Martin dans Multipli"},
		{FR, "letter.title", []any{"name", "Hugo"}, "Suivez les progrès de Hugo dans Multipli"},
		{EN, "letter.title", []any{"name", "Inès Bernard"}, "Follow Inès Bernard’s progress in Multipli"},
		{FR, "letter.private", []any{"name", "Adam"}, "Ce code donne accès aux seuls résultats d’Adam\u00a0: merci de le garder pour vous."},
		{FR, "mail.subject", []any{"child", "Emma", "week", "Semaine du 2 au 8 mars"}, "Multipli\u00a0: la semaine d’Emma (Semaine du 2 au 8 mars)"},
		{FR, "replay.monsters_for", []any{"name", "Emma"}, "monstres qu’Emma peut capturer"},
		{FR, "replay.monsters_for", []any{"name", "Zoé"}, "monstres que Zoé peut capturer"},
		{FR, "roster.js.unlink_title", []any{"parent", "Inès Martin", "name", "Élodie"}, "Délier Inès Martin d’Élodie\u00a0?"},
		{FR, "roster.js.year_title", []any{"new", "CM2 A", "class", "ULIS"}, "Commencer CM2 A à partir d’ULIS\u00a0?"},
		{FR, "cats.ev.ambush", []any{"who", "Adam", "winner", "Zoé"}, "Embuscade d’Adam\u00a0: Zoé a été le plus rapide, alors chacun donne une carte à Adam."},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, T(tt.lang, tt.key, tt.kv...))
	}
	assert.Contains(t, T(FR, "letter.about", "name", "Inès"), "ce qu’Inès sait")
	// A param the caller left out shows as written, like {name}.
	assert.Equal(t, "Zone {de:name}", Text(FR, "potion.their_zone", map[string]any{"n": 1}))
}

// beforeAName is de, que, le or la written before a person's or a class's
// name: French must elide it before a vowel, so it is written {de:name}.
var beforeAName = regexp.MustCompile(`(?i)\b(de|que|le|la) \{(who|name|child|parent|class|teacher|student|winner|new|to)\}`)

// elisionWord is a {word:name} placeholder.
var elisionWord = regexp.MustCompile(`\{(\w+):\w+\}`)

// Every French key that puts de, que, le or la before a name writes it
// {de:name}, with one of the four words; English has no such placeholder.
func TestFrenchWritesElisionBeforeEveryName(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	elided := 0
	for _, key := range c.Keys(FR) {
		fr, _ := c.Raw(FR, key)
		for form, s := range forms(t, fr) {
			assert.NotRegexp(t, beforeAName, s, "%s %s: write {de:name}, so that it reads d’Inès", key, form)
			for _, m := range elisionWord.FindAllStringSubmatch(s, -1) {
				elided++
				assert.Contains(t, []string{"de", "De", "que", "Que", "le", "Le", "la", "La"}, m[1], "%s %s: %s", key, form, m[0])
			}
		}
		en, _ := c.Raw(EN, key)
		for form, s := range forms(t, en) {
			assert.NotRegexp(t, elisionWord, s, "%s %s: English does not elide", key, form)
		}
	}
	assert.Greater(t, elided, 20)
}
