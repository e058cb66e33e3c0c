package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"github.com/multipli/multipli/migrations"
)

// Real-time games across instances. On PostgreSQL the instance
// that saves a move announces "game G is at version V" with NOTIFY; every
// instance LISTENs and pushes the new state to the players connected to it.
// On SQLite there is one instance, whose own in-process hub (in package play)
// is enough: NotifyGame does nothing and ListenGames only waits.

// notifyChannel names the channel of the store's schema: channels are global
// to a PostgreSQL database, and two schemas (two test runs, two
// deployments) must not hear each other's games.
func (s *Store) notifyChannel(ctx context.Context) (string, error) {
	var schema string
	if err := s.sqlDB.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return "", fmt.Errorf("store: current schema: %w", err)
	}
	clean := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, strings.ToLower(schema))
	return "multipli_games_" + clean, nil
}

// NotifyGame announces that a game was saved at a version.
func (s *Store) NotifyGame(ctx context.Context, gameID int64, version int) error {
	if s.dialect != migrations.Postgres {
		return nil
	}
	ch, err := s.notifyChannel(ctx)
	if err != nil {
		return err
	}
	payload := strconv.FormatInt(gameID, 10) + ":" + strconv.Itoa(version)
	if _, err := s.sqlDB.ExecContext(ctx, "SELECT pg_notify($1, $2)", ch, payload); err != nil {
		return fmt.Errorf("store: notify game %d: %w", gameID, err)
	}
	return nil
}

// ListenGames calls fn for every game change announced by any instance
// (this one included) until ctx ends. It holds one connection and
// reconnects after a failure. On SQLite it only waits for ctx.
func (s *Store) ListenGames(ctx context.Context, fn func(gameID int64, version int)) error {
	if s.dialect != migrations.Postgres {
		<-ctx.Done()
		return nil
	}
	for {
		err := s.listenOnce(ctx, fn)
		if ctx.Err() != nil {
			return nil
		}
		s.logger.Warn("game notifications interrupted; listening again", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

func (s *Store) listenOnce(ctx context.Context, fn func(gameID int64, version int)) error {
	ch, err := s.notifyChannel(ctx)
	if err != nil {
		return err
	}
	conn, err := s.sqlDB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: listen: %w", err)
	}
	// The connection saw LISTEN: it goes back to the pool closed, never
	// to serve another query with a subscription attached.
	defer discard(conn)
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("store: listen: unexpected driver connection %T", dc)
		}
		pc := c.Conn()
		if _, err := pc.Exec(ctx, `LISTEN "`+ch+`"`); err != nil {
			return fmt.Errorf("store: listen: %w", err)
		}
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return fmt.Errorf("store: wait for notification: %w", err)
			}
			id, version, ok := parseGameChange(n.Payload)
			if ok {
				fn(id, version)
			}
		}
	})
}

// discard closes a dedicated connection for good: returned to the pool it
// would keep its LISTEN or its advisory locks.
func discard(c *sql.Conn) {
	_ = c.Raw(func(any) error { return errBadConn })
	_ = c.Close()
}

// errBadConn makes database/sql discard the connection instead of pooling it.
var errBadConn = fmt.Errorf("store: discard connection: %w", driverErrBadConn)

func parseGameChange(p string) (int64, int, bool) {
	a, b, ok := strings.Cut(p, ":")
	if !ok {
		return 0, 0, false
	}
	id, err1 := strconv.ParseInt(a, 10, 64)
	v, err2 := strconv.Atoi(b)
	return id, v, err1 == nil && err2 == nil
}

// gameLockClass is the first key of the advisory locks on games, so that
// they never collide with another use of advisory locks.
const gameLockClass = 0x4d55 // "MU"

// gameLockKey puts the class in the top 16 bits of the lock's one bigint key.
func gameLockKey(gameID int64) int64 { return gameLockClass<<48 | gameID&(1<<48-1) }

// GameLocks are the advisory locks by which one instance, and only one,
// drives each real-time game's clock (see play.Hub). All the locks of an
// instance live on one dedicated connection: a session lock goes away by
// itself when its connection (or the instance) dies, and one connection for
// every game keeps the pool free for requests. On SQLite (one instance)
// every lock is granted.
type GameLocks struct {
	s    *Store
	mu   sync.Mutex
	conn *sql.Conn
}

// GameLocks returns a new, empty set of game locks for this instance.
func (s *Store) GameLocks() *GameLocks { return &GameLocks{s: s} }

// TryLock takes the game's lock if no other instance holds it.
func (l *GameLocks) TryLock(ctx context.Context, gameID int64) (bool, error) {
	if l.s.dialect != migrations.Postgres {
		return true, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		c, err := l.s.sqlDB.Conn(ctx)
		if err != nil {
			return false, fmt.Errorf("store: lock game %d: %w", gameID, err)
		}
		l.conn = c
	}
	var got bool
	if err := l.conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1)", gameLockKey(gameID)).Scan(&got); err != nil {
		// The connection may be gone, and every lock with it: start afresh.
		discard(l.conn)
		l.conn = nil
		return false, fmt.Errorf("store: lock game %d: %w", gameID, err)
	}
	return got, nil
}

// Unlock gives a game's lock back.
func (l *GameLocks) Unlock(ctx context.Context, gameID int64) error {
	if l.s.dialect != migrations.Postgres {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		return nil
	}
	if _, err := l.conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", gameLockKey(gameID)); err != nil {
		discard(l.conn)
		l.conn = nil
		return fmt.Errorf("store: unlock game %d: %w", gameID, err)
	}
	return nil
}

// Close releases every lock.
func (l *GameLocks) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		return nil
	}
	discard(l.conn)
	l.conn = nil
	return nil
}

// driverErrBadConn is database/sql/driver.ErrBadConn, named here so the
// import stays beside its only use.
var driverErrBadConn = driver.ErrBadConn
