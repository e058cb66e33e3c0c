package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The login policy (throttle.go, README "Login policy"), over real HTTP on
// loopback, on SQLite (a file) and PostgreSQL. The server trusts
// X-Forwarded-For from loopback here, so each "device" may come from an
// address of its own.

// The default numbers the tests hold the server to.
const (
	policyFree  = 5
	policyDaily = 10
)

// loopback is the env served over HTTP on 127.0.0.1.
type loopback struct {
	*env
	url string
}

func newLoopback(t *testing.T, st *store.Store, tweak ...func(*server.Config)) *loopback {
	t.Helper()
	e := newEnv(t, st, append([]func(*server.Config){func(c *server.Config) { c.TrustProxy = true }}, tweak...)...)
	ts := httptest.NewServer(e.srv.Handler())
	t.Cleanup(ts.Close)
	return &loopback{env: e, url: ts.URL}
}

// device is a browser: its own cookies, from one address.
type device struct {
	t      testing.TB
	url    string
	ip     string
	client *http.Client
}

func (l *loopback) device(t testing.TB, ip string) *device {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &device{t: t, url: l.url, ip: ip, client: &http.Client{Jar: jar, Timeout: time.Minute}}
}

// fresh is the same address without the cookies: another device there.
func (d *device) fresh() *device {
	jar, err := cookiejar.New(nil)
	require.NoError(d.t, err)
	return &device{t: d.t, url: d.url, ip: d.ip, client: &http.Client{Jar: jar, Timeout: time.Minute}}
}

func (d *device) do(method, path string, body any) response {
	d.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		require.NoError(d.t, err)
		rd = bytes.NewReader(raw)
	}
	r, err := http.NewRequest(method, d.url+path, rd)
	require.NoError(d.t, err)
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	if d.ip != "" {
		r.Header.Set("X-Forwarded-For", d.ip)
	}
	res, err := d.client.Do(r)
	require.NoError(d.t, err)
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	require.NoError(d.t, err)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && len(raw) > 0 {
		require.NoError(d.t, json.Unmarshal(raw, &out.JSON), "%s", raw)
	}
	return out
}

func (d *device) studentLogin(code string, id int64, pin string) response {
	d.t.Helper()
	return d.do("POST", "/api/v1/auth/student", map[string]any{"class_code": code, "student_id": id, "pin": pin})
}

func (d *device) picturesLogin(code string, id int64, pictures ...string) response {
	d.t.Helper()
	return d.do("POST", "/api/v1/auth/student", map[string]any{"class_code": code, "student_id": id, "pictures": pictures})
}

func (d *device) adultLogin(role, email, password string) response {
	d.t.Helper()
	return d.do("POST", "/api/v1/auth/"+role, map[string]string{"email": email, "password": password})
}

func (d *device) cardLogin(token string) response {
	d.t.Helper()
	return d.do("POST", "/api/v1/auth/card", map[string]string{"token": token})
}

// attacker is the i-th of many addresses (198.18.0.0/15 is not a private
// range, so X-Forwarded-For keeps it).
func attacker(i int) string { return fmt.Sprintf("198.18.%d.%d", i/250, 1+i%250) }

// The page may break the link after "#card=" (a <wbr>) and keep the token
// in a span of its own (cards.html).
var cardLink = regexp.MustCompile(`#card=(?:<wbr>)?(?:<span class="card-token">)?([0-9]+\.[A-Za-z0-9_-]+)`)

// cardToken reads a child's token off the class's printed login cards.
func (e *env) cardToken(t testing.TB, teacher string, classID, studentID int64) string {
	t.Helper()
	page := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", classID), Token: teacher})
	for _, m := range cardLink.FindAllStringSubmatch(string(page.Raw), -1) {
		if strings.HasPrefix(m[1], strconv.FormatInt(studentID, 10)+".") {
			return m[1]
		}
	}
	t.Fatalf("no login card for student %d", studentID)
	return ""
}

// statuses counts answers by status.
type statuses map[int]int

func (s statuses) String() string { return fmt.Sprint(map[int]int(s)) }

