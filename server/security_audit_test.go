package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Findings of the security audit of 2026-11-25, each with the request that
// showed it; see README "Login policy" for the threat model.

// fastestLogin is the shortest of tries adult logins with a wrong password
// (the fastest is the least disturbed by the machine's other work), each
// answered 401; email(i) is the e-mail of the i-th.
func fastestLogin(t *testing.T, e *env, role string, tries int, email func(i int) string) time.Duration {
	t.Helper()
	best := time.Duration(1 << 62)
	for i := range tries {
		start := time.Now()
		res := e.do(t, req{Method: "POST", Path: "/api/v1/auth/" + role,
			Body: map[string]string{"email": email(i), "password": fmt.Sprintf("not the password %d", i)}})
		took := time.Since(start)
		require.Equal(t, http.StatusUnauthorized, res.Status, "%s", res.Raw)
		require.Equal(t, "bad_credentials", res.errCode())
		best = min(best, took)
	}
	return best
}

// A wrong password was answered in about 2 ms and an unknown e-mail in
// about 60 ms when the server hashed passwords at another cost than
// bcrypt's default (the unknown e-mail was checked against a dummy hash of
// cost 10 whatever Config.BcryptCost said): the time told which e-mails
// have accounts, which the identical answers were meant to hide. Found on
// the demo server:
//
//	POST /api/v1/auth/teacher {"email":"demo.teacher@multipli.test","password":"wrong-password-123"} → 401 in 4 ms
//	POST /api/v1/auth/teacher {"email":"nobody@nowhere.test","password":"wrong-password-123"}        → 401 in 67 ms
//
// Now the unknown e-mail is checked against a dummy of the server's cost.
func TestSecurityAuditAnUnknownEmailTakesAsLongAsAWrongPassword(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st) // BcryptCost: bcrypt.MinCost, as a server configured below the default
	for _, role := range []string{"teacher", "parent"} {
		t.Run(role, func(t *testing.T) {
			known := uniqueEmail(role[:1])
			e.signup(t, role, known)
			// Five of each: the policy's free guesses at the known account.
			wrong := fastestLogin(t, e, role, 5, func(int) string { return known })
			unknown := fastestLogin(t, e, role, 5, func(i int) string { return fmt.Sprintf("nobody-%s-%d@nowhere.test", role, i) })
			// bcrypt at cost 10 takes 40 ms or more on any machine, at
			// cost 4 about 1 ms: 20 ms is far from both.
			require.Less(t, unknown-wrong, 20*time.Millisecond,
				"an unknown e-mail (%v) is answered as fast as a wrong password (%v)", unknown, wrong)
		})
	}
}

// The demo's teacher and parent were hashed at bcrypt's minimum cost while
// `serve` checks unknown e-mails at its own (the default): their e-mails
// were told from unknown ones by the time of a wrong password (4 ms
// against 60 ms; the request above). Loaded by the demo, under a server at
// serve's cost, they answer in the time an unknown e-mail does.
func TestSecurityAuditTheDemosAdultsCannotBeToldFromUnknownEmails(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st, func(c *server.Config) { c.BcryptCost = 0 }) // serve's: bcrypt's default
	_, err := demo.Load(context.Background(), st, e.srv.Sealer(), e.clock())
	require.NoError(t, err)
	for role, email := range map[string]string{"teacher": demo.TeacherEmail, "parent": demo.ParentEmail} {
		t.Run(role, func(t *testing.T) {
			wrong := fastestLogin(t, e, role, 4, func(int) string { return email })
			unknown := fastestLogin(t, e, role, 4, func(i int) string { return fmt.Sprintf("nobody-%s-%d@nowhere.test", role, i) })
			// Both are one bcrypt at cost 10 (≥ 40 ms): within a factor 3
			// of each other (room for a busy machine), where the minimum
			// cost was 15 to 60 times faster.
			require.Less(t, unknown, 3*wrong, "a wrong password for the demo's %s (%v) takes as long as an unknown e-mail (%v)", role, wrong, unknown)
			require.Less(t, wrong, 3*unknown, "a wrong password for the demo's %s (%v) takes as long as an unknown e-mail (%v)", role, wrong, unknown)
		})
	}
}

