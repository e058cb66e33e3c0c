package pedagogy

import (
	"bufio"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/games"
)

// LoggedAttempt is one row of an attempts CSV: who, and the attempt.
type LoggedAttempt struct {
	Student string
	Attempt
	// Order puts the rows in time order; ties keep the file's order.
	Order float64
}

// ErrBadCSV reports an attempts file that cannot be read.
var ErrBadCSV = errors.New("pedagogy: bad attempts csv")

// ReadAttemptsCSV reads `student,a,b,correct,response_ms,order` with a
// header. Columns are found by name, so extra columns are allowed anywhere
// (the dashboard's export has more). Optional columns the simulation writes
// are used when present: `at` (RFC 3339 time), `kind`, `timed_out`.
// response_ms may be empty (unknown); correct is 1/0 or true/false; order is
// a number or an RFC 3339 time. Rows come back sorted by order, ties in file
// order.
//
// The file may be the dashboard's export for a French spreadsheet: a
// UTF-8 byte-order mark, ";" between cells and decimal commas. The header
// line tells: cells are split on ";" when it has a ";" and no ",".
func ReadAttemptsCSV(r io.Reader) ([]LoggedAttempt, error) {
	rows, _, err := readAttemptsCSV(r, false)
	return rows, err
}

// ReadAttemptsCSVOfPlatformFacts reads as ReadAttemptsCSV does, but skips
// the rows whose factors are whole numbers outside the platform's 1–12
// (a ×0 or ×20 table in another app's log) and counts them, instead of
// refusing the file: `pedagogy eval` judges the model on the facts it
// models, and every predictor sees the same rows.
func ReadAttemptsCSVOfPlatformFacts(r io.Reader) (rows []LoggedAttempt, skipped int, err error) {
	return readAttemptsCSV(r, true)
}

// errOtherFact marks a row whose factor is a whole number outside 1–12.
var errOtherFact = errors.New("a factor outside 1–12")

func readAttemptsCSV(r io.Reader, skipOtherFacts bool) ([]LoggedAttempt, int, error) {
	br := bufio.NewReader(r)
	first, err := br.ReadString('\n')
	if err != nil && err != io.EOF {
		return nil, 0, fmt.Errorf("%w: header: %w", ErrBadCSV, err)
	}
	first = strings.TrimPrefix(first, "\ufeff")
	cr := csv.NewReader(io.MultiReader(strings.NewReader(first), br))
	semicolons := strings.Contains(first, ";") && !strings.Contains(first, ",")
	if semicolons {
		cr.Comma = ';'
	}
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err != nil {
		return nil, 0, fmt.Errorf("%w: header: %w", ErrBadCSV, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, need := range []string{"student", "a", "b", "correct", "response_ms", "order"} {
		if _, ok := col[need]; !ok {
			return nil, 0, fmt.Errorf("%w: no column %q", ErrBadCSV, need)
		}
	}
	var out []LoggedAttempt
	skipped := 0
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%w: line %d: %w", ErrBadCSV, line, err)
		}
		row, err := parseRow(rec, col, semicolons)
		if skipOtherFacts && errors.Is(err, errOtherFact) {
			skipped++
			continue
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%w: line %d: %w", ErrBadCSV, line, err)
		}
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(x, y LoggedAttempt) int { return cmp.Compare(x.Order, y.Order) })
	return out, skipped, nil
}

// parseRow reads one row; decimalComma reads "2300,5" as 2300.5 (a file
// split on ";" comes from a spreadsheet that writes decimal commas).
func parseRow(rec []string, col map[string]int, decimalComma bool) (LoggedAttempt, error) {
	field := func(name string) string {
		i, ok := col[name]
		if !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	number := func(name string) string {
		v := field(name)
		if decimalComma {
			v = strings.Replace(v, ",", ".", 1)
		}
		return v
	}
	var row LoggedAttempt
	var err error
	row.Student = field("student")
	if row.A, err = strconv.Atoi(field("a")); err != nil || row.A < 0 {
		return row, fmt.Errorf("bad a %q", field("a"))
	}
	if row.B, err = strconv.Atoi(field("b")); err != nil || row.B < 0 {
		return row, fmt.Errorf("bad b %q", field("b"))
	}
	if !validFactor(row.A) || !validFactor(row.B) {
		return row, fmt.Errorf("%w: %d × %d", errOtherFact, row.A, row.B)
	}
	if row.Correct, err = parseBool(field("correct")); err != nil {
		return row, fmt.Errorf("bad correct %q", field("correct"))
	}
	if ms := number("response_ms"); ms != "" {
		v, err := strconv.ParseFloat(ms, 64)
		if err != nil || v < 0 {
			return row, fmt.Errorf("bad response_ms %q", ms)
		}
		row.ResponseMS = int64(math.Round(v))
	}
	o := field("order")
	if row.Order, err = strconv.ParseFloat(number("order"), 64); err != nil {
		t, terr := time.Parse(time.RFC3339Nano, o)
		if terr != nil {
			return row, fmt.Errorf("bad order %q", o)
		}
		row.Order = float64(t.UnixMilli())
		row.At = t
	}
	if at := field("at"); at != "" {
		if row.At, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return row, fmt.Errorf("bad at %q", at)
		}
	}
	row.Kind = games.Kind(field("kind"))
	if row.Kind == "" {
		row.Kind = games.KindAnswer
	}
	if to := field("timed_out"); to != "" {
		if row.TimedOut, err = parseBool(to); err != nil {
			return row, fmt.Errorf("bad timed_out %q", to)
		}
	}
	return row, nil
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "true", "t", "yes":
		return true, nil
	case "0", "false", "f", "no", "":
		return false, nil
	}
	return false, errors.New("not a boolean")
}

// WriteAttemptsCSV writes attempts in the format ReadAttemptsCSV reads, with
// the optional at, kind and timed_out columns.
func WriteAttemptsCSV(w io.Writer, rows []LoggedAttempt) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"student", "a", "b", "correct", "response_ms", "order", "at", "kind", "timed_out"})
	for _, r := range rows {
		ms := ""
		if r.ResponseMS > 0 {
			ms = strconv.FormatInt(r.ResponseMS, 10)
		}
		_ = cw.Write([]string{
			r.Student, strconv.Itoa(r.A), strconv.Itoa(r.B), b01(r.Correct), ms,
			strconv.FormatFloat(r.Order, 'f', -1, 64), r.At.UTC().Format(time.RFC3339Nano),
			string(r.Kind), b01(r.TimedOut),
		})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("pedagogy: write attempts: %w", err)
	}
	return nil
}

func b01(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
