package server

import (
	"context"
	"math"
	"time"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// The login policy (README "Login policy" has the threat model and its
// figures). Every guess at a secret — a child's PIN or pictures, an adult's
// password, a class code, a parent code — is counted in the database
// before the secret is checked, in one atomic step (store.TakeLoginGuess):
// a burst of guesses in flight cannot pass the count together, and when
// the count cannot be written (database locked or out of reach) the secret
// is not checked at all (503). A right secret then takes its guess back.
//
// Guesses count in buckets:
//   - an account's bucket ("student:42", "teacher:<e-mail>", …) holds the
//     guesses from devices that do not know the account; they get a few
//     tries at once, then wait longer and longer (progressive delay), and
//     at most Daily a day. No hard lock-out: the rightful person waits
//     minutes, and has ways in the delay does not touch;
//   - a known device's bucket: a device where the account (or, for a
//     child, their teacher) signed in before carries a signed cookie
//     (login_device.go); its guesses count in a bucket of that device and
//     account alone, with the same schedule. An attacker's guesses from
//     elsewhere never reach it, so they cannot lock the child, teacher or
//     parent out of their own device;
//   - an address's bucket ("addr:<ip>"): failures from unknown devices,
//     at most Address per AddressWindow, so that one address cannot spread
//     guesses over many accounts. Known devices and login cards are not
//     subject to it: a school's NAT full of failures does not lock them out.

// Throttle is the login policy's numbers; zero fields take the defaults.
type Throttle struct {
	// Free guesses at an account (in one bucket) go at once; the next
	// waits Delay after the previous guess, and each further one twice as
	// long as the one before; at most Daily guesses count within Day.
	Free  int
	Delay time.Duration
	Daily int
	Day   time.Duration
	// Address is the most failures from one address, from devices that do
	// not know the account, within AddressWindow.
	Address       int
	AddressWindow time.Duration
	// Notice is how many failures from unknown devices within Day make a
	// child's teacher see them (the class's student list).
	Notice int
	// Signup is the most sign-ups from one address within SignupWindow.
	Signup       int
	SignupWindow time.Duration
}

// defaultThrottle, and why (the resulting figures are in README "Login
// policy"):
//   - Free 5: a child mistyping a few times, or an adult trying their two
//     usual passwords, goes on at once;
//   - Delay doubling from 1 min: the rightful person on a new device waits
//     minutes, never hours, while a guesser's tries slow at once;
//   - Daily 10: holds a PIN or a picture password for months against any
//     number of addresses, long enough for the teacher's notice to lead to
//     a new secret; the rightful ones have their known devices and cards;
//   - Address 200 per 15 min: a class of thirty behind one address can
//     mistype on new devices all morning; one address cannot spray more;
//   - Notice 5: the teacher hears of it when the delays begin;
//   - Signup 30 an hour: a staff meeting or a parents' evening on the
//     school's one address, while enumerating e-mails stays slow.
var defaultThrottle = Throttle{
	Free: 5, Delay: time.Minute, Daily: 10, Day: 24 * time.Hour,
	Address: 200, AddressWindow: 15 * time.Minute,
	Notice: 5,
	Signup: 30, SignupWindow: time.Hour,
}

// withDefaults fills the zero fields.
func (t Throttle) withDefaults() Throttle {
	d := defaultThrottle
	for _, f := range []struct{ v, def *int }{{&t.Free, &d.Free}, {&t.Daily, &d.Daily}, {&t.Address, &d.Address}, {&t.Notice, &d.Notice}, {&t.Signup, &d.Signup}} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	for _, f := range []struct{ v, def *time.Duration }{{&t.Delay, &d.Delay}, {&t.Day, &d.Day}, {&t.AddressWindow, &d.AddressWindow}, {&t.SignupWindow, &d.SignupWindow}} {
		if *f.v == 0 {
			*f.v = *f.def
		}
	}
	return t
}

// maxDelay bounds one progressive wait, whatever Free and Daily are.
const maxDelay = 6 * time.Hour

// scheduleWait is the progressive delay: how long a guess must wait after
// the times of the guesses already counted (oldest first, within Day).
func (t Throttle) scheduleWait(now time.Time, times []time.Time) time.Duration {
	n := len(times)
	if n >= t.Daily {
		return max(times[n-t.Daily].Add(t.Day).Sub(now), time.Nanosecond)
	}
	if n < t.Free {
		return 0
	}
	delay := maxDelay
	if shift := n - t.Free; shift < 30 {
		delay = min(t.Delay<<shift, maxDelay)
	}
	return max(times[n-1].Add(delay).Sub(now), 0)
}

// capWait is a plain limit: at most limit guesses within window.
func capWait(limit int, window time.Duration, now time.Time, times []time.Time) time.Duration {
	n := len(times)
	if n < limit {
		return 0
	}
	return max(times[n-limit].Add(window).Sub(now), time.Nanosecond)
}

// rule is one bucket of a guess and the policy that holds it.
type rule struct {
	bucket string
	window time.Duration
	wait   func(now time.Time, times []time.Time) time.Duration
}

func accountBucket(kind, key string) string { return kind + ":" + key }

func addressBucket(ip string) string { return "addr:" + ip }

// accountRule is the progressive delay of an account's (or a known
// device's) bucket.
func (s *Server) accountRule(bucket string) rule {
	t := s.cfg.Throttle
	return rule{bucket, t.Day, t.scheduleWait}
}

// addressRule limits the failures from one client address.
func (s *Server) addressRule(ip string) rule {
	t := s.cfg.Throttle
	return rule{addressBucket(ip), t.AddressWindow, func(now time.Time, times []time.Time) time.Duration {
		return capWait(t.Address, t.AddressWindow, now, times)
	}}
}

// signupRule limits the sign-ups from one client address.
func (s *Server) signupRule(ip string) rule {
	t := s.cfg.Throttle
	return rule{"signup:" + ip, t.SignupWindow, func(now time.Time, times []time.Time) time.Duration {
		return capWait(t.Signup, t.SignupWindow, now, times)
	}}
}

func (s *Server) guessBuckets(now time.Time, rules []rule) ([]store.GuessBucket, store.GuessPolicy) {
	buckets := make([]store.GuessBucket, len(rules))
	for i, r := range rules {
		buckets[i] = store.GuessBucket{Name: r.bucket, Since: now.Add(-r.window)}
	}
	return buckets, func(i int, times []time.Time) time.Duration { return rules[i].wait(now, times) }
}

// takeGuess counts a guess against every rule's bucket before its secret
// is checked, or refuses it (429 with Retry-After) without counting it.
// An error of the store means the guess was not counted: the caller
// returns it (503) and does not check the secret.
func (s *Server) takeGuess(ctx context.Context, rules ...rule) (store.LoginGuess, error) {
	now := s.now()
	buckets, policy := s.guessBuckets(now, rules)
	g, wait, err := s.store.TakeLoginGuess(ctx, now, buckets, policy)
	if err != nil {
		return g, err
	}
	if wait > 0 {
		return g, throttled(wait)
	}
	s.prune(ctx, now)
	return g, nil
}

// checkGuess refuses (429) when a guess would have to wait, without
// counting one: for the answers that reveal nothing an attacker could
// use, which must still be refused when the bucket is full (otherwise a
// 429 or not would tell them the answer).
func (s *Server) checkGuess(ctx context.Context, rules ...rule) error {
	now := s.now()
	buckets, policy := s.guessBuckets(now, rules)
	wait, err := s.store.CheckLoginGuess(ctx, buckets, policy)
	if err != nil {
		return err
	}
	if wait > 0 {
		return throttled(wait)
	}
	return nil
}

// guessWasRight takes the guess back and forgets the earlier failures of
// the buckets the right secret opened.
func (s *Server) guessWasRight(ctx context.Context, g store.LoginGuess, clear ...string) error {
	return s.store.ForgetLoginGuess(ctx, g, clear...)
}

// verify checks a login's secret against its hash (an empty hash: an
// account that does not exist, checked against nothing for the same time),
// and counts it: SecretChecks lets the tests see that a refused guess never
// reached bcrypt.
func (s *Server) verify(hash, secret string) bool {
	s.checks.Add(1)
	if hash == "" {
		// At the cost adults' passwords are hashed with (Config.BcryptCost),
		// not a fixed one: otherwise the answer's time tells which
		// e-mails have accounts.
		credential.VerifyNothing(s.cfg.BcryptCost, secret)
		return false
	}
	return credential.Verify(hash, secret)
}

// SecretChecks is how many login secrets this server has checked.
func (s *Server) SecretChecks() int64 { return s.checks.Load() }

// waitText says a throttle's wait the way a person reads it: a minute,
// minutes, or hours (rounded up: never less than the real wait).
func waitText(lang string, seconds int) string {
	minutes := (seconds + 59) / 60
	switch {
	case minutes <= 1:
		return catalog.T(lang, "wait.minute")
	case minutes < 120:
		return catalog.T(lang, "wait.minutes", "n", minutes)
	}
	return catalog.T(lang, "wait.hours", "n", (minutes+59)/60)
}

func throttled(wait time.Duration) error {
	return &throttledError{retryAfterSeconds: max(1, int(math.Ceil(wait.Seconds())))}
}

// prune drops the guesses no rule counts any more, now and then, so the
// table stays small without a background job. A failure only delays it.
func (s *Server) prune(ctx context.Context, now time.Time) {
	if now.Unix()%16 != 0 {
		return
	}
	t := s.cfg.Throttle
	if err := s.store.PruneLoginFailures(ctx, now.Add(-max(t.Day, t.AddressWindow, t.SignupWindow))); err != nil {
		s.logger.Warn("prune login failures", "err", err)
	}
}