// A body that is not JSON was refused with its reason in English inside
// the French message, whatever the caller's language:
//
//	POST /api/v1/auth/teacher, Accept-Language: fr, body {"email":"a","password":"b"}{}
//	→ "Le corps n’est pas du JSON valide : data after the JSON value"
//
// Every reason is now a catalogue text in both languages.
func TestSecurityAuditABodyThatIsNotJSONIsToldInTheCallersLanguage(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	english := []string{"data after", "more after", "syntax error", "empty or cut", "cannot be read", "byte"}
	for name, body := range map[string]string{
		"data after the value": `{"email":"a","password":"b"}{}`,
		"syntax error":         `{"email":"a",,}`,
		"cut short":            `{"email":"a"`,
		"empty":                ``,
	} {
		t.Run(name, func(t *testing.T) {
			for _, lang := range []string{"fr", "en"} {
				res := e.must(t, http.StatusBadRequest, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: body,
					Header: map[string]string{"Content-Type": "application/json", "Accept-Language": lang}})
				require.Equal(t, "bad_json", res.errCode())
				detail := res.JSON["error"].(map[string]any)
				msg := detail["message"].(string)
				params, _ := detail["params"].(map[string]any)
				require.NotEmpty(t, params["detail"], "%s", res.Raw)
				require.Contains(t, msg, params["detail"].(string))
				if lang == "fr" {
					require.Contains(t, msg, "Le corps n’est pas du JSON valide")
					for _, w := range english {
						require.NotContains(t, msg, w, "French message with English in it")
					}
				} else {
					require.Contains(t, msg, "The body is not valid JSON: ")
				}
				// Nothing was counted or written for a body never read.
				require.Zero(t, failuresOf(t, st, "teacher:a"))
			}
		})
	}
}

// An account whose password was hashed at another cost than the server's
// (a demo database loaded before its adults were hashed at serve's cost,
// or a server whose BcryptCost changed) kept telling itself apart from
// unknown e-mails by the time of a wrong password. A right login now
// hashes the password again at the server's cost.
func TestSecurityAuditARightLoginHashesAPasswordOfAnotherCostAgain(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st) // BcryptCost: bcrypt.MinCost
	ctx := context.Background()
	const password = "correct horse battery"
	old, err := credential.Hash(password, bcrypt.MinCost+1)
	require.NoError(t, err)
	teacher := store.Teacher{Email: uniqueEmail("t"), Name: "Ms Old", PasswordHash: old, CreatedAt: e.clock()}
	require.NoError(t, st.CreateTeacher(ctx, &teacher))
	parent := store.Parent{Email: uniqueEmail("p"), Name: "Mr Old", PasswordHash: old, CreatedAt: e.clock()}
	require.NoError(t, st.CreateParent(ctx, &parent))
	stored := map[string]func() string{
		"teacher": func() string {
			a, err := st.TeacherByEmail(ctx, teacher.Email)
			require.NoError(t, err)
			return a.PasswordHash
		},
		"parent": func() string {
			a, err := st.ParentByEmail(ctx, parent.Email)
			require.NoError(t, err)
			return a.PasswordHash
		},
	}
	for role, email := range map[string]string{"teacher": teacher.Email, "parent": parent.Email} {
		t.Run(role, func(t *testing.T) {
			wrong := e.do(t, req{Method: "POST", Path: "/api/v1/auth/" + role, Body: map[string]string{"email": email, "password": "not it"}})
			require.Equal(t, http.StatusUnauthorized, wrong.Status)
			require.Equal(t, old, stored[role](), "a wrong password changes nothing")
			e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/" + role, Body: map[string]string{"email": email, "password": password}})
			cost, err := bcrypt.Cost([]byte(stored[role]()))
			require.NoError(t, err)
			require.Equal(t, bcrypt.MinCost, cost, "hashed again at the server's cost")
			e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/" + role, Body: map[string]string{"email": email, "password": password}})
		})
	}
}

// The login cards and the parents' letters printed the address the
// teacher's request named (its Host header): behind a proxy that forwards
// any Host, a crafted request could print another site on a child's card.
// With the site's address configured (serve --base-url), paper carries
// that one, whatever the request says.
func TestSecurityAuditPaperCarriesTheConfiguredAddress(t *testing.T) {
	needTools(t, "pdftotext")
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	for _, public := range []string{"", "https://multipli.example.org/"} {
		e := newEnv(t, st, func(c *server.Config) { c.PublicURL = public })
		s := e.newSchool(t)
		want := "https://multipli.example.org"
		if public == "" {
			want = "http://elsewhere.example" // nothing configured: the request's
		}
		cards := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("http://elsewhere.example/classes/%d/cards?lang=en", s.classID), Token: s.teacher}).Raw)
		require.True(t, strings.Contains(cards, "<strong>"+want+"</strong>"), "the cards with PublicURL %q go to %s", public, want)
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("http://elsewhere.example/classes/%d/letters.pdf?lang=en", s.classID), Token: s.teacher})
		path := filepath.Join(t.TempDir(), "letters.pdf")
		require.NoError(t, os.WriteFile(path, res.Raw, 0o600))
		text := strings.Join(pageTexts(t, path), "")
		host := strings.TrimPrefix(strings.TrimPrefix(want, "https://"), "http://")
		require.True(t, strings.Contains(strings.ReplaceAll(text, "\n", ""), host), "the letters with PublicURL %q name %s", public, host)
		if public != "" {
			require.False(t, strings.Contains(cards, "elsewhere.example"), "no card names the request's host")
			require.False(t, strings.Contains(text, "elsewhere.example"), "no letter names the request's host")
		}
	}
}
