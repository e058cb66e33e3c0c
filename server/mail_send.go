package server

import (
	"bytes"
	"crypto/tls"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// MailConfig is the SMTP relay the parents' weekly e-mail goes through.
type MailConfig struct {
	// SMTPURL is smtp://[user:password@]host:port; empty: no e-mail is
	// sent. The relay's STARTTLS is used when it offers it.
	SMTPURL string
	// From is the sender's address, e.g. "Multipli <noreply@school.example>".
	From string
	// BaseURL is the site's address as parents reach it, for the link to
	// the report ("https://multipli.school.example").
	BaseURL string
	// Every is how often the loop looks for e-mails due (0: 10 minutes).
	Every time.Duration
}

// ParseSMTPURL checks an smtp:// URL and returns the relay's host:port.
func ParseSMTPURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" || u.Port() == "" {
		return nil, fmt.Errorf("SMTP URL %q: want smtp://[user:password@]host:port", redactURL(raw))
	}
	return u, nil
}

// redactURL hides a password in a URL an error message repeats.
func redactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		return u.Redacted()
	}
	return raw
}

// mailTimeout bounds one e-mail's conversation with the relay: a relay that
// hangs delays the next round, not the server.
const mailTimeout = 30 * time.Second

// mailMessage is one e-mail, plain text.
type mailMessage struct {
	To      mail.Address
	Subject string
	Body    string
}

// bytes writes the message as RFC 5322 with a UTF-8 body in
// quoted-printable (French accents travel through any relay).
func (m mailMessage) bytes(from string, at time.Time) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", from)
	fmt.Fprintf(&b, "To: %s\r\n", m.To.String())
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", at.UTC().Format(time.RFC1123Z))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	w := quotedprintable.NewWriter(&b)
	_, _ = w.Write([]byte(strings.ReplaceAll(m.Body, "\n", "\r\n")))
	_ = w.Close()
	return b.Bytes()
}

// sendMail hands one message to the relay (net/smtp: STARTTLS when
// offered, PLAIN authentication when the URL has a user).
func sendMail(relay *url.URL, from string, m mailMessage, at time.Time) error {
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return fmt.Errorf("mail: from address %q: %w", from, err)
	}
	conn, err := net.DialTimeout("tcp", relay.Host, mailTimeout)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(mailTimeout))
	c, err := smtp.NewClient(conn, relay.Hostname())
	if err != nil {
		_ = conn.Close()
		return fmt.Errorf("mail: %w", err)
	}
	defer func() { _ = c.Close() }()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: relay.Hostname(), MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("mail: starttls: %w", err)
		}
	}
	if relay.User != nil {
		pass, _ := relay.User.Password()
		if err := c.Auth(smtp.PlainAuth("", relay.User.Username(), pass, relay.Hostname())); err != nil {
			return fmt.Errorf("mail: auth: %w", err)
		}
	}
	if err := c.Mail(sender.Address); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := c.Rcpt(m.To.Address); err != nil {
		return fmt.Errorf("mail: to: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: data: %w", err)
	}
	if _, err := w.Write(m.bytes(from, at)); err != nil {
		return fmt.Errorf("mail: data: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: data: %w", err)
	}
	return c.Quit()
}