// burst sends n guesses at once and counts the answers.
func burst(n int, guess func(i int) response) statuses {
	var mu sync.Mutex
	out := statuses{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res := guess(i)
			mu.Lock()
			out[res.Status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

func failuresOf(t testing.TB, st *store.Store, bucket string) int {
	t.Helper()
	n, err := st.LoginFailureCounts(context.Background(), []string{bucket}, time.Time{})
	require.NoError(t, err)
	return n[bucket]
}

// Two hundred wrong guesses at once at a child's PIN, a child's pictures
// and a teacher's password: a 401 means the secret was checked, and only
// the policy's free guesses are; every other one is refused (429) before
// bcrypt runs, none is lost to "database is locked" (no 503), and each
// checked guess is counted.
func TestTwoHundredConcurrentGuessesAreCheckedAtMostThePolicysNumber(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st)
		teacher := l.signup(t, "teacher", "t@school.test")
		_, code, ids := l.classWithStudent(t, teacher, "Léa\nTom")
		l.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", ids[1]), Token: teacher,
			Body: map[string]any{"kind": "pictures", "pictures": []string{"cat", "sun", "tree"}}})
		home := l.device(t, "203.0.113.10")

		checks := l.srv.SecretChecks()
		pins := burst(200, func(i int) response { return home.fresh().studentLogin(code, ids[0], fmt.Sprintf("%04d", 2000+i)) })
		assert.Equal(t, statuses{401: policyFree, 429: 200 - policyFree}, pins, "PIN")
		assert.Equal(t, policyFree, failuresOf(t, st, fmt.Sprintf("student:%d", ids[0])))

		pictures := burst(200, func(i int) response {
			return home.fresh().picturesLogin(code, ids[1], []string{"dog", "moon", "star", "fish", "car"}[i%5], "boat", "apple")
		})
		assert.Equal(t, statuses{401: policyFree, 429: 200 - policyFree}, pictures, "pictures")

		passwords := burst(200, func(i int) response {
			return home.fresh().adultLogin("teacher", "t@school.test", fmt.Sprintf("wrong password %d", i))
		})
		assert.Equal(t, statuses{401: policyFree, 429: 200 - policyFree}, passwords, "teacher")
		assert.Equal(t, policyFree, failuresOf(t, st, "teacher:t@school.test"))
		assert.EqualValues(t, 3*policyFree, l.srv.SecretChecks()-checks, "bcrypt ran for the free guesses only")

		right := home.fresh().studentLogin(code, ids[0], "1234")
		assert.Equal(t, http.StatusTooManyRequests, right.Status, "even the right PIN waits: otherwise the delay would stop no guesser")
		assert.Equal(t, "throttled", right.errCode())
		assert.Equal(t, "60", right.Header.Get("Retry-After"))
	})
}

