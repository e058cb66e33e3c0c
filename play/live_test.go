package play

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/store/storetest"
)

// keepFlipping plays the student's flips whenever it is their turn, until
// ctx ends, and reports every version it saw on the subscription.
func keepFlipping(ctx context.Context, t *testing.T, s *Service, sub *Subscription, gameID, studentID int64, seen chan<- int) {
	seq := int64(1000)
	for {
		select {
		case <-ctx.Done():
			return
		case <-sub.C:
		case <-time.After(300 * time.Millisecond):
		}
		g, err := s.loadGame(ctx, gameID)
		if err != nil {
			return
		}
		select {
		case seen <- g.Row.Version:
		default:
		}
		for _, m := range g.eng.(*cats.Game).Legal(0) {
			if m.Type == cats.MoveFlip {
				b, _ := json.Marshal(m)
				seq++
				_, _ = s.Move(ctx, MoveRequest{GameID: gameID, StudentID: studentID, Seq: seq, Move: b})
			}
		}
	}
}

func TestAnotherInstanceTakesOverTheClockWhenTheDriverGoes(t *testing.T) {
	var url string
	for _, db := range storetest.Databases(t) {
		if db.Name == "postgres" {
			url = db.URL
		}
	}
	if url == "" {
		t.Skip("several instances need PostgreSQL: set " + storetest.PostgresEnv)
	}
	stA, stB := storetest.Open(t, url), storetest.Open(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	kid := class(t, stA, "Léa")[0]
	a, b := New(stA, Options{Seed: func() uint64 { return 9 }}), New(stB, Options{})
	res, err := a.Start(ctx, StartRequest{StudentID: kid.ID, Game: "cats", Opponents: 2})
	require.NoError(t, err)
	id := res.Game.ID

	subA := a.Hub().Subscribe(id)
	time.Sleep(300 * time.Millisecond) // A takes the lock first
	subB := b.Hub().Subscribe(id)
	defer subB.Close()
	seen := make(chan int, 1000)
	go keepFlipping(ctx, t, b, subB, id, kid.ID, seen)

	// A drives; B hears every change through PostgreSQL.
	waitVersion := func(after int, within time.Duration) int {
		deadline := time.After(within)
		for {
			select {
			case v := <-seen:
				if v > after {
					return v
				}
			case <-deadline:
				return after
			}
		}
	}
	v1 := waitVersion(res.Game.Version+2, 10*time.Second)
	require.Greater(t, v1, res.Game.Version+2, "the game runs: A drives, B follows")

	// A goes away: B takes the lock within its retry and the computers go on.
	subA.Close()
	time.Sleep(lockRetry + time.Second)
	v2 := waitVersion(v1+3, 10*time.Second)
	// The student only flips on their turn: the computers' reveals in
	// between need a driver.
	assert.Greater(t, v2, v1+3, "B drives the clock now")
}
