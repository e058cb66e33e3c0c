package dashboard

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// AttemptsHeader is the attempts file's header. Its first six columns are
// what `multipli pedagogy eval --attempts` reads; order is the row's rank in
// time (1, 2, …), the stream being in time order. Column names stay in
// English in every language: they are for programs.
var AttemptsHeader = []string{"student", "a", "b", "correct", "response_ms", "order",
	"student_name", "at", "game", "kind", "given", "session", "seq"}

// FactStatsHeader is the per-fact statistics file's header.
var FactStatsHeader = []string{"student", "student_name", "a", "b", "attempts", "correct",
	"recent_accuracy", "typical_ms", "last_seen", "mastery", "uncertainty", "fluent"}

// CSVFormat is how a CSV file is written. The zero value is the plain
// form programs read: commas, decimal points, no byte-order mark.
type CSVFormat struct {
	// BOM starts the file with a UTF-8 byte-order mark: without it Excel
	// reads the file as the Windows code page and "Chloé" comes out as
	// "ChloÃ©".
	BOM bool
	// Comma separates the cells; 0 is ','.
	Comma rune
	// DecimalComma writes 0,85 for 0.85.
	DecimalComma bool
}

// SpreadsheetCSV is the form a spreadsheet opens as is in lang: a French
// Excel splits cells on ";" (the comma is its decimal separator) and reads
// decimal commas; an English one splits on ",". Both get the byte-order
// mark. pedagogy.ReadAttemptsCSV reads either form back.
func SpreadsheetCSV(lang string) CSVFormat {
	if lang == LangFR {
		return CSVFormat{BOM: true, Comma: ';', DecimalComma: true}
	}
	return CSVFormat{BOM: true, Comma: ','}
}

// writer starts a file in the format f.
func (f CSVFormat) writer(w io.Writer) (*csv.Writer, error) {
	if f.BOM {
		if _, err := io.WriteString(w, "\ufeff"); err != nil {
			return nil, fmt.Errorf("dashboard: write byte-order mark: %w", err)
		}
	}
	cw := csv.NewWriter(w)
	if f.Comma != 0 {
		cw.Comma = f.Comma
	}
	return cw, nil
}

// ratio writes a 0–1 figure with four decimals.
func (f CSVFormat) ratio(v float64) string {
	s := strconv.FormatFloat(v, 'f', 4, 64)
	if f.DecimalComma {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// WriteAttemptsCSV streams attempts to w as CSV in the format f: each calls
// yield once per row (an ExportSource's EachAttempt fits), so a big export
// never sits in memory. Text cells are made safe for spreadsheets (see
// cell). Every figure of this file is a whole number, the same in every
// format.
func WriteAttemptsCSV(w io.Writer, f CSVFormat, each func(yield func(AttemptRow) error) error) error {
	cw, err := f.writer(w)
	if err != nil {
		return err
	}
	if err := cw.Write(AttemptsHeader); err != nil {
		return fmt.Errorf("dashboard: write attempts header: %w", err)
	}
	var order int64
	rec := make([]string, len(AttemptsHeader))
	err = each(func(r AttemptRow) error {
		order++
		rec[0] = strconv.FormatInt(r.StudentID, 10)
		rec[1] = strconv.Itoa(r.A)
		rec[2] = strconv.Itoa(r.B)
		rec[3] = boolCell(r.Correct)
		rec[4] = ""
		if r.ResponseMS != nil {
			rec[4] = strconv.FormatInt(*r.ResponseMS, 10)
		}
		rec[5] = strconv.FormatInt(order, 10)
		rec[6] = cell(r.StudentName)
		rec[7] = timeCell(r.At)
		rec[8] = cell(r.Game)
		rec[9] = cell(string(r.Kind))
		rec[10] = ""
		if r.Given != nil {
			rec[10] = strconv.Itoa(*r.Given)
		}
		rec[11] = strconv.FormatInt(r.SessionID, 10)
		rec[12] = strconv.FormatInt(r.Seq, 10)
		return cw.Write(rec)
	})
	return finish(cw, err, "attempts")
}

// WriteFactStatsCSV streams per-fact statistics to w as CSV in the format f.
func WriteFactStatsCSV(w io.Writer, f CSVFormat, each func(yield func(FactStatRow) error) error) error {
	cw, err := f.writer(w)
	if err != nil {
		return err
	}
	if err := cw.Write(FactStatsHeader); err != nil {
		return fmt.Errorf("dashboard: write fact stats header: %w", err)
	}
	rec := make([]string, len(FactStatsHeader))
	err = each(func(r FactStatRow) error {
		p := r.Fact()
		rec[0] = strconv.FormatInt(r.StudentID, 10)
		rec[1] = cell(r.StudentName)
		rec[2] = strconv.Itoa(p.A)
		rec[3] = strconv.Itoa(p.B)
		rec[4] = strconv.Itoa(r.Attempts)
		rec[5] = strconv.Itoa(r.Correct)
		rec[6] = f.ratio(r.RecentAccuracy)
		rec[7] = strconv.FormatInt(r.TypicalMS, 10)
		rec[8] = timeCell(r.LastSeen)
		rec[9] = f.ratio(r.Mastery)
		rec[10] = f.ratio(r.Uncertainty)
		rec[11] = boolCell(r.Fluent)
		return cw.Write(rec)
	})
	return finish(cw, err, "fact stats")
}

func finish(cw *csv.Writer, err error, what string) error {
	if err != nil {
		return fmt.Errorf("dashboard: export %s: %w", what, err)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("dashboard: export %s: %w", what, err)
	}
	return nil
}

// cell protects a text cell against CSV (formula) injection: a spreadsheet
// runs a cell starting with = + - @ (or a tab or carriage return, which some
// strip before looking) as a formula, so such a cell gets a leading
// apostrophe, which spreadsheets show as text. Numbers are written by this
// package and never pass through here, so -1 stays a number.
func cell(s string) string {
	if s == "" {
		return s
	}
	if strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func boolCell(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func timeCell(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
