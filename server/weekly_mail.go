package server

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/store"
)

// The parents' weekly e-mail: once the ISO week has ended (Monday 00:00
// UTC), each parent linked to a child gets that child's report of the week
// just ended, in the parent's language, with a link to the report page.
// A row in weekly_mails is claimed before each e-mail goes, so a week's is
// never sent twice (a restart, a second replica); one the relay refused
// is released and tried again at the next round.

// defaultMailEvery is how often the loop looks for e-mails due: the e-mails
// of a week go out within minutes of Monday 00:00 UTC, or of the start.
const defaultMailEvery = 10 * time.Minute

// RunWeeklyMail sends the weekly e-mails due, then again every
// Config.Mail.Every, until ctx ends. Without an SMTP URL it returns at once.
func (s *Server) RunWeeklyMail(ctx context.Context) {
	if s.cfg.Mail.SMTPURL == "" {
		return
	}
	every := s.cfg.Mail.Every
	if every <= 0 {
		every = defaultMailEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if n, err := s.SendWeeklyMails(ctx); err != nil {
			s.logger.Warn("weekly e-mail", "err", err, "sent", n)
		} else if n > 0 {
			s.logger.Info("weekly e-mail", "sent", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SendWeeklyMails sends every e-mail due for the week ended before the
// clock's week and reports how many went, with the first error. One
// address the relay refuses does not hold back the others; after
// maxMailFailures failures in a row (the relay is down) the round stops,
// and the next one goes on from there.
func (s *Server) SendWeeklyMails(ctx context.Context) (int, error) {
	if s.cfg.Mail.SMTPURL == "" {
		return 0, nil
	}
	relay, err := ParseSMTPURL(s.cfg.Mail.SMTPURL)
	if err != nil {
		return 0, err
	}
	now := s.now().UTC()
	week := dashboard.WeekOf(now).Add(-1)
	due, err := s.store.WeeklyMailsDue(ctx, week.Year, week.Num)
	if err != nil {
		return 0, err
	}
	sent, failures := 0, 0
	var first error
	for _, d := range due {
		if failures >= maxMailFailures {
			break
		}
		ok, err := s.store.ClaimWeeklyMail(ctx, d.ParentID, d.StudentID, week.Year, week.Num, now)
		if err != nil {
			return sent, err
		}
		if !ok {
			continue // another replica has it
		}
		m, err := s.weeklyMail(ctx, d, week)
		if err == nil {
			err = sendMail(relay, s.cfg.Mail.From, m, now)
		}
		if err != nil {
			if rerr := s.store.ReleaseWeeklyMail(context.WithoutCancel(ctx), d.ParentID, d.StudentID, week.Year, week.Num); rerr != nil {
				s.logger.Error("weekly e-mail: release", "parent", d.ParentID, "err", rerr)
			}
			failures++
			if first == nil {
				first = fmt.Errorf("weekly e-mail to parent %d: %w", d.ParentID, err)
			}
			continue
		}
		sent, failures = sent+1, 0
	}
	return sent, first
}

// maxMailFailures is how many e-mails in a row may fail before a round
// gives up: each may wait mailTimeout on a relay that does not answer.
const maxMailFailures = 3

// weeklyMail writes the e-mail about one child's week: in the parent's
// language, or in French then English for a parent whose language was never
// recorded (an account older than the e-mail).
func (s *Server) weeklyMail(ctx context.Context, d store.WeeklyMail, week dashboard.Week) (mailMessage, error) {
	langs := []string{d.Lang}
	if d.Lang != "fr" && d.Lang != "en" {
		langs = []string{"fr", "en"}
	}
	// That week asked for by name: the report's default week would skip
	// back to the one before when the child did not play in it.
	asked := dashboard.OneWeek(week)
	now := s.now()
	var subjects, bodies []string
	for _, lang := range langs {
		r, err := dashboard.LoadParentReportFor(ctx, s.store.Dashboards(), d.StudentID, asked, now, lang)
		if err != nil {
			return mailMessage{}, err
		}
		subjects = append(subjects, catalog.T(lang, "mail.subject", "child", d.Child, "week", r.WeekText))
		bodies = append(bodies, weeklyMailBody(lang, d, r, s.reportURL(d.StudentID, lang)))
	}
	return mailMessage{To: mail.Address{Name: d.ParentName, Address: d.Email}, Subject: strings.Join(subjects, " / "),
		Body: strings.Join(bodies, "\n\n----------\n\n")}, nil
}

// weeklyMailBody is the report in a few plain lines.
func weeklyMailBody(lang string, d store.WeeklyMail, r dashboard.ParentReport, link string) string {
	lines := []string{
		catalog.T(lang, "mail.hello", "name", d.ParentName),
		"",
		catalog.T(lang, "mail.intro", "child", d.Child, "week", r.WeekText),
		"",
		"• " + r.TimeText,
		"• " + r.Mastered,
	}
	// A week the child did not play: the e-mail said "Here is how Tom
	// practised…" over "Time played: 0 min in 0 sessions", which a parent
	// has to decode. It says so in words instead, and keeps where the child
	// stands and what to practise at home.
	if r.This.Sessions == 0 {
		lines = []string{
			catalog.T(lang, "mail.hello", "name", d.ParentName),
			"",
			catalog.T(lang, "mail.intro_idle", "child", d.Child, "week", r.WeekText),
			"",
			"• " + r.Mastered,
		}
	}
	if len(r.Practise) > 0 {
		lines = append(lines, "", catalog.T(lang, "mail.practise", "child", d.Child))
		for _, p := range r.Practise {
			lines = append(lines, fmt.Sprintf("• %s — %s", p.Text, p.Tip))
		}
	}
	lines = append(lines, "", catalog.T(lang, "mail.link"), link, "", catalog.T(lang, "mail.why", "child", d.Child))
	return strings.Join(lines, "\n")
}

// reportURL is the child's report page on the site, in the language.
func (s *Server) reportURL(studentID int64, lang string) string {
	return fmt.Sprintf("%s/reports/students/%d?lang=%s", strings.TrimRight(s.cfg.Mail.BaseURL, "/"), studentID, lang)
}
