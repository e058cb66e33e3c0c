package server

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The French letter elides before the child's name, as French does: "les
// progrès d’Inès Bernard", "ce qu’Inès sait", "les seuls résultats
// d’Inès"; "de Léa" before a consonant. The PDF as printed, read back with
// pdftotext (poppler-utils).
func TestParentLetterElidesBeforeTheChildsName(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed")
	}
	expires := time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)
	pdf, err := lettersPDF("fr", []letter{
		{Child: "Inès Bernard", Class: "CM1", Teacher: "M. Petit", Code: "ACDE-FGHJ", Expires: expires, Origin: "http://example.com", Link: "http://example.com/?code=ACDE-FGHJ&tab=parent"},
		{Child: "Léa Martin", Class: "CM1", Teacher: "M. Petit", Code: "KMNP-QRTU", Expires: expires, Origin: "http://example.com", Link: "http://example.com/?code=KMNP-QRTU&tab=parent"},
	})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "letters.pdf")
	require.NoError(t, os.WriteFile(path, pdf, 0o600))
	out, err := exec.Command("pdftotext", path, "-").Output()
	require.NoError(t, err)
	// One page a letter (pdftotext ends each with a form feed); lines are
	// cut where the page wraps them, so each page is read as one line.
	pages := strings.Split(string(out), "\f")
	require.GreaterOrEqual(t, len(pages), 2)
	for i := range pages {
		pages[i] = strings.Join(strings.Fields(pages[i]), " ")
	}
	ines, lea := pages[0], pages[1]
	assert.Contains(t, ines, "Suivez les progrès d’Inès Bernard dans Multipli")
	assert.Contains(t, ines, "ce qu’Inès Bernard sait")
	assert.Contains(t, ines, "seuls résultats d’Inès Bernard")
	assert.NotContains(t, ines, "de Inès")
	assert.NotContains(t, ines, "que Inès")
	assert.Contains(t, lea, "Suivez les progrès de Léa Martin dans Multipli")
	assert.Contains(t, lea, "ce que Léa Martin sait")
}