// From devices that do not know the account: five tries at once, then
// waits of 1, 2, 4, 8 and 16 minutes, then nothing more until the first
// guess of the day is a day old. No hard lock-out: the right PIN goes
// through as soon as the wait is over.
func TestUnknownDevicesWaitLongerAndLongerUpToADailyCap(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		guess := func(pin string) response { return e.studentLogin(t, s.classCode, s.spareStudentID, pin) }
		start := e.clock()
		e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.spareStudentID), Token: s.teacher,
			Body: map[string]string{"kind": "pin", "pin": "4321"}})
		for i := range policyFree {
			assert.Equal(t, http.StatusUnauthorized, guess(fmt.Sprintf("%04d", i)).Status)
		}
		for _, wait := range []int{60, 120, 240, 480, 960} {
			res := guess("9999")
			require.Equal(t, http.StatusTooManyRequests, res.Status)
			assert.Equal(t, strconv.Itoa(wait), res.Header.Get("Retry-After"))
			assert.Contains(t, res.JSON["error"].(map[string]any)["message"], map[int]string{60: "Wait a minute", 120: "Wait 2 minutes"}[wait])
			e.advance(time.Duration(wait-1) * time.Second)
			assert.Equal(t, http.StatusTooManyRequests, guess("9999").Status, "a second early")
			e.advance(time.Second)
			assert.Equal(t, http.StatusUnauthorized, guess("9999").Status)
		}
		capped := guess("4321")
		require.Equal(t, http.StatusTooManyRequests, capped.Status, "ten a day, the right PIN too")
		fr := e.do(t, req{Method: "POST", Path: "/api/v1/auth/student", Header: map[string]string{"Accept-Language": "fr"},
			Body: map[string]any{"class_code": s.classCode, "student_id": s.spareStudentID, "pin": "4321"}})
		assert.Equal(t, "Trop d’essais. Attends 24 heures et réessaie.", fr.JSON["error"].(map[string]any)["message"])
		retry, err := strconv.Atoi(capped.Header.Get("Retry-After"))
		require.NoError(t, err)
		assert.Equal(t, int(start.Add(24*time.Hour).Sub(e.clock()).Seconds()), retry, "until the first guess is a day old")
		e.advance(time.Duration(retry) * time.Second)
		e.must(t, http.StatusOK, e.studentReq(s.classCode, s.spareStudentID, "4321"))
		assert.Zero(t, failuresOf(t, st, fmt.Sprintf("student:%d", s.spareStudentID)), "a right login forgets the account's failures")
	})
}

// An attacker with a thousand addresses guesses at a child and at their
// teacher for a day and more: they get at most ten guesses a day per
// account, and the child still gets in on their own tablet and with their
// login card, the teacher on their laptop.
func TestAfterAThousandGuessesFromElsewhereTheRightfulOnesStillGetIn(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st)
		laptop := l.device(t, "203.0.113.20")
		l.signup(t, "teacher", "t@school.test")
		signedIn := laptop.adultLogin("teacher", "t@school.test", "correct horse battery")
		require.Equal(t, http.StatusOK, signedIn.Status)
		teacher := signedIn.JSON["token"].(string)
		classID, code, ids := l.classWithStudent(t, teacher, "Léa\nTom")
		tablet := l.device(t, "203.0.113.30")
		require.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status)
		card := l.cardToken(t, teacher, classID, ids[0])

		const guesses = 1000
		start := l.clock()
		checked := statuses{}
		for i := range guesses {
			from := l.device(t, attacker(i))
			checked[from.studentLogin(code, ids[0], fmt.Sprintf("%04d", 5000+i)).Status]++
			checked[from.adultLogin("teacher", "t@school.test", fmt.Sprintf("guess number %d", i)).Status]++
			l.advance(2 * time.Minute)
		}
		days := int(l.clock().Sub(start)/(24*time.Hour)) + 1
		require.Equal(t, 2, days)
		assert.Equal(t, 2*guesses, checked[401]+checked[429], "%v", checked)
		assert.LessOrEqual(t, checked[401], 2*days*policyDaily, "ten a day per account: %v", checked)
		assert.GreaterOrEqual(t, checked[401], 2*policyDaily, "the attacker did use their guesses: %v", checked)

		assert.Equal(t, http.StatusTooManyRequests, tablet.fresh().studentLogin(code, ids[0], "1234").Status,
			"a new device waits like the attacker: it cannot be told apart")
		assert.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status, "the child's own tablet")
		assert.Equal(t, http.StatusOK, l.device(t, attacker(7)).cardLogin(card).Status, "the login card, from anywhere")
		assert.Equal(t, http.StatusOK, laptop.adultLogin("teacher", "t@school.test", "correct horse battery").Status, "the teacher's laptop")
		assert.Equal(t, http.StatusTooManyRequests, laptop.fresh().adultLogin("teacher", "t@school.test", "correct horse battery").Status)
	})
}

