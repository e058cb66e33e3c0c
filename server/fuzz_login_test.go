package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/multipli/multipli/store/storetest"
)

// Fuzz tests of the login decoders: whatever the body, a login
// answers a known status with a JSON error (or a login), never a server
// fault. Seeds live in testdata/fuzz/<FuzzName>; run one with
//
//	go test ./server -run '^$' -fuzz FuzzStudentLogin -fuzztime 60s
var loginStatuses = map[int]bool{
	http.StatusOK: true, http.StatusBadRequest: true, http.StatusUnauthorized: true, http.StatusNotFound: true,
	http.StatusRequestEntityTooLarge: true, http.StatusUnsupportedMediaType: true, http.StatusTooManyRequests: true,
}

func fuzzLogin(f *testing.F, path string, seeds ...string) {
	st := storetest.Open(f, storetest.Databases(f)[0].URL)
	e := newEnv(f, st)
	s := e.newSchool(f)
	for _, seed := range seeds {
		f.Add([]byte(seed))
	}
	f.Add([]byte(`{"class_code":"` + s.classCode + `","student_id":1,"pin":"1234"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		e.srv.Handler().ServeHTTP(rec, r)
		if !loginStatuses[rec.Code] {
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body)
		}
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("answer is not JSON for %q: %s", body, rec.Body)
		}
		if rec.Code >= 400 {
			if _, ok := out["error"].(map[string]any); !ok {
				t.Fatalf("a refusal without an error object for %q: %s", body, rec.Body)
			}
		}
	})
}

func FuzzStudentLogin(f *testing.F) {
	fuzzLogin(f, "/api/v1/auth/student",
		`{"class_code":"ABC123","student_id":1,"pin":"0000"}`,
		`{"class_code":"ABC123","student_id":1,"pictures":["cat","dog","sun"]}`)
}

func FuzzTeacherLogin(f *testing.F) {
	fuzzLogin(f, "/api/v1/auth/teacher", `{"email":"t@school.test","password":"correct horse battery"}`)
}
