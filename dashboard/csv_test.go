package dashboard

import (
	"bytes"
	"encoding/csv"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

func rowsOf[T any](rows ...T) func(yield func(T) error) error {
	return func(yield func(T) error) error {
		for _, r := range rows {
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	}
}

func readCSV(tb testing.TB, s string) [][]string {
	tb.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	require.NoError(tb, err)
	return recs
}

func TestAttemptsCSVColumns(t *testing.T) {
	ms, given := int64(2300), 56
	at := time.Date(2026, 11, 18, 9, 30, 0, 0, time.FixedZone("CET", 3600))
	var b bytes.Buffer
	err := WriteAttemptsCSV(&b, CSVFormat{}, rowsOf(
		AttemptRow{StudentID: 4, StudentName: "Zoé", A: 8, B: 7, Correct: true, ResponseMS: &ms, At: at,
			Game: "potion/3", Kind: games.KindCapture, Given: &given, SessionID: 12, Seq: 3},
		AttemptRow{StudentID: 5, StudentName: "Léo, \"le grand\"", A: 6, B: 9, At: at, Game: "cats", Kind: games.KindMissed, SessionID: 13, Seq: 1},
	))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(b.String(), "student,a,b,correct,response_ms,order\n") ||
		strings.HasPrefix(b.String(), "student,a,b,correct,response_ms,order,"), "the header pedagogy eval reads")
	recs := readCSV(t, b.String())
	require.Len(t, recs, 3)
	assert.Equal(t, AttemptsHeader, recs[0])
	assert.Equal(t, []string{"4", "8", "7", "1", "2300", "1", "Zoé", "2026-11-18T08:30:00Z", "potion/3", "capture", "56", "12", "3"}, recs[1])
	assert.Equal(t, []string{"5", "6", "9", "0", "", "2", "Léo, \"le grand\"", "2026-11-18T08:30:00Z", "cats", "missed", "", "13", "1"}, recs[2],
		"missed: no response time, no given; order counts the rows")
}

func TestFactStatsCSVColumns(t *testing.T) {
	var b bytes.Buffer
	err := WriteFactStatsCSV(&b, CSVFormat{}, rowsOf(FactStatRow{StudentName: "Ana", FactStat: FactStat{StudentID: 2, A: 8, B: 7,
		Attempts: 10, Correct: 7, RecentAccuracy: 0.8, TypicalMS: 2100, Mastery: 0.65, Uncertainty: 0.12, Fluent: false}}))
	require.NoError(t, err)
	recs := readCSV(t, b.String())
	assert.Equal(t, FactStatsHeader, recs[0])
	assert.Equal(t, []string{"2", "Ana", "7", "8", "10", "7", "0.8000", "2100", "", "0.6500", "0.1200", "0"}, recs[1], "the pair smaller factor first")
}

func TestCSVInjectionIsNeutralised(t *testing.T) {
	tests := []struct{ in, want string }{
		{"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"},
		{"+33 6", "'+33 6"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"Zoé", "Zoé"},
		{"a=b", "a=b"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.want, cell(tt.in))
			var b bytes.Buffer
			require.NoError(t, WriteAttemptsCSV(&b, CSVFormat{}, rowsOf(AttemptRow{StudentName: tt.in, Game: tt.in})))
			recs := readCSV(t, b.String())
			assert.Equal(t, tt.want, recs[1][6])
			assert.Equal(t, tt.want, recs[1][8])
		})
	}
	var b bytes.Buffer
	require.NoError(t, WriteFactStatsCSV(&b, CSVFormat{}, rowsOf(FactStatRow{StudentName: "=cmd|' /C calc'!A0"})))
	assert.Equal(t, "'=cmd|' /C calc'!A0", readCSV(t, b.String())[1][1])
}

func TestCSVExportStopsOnTheSourcesError(t *testing.T) {
	boom := errors.New("boom")
	var b bytes.Buffer
	err := WriteAttemptsCSV(&b, CSVFormat{}, func(yield func(AttemptRow) error) error {
		if err := yield(AttemptRow{}); err != nil {
			return err
		}
		return boom
	})
	assert.ErrorIs(t, err, boom)
	err = WriteFactStatsCSV(&b, CSVFormat{}, func(func(FactStatRow) error) error { return boom })
	assert.ErrorIs(t, err, boom)
}