// A school's address (its NAT) full of failures — the address's limit
// reached by wrong class codes and wrong PINs — refuses new devices there,
// but not the classroom computer the teacher signed in on, a child's own
// tablet, nor a login card; and only there.
func TestASchoolsNATFullOfFailuresDoesNotLockOutItsKnownDevices(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st)
		school := l.device(t, "203.0.113.40")
		l.signup(t, "teacher", "t@school.test")
		classroom := school.fresh()
		teacher := classroom.adultLogin("teacher", "t@school.test", "correct horse battery").JSON["token"].(string)
		classID, code, ids := l.classWithStudent(t, teacher, "Léa\nTom\nZoé")
		for _, id := range ids[1:] {
			l.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", id), Token: teacher,
				Body: map[string]string{"kind": "pin", "pin": "1234"}})
		}
		tablet := school.fresh()
		require.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status)
		card := l.cardToken(t, teacher, classID, ids[2])

		// Someone behind the NAT: wrong class codes, and wrong PINs at Tom.
		flood := statuses{}
		for i := range 200 - policyFree {
			flood[school.fresh().do("GET", fmt.Sprintf("/api/v1/class-codes/ZZZ%03d", i), nil).Status]++
		}
		for i := range policyFree {
			flood[school.fresh().studentLogin(code, ids[1], fmt.Sprintf("%04d", i)).Status]++
		}
		assert.Equal(t, statuses{404: 200 - policyFree, 401: policyFree}, flood, "the address's 200 failures")

		newcomer := school.fresh()
		assert.Equal(t, http.StatusTooManyRequests, newcomer.do("GET", "/api/v1/class-codes/"+code, nil).Status)
		assert.Equal(t, http.StatusTooManyRequests, newcomer.studentLogin(code, ids[2], "1234").Status)

		assert.Equal(t, http.StatusOK, classroom.do("GET", "/api/v1/class-codes/"+code, nil).Status, "the classroom computer lists the class")
		assert.Equal(t, http.StatusOK, classroom.studentLogin(code, ids[2], "1234").Status, "a child on the classroom computer")
		assert.Equal(t, http.StatusOK, classroom.adultLogin("teacher", "t@school.test", "correct horse battery").Status, "the teacher there")
		assert.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status, "a child's own tablet")
		assert.Equal(t, http.StatusOK, newcomer.cardLogin(card).Status, "a login card")
		assert.Equal(t, http.StatusOK, l.device(t, "198.51.100.1").studentLogin(code, ids[2], "1234").Status, "a child from home")
	})
}

// Guesses on a known device count in that device's bucket alone: a
// classmate trying Léa's PIN on the classroom computer locks neither her
// tablet nor her tries from other devices, and raises no notice.
func TestAKnownDevicesGuessesStayInItsOwnBucket(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st)
		classroom := l.device(t, "203.0.113.50")
		l.signup(t, "teacher", "t@school.test")
		teacher := classroom.adultLogin("teacher", "t@school.test", "correct horse battery").JSON["token"].(string)
		_, code, ids := l.classWithStudent(t, teacher, "Léa\nTom")
		tablet := classroom.fresh()
		require.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status)

		got := statuses{}
		for i := range 20 {
			got[classroom.studentLogin(code, ids[0], fmt.Sprintf("%04d", 7000+i)).Status]++
		}
		assert.Equal(t, statuses{401: policyFree, 429: 20 - policyFree}, got)
		assert.Equal(t, http.StatusTooManyRequests, classroom.studentLogin(code, ids[0], "1234").Status)
		assert.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status)
		assert.Equal(t, http.StatusOK, l.device(t, "198.51.100.2").studentLogin(code, ids[0], "1234").Status)
		assert.Zero(t, failuresOf(t, st, fmt.Sprintf("student:%d", ids[0])))
	})
}

