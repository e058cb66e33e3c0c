package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The relay comes from --smtp-url, else MULTIPLI_SMTP_URL; only smtp://
// with a host and a port is taken; none means no e-mail.
func TestSMTPURLSetting(t *testing.T) {
	parse := func(env string, args ...string) (string, error) {
		var cfg config
		getenv := func(k string) string {
			if k == "MULTIPLI_SMTP_URL" {
				return env
			}
			return ""
		}
		require.NoError(t, parseFlags(flagSet("serve", &cfg, getenv, true, io.Discard), args))
		return cfg.smtpURL()
	}
	u, err := parse("")
	require.NoError(t, err)
	assert.Empty(t, u, "unset: no e-mail")
	u, err = parse("smtp://relay.school:25")
	require.NoError(t, err)
	assert.Equal(t, "smtp://relay.school:25", u)
	u, err = parse("smtp://relay.school:25", "--smtp-url", "smtp://other:2525")
	require.NoError(t, err)
	assert.Equal(t, "smtp://other:2525", u, "the flag wins")
	_, err = parse("http://relay.school:25")
	assert.Error(t, err)
	_, err = parse("smtp://me:secret@relay.school")
	require.Error(t, err, "no port")
	assert.NotContains(t, err.Error(), "secret", "the password is never repeated")
}
