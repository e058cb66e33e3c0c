package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// A game replayed move by move: the game's event log (game_events), cut
// into moves (the events one saved move wrote share its time), with the
// attempts of the game marked on the move that made them.

type replayEvent struct {
	N    int            `json:"n"`
	Seat int            `json:"seat"`
	Type string         `json:"type"`
	Data map[string]any `json:"data,omitempty"`
	Text string         `json:"text"`
}

type replayAttempt struct {
	A          int    `json:"a"`
	B          int    `json:"b"`
	Given      *int   `json:"given"`
	Correct    bool   `json:"correct"`
	Kind       string `json:"kind"`
	ResponseMS *int64 `json:"response_ms"`
	Seq        int64  `json:"seq"`
}

type replayMove struct {
	Index    int             `json:"index"` // 1-based
	At       time.Time       `json:"at"`
	Events   []replayEvent   `json:"events"`
	Attempts []replayAttempt `json:"attempts"`
}

type replayJSON struct {
	GameID    int64        `json:"game_id"`
	Game      string       `json:"game"`
	StudentID int64        `json:"student_id"`
	Status    string       `json:"status"`
	Moves     []replayMove `json:"moves"`
}

// eventText writes an event for people: its type and its data, keys in
// order ("capture: a=7 b=8 seat=1"). The engines' data is public
// information only (games.Step), so it may be shown as it is.
func eventText(e games.Event) string {
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := []string{strings.ReplaceAll(e.Type, "_", " ")}
	for _, k := range keys {
		v, _ := json.Marshal(e.Data[k])
		parts = append(parts, fmt.Sprintf("%s=%s", k, v))
	}
	return strings.Join(parts, " ")
}

// replayOf loads a game the caller may see (through its student) and cuts
// its log into moves.
func (s *Server) replayOf(c echo.Context) (replayJSON, store.Student, error) {
	id, err := pathID(c)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	ctx := c.Request().Context()
	g, err := s.store.Game(ctx, id)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	ps, err := s.store.PlaySession(ctx, g.PlaySessionID)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	st, err := s.StudentFor(c, ps.StudentID)
	if err != nil {
		return replayJSON{}, store.Student{}, err
	}
	events, err := s.store.GameEvents(ctx, g.ID, 0)
	if err != nil {
		return replayJSON{}, st, err
	}
	attempts, err := s.store.AttemptsOfSession(ctx, ps.ID)
	if err != nil {
		return replayJSON{}, st, err
	}
	out := replayJSON{GameID: g.ID, Game: g.Game, StudentID: st.ID, Status: g.Status, Moves: []replayMove{}}
	for _, row := range events {
		var e games.Event
		_ = json.Unmarshal([]byte(row.Event), &e) // a row the engine wrote; unreadable data shows as its type only
		ev := replayEvent{N: row.N, Seat: e.Seat, Type: e.Type, Data: e.Data, Text: eventText(e)}
		if n := len(out.Moves); n > 0 && out.Moves[n-1].At.Equal(row.At.UTC()) {
			out.Moves[n-1].Events = append(out.Moves[n-1].Events, ev)
			continue
		}
		out.Moves = append(out.Moves, replayMove{Index: len(out.Moves) + 1, At: row.At.UTC(), Events: []replayEvent{ev}, Attempts: []replayAttempt{}})
	}
	for _, a := range attempts {
		if a.GameID != nil && *a.GameID != g.ID || len(out.Moves) == 0 {
			continue
		}
		// The attempt belongs to the last move saved at or before it.
		i := 0
		for j, m := range out.Moves {
			if !m.At.After(a.At) {
				i = j
			}
		}
		out.Moves[i].Attempts = append(out.Moves[i].Attempts, replayAttempt{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct, Kind: a.Kind, ResponseMS: a.ResponseMS, Seq: a.Seq})
	}
	return out, st, nil
}

func (s *Server) handleGameReplayJSON(c echo.Context) error {
	r, _, err := s.replayOf(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

type replayPage struct {
	pageBase
	Student store.Student
	Replay  replayJSON
	Game    string
	Move    *replayMove // the move shown; nil when the game has none
	Index   int
	Total   int
	Prev    int // 0: none
	Next    int
	Past    []replayMove // moves before the current one, newest last
}

// handleGameReplayPage shows one move at a time (?move=N) with links to
// step through, and the moves so far as a list: no script needed.
func (s *Server) handleGameReplayPage(c echo.Context) error {
	r, st, err := s.replayOf(c)
	if err != nil {
		return err
	}
	p := replayPage{pageBase: s.newPageBase(c, ""), Student: st, Replay: r, Total: len(r.Moves), Game: dashboard.GameLabel(r.Game)}
	p.Title = fmt.Sprintf("%s — %s", p.T["replay_title"], st.DisplayName)
	if p.Total > 0 {
		p.Index = min(max(intParam(c, "move", 1), 1), p.Total)
		p.Move = &r.Moves[p.Index-1]
		p.Past = r.Moves[:p.Index-1]
		if p.Index > 1 {
			p.Prev = p.Index - 1
		}
		if p.Index < p.Total {
			p.Next = p.Index + 1
		}
	}
	return s.render(c, "dash_replay.html", p)
}