func TestCSVExportStreams(t *testing.T) {
	// Rows reach the writer while the source is still producing: after
	// many rows the output has grown, long before the last one.
	var b bytes.Buffer
	grew := false
	err := WriteAttemptsCSV(&b, CSVFormat{}, func(yield func(AttemptRow) error) error {
		for i := range 100_000 {
			if err := yield(AttemptRow{StudentID: int64(i), A: 7, B: 8}); err != nil {
				return err
			}
			if i == 50_000 && b.Len() > 100_000 {
				grew = true
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.True(t, grew)
}

func FuzzAttemptsCSV(f *testing.F) {
	for _, s := range append(hostile, "=1+1", "-1", "a\nb", `"`, "@") {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, name, game string) {
		var b bytes.Buffer
		require.NoError(t, WriteAttemptsCSV(&b, CSVFormat{}, rowsOf(AttemptRow{StudentID: 1, A: 2, B: 3, StudentName: name, Game: game})))
		recs, err := csv.NewReader(&b).ReadAll()
		require.NoError(t, err)
		require.Len(t, recs, 2)
		require.Len(t, recs[1], len(AttemptsHeader))
		for _, c := range []string{recs[1][6], recs[1][8]} {
			if c != "" {
				assert.NotContains(t, "=+-@\t\r", c[:1], "a cell a spreadsheet would run")
			}
		}
		assert.Equal(t, []string{"1", "2", "3"}, recs[1][:3])
	})
}

// A French teacher's export opens in French Excel as is: a byte-order mark
// (else "Zoé" is garbled), ";" between cells, decimal commas; the English
// one keeps commas and points, with the mark too. pedagogy eval reads both.
func TestSpreadsheetCSVFollowsTheLanguage(t *testing.T) {
	ms := int64(2300)
	attempts := rowsOf(AttemptRow{StudentID: 4, StudentName: "Zoé", A: 8, B: 7, Correct: true, ResponseMS: &ms, Game: "cats", Kind: games.KindAnswer, SessionID: 1, Seq: 1})
	stats := rowsOf(FactStatRow{StudentName: "Zoé", FactStat: FactStat{StudentID: 4, A: 7, B: 8, Attempts: 3, Correct: 2, RecentAccuracy: 0.5, Mastery: 0.25}})
	tests := []struct {
		lang, header, ratio string
		comma               rune
	}{
		{LangFR, "\ufeffstudent;a;b;correct;response_ms;order;", "0,5000", ';'},
		{LangEN, "\ufeffstudent,a,b,correct,response_ms,order,", "0.5000", ','},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteAttemptsCSV(&b, SpreadsheetCSV(tt.lang), attempts))
			assert.True(t, strings.HasPrefix(b.String(), tt.header), b.String())
			logged, err := pedagogy.ReadAttemptsCSV(bytes.NewReader(b.Bytes()))
			require.NoError(t, err)
			require.Len(t, logged, 1)
			assert.Equal(t, "4", logged[0].Student)
			assert.Equal(t, int64(2300), logged[0].ResponseMS)

			b.Reset()
			require.NoError(t, WriteFactStatsCSV(&b, SpreadsheetCSV(tt.lang), stats))
			r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff")))
			r.Comma = tt.comma
			recs, err := r.ReadAll()
			require.NoError(t, err)
			require.Len(t, recs, 2)
			assert.Equal(t, FactStatsHeader, recs[0])
			assert.Equal(t, "Zoé", recs[1][1])
			assert.Equal(t, tt.ratio, recs[1][6], "recent accuracy")
		})
	}
	var b bytes.Buffer
	require.NoError(t, WriteAttemptsCSV(&b, CSVFormat{}, attempts))
	assert.True(t, strings.HasPrefix(b.String(), "student,a,b,"), "the plain form has no mark, for programs")
}
