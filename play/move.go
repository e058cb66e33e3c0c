package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// MoveRequest is one move of a student.
type MoveRequest struct {
	GameID    int64
	StudentID int64
	// Version is the version the client computed the move on. Turn-based
	// games refuse a move on an older version (ErrStale). Real-time games
	// ignore it: the server judges the move on the state it has when the
	// move arrives, on its own clock — that is the point of a slap.
	Version int
	// Seq is the client's sequence number of the move, increasing for each
	// move of the seat (see maxSeqAhead for the rule).
	Seq  int64
	Move json.RawMessage
}

// Attempt sequence numbers (attempts.seq, unique per play session). One
// game is played per play session, and every save of a game has its own
// version, so the attempts a save produces are numbered from the version it
// writes: seq = version × 1000 + index. A refused move that produces an
// attempt (Magicoa's refused cover is a wrong bid) changes no state, so it
// has no version of its own: it takes version × 1000 + 900 + seq mod 100 of
// the version it was refused on — resending it gives the same number, so it
// is stored once.
// maxSeqAhead bounds a move's client seq. The rule, per seat: a move with
// seq ≤ the seat's last applied seq is a resend (answered with the current
// game, nothing applied) unless a later move passed it over (Applied:
// refused with "game.seq_passed"); a new move's seq must be above it and at most
// maxSeqAhead above the larger of that last seq and the game's version
// (the page numbers its moves max(version + 1, its last seq + 1), so
// after a reload it starts from the version). A seq further ahead is
// refused (RequestError "game.seq_ahead", with the seat's last seq)
// instead of being applied: applied, it would turn every later move of
// the seat into a "resend" that silently does nothing. The bound leaves
// room for a long run of refused moves (they do not move the seat's last
// seq, but the page counts them).
const maxSeqAhead = 10_000

const (
	seqPerVersion   = 1000
	seqRefusedBase  = 900
	maxStepAttempts = seqRefusedBase
)

// Move applies a student's move: time passes to now (computers and timers
// act first), the move is applied, then the computers answer. Everything is
// saved in one transaction through the store's write path. A move the rules
// refuse returns the *games.RuleError, after storing any attempt the
// refusal produced.
func (s *Service) Move(ctx context.Context, r MoveRequest) (GameDTO, error) {
	arrived := s.wall()
	for try := 0; ; try++ {
		dto, err := s.moveOnce(ctx, r, arrived)
		if errors.Is(err, ErrStale) && try < 4 && s.retryable(ctx, r) {
			continue
		}
		return dto, err
	}
}

// retryable: a real-time move that lost a race with another save (the
// driver's timer, another player's slap) is judged again on the new state.
func (s *Service) retryable(ctx context.Context, r MoveRequest) bool {
	row, err := s.store.Game(ctx, r.GameID)
	if err != nil {
		return false
	}
	k, ok := KindOf(games.Name(row.Game))
	return ok && k.RealTime
}

func (s *Service) moveOnce(ctx context.Context, r MoveRequest, arrived time.Time) (GameDTO, error) {
	g, err := s.loadGame(ctx, r.GameID)
	if err != nil {
		return GameDTO{}, err
	}
	seat, ok := g.SeatOf(r.StudentID)
	if !ok {
		return GameDTO{}, ErrNotPlayer
	}
	wall := s.wall()
	if r.Seq > 0 && r.Seq <= g.env.LastSeq[seat] {
		if g.env.passedOver(seat, r.Seq) {
			return GameDTO{}, &RequestError{Field: "seq", Code: "game.seq_passed", Params: map[string]any{"last_seq": g.env.LastSeq[seat]}}
		}
		return g.DTO(seat, wall, r.Version), nil // a resend: already applied
	}
	if last := g.env.LastSeq[seat]; r.Seq > max(last, int64(g.Row.Version))+maxSeqAhead {
		return GameDTO{}, &RequestError{Field: "seq", Code: "game.seq_ahead", Params: map[string]any{"last_seq": last}}
	}
	if !g.Kind.RealTime && r.Version != g.Row.Version {
		return GameDTO{}, ErrStale
	}
	if g.SessionOf(seat) == 0 {
		if _, err := s.join(ctx, g, seat, wall); err != nil {
			return GameDTO{}, err
		}
	}
	// The move happened when it arrived; a retry after a lost race keeps
	// that time unless the game's clock has already passed it.
	now := max(g.env.clockAt(arrived), g.env.ClockMS)
	var step games.Step
	if at, ok := g.eng.Next(); ok && at <= now {
		pre, err := g.eng.Advance(now)
		if err != nil {
			return GameDTO{}, fmt.Errorf("play: game %d: advance: %w", g.Row.ID, err)
		}
		step.Merge(pre)
	}
	applied, err := g.eng.Apply(seat, r.Move, now)
	if err := games.CheckGiven(applied.Attempts); err != nil {
		return GameDTO{}, err // nothing is saved: the game stays as it was
	}
	if re, ok := games.AsRuleError(err); ok {
		// Nothing changes in the game (the advance above is dropped with
		// it: the next request redoes it); only the refusal's attempts stay.
		if rerr := s.storeRefused(ctx, g, applied.Attempts, r.Seq, wall); rerr != nil {
			return GameDTO{}, rerr
		}
		return GameDTO{}, re
	}
	if err != nil {
		return GameDTO{}, fmt.Errorf("play: game %d: apply: %w", g.Row.ID, err)
	}
	step.Merge(applied)
	post, err := g.eng.Advance(now)
	if err != nil {
		return GameDTO{}, fmt.Errorf("play: game %d: advance: %w", g.Row.ID, err)
	}
	step.Merge(post)
	if r.Seq > 0 {
		g.env.applied(seat, r.Seq)
	}
	if err := s.save(ctx, g, step, now, wall); err != nil {
		return GameDTO{}, err
	}
	return g.DTO(seat, wall, r.Version), nil
}

