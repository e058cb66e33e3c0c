package play

import (
	"context"
	"sync"
	"time"

	"github.com/multipli/multipli/store"
)

// Hub carries game changes to the players connected to this instance and
// drives the clock of the games they play.
//
// Across instances (PostgreSQL): the instance that saves a game NOTIFYs
// "game G at version V"; every instance LISTENs while it has players
// connected, and tells its subscribers to reload and push the new state.
//
// Who drives a game's clock (calls Advance at the engine's Next time, when
// no player acts: a computer cat's reveal, a reaction window closing, a turn
// timer): the one instance that holds the game's PostgreSQL advisory lock.
// Every instance with a player of the game connected tries to take it, and
// retries every lockRetry while it has one; the lock goes with the holder's
// connection if that instance dies, and the next one takes over. Two drivers
// at once (a lock lost with its connection) would still be safe: every save
// checks the game's version, and the loser reloads. On SQLite there is one
// instance, which always drives.
type Hub struct {
	svc   *Service
	locks *store.GameLocks

	mu     sync.Mutex
	games  map[int64]*liveGame
	listen context.CancelFunc
}

// lockRetry is how often an instance that does not drive a game checks
// whether the driver went away.
const lockRetry = 2 * time.Second

type liveGame struct {
	id      int64
	subs    map[*Subscription]struct{}
	version int
	wake    chan struct{}
	stop    context.CancelFunc
}

// Subscription receives a signal on C whenever its game changed (the
// receiver reloads the game; signals coalesce).
type Subscription struct {
	C   <-chan struct{}
	c   chan struct{}
	hub *Hub
	id  int64
}

func newHub(s *Service) *Hub {
	return &Hub{svc: s, locks: s.store.GameLocks(), games: map[int64]*liveGame{}}
}

// Subscribe follows a game. The caller must Close the subscription.
func (h *Hub) Subscribe(gameID int64) *Subscription {
	c := make(chan struct{}, 1)
	sub := &Subscription{C: c, c: c, hub: h, id: gameID}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.listen == nil {
		ctx, cancel := context.WithCancel(context.Background())
		h.listen = cancel
		go func() {
			_ = h.svc.store.ListenGames(ctx, func(id int64, v int) { h.changed(ctx, id, v, false) })
		}()
	}
	l := h.games[gameID]
	if l == nil {
		ctx, cancel := context.WithCancel(context.Background())
		l = &liveGame{id: gameID, subs: map[*Subscription]struct{}{}, wake: make(chan struct{}, 1), stop: cancel}
		h.games[gameID] = l
		go h.drive(ctx, l)
	}
	l.subs[sub] = struct{}{}
	return sub
}

// Close stops following the game. The last subscription of a game stops
// its driver here, and the last of all stops listening.
func (sub *Subscription) Close() {
	h := sub.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	l := h.games[sub.id]
	if l == nil {
		return
	}
	delete(l.subs, sub)
	if len(l.subs) > 0 {
		return
	}
	l.stop()
	delete(h.games, sub.id)
	if len(h.games) == 0 && h.listen != nil {
		h.listen()
		h.listen = nil
	}
}

// changed is told of a saved version: by this instance's pipeline (local),
// or by another instance's notice. It wakes the game's subscribers and
// driver once per version, and announces local saves to the other
// instances.
func (h *Hub) changed(ctx context.Context, gameID int64, version int, local bool) {
	h.mu.Lock()
	if l := h.games[gameID]; l != nil && version > l.version {
		l.version = version
		for sub := range l.subs {
			signal(sub.c)
		}
		signal(l.wake)
	}
	h.mu.Unlock()
	if local {
		if err := h.svc.store.NotifyGame(ctx, gameID, version); err != nil {
			h.svc.logger.Warn("notify game change", "game", gameID, "err", err)
		}
	}
}

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// drive runs while the game has subscribers on this instance: it takes the
// game's lock when it can, and while it holds it, advances the game at the
// engine's Next times.
func (h *Hub) drive(ctx context.Context, l *liveGame) {
	for ctx.Err() == nil {
		ok, err := h.locks.TryLock(ctx, l.id)
		if err != nil && ctx.Err() == nil {
			h.svc.logger.Warn("lock game", "game", l.id, "err", err)
		}
		if ok {
			h.driveLocked(ctx, l)
			unlockCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_ = h.locks.Unlock(unlockCtx, l.id)
			cancel()
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(lockRetry):
		}
	}
}

func (h *Hub) driveLocked(ctx context.Context, l *liveGame) {
	// idle is the version a tick left unchanged: ticking it again at once
	// would spin (a timer beyond the clock's cap), so it waits a little.
	idle := -1
	for {
		var timer <-chan time.Time
		g, err := h.svc.loadGame(ctx, l.id)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return
			}
			h.svc.logger.Warn("drive game: load", "game", l.id, "err", err)
			timer = time.After(time.Second)
		case !g.eng.Over():
			if at, ok := g.eng.Next(); ok {
				wall, _ := g.env.wallAt(at)
				d := wall.Sub(h.svc.wall()) + time.Millisecond
				if g.Row.Version == idle {
					d = max(d, 500*time.Millisecond)
				}
				timer = time.After(max(d, 0))
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-l.wake:
		case <-timer:
			if g != nil {
				idle = g.Row.Version
			}
			if err := h.svc.Tick(ctx, l.id); err != nil && ctx.Err() == nil {
				h.svc.logger.Warn("drive game: tick", "game", l.id, "err", err)
			}
		}
	}
}
