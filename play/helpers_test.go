package play

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
	"github.com/multipli/multipli/store"
)

// fakeClock is a server clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// class makes a teacher, a class and students with the given names.
func class(t testing.TB, st *store.Store, names ...string) []store.Student {
	t.Helper()
	ctx := context.Background()
	tc := store.Teacher{Email: "t@school.test", Name: "T", PasswordHash: "x"}
	require.NoError(t, st.CreateTeacher(ctx, &tc))
	c := store.Class{TeacherID: tc.ID, Name: "CE2"}
	require.NoError(t, st.CreateClass(ctx, &c))
	var kids []store.Student
	for _, n := range names {
		kids = append(kids, store.Student{DisplayName: n, SecretKind: store.SecretPIN, SecretHash: "h"})
	}
	require.NoError(t, st.AddStudents(ctx, c.ID, kids))
	got, err := st.StudentsOf(ctx, c.ID)
	require.NoError(t, err)
	byName := map[string]store.Student{}
	for _, k := range got {
		byName[k.DisplayName] = k
	}
	out := make([]store.Student, len(names))
	for i, n := range names {
		out[i] = byName[n]
	}
	return out
}

func newService(st *store.Store, clock *fakeClock) *Service {
	seed := uint64(7)
	return New(st, Options{Now: clock.Now, Seed: func() uint64 { seed++; return seed }})
}

// legalMoves lists the seat's legal moves as the JSON a client sends.
func legalMoves(t testing.TB, e games.Engine, seat int) []json.RawMessage {
	t.Helper()
	var moves []any
	switch g := e.(type) {
	case *potion.Game:
		for _, m := range g.Legal(seat) {
			moves = append(moves, m)
		}
	case *magicoa.Game:
		for _, m := range g.Legal(seat) {
			moves = append(moves, m)
		}
	case *cube.Game:
		for _, m := range g.Legal(seat) {
			moves = append(moves, m)
		}
	case *cats.Game:
		for _, m := range g.Legal(seat) {
			moves = append(moves, m)
		}
	}
	out := make([]json.RawMessage, len(moves))
	for i, m := range moves {
		b, err := json.Marshal(m)
		require.NoError(t, err)
		out[i] = b
	}
	return out
}

// playToEnd plays random legal moves for the student's seat until the game
// ends (or maxMoves), and returns the number of moves applied.
func playToEnd(t testing.TB, s *Service, clock *fakeClock, gameID, studentID int64, maxMoves int) int {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	seq := int64(0)
	moves := 0
	for range maxMoves {
		g, err := s.loadGame(ctx, gameID)
		require.NoError(t, err)
		if g.eng.Over() {
			return moves
		}
		seat, ok := g.SeatOf(studentID)
		require.True(t, ok)
		legal := legalMoves(t, g.eng, seat)
		clock.Add(1500 * time.Millisecond)
		if len(legal) == 0 {
			require.NoError(t, s.Tick(ctx, gameID))
			continue
		}
		seq++
		_, err = s.Move(ctx, MoveRequest{GameID: gameID, StudentID: studentID, Version: g.Row.Version, Seq: seq, Move: legal[rng.IntN(len(legal))]})
		if _, ok := games.AsRuleError(err); ok {
			continue // a legal-looking move refused by a finer rule (a wrong capture…)
		}
		require.NoError(t, err)
		moves++
	}
	return moves
}
