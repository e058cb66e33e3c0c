package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// After signing in, the sign-in page follows ?next= only to a page of this
// site. Every way of writing another site that a browser's URL parser
// accepts — tabs and newlines it drops, "\" it reads as "/", "." segments
// it removes, schemes, encodings — leaves the teacher on the site; a real
// second server on loopback stands for the phishing site and must see no
// visit.
func TestSignInFollowsNextOnlyToAPageOfThisSite(t *testing.T) {
	ctx := browser(t)
	e, ts, _ := liveEnv(t) // a real clock: the page and the server agree on time
	var phished atomic.Int64
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		phished.Add(1)
		_, _ = w.Write([]byte("<!doctype html><title>phish</title><p>phish</p>"))
	}))
	t.Cleanup(evil.Close)
	host := strings.TrimPrefix(evil.URL, "http://") // 127.0.0.1:port
	e.signup(t, "teacher", "next@school.test")

	for _, tc := range []struct{ next, want string }{
		{"/\t/" + host + "/phish", "/home"}, // the issue's /?next=%2F%09%2Fother-host%2Fphish
		{"/\n/" + host + "/phish", "/home"},
		{"/\r\n/" + host + "/phish", "/home"},
		{"//" + host + "/phish", "/home"},
		{"/\\" + host + "/phish", "/home"},
		{"\\\\" + host + "/phish", "/home"},
		{"/\t\\" + host + "/phish", "/home"},
		{"/./\t/" + host + "/phish", "/home"},
		{"/.//" + host + "/phish", "/home"},
		{"/a/..//" + host + "/phish", "/home"},
		{"\t//" + host + "/phish", "/home"},
		{" //" + host + "/phish", "/home"},
		{"http://" + host + "/phish", "/home"},
		{"http:/" + host + "/phish", "/home"},
		{"javascript:alert(1)", "/home"},
		{"JaVaScRiPt:alert(1)", "/home"},
		{"\tjavascript:alert(1)", "/home"},
		{"data:text/html,<p>phish</p>", "/home"},
		{"/dashboard?x=1", "/dashboard?x=1"}, // a page of this site is followed
	} {
		t.Run(url.QueryEscape(tc.next), func(t *testing.T) {
			// Leave the last subtest's page first: its script, still
			// loading, would meet the cleared cookies and send the tab to
			// the sign-in page while this subtest starts.
			_, err := chromedp.Run(ctx, chromedp.Navigate("about:blank"))
			require.NoError(t, err)
			_, err = chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
			require.NoError(t, err)
			start := ts.URL + "/?next=" + url.QueryEscape(tc.next)
			step(t, ctx, "sign in", chromedp.Navigate(start), chromedp.WaitVisible(css("body[data-ready] #class-code")),
				chromedp.Click(css(`[data-tab=teacher]`)),
				chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), "next@school.test"),
				chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
				chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)))
			at := leftPage(t, ctx, start)
			assert.Equal(t, ts.URL+tc.want, at, "next %q", tc.next)
		})
	}
	assert.Zero(t, phished.Load(), "the other site was never visited")
}

// leftPage waits until the browser has left the page at from and returns
// where it went.
func leftPage(t *testing.T, ctx context.Context, from string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		at, err := chromedp.Run(ctx, chromedp.Location())
		require.NoError(t, err)
		if at != from && at != "about:blank" {
			return at
		}
		require.True(t, time.Now().Before(deadline), "the page never left %s", from)
		time.Sleep(50 * time.Millisecond)
	}
}
