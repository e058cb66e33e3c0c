package server

import (
	"context"
	"math"
)

// Login throttling counts failures in the database (login_failures), so the
// limit holds however many app instances serve the school. A login is
// refused with 429 while its account or its address is over the limit, even
// with the right secret: otherwise the limit would not stop a guesser.

func accountBucket(kind, key string) string { return kind + ":" + key }

func addressBucket(ip string) string { return "addr:" + ip }

// checkThrottle refuses when a bucket is over its limit.
func (s *Server) checkThrottle(ctx context.Context, account, address string) error {
	now := s.now()
	since := now.Add(-s.cfg.Throttle.Window)
	for _, b := range []struct {
		bucket string
		limit  int
	}{{account, s.cfg.Throttle.Account}, {address, s.cfg.Throttle.Address}} {
		if b.bucket == "" {
			continue
		}
		n, oldest, err := s.store.LoginFailures(ctx, b.bucket, since)
		if err != nil {
			return err
		}
		if n >= int64(b.limit) {
			wait := oldest.Add(s.cfg.Throttle.Window).Sub(now)
			return &throttledError{retryAfterSeconds: max(1, int(math.Ceil(wait.Seconds())))}
		}
	}
	return nil
}

// loginFailed counts a failure against the buckets and prunes old rows now
// and then, so the table stays small without a background job.
func (s *Server) loginFailed(ctx context.Context, buckets ...string) error {
	now := s.now()
	var nonEmpty []string
	for _, b := range buckets {
		if b != "" {
			nonEmpty = append(nonEmpty, b)
		}
	}
	if err := s.store.RecordLoginFailure(ctx, now, nonEmpty...); err != nil {
		return err
	}
	if now.Unix()%16 == 0 {
		return s.store.PruneLoginFailures(ctx, now.Add(-2*s.cfg.Throttle.Window))
	}
	return nil
}

// loginSucceeded forgets the account's failures (not the address's).
func (s *Server) loginSucceeded(ctx context.Context, account string) error {
	return s.store.ClearLoginFailures(ctx, account)
}
