package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// loadStudent is one client's identity: a signed-in student and their
// practice session.
type loadStudent struct {
	id      int64
	token   string
	session int64
	seq     int64 // next answer sequence number
}

type world struct {
	students []*loadStudent
}

// setupWorld creates a teacher, classes of at most 50, the students, signs
// each in and opens a practice session each, through the public API.
func setupWorld(ctx context.Context, c *http.Client, base string, n int) (*world, error) {
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
			var ps struct{ ID int64 }
			if err := call(ctx, c, base, "POST", "/api/v1/practice/sessions", login.Token, nil, &ps, http.StatusCreated); err != nil {
				errs <- err
				return
			}
			w.students[i] = &loadStudent{id: kids[i].ID, token: login.Token, session: ps.ID}
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

// appendBatch writes the JSON of n answers from seq on, without reflection
// (the load generator shares the CPU with the server it measures). Three
// in four answers are right.
func appendBatch(b []byte, seq int64, n int) []byte {
	b = append(b, `{"attempts":[`...)
	for i := range n {
		s := seq + int64(i)
		a, bb := 2+int(s%8), 2+int(s/8%8)
		given := a * bb
		if s%4 == 3 {
			given++
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"seq":`...)
		b = strconv.AppendInt(b, s, 10)
		b = append(b, `,"a":`...)
		b = strconv.AppendInt(b, int64(a), 10)
		b = append(b, `,"b":`...)
		b = strconv.AppendInt(b, int64(bb), 10)
		b = append(b, `,"given":`...)
		b = strconv.AppendInt(b, int64(given), 10)
		b = append(b, `,"response_ms":`...)
		b = strconv.AppendInt(b, 900+s%4000, 10)
		b = append(b, `,"kind":"answer"}`...)
	}
	return append(b, "]}"...)
}