// appliedWindow is how many applied seqs a seat remembers: far more than
// moves a page can have in flight at once.
const appliedWindow = 32

// applied records seat's move seq as applied.
func (e *saved) applied(seat int, seq int64) {
	for len(e.Applied) <= seat {
		e.Applied = append(e.Applied, seqWindow{})
	}
	w := &e.Applied[seat]
	if len(w.Seqs) == 0 {
		w.Floor = e.LastSeq[seat] // a save from before the window: what came before is unknown
	}
	e.LastSeq[seat] = seq
	w.Seqs = append(w.Seqs, seq)
	if n := len(w.Seqs) - appliedWindow; n > 0 {
		w.Floor = w.Seqs[n-1]
		w.Seqs = slices.Clone(w.Seqs[n:])
	}
}

// passedOver reports whether seq, at or below the seat's last applied seq,
// was never applied: above the window's floor and not in it. At or below
// the floor (or in a save without a window) it counts as a resend.
func (e *saved) passedOver(seat int, seq int64) bool {
	if seat >= len(e.Applied) || len(e.Applied[seat].Seqs) == 0 {
		return false
	}
	w := e.Applied[seat]
	return seq > w.Floor && !slices.Contains(w.Seqs, seq)
}

// advanceDue lets time pass to now when the game has something due, and
// saves. It reports whether it saved.
func (s *Service) advanceDue(ctx context.Context, g *Game, wall time.Time) (bool, error) {
	if g.eng.Over() {
		return false, nil
	}
	now := g.env.clockAt(wall)
	at, ok := g.eng.Next()
	if !ok || at > now {
		return false, nil
	}
	step, err := g.eng.Advance(now)
	if err != nil {
		return false, fmt.Errorf("play: game %d: advance: %w", g.Row.ID, err)
	}
	return true, s.save(ctx, g, step, now, wall)
}

// Tick advances a game whose clock has something due (the real-time
// driver calls it at the engine's Next time).
func (s *Service) Tick(ctx context.Context, gameID int64) error {
	g, err := s.loadGame(ctx, gameID)
	if err != nil {
		return err
	}
	_, err = s.advanceDue(ctx, g, s.wall())
	if errors.Is(err, ErrStale) {
		return nil // another instance moved it: its notice reschedules us
	}
	return err
}

// save writes the game's new state, the step's events and attempts in one
// transaction, then tells the other seats.
func (s *Service) save(ctx context.Context, g *Game, step games.Step, clock int64, wall time.Time) error {
	version := g.Row.Version + 1
	state, err := g.encodeState(clock, wall, step, version)
	if err != nil {
		return err
	}
	m := store.Move{
		GameID: g.Row.ID, FromVersion: g.Row.Version, State: state, Status: g.status(), At: wall,
		Attempts: s.attemptRows(g, step.Attempts, int64(version)*seqPerVersion, wall),
	}
	for _, ev := range step.Events {
		b, err := json.Marshal(ev)
		if err != nil {
			return fmt.Errorf("play: game %d: event: %w", g.Row.ID, err)
		}
		m.Events = append(m.Events, store.GameEvent{At: wall, Event: string(b)})
	}
	v, err := s.store.SaveMove(ctx, m)
	if errors.Is(err, store.ErrStale) {
		return ErrStale
	}
	if err != nil {
		return err
	}
	g.Row.Version, g.Row.State, g.Row.Status, g.Row.UpdatedAt = v, state, m.Status, wall
	s.hub.changed(ctx, g.Row.ID, v, true)
	return nil
}

// storeRefused stores the attempts a refused move produced.
func (s *Service) storeRefused(ctx context.Context, g *Game, attempts []games.Attempt, clientSeq int64, wall time.Time) error {
	if len(attempts) == 0 {
		return nil
	}
	base := int64(g.Row.Version)*seqPerVersion + seqRefusedBase + (clientSeq%100+100)%100
	rows := s.attemptRows(g, attempts, base, wall)
	_, err := s.store.RecordAttempts(ctx, rows)
	return err
}

// attemptRows turns the engine's attempts into learning-record rows: every
// field of the learning record, numbered from base. Correct is the engine's verdict,
// stored as it is: what it means differs by kind (games/README.md), e.g. a
// Magicoa bid on an equal product gives given == a×b and is still wrong. Attempts of a seat without a student or session are dropped (the
// engines give none to computers).
func (s *Service) attemptRows(g *Game, attempts []games.Attempt, base int64, wall time.Time) []store.Attempt {
	var out []store.Attempt
	gameID := g.Row.ID
	for i, a := range attempts {
		if i >= maxStepAttempts {
			s.logger.Error("too many attempts in one step; the rest are dropped", "game", gameID, "n", len(attempts))
			break
		}
		if a.Seat < 0 || a.Seat >= len(g.Seats) || !g.Seats[a.Seat].Human() || g.SessionOf(a.Seat) == 0 {
			continue
		}
		out = append(out, store.Attempt{
			StudentID: g.Seats[a.Seat].StudentID, PlaySessionID: g.SessionOf(a.Seat), GameID: &gameID,
			Game: g.eng.Game(), Level: string(g.env.Level), A: a.A, B: a.B, Given: a.Given,
			Correct: a.Correct, Kind: string(a.Kind), ResponseMS: a.ResponseMS,
			Seq: base + int64(i), At: wall,
		})
	}
	return out
}
