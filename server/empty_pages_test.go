package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/store/storetest"
)

// A teacher without a class and a parent without a child are told what to
// do and where: the dashboards and the reports lead back to the home page,
// where a class is created and a child is linked.
func TestEmptyAdultPagesSayWhatToDo(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", "empty-teacher@school.test")
	parent := e.signup(t, "parent", "empty-parent@school.test")
	for _, tc := range []struct{ path, token, lang, want string }{
		{"/dashboard", teacher, "fr", "Créez-la sur votre page d’accueil"},
		{"/dashboard", teacher, "en", "Create one on your home page"},
		{"/reports", parent, "fr", "entrez sur votre page d’accueil le code"},
		{"/reports", parent, "en", "type on your home page the code"},
	} {
		body := string(e.must(t, 200, req{Method: "GET", Path: tc.path + "?lang=" + tc.lang, Token: tc.token}).Raw)
		assert.Contains(t, body, tc.want, "%s %s", tc.path, tc.lang)
		assert.Contains(t, body, `<a href="/home">`, "%s %s: the way to the home page", tc.path, tc.lang)
	}
}
