package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/migrations"
)

// LoginFailure is one login guess counted against a bucket: an account
// ("student:42", "teacher:ana@school.test"), a client address
// ("addr:203.0.113.9"), a known device's account, a sign-up address.
// Keeping them in the database makes the throttle hold across several app
// instances. A guess is written before its secret is checked, and deleted
// again when the secret was right (ForgetLoginGuess): the rows that stay
// are the failures.
type LoginFailure struct {
	ID     int64
	Bucket string
	At     time.Time
}

// GuessBucket is a bucket a guess counts against, and the start of the
// window of its guesses that still count (a guess made exactly then no
// longer does).
type GuessBucket struct {
	Name  string
	Since time.Time
}

// LoginGuess is a guess taken by TakeLoginGuess: its row in each bucket.
type LoginGuess struct {
	IDs []int64
}

// GuessPolicy decides, from the times of the guesses that count in the
// i-th bucket (oldest first), how long the next guess must wait (0: it may
// go now).
type GuessPolicy func(i int, times []time.Time) time.Duration

// guessLockClass is the first key of the PostgreSQL advisory locks of the
// login buckets (the second is the bucket's hash). Two-key locks do not
// share their key space with the migrations' one-key lock.
const guessLockClass = 74_6502

// TakeLoginGuess counts one guess against every bucket if the policy lets
// it through in all of them, in one step no other guess can come between,
// on this instance or another: the buckets are read and the guess written
// in one transaction that holds the buckets' locks (PostgreSQL: an
// advisory lock per bucket, taken in name order so two guesses never wait
// for each other; SQLite: the database's write lock, taken at BEGIN, and
// in this process a mutex, so concurrent guesses queue here instead of
// spinning on the busy timeout). When a bucket says wait, nothing is
// written and the longest wait is returned. Any error means the guess was
// neither counted nor allowed: the caller must not check the secret.
func (s *Store) TakeLoginGuess(ctx context.Context, at time.Time, buckets []GuessBucket, policy GuessPolicy) (LoginGuess, time.Duration, error) {
	var guess LoginGuess
	var wait time.Duration
	if s.dialect == migrations.SQLite {
		leave, err := s.guessGate.enter(ctx)
		if err != nil {
			return guess, 0, wrap(err, "take login guess")
		}
		defer leave()
	}
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if s.dialect == migrations.Postgres {
			names := make([]string, len(buckets))
			for i, b := range buckets {
				names[i] = b.Name
			}
			slices.Sort(names)
			for _, n := range slices.Compact(names) {
				if err := tx.Exec("SELECT pg_advisory_xact_lock(?, hashtext(?))", guessLockClass, n).Error; err != nil {
					return err
				}
			}
		}
		for i, b := range buckets {
			times, err := guessTimes(tx, b)
			if err != nil {
				return err
			}
			wait = max(wait, policy(i, times))
		}
		if wait > 0 {
			return nil
		}
		rows := make([]LoginFailure, len(buckets))
		for i, b := range buckets {
			rows[i] = LoginFailure{Bucket: b.Name, At: at.UTC()}
		}
		if err := tx.Create(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			guess.IDs = append(guess.IDs, r.ID)
		}
		return nil
	})
	if err != nil {
		return LoginGuess{}, 0, wrap(err, "take login guess")
	}
	return guess, wait, nil
}

// CheckLoginGuess is TakeLoginGuess without counting the guess: how long a
// guess would have to wait now.
func (s *Store) CheckLoginGuess(ctx context.Context, buckets []GuessBucket, policy GuessPolicy) (time.Duration, error) {
	var wait time.Duration
	db := s.db.WithContext(ctx)
	for i, b := range buckets {
		times, err := guessTimes(db, b)
		if err != nil {
			return 0, wrap(err, "check login guess")
		}
		wait = max(wait, policy(i, times))
	}
	return wait, nil
}

// guessGate lets one login guess at a time into SQLite's write lock (the
// zero value is ready). The others wait here, in order, for as long as
// their request lasts, rather than in SQLite's busy handler, which sleeps
// and retries and, with hundreds of guesses at once, gave up on some
// ("database is locked").
type guessGate struct {
	once sync.Once
	ch   chan struct{}
}

func (g *guessGate) enter(ctx context.Context) (func(), error) {
	g.once.Do(func() { g.ch = make(chan struct{}, 1) })
	select {
	case g.ch <- struct{}{}:
		return func() { <-g.ch }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// guessTimes reads a bucket's guesses in its window, oldest first. The
// policy keeps them few (a bucket stops taking guesses at its limit), so
// reading the rows costs no more than counting them.
func guessTimes(db *gorm.DB, b GuessBucket) ([]time.Time, error) {
	var rows []LoginFailure
	err := db.Where("bucket = ? AND at > ?", b.Name, b.Since.UTC()).Order("at, id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("read bucket: %w", err)
	}
	times := make([]time.Time, len(rows))
	for i, r := range rows {
		times[i] = r.At
	}
	return times, nil
}

// ForgetLoginGuess undoes a guess that turned out right: its rows go, and
// every guess of the buckets in clear (the account the right secret
// opened) with them.
func (s *Store) ForgetLoginGuess(ctx context.Context, g LoginGuess, clear ...string) error {
	err := s.tx(ctx, func(tx *gorm.DB) error {
		if len(g.IDs) > 0 {
			if err := tx.Where("id IN ?", g.IDs).Delete(&LoginFailure{}).Error; err != nil {
				return err
			}
		}
		if len(clear) > 0 {
			return tx.Where("bucket IN ?", clear).Delete(&LoginFailure{}).Error
		}
		return nil
	})
	return wrap(err, "forget login guess")
}

// ClearLoginFailures forgets a bucket's failures (a teacher unlocking a
// child).
func (s *Store) ClearLoginFailures(ctx context.Context, bucket string) error {
	err := s.db.WithContext(ctx).Where("bucket = ?", bucket).Delete(&LoginFailure{}).Error
	return wrap(err, "clear login failures")
}

// LoginFailureCounts counts the failures of each bucket since the given
// time; buckets without any are left out.
func (s *Store) LoginFailureCounts(ctx context.Context, buckets []string, since time.Time) (map[string]int, error) {
	out := map[string]int{}
	if len(buckets) == 0 {
		return out, nil
	}
	var rows []struct {
		Bucket string
		N      int
	}
	err := s.db.WithContext(ctx).Model(&LoginFailure{}).Select("bucket, COUNT(*) AS n").
		Where("bucket IN ? AND at > ?", buckets, since.UTC()).Group("bucket").Scan(&rows).Error
	if err != nil {
		return nil, wrap(err, "count login failures")
	}
	for _, r := range rows {
		out[r.Bucket] = r.N
	}
	return out, nil
}

// PruneLoginFailures deletes the failures older than the given time.
func (s *Store) PruneLoginFailures(ctx context.Context, before time.Time) error {
	err := s.db.WithContext(ctx).Where("at < ?", before.UTC()).Delete(&LoginFailure{}).Error
	return wrap(err, "prune login failures")
}
