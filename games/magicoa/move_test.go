package magicoa

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeMoveIsStrict(t *testing.T) {
	tests := []struct {
		name, in, code string
	}{
		{"choose", `{"type":"choose","cards":[3,7]}`, ""},
		{"place double", `{"type":"place","potion":1,"double":true}`, ""},
		{"answer", `{"type":"answer","product":42}`, ""},
		{"power", `{"type":"power","activate":true}`, ""},
		{"unknown field", `{"type":"pass","x":1}`, "game.bad_move"},
		{"wrong type", `{"type":"place","potion":"1"}`, "game.bad_move"},
		{"trailing data", `{"type":"pass"} {}`, "game.bad_move"},
		{"no type", `{}`, "game.bad_move"},
		{"one card", `{"type":"choose","cards":[3]}`, "game.bad_move"},
		{"unknown type", `{"type":"slap"}`, "game.unknown_move"},
		{"not json", `type=pass`, "game.bad_move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := DecodeMove([]byte(tt.in))
			if tt.code == "" {
				require.NoError(t, err)
				back, _ := json.Marshal(m)
				again, err := DecodeMove(back)
				require.NoError(t, err)
				assert.Equal(t, m, again)
				return
			}
			assert.Equal(t, tt.code, ruleCode(t, err))
		})
	}
}

func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"type":"choose","cards":[0,11]}`, `{"type":"place","potion":2,"double":true}`, `{"type":"pass"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("not a rule error: %v", err)
			}
			return
		}
		back, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeMove(back)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", back, err)
		}
		if len(m.Cards) == 0 {
			m.Cards = nil // an empty list encodes as nothing
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("round trip changed %v into %v", m, again)
		}
		// Playing a decoded move never panics, legal or not.
		g, _ := New(Config{Seats: students(3)}, 1)
		_, _ = g.Play(0, m, 0)
	})
}

// TestEveryRuleCodeHasMessagesInBothLanguages scans the package's source for
// the codes it returns.
func TestEveryRuleCodeHasMessagesInBothLanguages(t *testing.T) {
	msgs := Messages()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	own := regexp.MustCompile(`ruleErr\("([a-z_]+)"`)
	common := regexp.MustCompile(`games\.Broken\("([a-z_]+\.[a-z_]+)"`)
	reason := regexp.MustCompile(`"(magicoa\.[a-z_]+)"`)
	found := 0
	for _, f := range files {
		if filepath.Ext(f) != ".go" || regexp.MustCompile(`_test\.go$`).MatchString(f) {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		var codes []string
		for _, m := range own.FindAllStringSubmatch(string(src), -1) {
			codes = append(codes, "magicoa."+m[1])
		}
		for _, re := range []*regexp.Regexp{common, reason} {
			for _, m := range re.FindAllStringSubmatch(string(src), -1) {
				codes = append(codes, m[1])
			}
		}
		for _, c := range codes {
			found++
			m, ok := msgs[c]
			if assert.True(t, ok, "%s: no message for %s", f, c) {
				assert.NotEmpty(t, m.EN, c)
				assert.NotEmpty(t, m.FR, c)
			}
		}
	}
	assert.Greater(t, found, 15)
}