// Past the notice threshold the teacher sees the child's failed logins in
// the class list, and unlocks them: the next try goes at once.
func TestTheTeacherSeesFailedLoginsAndUnlocksTheChild(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		list := func() map[int64]any {
			res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/students", s.classID), Token: s.teacher})
			out := map[int64]any{}
			for _, st := range res.JSON["students"].([]any) {
				m := st.(map[string]any)
				out[num(t, m["id"])] = m["failed_logins"]
			}
			return out
		}
		for i := range policyFree - 1 {
			e.must(t, http.StatusUnauthorized, e.studentReq(s.classCode, s.studentID, fmt.Sprintf("%04d", i)))
		}
		assert.Nil(t, list()[s.studentID], "a few mistakes are not worth a notice")
		e.must(t, http.StatusUnauthorized, e.studentReq(s.classCode, s.studentID, "0009"))
		got := list()
		assert.EqualValues(t, policyFree, got[s.studentID])
		assert.Nil(t, got[s.spareStudentID])
		e.must(t, http.StatusTooManyRequests, e.studentReq(s.classCode, s.studentID, "1234"))

		unlock := fmt.Sprintf("/api/v1/students/%d/unlock", s.studentID)
		e.must(t, http.StatusNotFound, req{Method: "POST", Path: unlock, Token: s.otherTeacher})
		e.must(t, http.StatusForbidden, req{Method: "POST", Path: unlock, Token: s.parent})
		assert.EqualValues(t, policyFree, list()[s.studentID], "refused unlocks change nothing")
		e.must(t, http.StatusNoContent, req{Method: "POST", Path: unlock, Token: s.teacher})
		assert.Nil(t, list()[s.studentID])
		e.must(t, http.StatusOK, e.studentReq(s.classCode, s.studentID, "1234"))
	})
}

// The login card's token signs the child in by itself; a new PIN voids the
// old card; a wrong token is a failure of the address, but a right one
// passes even when the address is over its limit.
func TestTheLoginCardSignsTheChildInAndANewSecretVoidsIt(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st)
		s := l.newSchool(t)
		page := l.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", s.classID), Token: s.teacher})
		assert.Contains(t, string(page.Raw), `<svg class="card-qr"`, "each card has a QR code")
		assert.Len(t, cardLink.FindAllString(string(page.Raw), -1), 2, "the link under each of the two QR codes")
		token := l.cardToken(t, s.teacher, s.classID, s.studentID)

		phone := l.device(t, "203.0.113.60")
		in := phone.cardLogin(token)
		require.Equal(t, http.StatusOK, in.Status, "%s", in)
		assert.EqualValues(t, s.studentID, num(t, in.JSON["id"]))
		assert.Equal(t, "student", in.JSON["role"])
		me := l.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: in.JSON["token"].(string)})
		assert.EqualValues(t, s.studentID, num(t, me.JSON["id"]))
		assert.Equal(t, http.StatusOK, phone.studentLogin(s.classCode, s.studentID, "1234").Status)

		id, mac, _ := strings.Cut(token, ".")
		for name, bad := range map[string]string{
			"another child's id": strconv.FormatInt(s.spareStudentID, 10) + "." + mac,
			"a changed MAC":      id + "." + strings.Repeat("A", len(mac)),
			"no MAC":             id,
			"garbage":            "../../etc",
		} {
			res := phone.fresh().cardLogin(bad)
			assert.Equal(t, http.StatusUnauthorized, res.Status, name)
			assert.Equal(t, "bad_card", res.errCode(), name)
		}
		bad := phone.fresh().do("POST", "/api/v1/auth/card", map[string]string{"token": " "})
		assert.Equal(t, http.StatusBadRequest, bad.Status)

		l.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.studentID), Token: s.teacher,
			Body: map[string]string{"kind": "pin"}})
		void := phone.fresh().cardLogin(token)
		assert.Equal(t, http.StatusUnauthorized, void.Status, "a new secret voids the old card")
		fr := phone.fresh()
		u, err := http.NewRequest("GET", fr.url, nil)
		require.NoError(t, err)
		fr.client.Jar.SetCookies(u.URL, []*http.Cookie{{Name: "lang", Value: "fr"}})
		assert.Contains(t, fr.cardLogin(token).JSON["error"].(map[string]any)["message"], "carte de connexion")
		fresh := l.cardToken(t, s.teacher, s.classID, s.studentID)
		assert.NotEqual(t, token, fresh)

		for i := 0; ; i++ {
			require.Less(t, i, 300)
			if phone.fresh().cardLogin(fmt.Sprintf("%d.%022d", s.studentID, i)).Status == http.StatusTooManyRequests {
				break
			}
		}
		assert.Equal(t, http.StatusOK, phone.fresh().cardLogin(fresh).Status, "the card passes an address over its limit")

		l.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/archive", s.classID), Token: s.teacher})
		assert.Equal(t, http.StatusUnauthorized, l.device(t, "198.51.100.3").cardLogin(fresh).Status, "an archived class's cards")
	})
}

