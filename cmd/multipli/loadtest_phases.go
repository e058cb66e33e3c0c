package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/store"
)

// phaseResult is what one phase measured.
type phaseResult struct {
	name      string
	requests  int64
	attempts  int64
	failures  int64
	firstErr  error
	elapsed   time.Duration
	latencies []time.Duration
	mem       []memSample
}

func (r phaseResult) rate() float64 { return float64(r.attempts) / r.elapsed.Seconds() }

func (r phaseResult) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
}

// runClients runs one worker per student until the phase's requests or time
// run out; each call of do is one request and returns the attempts it
// carried. With a rate, each client sends on a fixed schedule and a
// request's latency counts from its scheduled time, so that a slow answer
// that delays the next request is not hidden (no coordinated omission).
func runClients(ctx context.Context, name string, w *world, f loadtestFlags, do func(ctx context.Context, s *loadStudent, buf []byte) (int, []byte, error)) phaseResult {
	ctx, cancel := context.WithTimeout(ctx, f.duration)
	defer cancel()
	var (
		left     = int64(f.requests)
		mu       sync.Mutex
		res      = phaseResult{name: name}
		wg       sync.WaitGroup
		attempts atomic.Int64
	)
	start := time.Now()
	var every time.Duration // between two requests of one client
	if f.rate > 0 {
		every = time.Duration(float64(len(w.students)*f.batch) / f.rate * float64(time.Second))
	}
	for k, s := range w.students {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, f.requests/len(w.students)+1)
			var buf []byte
			var fails int64
			var first error
			// Clients spread their first request over one period.
			next := start.Add(every * time.Duration(k) / time.Duration(len(w.students)))
		send:
			for ctx.Err() == nil && atomic.AddInt64(&left, -1) >= 0 {
				t := time.Now()
				if every > 0 {
					if wait := time.Until(next); wait > 0 {
						select {
						case <-time.After(wait):
						case <-ctx.Done():
							break send
						}
					}
					t = next
					next = next.Add(every)
				}
				n, b, err := do(ctx, s, buf)
				buf = b
				if err != nil {
					if ctx.Err() != nil {
						break // the phase ended during the request: not a failure
					}
					fails++
					if first == nil {
						first = err
					}
					continue
				}
				lat = append(lat, time.Since(t))
				attempts.Add(int64(n))
			}
			mu.Lock()
			defer mu.Unlock()
			res.latencies = append(res.latencies, lat...)
			res.failures += fails
			if res.firstErr == nil {
				res.firstErr = first
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.attempts = attempts.Load()
	res.requests = int64(len(res.latencies))
	slices.Sort(res.latencies)
	return res
}

// runStorePhase calls the write path directly, as the HTTP handler does
// (without the questions' check: its answers are numbered apart).
func runStorePhase(ctx context.Context, st *store.Store, w *world, f loadtestFlags) phaseResult {
	return runClients(ctx, "store write path, in-process", w, f, func(ctx context.Context, s *loadStudent, buf []byte) (int, []byte, error) {
		answers := make([]store.Answer, f.batch)
		for i := range answers {
			seq := s.seq + int64(i)
			a, b := 2+int(seq%8), 2+int(seq/8%8)
			given := a * b
			answers[i] = store.Answer{Seq: seq, A: a, B: b, Given: &given, ResponseMS: 900 + seq%4000}
		}
		s.seq += int64(f.batch)
		rec, err := st.RecordPractice(ctx, s.id, s.session, answers, time.Now())
		return rec.Stored, buf, err
	})
}

// runHTTPPhase posts the answers to the questions the server asked; each
// answer carries the next questions. A client waits until a child could
// have answered (the server's floor; none in process) — counted in the
// latency when paced, so that a rate the floor forbids with so few clients
// shows.
func runHTTPPhase(ctx context.Context, c *http.Client, base string, w *world, f loadtestFlags, floor time.Duration) phaseResult {
	return runClients(ctx, "platform over HTTP", w, f, func(ctx context.Context, s *loadStudent, buf []byte) (int, []byte, error) {
		if wait := time.Until(s.readyAt); wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return 0, buf, ctx.Err()
			}
		}
		buf = appendAnswers(buf[:0], s.questions)
		if s.path == "" {
			s.path = base + "/api/v1/play/sessions/" + strconv.FormatInt(s.session, 10) + "/attempts"
		}
		var out answered
		if err := post(ctx, c, s.path, s.auth(), buf, &out); err != nil {
			return 0, buf, err
		}
		return out.Stored + out.Duplicates, buf, s.ask(out.Questions, floor)
	})
}

