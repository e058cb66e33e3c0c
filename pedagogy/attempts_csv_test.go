package pedagogy

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The dashboard's export for a French spreadsheet (byte-order mark, ";",
// decimal commas) reads as the plain file does; a ";" inside a quoted name
// of a comma file does not switch the separator.
func TestReadAttemptsCSVReadsTheFrenchSpreadsheetForm(t *testing.T) {
	fr := "\ufeffstudent;a;b;correct;response_ms;order;student_name\n" +
		"4;8;7;1;2300,4;1;Chloé\n" +
		"4;6;9;0;;2;\"Léo; le grand\"\n"
	en := "student,a,b,correct,response_ms,order,student_name\n" +
		"4,8,7,1,2300.4,1,Chloé\n" +
		"4,6,9,0,,2,\"Léo; le grand\"\n"
	for name, in := range map[string]string{"fr": fr, "en": en} {
		t.Run(name, func(t *testing.T) {
			rows, err := ReadAttemptsCSV(strings.NewReader(in))
			require.NoError(t, err)
			require.Len(t, rows, 2)
			assert.Equal(t, "4", rows[0].Student, "the byte-order mark is not part of the first column's name")
			assert.Equal(t, 8, rows[0].A)
			assert.Equal(t, 7, rows[0].B)
			assert.True(t, rows[0].Correct)
			assert.Equal(t, int64(2300), rows[0].ResponseMS, "2300,4 is a decimal comma, not two cells")
			assert.Equal(t, 6, rows[1].A)
			assert.Equal(t, 2.0, rows[1].Order)
		})
	}
}
