package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
)

func TestBackupCommandWritesACopyThatRestores(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "multipli.db")
	ctx := context.Background()
	st, err := store.Open(ctx, live, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer func() { _ = st.Close() }()
	teacher := store.Teacher{Email: "b@school.test", Name: "B", PasswordHash: "x", CreatedAt: time.Now()}
	require.NoError(t, st.CreateTeacher(ctx, &teacher))
	class := store.Class{TeacherID: teacher.ID, Name: "CE2", Code: "BACKUP1", CreatedAt: time.Now()}
	require.NoError(t, st.CreateClass(ctx, &class))
	require.NoError(t, st.AddStudents(ctx, class.ID, []store.Student{{DisplayName: "Léa", SecretKind: store.SecretPIN, SecretHash: "h"}}))
	kids, err := st.StudentsOf(ctx, class.ID)
	require.NoError(t, err)
	ps := store.PlaySession{StudentID: kids[0].ID, Plan: "{}", StartedAt: time.Now()}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	given := 12
	_, err = st.RecordPractice(ctx, kids[0].ID, ps.ID, []store.Answer{{Seq: 0, A: 3, B: 4, Given: &given, ResponseMS: 900}, {Seq: 1, A: 6, B: 7, ResponseMS: 9000}}, time.Now())
	require.NoError(t, err)

	to := filepath.Join(dir, "copy.db")
	var out bytes.Buffer
	require.NoError(t, run(ctx, []string{"backup", "--database-url", live, "--to", to}, func(string) string { return "" }, &out, &out), out.String())
	assert.Contains(t, out.String(), "backup written to")
	assert.Error(t, run(ctx, []string{"backup", "--database-url", live, "--to", to}, func(string) string { return "" }, &out, &out), "never overwrites")

	copyStore, err := store.Open(ctx, to, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer func() { _ = copyStore.Close() }()
	got, err := copyStore.AttemptsOfSession(ctx, ps.ID)
	require.NoError(t, err)
	assert.Len(t, got, 2)
	stats, err := copyStore.FactStatsOf(ctx, kids[0].ID)
	require.NoError(t, err)
	assert.Len(t, stats, 2)
}
