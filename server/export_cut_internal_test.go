package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// An export that fails after its first bytes left cannot pass for a whole
// file. A database does not fail on cue in the middle of a result (SQLite
// sorts the export before its first row; PostgreSQL would need a result
// larger than every socket buffer between it and the client), so the
// exports here are functions that write rows and then fail, served by
// sendCSV over real HTTP on loopback. The failure before the first byte,
// from a really damaged database, is
// TestADamagedDatabaseAnswers500ItsExportIsNo200AndItIsNotReady.
func TestAnExportThatFailsMidWayIsCutNotEnded(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	s := New(Config{SecretKey: []byte("test-key-test-key-test-key-test-key!")}, st, nil)
	row := bytes.Repeat([]byte("x"), 99)
	row = append(row, '\n')
	exports := map[string]struct {
		rows int
		err  error
	}{
		"/small":        {rows: 100},
		"/large":        {rows: 3 * csvHeld / len(row)},
		"/fails-early":  {rows: 100, err: fmt.Errorf("export: %w", store.ErrUnavailable)},
		"/fails-midway": {rows: 3 * csvHeld / len(row), err: errors.New("export: the connection to the database was lost")},
	}
	e := echo.New()
	e.HTTPErrorHandler = s.handleError
	for path, x := range exports {
		e.GET(path, func(c echo.Context) error {
			return s.sendCSV(c, "rows.csv", func(w io.Writer) error {
				for range x.rows {
					if _, err := w.Write(row); err != nil {
						return err
					}
				}
				return x.err
			})
		})
	}
	srv := httptest.NewServer(e)
	defer srv.Close()
	get := func(path string) (*http.Response, []byte, error) {
		res, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		defer func() { _ = res.Body.Close() }()
		body, err := io.ReadAll(res.Body)
		return res, body, err
	}

	res, body, err := get("/small")
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, strconv.Itoa(100*len(row)), res.Header.Get("Content-Length"), "built whole, sent with its length")
	assert.Len(t, body, 100*len(row))

	res, body, err = get("/large")
	require.NoError(t, err, "a whole large export ends cleanly")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Len(t, body, exports["/large"].rows*len(row))

	res, body, err = get("/fails-early")
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode, "a failure before the first byte is the usual JSON error")
	assert.Contains(t, string(body), `"unavailable"`)
	assert.NotContains(t, res.Header.Get("Content-Type"), "text/csv")

	res, body, err = get("/fails-midway")
	assert.Equal(t, http.StatusOK, res.StatusCode, "the status left with the first bytes")
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "the transfer is cut, not ended: got %d bytes", len(body))
	assert.Less(t, len(body), exports["/fails-midway"].rows*len(row))
}
