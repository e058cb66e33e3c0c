package webcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/magicoa"
)

// loadStrings reads the catalogue the pages load (/i18n/{lang}.json) as
// key → language (en, fr) → text. A plural message appears under its own
// key (its "other" form) and as key.one and key.other, the forms a test
// can name.
func loadStrings(tb testing.TB) map[string]map[string]string {
	tb.Helper()
	c := catalog.Default()
	out := map[string]map[string]string{}
	add := func(key, lang, text string) {
		if out[key] == nil {
			out[key] = map[string]string{}
		}
		out[key][lang] = text
	}
	for _, lang := range catalog.Langs {
		for _, key := range c.Keys(lang) {
			m, _ := c.Raw(lang, key)
			switch m := m.(type) {
			case string:
				add(key, lang, m)
			case map[string]any:
				for form, text := range m {
					add(key+"."+form, lang, fmt.Sprint(text))
				}
				add(key, lang, fmt.Sprint(m["other"]))
			}
		}
	}
	require.Greater(tb, len(out), 100, "the catalogue: too few entries")
	return out
}

var (
	// t("key" and tn("key" with a plain or a template string.
	tCall = regexp.MustCompile("\\bt(n?)\\(\\s*(\"[^\"]+\"|`[^`]+`)")
	dyn   = regexp.MustCompile(`\$\{[^}]+\}`)
)

// TestEveryKeyTheModulesUseExists reads every t()/tn() call of the pages'
// modules: a plain key must be in the catalogue (tn: its .one and .other); a
// template key (`cats.special.${c.s}`) must match at least one entry, and
// the ones whose values come from the engines are checked value by value.
func TestEveryKeyTheModulesUseExists(t *testing.T) {
	all := loadStrings(t)
	var files []string
	for _, dir := range []string{staticDir, filepath.Join(staticDir, "dash"), playDir} {
		f, err := filepath.Glob(filepath.Join(dir, "*.js"))
		require.NoError(t, err)
		require.NotEmpty(t, f, dir)
		files = append(files, f...)
	}
	calls := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range tCall.FindAllStringSubmatch(string(b), -1) {
			calls++
			plural, lit := m[1] == "n", m[2]
			keys := []string{lit[1 : len(lit)-1]}
			if plural {
				keys = []string{keys[0] + ".one", keys[0] + ".other"}
			}
			for _, key := range keys {
				if !strings.Contains(key, "${") {
					assert.Contains(t, all, key, "%s: t(%q) has no text", filepath.Base(f), key)
					continue
				}
				re := regexp.MustCompile("^" + strings.Join(splitKeep(key), "") + "$")
				found := false
				for k := range all {
					found = found || re.MatchString(k)
				}
				assert.True(t, found, "%s: no text matches %s", filepath.Base(f), key)
			}
		}
	}
	assert.Greater(t, calls, 150, "too few t() calls found: has the call shape changed?")

	// Keys built from the registry: every game's name and description,
	// every edition, every option (in the edition's name: edition.<game>.<o>;
	// beside it: option.<game>.<o> and its .about), every level's badge.
	var want []string
	for _, g := range games.Registry() {
		want = append(want, fmt.Sprintf("game.%s", g.Name), fmt.Sprintf("game.%s.about", g.Name))
		for _, e := range g.Editions {
			want = append(want, fmt.Sprintf("edition.%s.%s", g.Name, e))
		}
		for _, o := range g.Options {
			if o.InEdition {
				want = append(want, fmt.Sprintf("edition.%s.%s", g.Name, o.Name))
				continue
			}
			want = append(want, fmt.Sprintf("option.%s.%s", g.Name, o.Name), fmt.Sprintf("option.%s.%s.about", g.Name, o.Name))
		}
	}
	for _, n := range append(games.Ladder(), games.LevelCustom) {
		want = append(want, "level."+n.Badge())
	}
	for _, p := range magicoa.Powers() {
		want = append(want, "magicoa.power."+string(p), "magicoa.power_short."+string(p), "magicoa.power_what."+string(p))
	}
	for _, c := range []string{"blue", "green", "red", "yellow", "purple"} {
		want = append(want, "magicoa.colour."+c)
	}
	for _, s := range []cats.Special{cats.Chase, cats.DeadEnd, cats.Magic, cats.Seesaw, cats.Ambush, cats.Gift} {
		want = append(want, "cats.special."+s.String(), "cats.special."+s.String()+".what")
	}
	// Every way a Multipli Cat's game can end (the result panel shows it).
	for _, r := range []string{cats.ReasonChampion, cats.ReasonOneLeft, cats.ReasonCap, cats.ReasonStopped, cats.ReasonCapPoints} {
		want = append(want, "reason."+r)
	}
	for _, k := range want {
		assert.Contains(t, all, k, "no text for an engine value")
	}
}

// splitKeep turns a template key into a regexp: ${…} parts match any
// non-empty run, the rest literally.
func splitKeep(key string) []string {
	var out []string
	last := 0
	for _, loc := range dyn.FindAllStringIndex(key, -1) {
		out = append(out, regexp.QuoteMeta(key[last:loc[0]]), `[^"]+`)
		last = loc[1]
	}
	return append(out, regexp.QuoteMeta(key[last:]))
}
