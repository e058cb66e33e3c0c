package server_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// serveLoopback serves the env's server over real HTTP on a free loopback
// port, with the server's own net/http settings (HTTPServer).
func serveLoopback(t *testing.T, e *env) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := e.srv.HTTPServer()
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	return ln.Addr().String()
}

// trickle writes data one byte every gap until it is all sent or the
// connection fails, and counts what it sent.
func trickle(conn net.Conn, data string, gap time.Duration, sent *atomic.Int64) {
	for i := range len(data) {
		if _, err := conn.Write([]byte{data[i]}); err != nil {
			return
		}
		sent.Add(1)
		time.Sleep(gap)
	}
}

// The test's read timeout is 300 ms and its client sends a byte every
// 100 ms: the whole body would take 6 s, and the answer must come long
// before (the bounds are wide, for a loaded machine).
const (
	testReadTimeout = 300 * time.Millisecond
	trickleGap      = 100 * time.Millisecond
)

func TestABodyTricklingInIsCutAtTheReadTimeout(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st, func(c *server.Config) { c.ReadTimeout = testReadTimeout })
	addr := serveLoopback(t, e)

	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer func() { _ = conn.Close() }()
	body := `{"email":"slow@school.test","password":"correct horse battery staple"}`
	_, err = fmt.Fprintf(conn, "POST /api/v1/auth/teacher HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	require.NoError(t, err)
	var sent atomic.Int64
	go trickle(conn, body, trickleGap, &sent)

	require.NoError(t, conn.SetReadDeadline(time.Now().Add(30*time.Second)))
	reader := bufio.NewReader(conn)
	res, err := http.ReadResponse(reader, nil)
	require.NoError(t, err)
	got, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, res.StatusCode, "%s", got)
	assert.Contains(t, string(got), `"request_timeout"`)
	assert.Less(t, sent.Load(), int64(len(body)), "answered before the body was whole")
	_, err = reader.ReadByte()
	assert.True(t, errors.Is(err, io.EOF) || isReset(err), "the connection is closed: %v", err)
}

func TestHeadersTricklingInAreCutAtTheReadTimeout(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st, func(c *server.Config) { c.ReadTimeout = testReadTimeout })
	addr := serveLoopback(t, e)

	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer func() { _ = conn.Close() }()
	head := "GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: a-very-slow-client/1.0\r\nAccept: application/json\r\n\r\n"
	var sent atomic.Int64
	go trickle(conn, head, trickleGap, &sent)

	require.NoError(t, conn.SetReadDeadline(time.Now().Add(30*time.Second)))
	got, err := io.ReadAll(conn) // to the end: the server closes the connection
	assert.True(t, err == nil || isReset(err), "the server closed the connection: %v", err)
	assert.NotContains(t, string(got), "200 OK", "no answer but net/http's own refusal")
	assert.Less(t, sent.Load(), int64(len(head)), "before the headers were whole")
}

// A handler that works longer than the read timeout after reading its
// body is not cut: a sign-up's bcrypt (cost 12 here, hundreds of ms)
// followed by its write runs past a 50 ms timeout and is stored.
func TestASlowHandlerIsNotCutByTheReadTimeout(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st, func(c *server.Config) {
		c.ReadTimeout = 50 * time.Millisecond
		c.BcryptCost = 12
	})
	addr := serveLoopback(t, e)
	start := time.Now()
	res, err := http.Post("http://"+addr+"/api/v1/teachers", "application/json",
		strings.NewReader(`{"email":"patient@school.test","password":"correct horse battery","name":"Ann"}`))
	require.NoError(t, err)
	got, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Greater(t, time.Since(start), 50*time.Millisecond, "the handler outlived the timeout")
	assert.Equal(t, http.StatusAccepted, res.StatusCode, "%s", got)
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op)
}