// Sign-ups from one address are limited (30 an hour); another address is
// not held by it.
func TestSignUpsAreLimitedPerAddress(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		l := newLoopback(t, st, func(c *server.Config) { c.Throttle = server.Throttle{} })
		school := l.device(t, "203.0.113.70")
		signup := func(d *device, i int) response {
			return d.do("POST", "/api/v1/teachers", map[string]string{"email": fmt.Sprintf("t%d@school.test", i), "password": "correct horse battery", "name": "T"})
		}
		for i := range 30 {
			require.Equal(t, http.StatusAccepted, signup(school, i).Status, i)
		}
		res := signup(school, 30)
		assert.Equal(t, http.StatusTooManyRequests, res.Status)
		assert.Equal(t, "3600", res.Header.Get("Retry-After"))
		_, err := st.TeacherByEmail(context.Background(), "t30@school.test")
		assert.ErrorIs(t, err, store.ErrNotFound, "a refused sign-up creates nothing")
		assert.Equal(t, http.StatusAccepted, signup(l.device(t, "198.51.100.4"), 31).Status)
		l.advance(time.Hour)
		assert.Equal(t, http.StatusAccepted, signup(school, 30).Status)
	})
}

// A sign-up with a taken e-mail answers exactly as one with a free e-mail —
// status, body, no cookie — and changes nothing of the existing account.
func TestSignUpDoesNotTellWhichEmailsHaveAccounts(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.signup(t, "teacher", "taken@school.test")
		e.signup(t, "parent", "taken-parent@school.test")
		for _, role := range []string{"teacher", "parent"} {
			taken := map[string]string{"teacher": "taken@school.test", "parent": "taken-parent@school.test"}[role]
			for _, lang := range []string{"en", "fr"} {
				send := func(email string) response {
					return e.do(t, req{Method: "POST", Path: "/api/v1/" + role + "s", Cookies: []*http.Cookie{{Name: "lang", Value: lang}},
						Body: map[string]string{"email": email, "password": "another password", "name": "Eve"}})
				}
				fresh, again := send(uniqueEmail(role+"-"+lang)), send(taken)
				assert.Equal(t, http.StatusAccepted, fresh.Status)
				assert.Equal(t, fresh.Status, again.Status)
				assert.Equal(t, string(fresh.Raw), string(again.Raw), "%s %s", role, lang)
				assert.Empty(t, fresh.Header.Values("Set-Cookie"))
				assert.Empty(t, again.Header.Values("Set-Cookie"))
				assert.Equal(t, "sign_in", fresh.JSON["next"])
			}
			e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/" + role, Body: map[string]string{"email": taken, "password": "correct horse battery"}})
			e.must(t, http.StatusUnauthorized, req{Method: "POST", Path: "/api/v1/auth/" + role, Body: map[string]string{"email": taken, "password": "another password"}})
		}
		fr := e.do(t, req{Method: "POST", Path: "/api/v1/teachers", Cookies: []*http.Cookie{{Name: "lang", Value: "fr"}},
			Body: map[string]string{"email": "x@school.test", "password": "correct horse battery", "name": "X"}})
		assert.Contains(t, fr.JSON["message"], "Connectez-vous")
	})
}

