package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/learning"
)

// Game is a game in progress or over. Seats and State are the engine's JSON;
// Version grows by one with every saved move, so that two instances (or two
// tabs) cannot both apply a move to the same state.
type Game struct {
	ID            int64
	PlaySessionID int64
	Game          string
	Edition       string
	Seats         string
	State         string
	Version       int
	Status        string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// GameEvent is one entry of a game's event log, numbered from 1.
type GameEvent struct {
	ID     int64
	GameID int64
	N      int
	At     time.Time
	Event  string
}

// ErrStale is returned when a move was computed on a version of the game
// that is no longer the stored one: the client reloads and tries again.
var ErrStale = fmt.Errorf("%w: game version moved", ErrConflict)

// CreateGame inserts g and sets its ID.
func (s *Store) CreateGame(ctx context.Context, g *Game) error {
	return wrap(s.db.WithContext(ctx).Create(g).Error, "create game")
}

// Game finds a game by id.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	var g Game
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&g).Error
	return g, wrap(err, "find game %d", id)
}

// GamesOfSession lists a play session's games, oldest first.
func (s *Store) GamesOfSession(ctx context.Context, playSessionID int64) ([]Game, error) {
	var out []Game
	err := s.db.WithContext(ctx).Where("play_session_id = ?", playSessionID).Order("id").Find(&out).Error
	return out, wrap(err, "games of play session %d", playSessionID)
}

// GameEvents lists a game's events after event n, in order.
func (s *Store) GameEvents(ctx context.Context, gameID int64, after int) ([]GameEvent, error) {
	var out []GameEvent
	err := s.db.WithContext(ctx).Where("game_id = ? AND n > ?", gameID, after).Order("n").Find(&out).Error
	return out, wrap(err, "events of game %d", gameID)
}

// Move is everything one move writes, in one transaction: the new
// state, its events and the attempts. The pedagogy's statistics are no
// longer the caller's business: the write path (record.go) updates them
// from the new attempts.
type Move struct {
	GameID      int64
	FromVersion int // the version the move was computed on
	State       string
	Status      string
	At          time.Time
	Events      []GameEvent // GameID and N are filled in by SaveMove
	Attempts    []Attempt
	// Deprecated: ignored, the write path computes them; to be removed.
	FactStats []FactStat
	// Deprecated: ignored, the write path computes it; to be removed.
	StudentModel *StudentModel
}

// SaveMove writes a move in one transaction (grouped with others by the
// writer) and returns the new version once it is durable. ErrStale when the
// stored version is not FromVersion: nothing is written. Attempts already
// stored (same session and seq) are skipped; the new ones update the
// pedagogy state and the weeks, and the move counts as the session's
// activity for its played time.
func (s *Store) SaveMove(ctx context.Context, m Move) (int, error) {
	at := normalize(m.At)
	err := s.w.write(ctx, firstStudent(m.Attempts), func(tx *gorm.DB) error {
		q := s.conn(tx)
		var sessionID int64
		err := q.queryRow("UPDATE games SET state = ?, status = ?, version = ?, updated_at = ? WHERE id = ? AND version = ? RETURNING play_session_id",
			m.State, m.Status, m.FromVersion+1, at, m.GameID, m.FromVersion).Scan(&sessionID)
		if errors.Is(err, sql.ErrNoRows) {
			var n int64
			if err := q.queryRow("SELECT COUNT(*) FROM games WHERE id = ?", m.GameID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return ErrNotFound
			}
			return ErrStale
		}
		if err != nil {
			return err
		}
		if len(m.Events) > 0 {
			var last sql.NullInt64
			if err := q.queryRow("SELECT MAX(n) FROM game_events WHERE game_id = ?", m.GameID).Scan(&last); err != nil {
				return err
			}
			next := int(last.Int64) + 1
			for i := range m.Events {
				m.Events[i].GameID, m.Events[i].N = m.GameID, next+i
				if m.Events[i].At.IsZero() {
					m.Events[i].At = at
				}
				m.Events[i].At = m.Events[i].At.UTC()
			}
			if err := tx.Create(&m.Events).Error; err != nil {
				return err
			}
		}
		_, err = s.recordTx(tx, m.Attempts, learning.Activity{SessionID: sessionID, At: at})
		return err
	})
	if errors.Is(err, ErrStale) {
		return 0, fmt.Errorf("store: save move of game %d: %w", m.GameID, err)
	}
	if err != nil {
		return 0, classify(err, fmt.Sprintf("save move of game %d", m.GameID))
	}
	return m.FromVersion + 1, nil
}
