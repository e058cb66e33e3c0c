package catalog

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTextFillsAndChoosesTheForm(t *testing.T) {
	tests := []struct {
		lang, key string
		params    map[string]any
		want      string
	}{
		{"en", "dashboard.parent.mastered", map[string]any{"n": 1, "fluent": 3, "total": 16, "level": "Green"}, "1 fact known by heart; 3 of the 16 facts of the current level, Green."},
		{"en", "dashboard.parent.mastered", map[string]any{"n": 2, "fluent": 3, "total": 16, "level": "Green"}, "2 facts known by heart; 3 of the 16 facts of the current level, Green."},
		{"en", "dashboard.parent.mastered", map[string]any{"n": 0, "fluent": 3, "total": 16, "level": "Green"}, "0 facts known by heart; 3 of the 16 facts of the current level, Green."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 1, "fluent": 3, "total": 16, "level": "Vert"}, "1 calcul su par cœur\u00a0; 3 des 16 calculs du niveau actuel, Vert."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 0, "fluent": 3, "total": 16, "level": "Vert"}, "0 calcul su par cœur\u00a0; 3 des 16 calculs du niveau actuel, Vert."},
		{"fr", "dashboard.parent.mastered", map[string]any{"n": 2, "fluent": 3, "total": 16, "level": "Vert"}, "2 calculs sus par cœur\u00a0; 3 des 16 calculs du niveau actuel, Vert."},
		{"en", "dashboard.parent.time", map[string]any{"count": 1, "min": 5, "sessions": 1}, "Time played this week: 5 min in 1 session."},
		{"fr", "potion.trophies", map[string]any{"n": 1, "name": "Toi"}, "Toi\u00a0: 1 trophée sur 5"},
		{"fr", "potion.trophies", map[string]any{"n": 3, "name": "Toi"}, "Toi\u00a0: 3 trophées sur 5"},
		{"en", "hello", map[string]any{"name": "Léa"}, "Hello Léa!"},
		{"fr", "hello", map[string]any{"name": "Léa"}, "Bonjour Léa\u00a0!"},
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

// placeholder is {name}, or {de:name} (French elision, see Elide): the
// same param either way.
var placeholder = regexp.MustCompile(`\{(?:\w+:)?(\w+)\}`)

func placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// forms returns a message's texts by plural form ("" for a plain string).
func forms(t *testing.T, m any) map[string]string {
	t.Helper()
	switch m := m.(type) {
	case string:
		return map[string]string{"": m}
	case map[string]any:
		out := map[string]string{}
		for f, v := range m {
			s, ok := v.(string)
			require.True(t, ok, "form %s is not a string", f)
			out[f] = s
		}
		return out
	}
	t.Fatalf("a message is a string or an object of plural forms, not %T", m)
	return nil
}

// Every key is in both languages, not empty, with the same placeholders;
// a plural message has at least its one and other forms in both (French
// "one" covers 0 and 1), and no form the languages' rules do not know.
func TestEveryKeyHasBothLanguagesAndItsPluralForms(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	assert.Equal(t, c.Keys(EN), c.Keys(FR), "the same keys in English and French")
	assert.Greater(t, len(c.Keys(EN)), 500)
	for _, key := range c.Keys(EN) {
		en, _ := c.Raw(EN, key)
		fr, ok := c.Raw(FR, key)
		if !assert.True(t, ok, "%s: no French", key) {
			continue
		}
		fe, ff := forms(t, en), forms(t, fr)
		_, plural := fe["one"]
		_, pluralFR := ff["one"]
		assert.Equal(t, len(fe) == 1 && fe[""] != "" || len(fe) == 0, len(ff) == 1 && ff[""] != "" || len(ff) == 0, "%s: plain in one language, plural in the other", key)
		for _, fs := range []map[string]string{fe, ff} {
			if _, plain := fs[""]; plain {
				continue
			}
			assert.Contains(t, fs, "one", "%s: no one form", key)
			assert.Contains(t, fs, "other", "%s: no other form", key)
			for f := range fs {
				assert.Contains(t, []string{"one", "many", "other"}, f, "%s: form %s is neither French nor English", key, f)
			}
		}
		assert.Equal(t, plural, pluralFR, "%s: plural in one language only", key)
		want := placeholders(fe[firstForm(fe)])
		for _, fs := range []map[string]string{fe, ff} {
			for f, s := range fs {
				assert.NotEmpty(t, s, "%s %s: empty", key, f)
				if !strings.HasSuffix(key, ".me") {
					assert.Equal(t, want, placeholders(s), "%s %s: other placeholders than English", key, f)
				}
			}
		}
	}
}

