package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// loadStudent is one client's identity: a signed-in student, their
// practice session and the questions the server waits for.
type loadStudent struct {
	id        int64
	token     string
	session   int64
	questions []question // asked by the server, to answer next
	readyAt   time.Time  // when a child could have answered them (the server's floor)
	seq       int64      // next sequence number of the store phase's own answers
	path      string     // the answers' URL, once built
	bearer    string     // the Authorization header, once built
}

// auth is the student's Authorization header.
func (s *loadStudent) auth() string {
	if s.bearer == "" {
		s.bearer = "Bearer " + s.token
	}
	return s.bearer
}

// question is one practice question the server asked.
type question struct {
	Seq int64 `json:"seq"`
	A   int   `json:"a"`
	B   int   `json:"b"`
}

// asked reads the questions of an answer (the start of a session or a
// batch's answer) and when they may be answered: a server refuses the k-th
// question of a round answered sooner than k × floor after it asked.
func (s *loadStudent) asked(raw []byte, floor time.Duration) error {
	var out struct {
		Questions []question `json:"questions"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("loadtest: read the questions: %w", err)
	}
	return s.ask(out.Questions, floor)
}

// ask takes the questions the server asked next.
func (s *loadStudent) ask(qs []question, floor time.Duration) error {
	if len(qs) == 0 {
		return errors.New("loadtest: the server asked no question")
	}
	s.questions = qs
	s.readyAt = time.Now().Add(time.Duration(len(qs)) * floor)
	return nil
}

type world struct {
	students []*loadStudent
}

// setupWorld creates a teacher, classes of at most 50, the students, signs
// each in and opens a practice session each, through the public API, with
// rounds of batch questions (a request answers a round). floor is the
// server's bound on how fast a practice answer may come (0: none).
func setupWorld(ctx context.Context, c *http.Client, base string, n, batch int, floor time.Duration) (*world, error) {
	var suffix [4]byte
	_, _ = rand.Read(suffix[:])
	run := hex.EncodeToString(suffix[:])
	var teacher struct{ Token string }
	email, password := "loadtest-"+run+"@loadtest.invalid", "loadtest password "+run
	if err := call(ctx, c, base, "POST", "/api/v1/teachers", "", map[string]string{
		"email": email, "password": password, "name": "Load test " + run,
	}, nil, http.StatusAccepted); err != nil {
		return nil, err
	}
	// A sign-up signs nobody in (it answers alike for a taken e-mail).
	if err := call(ctx, c, base, "POST", "/api/v1/auth/teacher", "", map[string]string{
		"email": email, "password": password,
	}, &teacher, http.StatusOK); err != nil {
		return nil, err
	}
	type added struct {
		ID  int64  `json:"id"`
		PIN string `json:"pin"`
	}
	var kids []added
	var codes []string
	for len(kids) < n {
		var class struct {
			ID   int64  `json:"id"`
			Code string `json:"code"`
		}
		if err := call(ctx, c, base, "POST", "/api/v1/classes", teacher.Token, map[string]string{"name": "Load " + run + " " + strconv.Itoa(len(kids))}, &class, http.StatusCreated); err != nil {
			return nil, err
		}
		var names []string
		for i := len(kids); i < min(n, len(kids)+50); i++ {
			names = append(names, "Élève "+strconv.Itoa(i))
		}
		var out struct{ Students []added }
		if err := call(ctx, c, base, "POST", fmt.Sprintf("/api/v1/classes/%d/students", class.ID), teacher.Token,
			map[string]string{"names": strings.Join(names, "\n")}, &out, http.StatusCreated); err != nil {
			return nil, err
		}
		for range out.Students {
			codes = append(codes, class.Code)
		}
		kids = append(kids, out.Students...)
	}
	w := &world{students: make([]*loadStudent, n)}
	errs := make(chan error, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var login struct{ Token string }
			if err := call(ctx, c, base, "POST", "/api/v1/auth/student", "", map[string]any{
				"class_code": codes[i], "student_id": kids[i].ID, "pin": kids[i].PIN,
			}, &login, http.StatusOK); err != nil {
				errs <- err
				return
			}
			var ps json.RawMessage
			if err := call(ctx, c, base, "POST", "/api/v1/practice/sessions", login.Token, map[string]int{"questions": batch}, &ps, http.StatusCreated); err != nil {
				errs <- err
				return
			}
			var id struct{ ID int64 }
			if err := json.Unmarshal(ps, &id); err != nil {
				errs <- err
				return
			}
			st := &loadStudent{id: kids[i].ID, token: login.Token, session: id.ID, seq: storeSeqs}
			if err := st.asked(ps, floor); err != nil {
				errs <- err
				return
			}
			w.students[i] = st
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return w, nil
}

// call does one JSON request and decodes the answer, requiring the status.
func call(ctx context.Context, c *http.Client, base, method, path, token string, body any, out any, want int) error {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("loadtest: %s %s: %w", method, path, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return fmt.Errorf("loadtest: %s %s: %w", method, path, err)
	}
	if res.StatusCode != want {
		return fmt.Errorf("loadtest: %s %s: %d %s", method, path, res.StatusCode, bytes.TrimSpace(raw))
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// storeSeqs numbers the store phase's own answers (it calls the write
// path directly, with no question asked), far from the questions' numbers.
const storeSeqs = 1 << 40

// appendAnswers writes the JSON of the answers to the questions, without
// reflection (the load generator shares the CPU with the server it
// measures). Three in four answers are right.
func appendAnswers(b []byte, qs []question) []byte {
	b = append(b, `{"attempts":[`...)
	for i, q := range qs {
		given := q.A * q.B
		if q.Seq%4 == 3 {
			given++
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"seq":`...)
		b = strconv.AppendInt(b, q.Seq, 10)
		b = append(b, `,"a":`...)
		b = strconv.AppendInt(b, int64(q.A), 10)
		b = append(b, `,"b":`...)
		b = strconv.AppendInt(b, int64(q.B), 10)
		b = append(b, `,"given":`...)
		b = strconv.AppendInt(b, int64(given), 10)
		b = append(b, `,"response_ms":`...)
		b = strconv.AppendInt(b, 900+q.Seq%4000, 10)
		b = append(b, `,"kind":"answer"}`...)
	}
	return append(b, "]}"...)
}