// A forged or altered device cookie is no known device.
func TestAForgedDeviceCookieIsNoKnownDevice(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	l := newLoopback(t, st)
	tablet := l.device(t, "203.0.113.80")
	l.signup(t, "teacher", "t@school.test")
	teacher := tablet.adultLogin("teacher", "t@school.test", "correct horse battery").JSON["token"].(string)
	_, code, ids := l.classWithStudent(t, teacher, "Léa\nTom")
	require.Equal(t, http.StatusOK, tablet.studentLogin(code, ids[0], "1234").Status)
	u, err := http.NewRequest("GET", l.url+"/api/v1/", nil)
	require.NoError(t, err)
	var value string
	for _, c := range tablet.client.Jar.Cookies(u.URL) {
		if c.Name == "multipli_device" {
			value = c.Value
		}
	}
	require.NotEmpty(t, value)
	payload, mac, ok := strings.Cut(value, "~")
	require.True(t, ok)
	other := strings.Replace(payload, fmt.Sprintf(".s%d", ids[0]), fmt.Sprintf(".s%d", ids[1]), 1)
	require.NotEqual(t, payload, other)
	forged := tablet.fresh()
	forged.client.Jar.SetCookies(u.URL, []*http.Cookie{{Name: "multipli_device", Value: other + "~" + mac, Path: "/api/v1/"}})
	for i := range policyFree {
		assert.Equal(t, http.StatusUnauthorized, forged.studentLogin(code, ids[1], fmt.Sprintf("%04d", i)).Status)
	}
	assert.Equal(t, policyFree, failuresOf(t, st, fmt.Sprintf("student:%d", ids[1])), "counted as an unknown device")
}

// When the guess cannot be counted — the database locked past its wait —
// the secret is not checked: a wrong PIN or password answers 503, not 401,
// and the right one does not get in. Once the lock is gone, the same
// server counts and checks again.
func TestAGuessThatCannotBeCountedIsNotChecked(t *testing.T) {
	type locked struct {
		name string
		open func(t *testing.T) (url string, lock func(t *testing.T) (unlock func()))
	}
	cases := []locked{{"sqlite", func(t *testing.T) (string, func(*testing.T) func()) {
		path := filepath.Join(t.TempDir(), "multipli.db")
		return path + "?_busy_timeout=200", func(t *testing.T) func() {
			other, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
			require.NoError(t, err)
			tx, err := other.BeginTx(context.Background(), nil) // BEGIN IMMEDIATE: the write lock
			require.NoError(t, err)
			_, err = tx.Exec("UPDATE login_failures SET at = at")
			require.NoError(t, err)
			return func() { _ = tx.Rollback(); _ = other.Close() }
		}
	}}}
	if os.Getenv(storetest.PostgresEnv) != "" {
		cases = append(cases, locked{"postgres", func(t *testing.T) (string, func(*testing.T) func()) {
			url := withParams(t, storetest.PostgresSchema(t, os.Getenv(storetest.PostgresEnv)), "lock_timeout", "300ms")
			return url, func(t *testing.T) func() {
				tx, err := openPG(t, url).BeginTx(context.Background(), nil)
				require.NoError(t, err)
				_, err = tx.Exec("LOCK TABLE login_failures IN ACCESS EXCLUSIVE MODE")
				require.NoError(t, err)
				return func() { _ = tx.Rollback() }
			}
		}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			url, lock := tc.open(t)
			st := storetest.Open(t, url)
			e := newEnv(t, st)
			s := e.newSchool(t)

			checks := e.srv.SecretChecks()
			unlock := lock(t)
			for name, r := range map[string]req{
				"wrong PIN":      e.studentReq(s.classCode, s.studentID, "0000"),
				"right PIN":      e.studentReq(s.classCode, s.studentID, "1234"),
				"wrong password": {Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "wrong password"}},
			} {
				res := e.do(t, r)
				assert.Equal(t, http.StatusServiceUnavailable, res.Status, "%s: %s", name, res)
				assert.Equal(t, "unavailable", res.errCode(), name)
			}
			assert.Equal(t, checks, e.srv.SecretChecks(), "no secret was checked")
			unlock()
			e.must(t, http.StatusUnauthorized, e.studentReq(s.classCode, s.studentID, "0000"))
			assert.Equal(t, 1, failuresOf(t, st, fmt.Sprintf("student:%d", s.studentID)), "only the guess made after the lock counts")
		})
	}
}