func firstForm(fs map[string]string) string {
	if _, ok := fs[""]; ok {
		return ""
	}
	return "other"
}

// The forms CLDR gives: English "one" only for 1; French for 0 and 1.
func TestPluralFormsFollowEachLanguage(t *testing.T) {
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{EN, 0, "0 stars"}, {EN, 1, "1 star"}, {EN, 2, "2 stars"},
		{FR, 0, "0 étoile"}, {FR, 1, "1 étoile"}, {FR, 2, "2 étoiles"},
		// CLDR's French "many" (a million) falls back to the other form.
		{FR, 1000000, "1000000 étoiles"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.lang, tt.n), func(t *testing.T) {
			assert.Equal(t, tt.want, Text(tt.lang, "stars", map[string]any{"n": tt.n}))
		})
	}
	assert.Equal(t, "0 calcul su par cœur\u00a0; 2 des 16 calculs du niveau actuel, Vert.",
		T(FR, "dashboard.parent.mastered", "n", 0, "fluent", 2, "total", 16, "level", "Vert"))
	assert.Equal(t, "Time played this week: 3 min in 2 sessions.",
		T(EN, "dashboard.parent.time", "min", 3, "sessions", 2, "count", 2))
}

// goKey finds the keys the Go sources name: catalog.T/Text calls with a
// literal key, the dashboard's tr() (prefix "dashboard."), and the rule
// codes the engines return (prefix "rule.").
var (
	goTextCall = regexp.MustCompile(`catalog\.(?:T|Text)\([^,]+,\s*"([^"]+)"`)
	goTrCall   = regexp.MustCompile(`\btr\(lang,\s*"([^"]+)"`)
	goMessage  = regexp.MustCompile(`\bmessage\(lang,\s*"([^"]+)"`)
	ruleCode   = regexp.MustCompile(`"((?:potion|cats|cube|magicoa|game|config|level)\.[a-z_]+)"`)
	magicoaErr = regexp.MustCompile(`ruleErr\("([a-z_]+)"`)
)

// Every key the Go sources use is in the catalogue, and every rule code an
// engine returns has its text.
func TestEveryKeyTheGoSourcesUseExists(t *testing.T) {
	found := map[string]int{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		src := string(b)
		check := func(key string) {
			if strings.HasSuffix(key, ".") {
				return // a prefix the code completes; its own tests check the values
			}
			found[filepath.Dir(p)]++
			assert.True(t, Has(key), "%s: %q is not in the catalogue", p, key)
		}
		for _, m := range goTextCall.FindAllStringSubmatch(src, -1) {
			check(m[1])
		}
		slash := filepath.ToSlash(p)
		if strings.Contains(slash, "/dashboard/") {
			for _, m := range goTrCall.FindAllStringSubmatch(src, -1) {
				check("dashboard." + m[1])
			}
		}
		if strings.Contains(slash, "/server/") {
			for _, m := range goMessage.FindAllStringSubmatch(src, -1) {
				check("error." + m[1])
			}
		}
		if strings.Contains(slash, "/games/") {
			for _, m := range ruleCode.FindAllStringSubmatch(src, -1) {
				check("rule." + m[1])
			}
			for _, m := range magicoaErr.FindAllStringSubmatch(src, -1) {
				check("rule.magicoa." + m[1])
			}
		}
		return nil
	})
	require.NoError(t, err)
	for _, dir := range []string{"../dashboard", "../server", "../games/potion", "../games/cats", "../games/cube", "../games/magicoa"} {
		assert.Greater(t, found[dir], 2, "%s: too few keys found: has the call shape changed?", dir)
	}
}
