package webcheck

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/catalog"
)

// elisionCases are French texts the pages fill with a name: the roster's
// dialogs, the replay's captions and the games' boards and logs.
var elisionCases = []struct {
	Key    string         `json:"key"`
	Params map[string]any `json:"params"`
}{
	{"roster.js.unlink_title", map[string]any{"parent": "Inès Martin", "name": "Élodie"}},
	{"roster.js.unlink_title", map[string]any{"parent": "Inès Martin", "name": "Zoé"}},
	{"roster.js.unlink_text", map[string]any{"parent": "Paul Martin", "name": "Adam"}},
	{"roster.js.year_title", map[string]any{"new": "CM2", "class": "ULIS"}},
	{"replay.monsters_for", map[string]any{"name": "Emma"}},
	{"replay.score_of", map[string]any{"name": "Inès", "n": 12}},
	{"replay.hand_of", map[string]any{"name": "Hugo"}},
	{"potion.their_zone", map[string]any{"name": "Yves"}},
	{"potion.their_zone", map[string]any{"name": "Yasmine"}},
	{"cube.board_of", map[string]any{"name": "Œlle"}},
	{"cats.top_of", map[string]any{"name": "Îlyes", "card": "7 × 8"}},
	{"magicoa.ev.discarded", map[string]any{"who": "Arthur", "v": 12}},
	{"potion.their_zone", map[string]any{}},
}

// lib/i18n.js's t() elides in French as the server's catalogue does
// ("Délier Inès Martin d’Élodie ?"): the same texts, in node, with the page's
// globals stubbed and the real fr.json.
func TestBrowserTextsElideLikeTheServer(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	lib, err := filepath.Abs(filepath.Join(libDir, "i18n.js"))
	require.NoError(t, err)
	fr, err := filepath.Abs(filepath.Join("..", "..", "catalog", "fr.json"))
	require.NoError(t, err)
	cases, err := json.Marshal(elisionCases)
	require.NoError(t, err)
	script := `
const fs = await import("node:fs");
globalThis.document = { cookie: "lang=fr", documentElement: {} };
globalThis.fetch = async () => ({ ok: true, json: async () => JSON.parse(fs.readFileSync(process.env.FR, "utf8")) });
const { ready, t } = await import(process.env.LIB);
await ready;
const cases = JSON.parse(process.env.CASES);
console.log(JSON.stringify(cases.map((c) => t(c.key, c.params))));
`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	cmd.Env = append(cmd.Environ(), "LIB=file://"+filepath.ToSlash(lib), "FR="+fr, "CASES="+string(cases))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	var got []string
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	require.Len(t, got, len(elisionCases))
	for i, c := range elisionCases {
		assert.Equal(t, catalog.Text(catalog.FR, c.Key, c.Params), got[i], "%s %v", c.Key, c.Params)
	}
	assert.Equal(t, "Délier Inès Martin d’Élodie\u00a0?", got[0])
	assert.Equal(t, "Délier Inès Martin de Zoé\u00a0?", got[1])
	assert.Equal(t, "monstres qu’Emma peut capturer", got[4])
	assert.Equal(t, "Main de Hugo", got[6])
	assert.Equal(t, "Zone d’Yves", got[7])
	assert.Equal(t, "Zone de Yasmine", got[8])
	assert.Equal(t, "Zone {de:name}", got[12], "a missing param shows as written")
}
