package server_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func TestLogsNeverHoldSecrets(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	var logs lockedBuffer
	e := &env{st: st}
	e.srv = server.New(server.Config{SecretKey: testKey, BcryptCost: bcrypt.MinCost},
		st, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))

	const password = "correct horse battery"
	teacher := e.signup(t, "teacher", "t@school.test")
	_, code, ids := e.classWithStudent(t, teacher, "Léa")
	pc := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/parent-codes", ids[0]), Token: teacher})
	parentCode := pc.JSON["code"].(string)
	parent := e.signup(t, "parent", "p@home.test")
	e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/parent-links", Token: parent, Body: map[string]string{"code": parentCode}})
	studentToken := e.must(t, http.StatusOK, e.studentReq(code, ids[0], "1234")).JSON["token"].(string)
	e.must(t, http.StatusUnauthorized, e.studentReq(code, ids[0], "9876"))
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/class-codes/" + code})

	out := logs.b.String()
	require.Contains(t, out, "route=/api/v1/auth/student", "requests are logged")
	for name, secret := range map[string]string{
		"password": password, "PIN": "1234", "wrong PIN": "9876", "class code": code, "parent code": parentCode,
		"teacher token": teacher, "student token": studentToken, "parent token": parent,
	} {
		assert.NotContains(t, out, secret, "the logs hold a %s", name)
	}
}
