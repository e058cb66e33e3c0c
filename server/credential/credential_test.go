package credential_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server/credential"
)

func TestPasswordPolicyNeedsTenCharacters(t *testing.T) {
	assert.ErrorIs(t, credential.CheckPasswordPolicy("123456789"), credential.ErrPasswordTooShort)
	assert.NoError(t, credential.CheckPasswordPolicy("1234567890"))
	assert.NoError(t, credential.CheckPasswordPolicy("éééééééééé"), "characters, not bytes")
	assert.ErrorIs(t, credential.CheckPasswordPolicy(strings.Repeat("a", 73)), credential.ErrPasswordTooLong, "bcrypt would cut it silently")
}

func TestNewSecretsAreValid(t *testing.T) {
	for range 200 {
		assert.True(t, credential.ValidPIN(credential.NewPIN()))
		p := credential.NewPictures()
		assert.True(t, credential.ValidPictures(p), "%v", p)
		assert.Equal(t, p, credential.SplitPictures(credential.JoinPictures(p)))
		code := credential.NewParentCode()
		assert.Regexp(t, `^[A-Z0-9]{4}-[A-Z0-9]{4}$`, code)
	}
}

func TestPictureValidation(t *testing.T) {
	assert.False(t, credential.ValidPictures([]string{"cat", "cat", "sun"}), "three different pictures")
	assert.False(t, credential.ValidPictures([]string{"cat", "sun"}))
	assert.False(t, credential.ValidPictures([]string{"cat", "sun", "unicorn"}))
	assert.False(t, credential.ValidPIN("12a4"))
	assert.False(t, credential.ValidPIN("12345"))
}

func TestParentCodeHashIgnoresCaseSpacesAndDashes(t *testing.T) {
	assert.Equal(t, credential.HashCode("HX7C-R4PA"), credential.HashCode(" hx7c r4pa "))
	assert.NotEqual(t, credential.HashCode("HX7C-R4PA"), credential.HashCode("HX7C-R4PB"))
}

func TestSealerRoundTripAndWrongKey(t *testing.T) {
	a, err := credential.NewSealer([]byte("key-a-key-a-key-a-key-a-key-a-key-a"))
	require.NoError(t, err)
	b, err := credential.NewSealer([]byte("key-b-key-b-key-b-key-b-key-b-key-b"))
	require.NoError(t, err)
	sealed := a.Seal("0427")
	assert.NotContains(t, sealed, "0427")
	assert.NotEqual(t, sealed, a.Seal("0427"), "a fresh nonce every time")
	got, err := a.Open(sealed)
	require.NoError(t, err)
	assert.Equal(t, "0427", got)
	_, err = b.Open(sealed)
	assert.ErrorIs(t, err, credential.ErrUnsealable)
	_, err = a.Open("not base64!")
	assert.ErrorIs(t, err, credential.ErrUnsealable)
}

func TestHashVerify(t *testing.T) {
	h, err := credential.Hash("1234", 4)
	require.NoError(t, err)
	assert.True(t, credential.Verify(h, "1234"))
	assert.False(t, credential.Verify(h, "1235"))
}
