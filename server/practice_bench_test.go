package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// BenchmarkPracticeAnswers is the load test's request, in process and
// without the network: 100 students answering their practice questions at
// once, 10 answers a request, through the whole handler (middleware, the
// sign-in check, the questions' check, the write path, the answer's JSON).
// The machine the figures come from is shared, so besides the wall time it
// reports the process's CPU time per request (cpu-µs/op: user + system,
// every goroutine, the writer's included), which other programs' load
// moves far less; allocs/op is the garbage each request leaves.
//
//	go test ./server -run '^$' -bench PracticeAnswers -benchmem -count 5
func BenchmarkPracticeAnswers(b *testing.B) {
	for _, db := range storetest.Databases(b) {
		b.Run(db.Name, func(b *testing.B) {
			st := storetest.Open(b, db.URL)
			e := newEnv(b, st, func(c *server.Config) {
				c.Now = nil // the real clock: no answer is too fast with MinAnswer lifted
				c.MinAnswer = -1
				c.IngestLimit = server.IngestLimit{Rate: 1e6, Burst: 1e6}
				c.BcryptCost = bcrypt.MinCost
			})
			kids := benchStudents(b, e, 100)
			var next atomic.Int64
			b.SetParallelism(len(kids) / 2) // GOMAXPROCS 2 on the reference machine: 100 goroutines
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			b.RunParallel(func(pb *testing.PB) {
				k := kids[int(next.Add(1)-1)%len(kids)]
				body := make([]byte, 0, 1024)
				for pb.Next() {
					body = k.answers(body[:0])
					hr := httptest.NewRequest(http.MethodPost, k.path, strings.NewReader(string(body)))
					hr.Header.Set("Content-Type", "application/json")
					hr.Header.Set("Authorization", k.auth)
					rec := httptest.NewRecorder()
					e.srv.Handler().ServeHTTP(rec, hr)
					if rec.Code != http.StatusOK {
						b.Errorf("%d %s", rec.Code, rec.Body)
						return
					}
					if err := k.asked(rec.Body.Bytes()); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(cpuTime()-cpu)/1e3/float64(b.N), "cpu-µs/op")
		})
	}
}

// benchStudent is a signed-in student with a practice session.
type benchStudent struct {
	path, auth string
	questions  []struct {
		Seq  int64 `json:"seq"`
		A, B int
	}
}

func benchStudents(b *testing.B, e *env, n int) []*benchStudent {
	teacher := e.signup(b, "teacher", uniqueEmail("bench"))
	var out []*benchStudent
	for len(out) < n {
		c := e.must(b, http.StatusCreated, req{Method: "POST", Path: "/api/v1/classes", Token: teacher, Body: map[string]string{"name": "Bench"}})
		classID, code := num(b, c.JSON["id"]), c.JSON["code"].(string)
		var names []string
		for i := range min(50, n-len(out)) {
			names = append(names, "Élève "+strconv.Itoa(len(out)+i))
		}
		s := e.must(b, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", classID), Token: teacher,
			Body: map[string]string{"names": strings.Join(names, "\n")}})
		for _, raw := range s.JSON["students"].([]any) {
			kid := raw.(map[string]any)
			login := e.must(b, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/student",
				Body: map[string]any{"class_code": code, "student_id": num(b, kid["id"]), "pin": kid["pin"]}})
			token := login.JSON["token"].(string)
			start := e.must(b, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: token})
			k := &benchStudent{path: fmt.Sprintf("/api/v1/play/sessions/%d/attempts", num(b, start.JSON["id"])), auth: "Bearer " + token}
			if err := k.asked(start.Raw); err != nil {
				b.Fatal(err)
			}
			out = append(out, k)
		}
	}
	return out
}

// answers is the body answering the questions waiting, three in four right.
func (k *benchStudent) answers(buf []byte) []byte {
	buf = append(buf, `{"attempts":[`...)
	for i, q := range k.questions {
		given := q.A * q.B
		if q.Seq%4 == 3 {
			given++
		}
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = fmt.Appendf(buf, `{"seq":%d,"a":%d,"b":%d,"given":%d,"response_ms":%d,"kind":"answer"}`, q.Seq, q.A, q.B, given, 900+q.Seq%4000)
	}
	return append(buf, "]}"...)
}

func (k *benchStudent) asked(raw []byte) error {
	var out struct {
		Stored    int `json:"stored"`
		Questions []struct {
			Seq  int64 `json:"seq"`
			A, B int
		} `json:"questions"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return err
	}
	if len(out.Questions) == 0 {
		return fmt.Errorf("no question asked: %s", raw)
	}
	k.questions = out.Questions
	return nil
}

// cpuTime is the CPU time the process used so far, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
