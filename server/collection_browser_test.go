package server_test

import (
	"fmt"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// collectionControls are the collection page's controls (its links styled
// as buttons and the top bar's buttons), and the home's link to it.
const collectionControls = `main a.btn, main button, header button`

// Léa knows 29 of the 34 facts of 2–5 by heart. On a 375-pixel phone, in
// French and in English, she opens her collection from her home: 29
// creatures and 5 eggs, the count in words with its plural, her
// certificate of 2–5 to print and what 6–9 still needs; the page fits the
// screen, every control is big enough for a finger, and the policy is
// never violated.
func TestBrowserCollectionOpensFromTheHomeOnAPhone(t *testing.T) {
	b := newBrowserTest(t, 3)
	knowByHeart(t, b.st, b.s.studentID, 29)
	_, err := chromedp.Call(b.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	failed := watchRequests(t, b.ctx)
	b.login()
	want := map[string]struct{ count, print, next string }{
		"fr": {"29 calculs sus par cœur sur 34", "Imprimer mon diplôme\u00a0: Tables de 2 à 5", "Tables de 6 à 9\u00a0: encore 17 calculs à savoir par cœur pour ton diplôme."},
		"en": {"29 facts known by heart out of 34", "Print my certificate: Tables 2 to 5", "Tables 6 to 9: 17 more facts to know by heart for your certificate."},
	}
	drawn := "" // the creature of 4 × 5, the same in every language
	for _, lang := range []string{"fr", "en"} {
		b.run(chromedp.EmulateViewport(375, 667))
		b.useLang(lang)
		assert.Empty(t, b.misfits(homeControls), "the home in %s", lang)
		b.screenshot("collection-home-375-" + lang)
		b.click("collection")
		b.arrive("/student/collection", `.creature-grid`)
		w := want[lang]
		assert.Equal(t, w.count, b.eval(`document.querySelector('[data-key="collect-count"]').textContent`))
		assert.Equal(t, "29", b.eval(`String(document.querySelectorAll(".creature-grid li.known svg.creature").length)`))
		assert.Equal(t, "5", b.eval(`String(document.querySelectorAll(".creature-grid li.egg-slot svg.egg").length)`))
		assert.Equal(t, "20", b.eval(`document.querySelector('[data-fact="4x5"] .creature-num').textContent`), "the product on the creature")
		creature := b.eval(`document.querySelector('[data-fact="4x5"] svg').outerHTML`)
		if drawn == "" {
			drawn = creature
		}
		assert.Equal(t, drawn, creature, "4 × 5 is drawn the same way each time")
		assert.Equal(t, map[string]string{"fr": "4 × 5 = 20\u00a0: su par cœur", "en": "4 × 5 = 20: known by heart"}[lang],
			b.eval(`document.querySelector('[data-fact="4x5"] [role=img]').getAttribute("aria-label")`))
		assert.Equal(t, w.print, b.eval(`document.querySelector('[data-key="certificate-green"]').textContent`))
		assert.Equal(t, w.next, b.eval(`document.querySelector(".collect-next").textContent`))
		assert.Equal(t, "200 application/pdf", b.evalAsync(`fetch(document.querySelector('[data-key="certificate-green"]').href).then((r) => r.status + " " + r.headers.get("Content-Type"))`))
		assert.Equal(t, lang, b.eval(`document.documentElement.lang`))
		assert.Empty(t, b.misfits(collectionControls), "the collection in %s at 375 px", lang)
		b.screenshot("collection-375-" + lang)
		b.run(chromedp.EmulateViewport(1366, 900))
		assert.Empty(t, b.misfits(collectionControls), "the collection in %s at 1366 px", lang)
		b.screenshot("collection-1366-" + lang)
		assert.Equal(t, "[]", b.eval(`JSON.stringify(window.__csp || [])`), "Content-Security-Policy violations in %s", lang)
		assert.Empty(t, failed.take(""), "failed requests in %s", lang)
		b.click("collect-back")
		b.arrive("/student", `.game-grid`)
	}
}

// arrive waits, after a click on a link, for the page at path to show sel;
// the tab may be between two documents meanwhile, which fails a query.
func (b *browserTest) arrive(path, sel string) {
	b.t.Helper()
	js := fmt.Sprintf(`location.pathname === %q && !!document.querySelector(%q)`, path, sel)
	for range 100 {
		if ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("the page did not reach %s showing %s", path, sel)
}
