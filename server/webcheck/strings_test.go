package webcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/magicoa"
)

// strings.js keeps one entry per line, so a test can read it without a JS
// parser:   "key": { en: "…", fr: "…", fr_me: "…" },
var (
	entryLine = regexp.MustCompile(`^\s*"([^"]+)":\s*\{(.*)\},?\s*$`)
	textField = regexp.MustCompile(`(\w+):\s*"((?:[^"\\]|\\.)*)"`)
	param     = regexp.MustCompile(`\{(\w+)\}`)
)

// loadStrings parses strings.js: key → language (en, fr, en_me, fr_me) → text.
// Any line that is not an entry, a comment, a blank or the object's own
// opening and closing lines fails the test: the file must stay parseable.
func loadStrings(tb testing.TB) map[string]map[string]string {
	tb.Helper()
	out := map[string]map[string]string{}
	for i, line := range strings.Split(readPlay(tb, "strings.js"), "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case trim == "", strings.HasPrefix(trim, "//"), trim == "export const STRINGS = {", trim == "};":
			continue
		}
		m := entryLine.FindStringSubmatch(line)
		require.NotNil(tb, m, "strings.js:%d is not one \"key\": { en: \"…\", fr: \"…\" } entry on one line: %q", i+1, line)
		key := m[1]
		require.NotContains(tb, out, key, "strings.js:%d: %q is defined twice (the second silently wins)", i+1, key)
		texts := map[string]string{}
		rest := textField.ReplaceAllStringFunc(m[2], func(f string) string {
			fm := textField.FindStringSubmatch(f)
			texts[fm[1]] = fm[2]
			return ""
		})
		require.Empty(tb, strings.Trim(rest, " ,"), "strings.js:%d: something else than quoted texts in %q", i+1, key)
		out[key] = texts
	}
	require.Greater(tb, len(out), 100, "strings.js: parsed too few entries")
	return out
}

func params(s string) []string {
	var out []string
	for _, m := range param.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// TestEveryStringHasFrenchAndEnglish: each entry has both languages, with
// the same {params}; the "me" variants use no param the plain text lacks;
// plurals come in .one/.other pairs.
func TestEveryStringHasFrenchAndEnglish(t *testing.T) {
	all := loadStrings(t)
	for key, texts := range all {
		for lang := range texts {
			assert.Contains(t, []string{"en", "fr", "en_me", "fr_me"}, lang, "%s: unknown language field", key)
		}
		en, hasEN := texts["en"]
		fr, hasFR := texts["fr"]
		assert.True(t, hasEN, "%s: no English", key)
		assert.True(t, hasFR, "%s: no French", key)
		assert.Equal(t, en == "", fr == "", "%s: one language is empty, the other is not", key)
		assert.Equal(t, params(en), params(fr), "%s: English and French use different {params}", key)
		for _, me := range []string{"en_me", "fr_me"} {
			if v, ok := texts[me]; ok {
				for _, p := range params(v) {
					assert.Contains(t, params(en), p, "%s.%s: {%s} is not given to the plain text", key, me, p)
				}
			}
		}
		for _, pair := range [][2]string{{".one", ".other"}, {".other", ".one"}} {
			if base, ok := strings.CutSuffix(key, pair[0]); ok {
				assert.Contains(t, all, base+pair[1], "%s: plural without its %s", key, pair[1])
			}
		}
	}
}

var (
	// t("key" and tn("key" with a plain or a template string.
	tCall = regexp.MustCompile("\\bt(n?)\\(\\s*(\"[^\"]+\"|`[^`]+`)")
	dyn   = regexp.MustCompile(`\$\{[^}]+\}`)
)

// TestEveryKeyTheModulesUseExists reads every t()/tn() call of the play
// modules: a plain key must be in strings.js (tn: its .one and .other); a
// template key (`cats.special.${c.s}`) must match at least one entry, and
// the ones whose values come from the engines are checked value by value.
func TestEveryKeyTheModulesUseExists(t *testing.T) {
	all := loadStrings(t)
	files, err := filepath.Glob(filepath.Join(playDir, "*.js"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
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
