package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	smtpd "github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// relay is an SMTP server the test starts: it keeps what it receives, and
// refuses the recipient named in refuse.
type relay struct {
	mu     sync.Mutex
	got    []received
	refuse string
	addr   string
}

type received struct {
	From, To, Subject, Body string
}

func startRelay(t *testing.T) *relay {
	t.Helper()
	r := &relay{}
	srv := smtpd.NewServer(r)
	srv.Domain = "relay.test"
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	r.addr = ln.Addr().String()
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return r
}

func (r *relay) NewSession(*smtpd.Conn) (smtpd.Session, error) { return &relaySession{r: r}, nil }

func (r *relay) mails() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

type relaySession struct {
	r        *relay
	from, to string
}

func (s *relaySession) Reset()        {}
func (s *relaySession) Logout() error { return nil }
func (s *relaySession) Mail(from string, _ *smtpd.MailOptions) error {
	s.from = from
	return nil
}
func (s *relaySession) Rcpt(to string, _ *smtpd.RcptOptions) error {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if s.r.refuse == to {
		return errors.New("mailbox unavailable")
	}
	s.to = to
	return nil
}
func (s *relaySession) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return err
	}
	body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
	if err != nil {
		return err
	}
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	s.r.got = append(s.r.got, received{From: s.from, To: s.to, Subject: subject, Body: strings.ReplaceAll(string(body), "\r\n", "\n")})
	return nil
}

func mailEnv(t *testing.T, st *store.Store, r *relay) *env {
	return newEnv(t, st, func(c *server.Config) {
		c.TokenTTL = 60 * 24 * time.Hour // the parents stay signed in over the weeks the test moves
		c.Mail = server.MailConfig{SMTPURL: "smtp://" + r.addr, From: "Multipli <noreply@school.test>", BaseURL: "https://multipli.test/"}
	})
}

// Each linked parent gets their child's report of the week just ended, in
// their language, with the link to the report page; never twice for a
// week; again the next week.
func TestWeeklyMailGoesOncePerWeekInTheParentsLanguage(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		r := startRelay(t)
		e := mailEnv(t, st, r)
		s := e.newSchool(t)
		require.NoError(t, st.SetParentLang(ctx, s.parentID, "fr"))
		parent, err := st.Parent(ctx, s.parentID)
		require.NoError(t, err)

		n, err := e.srv.SendWeeklyMails(ctx)
		require.NoError(t, err)
		assert.Equal(t, 2, n, "the two linked parents of the school")
		var mine received
		for _, m := range r.mails() {
			if m.To == parent.Email {
				mine = m
			}
		}
		require.NotEmpty(t, mine.To, "the parent's e-mail: %+v", r.mails())
		assert.Equal(t, "noreply@school.test", mine.From)
		assert.Equal(t, "Multipli\u00a0: la semaine de Léa (Semaine du 23 février au 1er mars)", mine.Subject, "the week just ended, in French")
		assert.Contains(t, mine.Body, "Bonjour "+parent.Name)
		assert.Contains(t, mine.Body, fmt.Sprintf("https://multipli.test/reports/students/%d?lang=fr", s.studentID))
		assert.NotContains(t, mine.Body, "Hello")

		n, err = e.srv.SendWeeklyMails(ctx)
		require.NoError(t, err)
		assert.Equal(t, 0, n, "never twice for the same week")
		e.advance(3 * 24 * time.Hour)
		n, err = e.srv.SendWeeklyMails(ctx)
		require.NoError(t, err)
		assert.Equal(t, 0, n, "nor later in the week")

		e.advance(4 * 24 * time.Hour) // the next Monday
		n, err = e.srv.SendWeeklyMails(ctx)
		require.NoError(t, err)
		assert.Equal(t, 2, n, "the next week's")
		assert.Len(t, r.mails(), 4)
	})
}

