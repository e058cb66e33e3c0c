package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// realClock runs the server on the wall clock: real-time games need time
// to pass by itself.
func realClock(c *server.Config) { c.Now = time.Now }

// wsPlayer is one student's socket on one instance; it slaps on every match
// and flips when it is its turn, like a quick child.
type wsPlayer struct {
	conn     *websocket.Conn
	mu       sync.Mutex
	versions []int
	slapped  []int // versions on which it slapped
}

func dialGame(t *testing.T, base, token string, g map[string]any) *wsPlayer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(base, "http") + playGamePath(g, "/ws")
	conn, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	require.NoError(t, err)
	if res != nil && res.Body != nil {
		_ = res.Body.Close()
	}
	t.Cleanup(func() { _ = conn.CloseNow() })
	return &wsPlayer{conn: conn}
}

func (p *wsPlayer) play(ctx context.Context, t *testing.T) {
	seq := int64(0)
	for {
		_, data, err := p.conn.Read(ctx)
		if err != nil {
			return
		}
		var msg struct {
			Type string         `json:"type"`
			Game map[string]any `json:"game"`
		}
		if json.Unmarshal(data, &msg) != nil || msg.Type != "state" {
			continue
		}
		v := int(msg.Game["version"].(float64))
		if debugWS {
			b, _ := json.Marshal(msg.Game["view"])
			t.Logf("seat %v v%d: %s events=%v", msg.Game["seat"], v, b, msg.Game["events"])
		}
		var mv string
		switch {
		case has(msg.Game, "slap") && catsMatch(msg.Game):
			mv = "slap"
		case has(msg.Game, "flip"):
			mv = "flip"
		}
		p.mu.Lock()
		p.versions = append(p.versions, v)
		if mv == "slap" {
			p.slapped = append(p.slapped, v)
		}
		p.mu.Unlock()
		if mv == "" {
			continue
		}
		seq++
		out, _ := json.Marshal(map[string]any{"type": "move", "seq": seq, "move": map[string]string{"type": mv}})
		if p.conn.Write(ctx, websocket.MessageText, out) != nil {
			return
		}
	}
}

func (p *wsPlayer) seen() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]int(nil), p.versions...)
}

// catsOverSockets plays a Multipli Cat's game of Léa (on the first
// instance) and Zoé (on the last) with one computer cat over WebSockets,
// until one of them wins an exchange with a slap.
func catsOverSockets(t *testing.T, st *store.Store, envs []*env) {
	ctx := context.Background()
	first, last := envs[0], envs[len(envs)-1]
	s := first.newSchool(t)
	zoe := first.secondStudent(t, s)
	_, g := first.startGame(t, s.student, map[string]any{"game": "cats", "opponents": 2, "classmate_id": s.spareStudentID})
	srvA := httptest.NewServer(first.srv.Handler())
	t.Cleanup(srvA.Close)
	srvB := httptest.NewServer(last.srv.Handler())
	t.Cleanup(srvB.Close)

	lea := dialGame(t, srvA.URL, s.student, g)
	zo := dialGame(t, srvB.URL, zoe, g)
	playCtx, stop := context.WithTimeout(ctx, 40*time.Second)
	defer stop()
	go lea.play(playCtx, t)
	go zo.play(playCtx, t)

	// Both quick children slap on every match: one of them wins an
	// exchange, judged on the server clock, whichever instance took it.
	won := false
	for !won && playCtx.Err() == nil {
		time.Sleep(200 * time.Millisecond)
		for _, id := range []int64{s.studentID, s.spareStudentID} {
			atts, err := st.AttemptsOf(ctx, id, time.Time{})
			require.NoError(t, err)
			for _, a := range atts {
				won = won || (a.Kind == "claim" && a.Correct)
			}
		}
	}
	require.True(t, won, "a student won an exchange with a slap")
	stop()

	// Zoé, on the other instance, saw the states Léa's moves made.
	leaSeen, zoeSeen := lea.seen(), zo.seen()
	require.NotEmpty(t, leaSeen)
	require.NotEmpty(t, zoeSeen)
	assert.GreaterOrEqual(t, zoeSeen[len(zoeSeen)-1], leaSeen[len(leaSeen)-1]-2, "both sockets follow the same game")
	common := 0
	zs := map[int]bool{}
	for _, v := range zoeSeen {
		zs[v] = true
	}
	for _, v := range leaSeen {
		if zs[v] {
			common++
		}
	}
	assert.Greater(t, common, 2, "the two sockets were pushed the same versions")
}

func TestPlayCatsOverWebSocketOnOneInstance(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	catsOverSockets(t, st, []*env{newEnv(t, st, realClock, fixedSeed(3))})
}

func TestPlayCatsOverWebSocketWithStudentsOnTwoInstances(t *testing.T) {
	url := postgresURL(t)
	st1, st2 := storetest.Open(t, url), storetest.Open(t, url)
	catsOverSockets(t, st1, []*env{newEnv(t, st1, realClock, fixedSeed(3)), newEnv(t, st2, realClock, fixedSeed(3))})
}

func fixedSeed(n uint64) func(*server.Config) {
	return func(c *server.Config) { c.PlaySeed = func() uint64 { return n } }
}

// debugWS logs every state the sockets receive.
var debugWS = false
