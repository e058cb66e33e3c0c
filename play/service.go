package play

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"log/slog"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/learning"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// Service is the move pipeline. It is safe for concurrent use; several
// instances may serve one game (the stored version decides who wins).
type Service struct {
	store *store.Store
	model pedagogy.Model
	// meaning decides what a start writes (learning.Meaning.Start).
	meaning learning.Meaning
	now     func() time.Time
	seed    func() uint64
	logger  *slog.Logger
	hub     *Hub
	// minAnswer: practice answers faster than this are refused (practice.go).
	minAnswer time.Duration
	plans     planCache
}

// Options configure a Service; zero fields take defaults.
type Options struct {
	// Model is the pedagogy (default: pedagogy.DefaultModel, the one the
	// store's write path folds attempts with).
	Model *pedagogy.Model
	// Now is the server clock (default time.Now).
	Now func() time.Time
	// Seed deals games (default: crypto/rand).
	Seed   func() uint64
	Logger *slog.Logger
	// MinAnswer is the shortest time a practice answer may take (0:
	// DefaultMinAnswer; negative: no bound, for load tests only — a client
	// may then answer faster than any child).
	MinAnswer time.Duration
}

// New builds the pipeline on a store.
func New(st *store.Store, o Options) *Service {
	s := &Service{store: st, now: o.Now, seed: o.Seed, logger: o.Logger, minAnswer: o.MinAnswer}
	if o.Model != nil {
		s.model = *o.Model
	} else {
		s.model = pedagogy.DefaultModel()
	}
	s.meaning = learning.New(s.model)
	if s.now == nil {
		s.now = time.Now
	}
	if s.minAnswer == 0 {
		s.minAnswer = DefaultMinAnswer
	}
	if s.seed == nil {
		s.seed = randomSeed
	}
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	s.hub = newHub(s)
	return s
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *Service) wall() time.Time { return s.now().UTC() }

// Hub is the service's real-time hub (WebSocket subscriptions and drivers).
func (s *Service) Hub() *Hub { return s.hub }

// SeatDTO is a seat as the interface shows it.
type SeatDTO struct {
	Kind games.SeatKind `json:"kind"`
	Name string         `json:"name"`
}

// AttemptDTO is one of the seat's attempts of the last step.
type AttemptDTO struct {
	A       int        `json:"a"`
	B       int        `json:"b"`
	Given   *int       `json:"given"`
	Correct bool       `json:"correct"`
	Kind    games.Kind `json:"kind"`
}

// GameDTO is a game as one seat sees it, as the play API sends it.
type GameDTO struct {
	ID        int64           `json:"id"`
	SessionID int64           `json:"session_id"`
	Game      string          `json:"game"`
	Edition   string          `json:"edition"`
	Version   int             `json:"version"`
	Seat      int             `json:"seat"`
	Seats     []SeatDTO       `json:"seats"`
	Level     games.LevelName `json:"level"`
	View      any             `json:"view"`
	Events    []games.Event   `json:"events"`
	Attempts  []AttemptDTO    `json:"attempts"`
	Over      bool            `json:"over"`
	Result    games.Result    `json:"result"`
	Now       int64           `json:"now"`
	RealTime  bool            `json:"real_time"`
	// LastSeq is the seq of the seat's last applied move: the page numbers
	// its next move above it (after a reload too).
	LastSeq int64 `json:"last_seq"`
}

// DTO is the game as seat sees it now. Events and attempts are those of
// the steps after version since (the client's), as far as the saved state
// remembers them; with since < 0, those of the last step.
func (g *Game) DTO(seat int, wall time.Time, since int) GameDTO {
	steps := []games.Step{g.env.Last}
	if since >= 0 {
		steps = steps[:0]
		for _, r := range g.env.Recent {
			if r.Version > since {
				steps = append(steps, r.Step)
			}
		}
	}
	var events []games.Event
	var attempts []games.Attempt
	for _, st := range steps {
		events = append(events, st.Events...)
		attempts = append(attempts, st.Attempts...)
	}
	d := GameDTO{
		ID: g.Row.ID, SessionID: g.SessionOf(seat), Game: g.Row.Game, Edition: g.Row.Edition,
		Version: g.Row.Version, Seat: seat, Level: g.env.Level, View: g.eng.View(seat),
		Events: events, Attempts: []AttemptDTO{}, Over: g.eng.Over(),
		Result: games.Result{Winners: []int{}, Scores: []int{}}, Now: g.env.clockAt(wall),
		RealTime: g.Kind.RealTime, LastSeq: g.lastSeq(seat),
	}
	if d.Events == nil {
		d.Events = []games.Event{}
	}
	for _, s := range g.Seats {
		d.Seats = append(d.Seats, SeatDTO{Kind: s.Kind, Name: s.Name})
	}
	for _, a := range attempts {
		if a.Seat == seat {
			d.Attempts = append(d.Attempts, AttemptDTO{A: a.A, B: a.B, Given: a.Given, Correct: a.Correct, Kind: a.Kind})
		}
	}
	if d.Over {
		d.Result = g.eng.Result()
		if d.Result.Winners == nil {
			d.Result.Winners = []int{}
		}
	}
	return d
}

// View is a game as a student's seat sees it now, with what happened since
// version since (-1: the last step). It is a pure read: it neither joins
// an invited classmate nor lets the game's clock act (a GET, which another
// site can make a child's browser send, must change nothing). Open does
// both.
func (s *Service) View(ctx context.Context, gameID, studentID int64, since int) (GameDTO, error) {
	g, err := s.loadGame(ctx, gameID)
	if err != nil {
		return GameDTO{}, err
	}
	seat, ok := g.SeatOf(studentID)
	if !ok {
		return GameDTO{}, ErrNotPlayer
	}
	return g.DTO(seat, s.wall(), since), nil
}

// Open is a student opening a game's page: an invited classmate joins it
// (their play session starts), and a game whose clock has something due (a
// computer's turn, a timer) is advanced and saved, so that the page never
// shows a game waiting for nothing. It answers the seat's view as View.
func (s *Service) Open(ctx context.Context, gameID, studentID int64, since int) (GameDTO, error) {
	for range 3 {
		g, err := s.loadGame(ctx, gameID)
		if err != nil {
			return GameDTO{}, err
		}
		seat, ok := g.SeatOf(studentID)
		if !ok {
			return GameDTO{}, ErrNotPlayer
		}
		wall := s.wall()
		_, err = s.join(ctx, g, seat, wall)
		if err == nil {
			_, err = s.advanceDue(ctx, g, wall)
		}
		if errors.Is(err, ErrStale) {
			continue // another instance saved meanwhile: read again
		}
		if err != nil {
			return GameDTO{}, err
		}
		return g.DTO(seat, wall, since), nil
	}
	return GameDTO{}, ErrStale
}
