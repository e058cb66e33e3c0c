package store

import (
	"context"
	"time"
)

// LoginFailure is one failed login counted against a bucket: an account
// ("student:42") or an address ("addr:203.0.113.9"). Keeping them in the
// database makes the throttle hold across several app instances.
type LoginFailure struct {
	ID     int64
	Bucket string
	At     time.Time
}

// RecordLoginFailure counts one failure against every bucket.
func (s *Store) RecordLoginFailure(ctx context.Context, at time.Time, buckets ...string) error {
	rows := make([]LoginFailure, len(buckets))
	for i, b := range buckets {
		rows[i] = LoginFailure{Bucket: b, At: at.UTC()}
	}
	if len(rows) == 0 {
		return nil
	}
	return wrap(s.db.WithContext(ctx).Create(&rows).Error, "record login failure")
}

// LoginFailures counts a bucket's failures since the given time, and returns
// the oldest of them (zero when none) so callers can say when to retry.
func (s *Store) LoginFailures(ctx context.Context, bucket string, since time.Time) (int64, time.Time, error) {
	q := s.db.WithContext(ctx).Model(&LoginFailure{}).Where("bucket = ? AND at >= ?", bucket, since.UTC())
	var n int64
	if err := q.Count(&n).Error; err != nil {
		return 0, time.Time{}, wrap(err, "count login failures")
	}
	if n == 0 {
		return 0, time.Time{}, nil
	}
	// MIN(at) would lose the column's type on SQLite; read the oldest row.
	var oldest LoginFailure
	err := s.db.WithContext(ctx).Where("bucket = ? AND at >= ?", bucket, since.UTC()).Order("at").Take(&oldest).Error
	return n, oldest.At, wrap(err, "oldest login failure")
}

// ClearLoginFailures forgets a bucket's failures (after a successful login).
func (s *Store) ClearLoginFailures(ctx context.Context, bucket string) error {
	err := s.db.WithContext(ctx).Where("bucket = ?", bucket).Delete(&LoginFailure{}).Error
	return wrap(err, "clear login failures")
}

// PruneLoginFailures deletes the failures older than the given time.
func (s *Store) PruneLoginFailures(ctx context.Context, before time.Time) error {
	err := s.db.WithContext(ctx).Where("at < ?", before.UTC()).Delete(&LoginFailure{}).Error
	return wrap(err, "prune login failures")
}