// An address the relay refuses stays due (the next round sends it) and
// does not hold back the others. A parent whose language was never
// recorded reads both languages.
func TestWeeklyMailRefusedIsRetriedAndUnknownLanguageGetsBoth(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	ctx := context.Background()
	r := startRelay(t)
	e := mailEnv(t, st, r)
	s := e.newSchool(t)
	require.NoError(t, st.SetParentLang(ctx, s.parentID, ""))
	parent, err := st.Parent(ctx, s.parentID)
	require.NoError(t, err)
	r.mu.Lock()
	r.refuse = parent.Email
	r.mu.Unlock()
	n, err := e.srv.SendWeeklyMails(ctx)
	require.Error(t, err)
	assert.Equal(t, 1, n, "the other parent's went")
	r.mu.Lock()
	r.refuse = ""
	r.mu.Unlock()
	n, err = e.srv.SendWeeklyMails(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the refused one, at the next round")
	require.Len(t, r.mails(), 2)
	found := false
	for _, m := range r.mails() {
		if m.To == parent.Email {
			found = true
			assert.Contains(t, m.Subject, "la semaine de Léa")
			assert.Contains(t, m.Subject, "Léa's week")
			assert.Contains(t, m.Body, "Bonjour")
			assert.Contains(t, m.Body, "Hello")
		}
	}
	assert.True(t, found)
}

// The loop in the server sends on its own, on the server's clock; without
// an SMTP URL nothing is sent.
func TestWeeklyMailLoop(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	r := startRelay(t)
	e := newEnv(t, st, func(c *server.Config) {
		c.Mail = server.MailConfig{SMTPURL: "smtp://" + r.addr, From: "noreply@school.test", BaseURL: "https://multipli.test", Every: 20 * time.Millisecond}
	})
	e.newSchool(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); e.srv.RunWeeklyMail(ctx) }()
	assert.Eventually(t, func() bool { return len(r.mails()) == 2 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(100 * time.Millisecond) // a few more rounds
	cancel()
	<-done
	assert.Len(t, r.mails(), 2, "still once each")

	off := newEnv(t, st)
	n, err := off.srv.SendWeeklyMails(context.Background())
	require.NoError(t, err)
	assert.Zero(t, n)
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	off.srv.RunWeeklyMail(ctx2) // returns at once
	assert.NoError(t, ctx2.Err(), "the loop does not run without a relay")
}

// The parent's language is the one they sign up, then sign in, with.
func TestParentLanguageIsRemembered(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	email := uniqueEmail("lang")
	e.must(t, http.StatusAccepted, req{Method: "POST", Path: "/api/v1/parents", Header: map[string]string{"Accept-Language": "fr-FR,fr;q=0.9"},
		Body: map[string]string{"email": email, "password": "correct horse battery", "name": "Sophie"}})
	p, err := st.ParentByEmail(context.Background(), email)
	require.NoError(t, err)
	assert.Equal(t, "fr", p.Lang)
	e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/parent", Cookies: []*http.Cookie{{Name: "lang", Value: "en"}},
		Body: map[string]string{"email": email, "password": "correct horse battery"}})
	p, err = st.ParentByEmail(context.Background(), email)
	require.NoError(t, err)
	assert.Equal(t, "en", p.Lang)
}

// A relay that does not answer leaves every e-mail due.
func TestWeeklyMailRelayDownLeavesAllDue(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close()) // nobody listens there any more
	e := newEnv(t, st, func(c *server.Config) {
		c.Mail = server.MailConfig{SMTPURL: "smtp://" + addr, From: "noreply@school.test", BaseURL: "https://multipli.test"}
	})
	e.newSchool(t)
	n, err := e.srv.SendWeeklyMails(context.Background())
	require.Error(t, err)
	assert.Zero(t, n)
	week := e.clock().AddDate(0, 0, -7)
	y, w := week.ISOWeek()
	due, err := st.WeeklyMailsDue(context.Background(), y, w)
	require.NoError(t, err)
	assert.Len(t, due, 2, "nothing claimed for good: the next round sends them")
}