// runBarePhase posts the same bodies to a bare Echo handler that reads the
// body and answers a fixed JSON: the cost of Go's HTTP stack and Echo's
// routing alone, on the same machine, in the same run.
func runBarePhase(ctx context.Context, c *http.Client, w *world, f loadtestFlags) (phaseResult, error) {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	reply := []byte(`{"stored":` + strconv.Itoa(f.batch) + `,"duplicates":0}`)
	e.POST("/bare/:id/attempts", func(c echo.Context) error {
		if _, err := io.Copy(io.Discard, c.Request().Body); err != nil {
			return err
		}
		return c.JSONBlob(http.StatusOK, reply)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return phaseResult{}, fmt.Errorf("loadtest: %w", err)
	}
	hs := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	defer func() { _ = hs.Close() }()
	base := "http://" + ln.Addr().String()
	return runClients(ctx, bareName, w, f, func(ctx context.Context, s *loadStudent, buf []byte) (int, []byte, error) {
		buf = appendAnswers(buf[:0], s.questions)
		var out answered
		err := post(ctx, c, base+"/bare/"+strconv.FormatInt(s.session, 10)+"/attempts", s.auth(), buf, &out)
		return out.Stored + out.Duplicates, buf, err
	}), nil
}

const (
	platformMax = "platform over HTTP, closed loop"
	bareName    = "bare Echo handler, closed loop"
)

// answered is the answer to a batch: what it stored and the questions
// asked next, read in one pass (the load generator shares the CPU with
// the server it measures).
type answered struct {
	Stored     int        `json:"stored"`
	Duplicates int        `json:"duplicates"`
	Questions  []question `json:"questions"`
}

// post sends a batch of answers with the Authorization header auth and
// decodes the answer into out.
func post(ctx context.Context, c *http.Client, url, auth string, body []byte, out *answered) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header["Content-Type"] = jsonType
	req.Header["Authorization"] = []string{auth}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %s", res.StatusCode, bytes.TrimSpace(raw))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("read the answer: %w", err)
	}
	return nil
}

// jsonType is the requests' Content-Type header, shared (never changed).
var jsonType = []string{"application/json"}

// memSample is the resident memory of the measured process at a moment.
type memSample struct {
	at  time.Duration
	rss int64 // KiB
}

type memSampler struct {
	stopc chan struct{}
	done  chan []memSample
}

// startMemSampler reads VmRSS of pid every second (Linux /proc); it
// records nothing when pid is 0 or /proc is not there.
func startMemSampler(pid int) *memSampler {
	m := &memSampler{stopc: make(chan struct{}), done: make(chan []memSample, 1)}
	go func() {
		var out []memSample
		start := time.Now()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			if kb, ok := rssKiB(pid); ok {
				out = append(out, memSample{at: time.Since(start), rss: kb})
			}
			select {
			case <-m.stopc:
				if kb, ok := rssKiB(pid); ok {
					out = append(out, memSample{at: time.Since(start), rss: kb})
				}
				m.done <- out
				return
			case <-tick.C:
			}
		}
	}()
	return m
}

func (m *memSampler) stop() []memSample {
	close(m.stopc)
	return <-m.done
}

func rssKiB(pid int) (int64, bool) {
	if pid == 0 {
		return 0, false
	}
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}

func report(w io.Writer, results []phaseResult) {
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64) }
	fmt.Fprintf(w, "%-32s %10s %10s %12s %8s %8s %8s %8s\n", "phase", "requests", "attempts", "attempts/s", "p50 ms", "p95 ms", "p99 ms", "failed")
	var platform, bare float64
	for _, r := range results {
		fmt.Fprintf(w, "%-32s %10d %10d %12.0f %8s %8s %8s %8d\n", r.name, r.requests, r.attempts, r.rate(),
			ms(r.percentile(0.50)), ms(r.percentile(0.95)), ms(r.percentile(0.99)), r.failures)
		if r.firstErr != nil {
			fmt.Fprintf(w, "  first failure: %v\n", r.firstErr)
		}
		switch r.name {
		case platformMax:
			platform = r.rate()
		case bareName:
			bare = r.rate()
		}
	}
	if platform > 0 && bare > 0 {
		fmt.Fprintf(w, "\nplatform / bare Echo handler, both closed loop: %.3f (the platform reaches %.1f%% of the bare handler's rate)\n", platform/bare, 100*platform/bare)
	}
	for _, r := range results {
		if len(r.mem) < 2 {
			continue
		}
		first, last, peak := r.mem[0].rss, r.mem[len(r.mem)-1].rss, int64(0)
		for _, s := range r.mem {
			peak = max(peak, s.rss)
		}
		fmt.Fprintf(w, "resident memory during %q: start %d MiB, peak %d MiB, end %d MiB (%d samples)\n", r.name, first/1024, peak/1024, last/1024, len(r.mem))
	}
}
