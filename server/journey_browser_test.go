package server_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The whole product, in a French teacher's browser and in an English
// one, by clicks and typing only (the test makes no API call of its own):
// a new teacher signs up, creates a class, imports the school's export
// (semicolons, Windows-1252, 25 children), prints the login cards and the
// parents' letters; a child signs in from her card and plays; a parent
// signs up with the letter's code and reads the report; the teacher reads
// the dashboard, the heatmap, the child's page and the replay. Each of
// them is a device of its own (a browser context: its own cookies), and
// on every page: no console error, no Content-Security-Policy violation,
// no failed request, nothing wider than a 375, 768 or 1366-pixel screen.
//
// The printed PDFs are read as the teacher's browser gets them: the cards
// page printed by Chromium on A4 paper, and the letters fetched from the
// link the cards page shows, with the teacher's cookies (a download).
func TestBrowserJourney(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext", "pdftoppm", "zbarimg")
	export, err := filepath.Abs("testdata/export_cm1_windows1252.csv")
	require.NoError(t, err)
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			start := time.Now()
			j := &journey{t: t, lang: lang, export: export}
			j.browser = journeyBrowser(t, lang)
			_, srv, _ := liveEnv(t)
			j.base = srv.URL
			j.teacherSetsUpTheClass()
			j.teacherPrints()
			j.childPlays()
			j.parentReads()
			j.teacherFollows()
			j.teacherLooksBack()
			for _, a := range []*journeyActor{j.teacher, j.child, j.parent} {
				if a != nil {
					assert.Empty(t, a.msgs.problems(), "%s: console errors, CSP reports or failed loads", a.name)
				}
			}
			t.Logf("%s journey: %s", lang, time.Since(start).Round(time.Second))
		})
	}
}

// journey is one language's run: the server, the browser, and the three
// people with what each learnt from the others' papers.
type journey struct {
	t       *testing.T
	lang    string
	export  string
	base    string
	browser context.Context

	teacher, child, parent *journeyActor
	email                  string // the teacher's
	classPath              string // /classes/{id}
	cardLink               string // Éthan's login card's link
	letterLink             string // his parents' letter's QR code
	letterCode             string
}

// The child whose card, letter and game the journey follows.
const journeyChild = "Éthan"

// journeyWords are the few words of each language the test reads.
var journeyWords = map[string]map[string]string{
	"fr": {"home": "Vos classes", "added": "25 enfants ajoutés.", "confirm": "Ajouter 25 enfants", "letter": "Chers parents"},
	"en": {"home": "Your classes", "added": "25 children added.", "confirm": "Add 25 children", "letter": "Dear parents"},
}

// journeyBrowser is a headless Chromium whose language is lang's (its
// Accept-Language and navigator.languages), as a French school's computers
// and the families' phones are: no page is told its language by the test.
func journeyBrowser(t *testing.T, lang string) context.Context {
	t.Helper()
	path := chromiumPath(t)
	locale := map[string]string{"fr": "fr-FR", "en": "en-GB"}[lang]
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("lang", locale), chromedp.Flag("accept-lang", locale+","+lang),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1366, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	require.NoError(t, chromedp.Do(bctx), "start Chromium")
	return bctx
}

// journeyActor is one person's device: a browser context of its own, and
// what its pages said to the console and which of its requests failed.
type journeyActor struct {
	name   string
	ctx    context.Context
	msgs   *console
	failed *failedRequests
}

func (j *journey) newActor(name string) *journeyActor {
	t := j.t
	t.Helper()
	ctx, cancel := chromedp.NewContext(j.browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")), "open %s's tab", name)
	_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch})
	require.NoError(t, err)
	a := &journeyActor{name: name, ctx: ctx, msgs: watchConsole(t, ctx), failed: watchRequests(t, ctx)}
	watchLoadingFailures(t, ctx, a.failed)
	step(t, ctx, name+": a laptop's screen", chromedp.EmulateViewport(1366, 900))
	return a
}

// watchLoadingFailures adds to failed the requests that got no answer at
// all (refused, blocked, cut), which watchRequests, reading statuses, does
// not see. A request the page itself cancels (leaving a page while a
// request is on its way) is no failure.
func watchLoadingFailures(t *testing.T, ctx context.Context, failed *failedRequests) {
	t.Helper()
	var mu sync.Mutex
	urls := map[network.RequestID]string{}
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			mu.Lock()
			urls[ev.RequestID] = ev.Request.URL
			mu.Unlock()
		case *network.EventLoadingFailed:
			if ev.Canceled {
				return
			}
			mu.Lock()
			url := urls[ev.RequestID]
			mu.Unlock()
			failed.mu.Lock()
			failed.bad = append(failed.bad, fmt.Sprintf("%s %s %s", ev.ErrorText, ev.BlockedReason, url))
			failed.mu.Unlock()
		}
	}))
}

// visited checks the page the actor is on: in the browser's language, no
// wider than a phone, a tablet or a laptop, no CSP violation and no failed
// request since the last page. It leaves the laptop's width.
func (j *journey) visited(a *journeyActor, page string) {
	t := j.t
	t.Helper()
	what := fmt.Sprintf("%s: %s (%s)", a.name, page, j.lang)
	htmlLang, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
	require.NoError(t, err)
	assert.Equal(t, j.lang, htmlLang, "%s: the page speaks the browser's language", what)
	for _, w := range []int64{375, 768, 1366} {
		step(t, a.ctx, fmt.Sprintf("%s at %d px", what, w), chromedp.EmulateViewport(w, 900))
		assertFits(t, a.ctx, fmt.Sprintf("%s at %d px", what, w))
		// What sticks out of a box that hides it does not widen the page:
		// the top bar's items are measured each (the name, the switch,
		// sign-out).
		out, err := chromedp.Run(a.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".topbar *")]
			.filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
			.map((e) => e.tagName.toLowerCase() + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`))
		require.NoError(t, err)
		assert.Empty(t, out, "%s at %d px: the top bar stays on the screen", what, w)
		if w == 375 {
			screenshot(t, a.ctx, "journey-"+j.lang+"-"+a.name+"-"+strings.ReplaceAll(page, " ", "-"))
		}
	}
	// Each violation is told once: the list empties as it is read (a page
	// that redraws itself keeps its document).
	csp, err := chromedp.Run(a.ctx, chromedp.Evaluate[[]string](`(() => { const v = window.__csp || []; window.__csp = []; return v; })()`))
	require.NoError(t, err)
	assert.Empty(t, csp, "%s: Content-Security-Policy violations", what)
	assert.Empty(t, a.failed.take(""), "%s: failed requests", what)
}

// teacherSetsUpTheClass: sign-up, a class, the school's export imported.
func (j *journey) teacherSetsUpTheClass() {
	t, w := j.t, journeyWords[j.lang]
	j.teacher = j.newActor("teacher")
	ctx := j.teacher.ctx
	step(t, ctx, "sign-in page", chromedp.Navigate(j.base+"/"), chromedp.WaitVisible(css("body[data-ready]")))
	j.visited(j.teacher, "sign-in")
	j.email = uniqueEmail("journey-" + j.lang)
	step(t, ctx, "sign up",
		chromedp.Click(css(`[data-tab=teacher]`)),
		chromedp.Click(css(`[data-panel=teacher] [data-toggle-mode]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=name]`), "Claire Lefèvre"),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), j.email),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css(`body[data-ready] #home h1`)))
	assert.Equal(t, w["home"], textOf(t, ctx, "#home h1"))
	j.visited(j.teacher, "home, no class")

	step(t, ctx, "create a class",
		chromedp.SendKeys(css(`#home input[name=name]`), "CM1 Étoiles"),
		chromedp.Click(css(`#home form button`)),
		chromedp.WaitVisible(css(`#home a[href$="/roster"]`)))
	j.visited(j.teacher, "home")
	roster := attr(t, ctx, `#home a[href$="/roster"]`, "href")
	j.classPath = strings.TrimSuffix(roster, "/roster")
	step(t, ctx, "open its roster", chromedp.Click(css(`#home a[href$="/roster"]`)), chromedp.WaitVisible(css(`body.roster[data-ready]`)))
	j.visited(j.teacher, "empty roster")

	step(t, ctx, "import the school's export",
		chromedp.Click(css("#import-box summary")),
		chromedp.SetUploadFiles(css("#import-file"), []string{j.export}),
		chromedp.Click(css("#import-form button[type=submit]")),
		chromedp.WaitVisible(css("#preview-table tbody tr")))
	assert.Equal(t, 25, count(t, ctx, "#preview-table tbody tr"), "25 children in the preview")
	assert.Zero(t, count(t, ctx, "#preview-table tr.st-bad, #preview-table tr.st-duplicate"), "a clean export: nothing flagged")
	assert.Contains(t, textOf(t, ctx, "#preview-format"), "Windows-1252")
	preview := textOf(t, ctx, "#preview-table")
	for _, name := range []string{"Éthan", "Chloé", "Léa", "Maëlys", "Aurélien"} {
		assert.Contains(t, preview, name, "the accents read right")
	}
	assert.Equal(t, w["confirm"], textOf(t, ctx, "#confirm-import"))
	j.visited(j.teacher, "import preview")

	step(t, ctx, "confirm", chromedp.Click(css("#confirm-import")), chromedp.WaitVisible(css("#new-secrets #secrets-list li")))
	assert.Equal(t, 25, count(t, ctx, "#students li"))
	assert.Equal(t, w["added"], textOf(t, ctx, "#status"))
	assert.Equal(t, 1, count(t, ctx, `#students li[data-name="`+journeyChild+`"]`))
	j.visited(j.teacher, "imported roster")
	step(t, ctx, "the PINs noted", chromedp.Click(css("#secrets-done")), chromedp.WaitNotVisible(css("#new-secrets")))
}

// teacherPrints: the login cards and the parents' letters, on A4.
func (j *journey) teacherPrints() {
	t, w := j.t, journeyWords[j.lang]
	ctx := j.teacher.ctx
	step(t, ctx, "login cards", chromedp.Click(css("#cards-link")), chromedp.WaitVisible(css(".card")))
	assert.Equal(t, 25, count(t, ctx, ".card"))
	j.visited(j.teacher, "cards")
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`[...document.querySelectorAll(".card")]
		.filter((c) => c.querySelector(".card-name").textContent.trim() === %q).map((c) => c.querySelector(".card-link").textContent.trim()).join(" ")`, journeyChild)))
	require.NoError(t, err)
	j.cardLink = link
	require.True(t, strings.HasPrefix(j.cardLink, j.base+"/#card="), "the card's link: %s", j.cardLink)

	// The cards, printed on A4: every card whole on one page.
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize()))
	require.NoError(t, err)
	cards := filepath.Join(screenshotDir(t), "journey-"+j.lang+"-cards.pdf")
	require.NoError(t, os.WriteFile(cards, pdf, 0o600))
	info := run(t, "pdfinfo", cards)
	assert.Regexp(t, `(?m)^Page size:\s+595\.\d* x 841\.\d* pts \(A4\)$`, info)
	pages := pageTexts(t, cards)
	t.Logf("cards: %d pages of A4", len(pages))
	for _, c := range printedCards(t, ctx) {
		var on []int
		for i, p := range pages {
			if regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(c.Name) + `(\s|$)`).MatchString(p) {
				on = append(on, i)
			}
		}
		if assert.Len(t, on, 1, "%s's card is printed once", c.Name) {
			assert.Contains(t, pages[on[0]], c.PIN, "%s's card is whole on its page: the PIN under the name", c.Name)
		}
	}

	// Every printed QR code reads back as the link under it: the one the
	// child will scan.
	shots := filepath.Join(t.TempDir(), "cards")
	run(t, "pdftoppm", "-png", "-r", "150", cards, shots)
	pngs, err := filepath.Glob(shots + "*.png")
	require.NoError(t, err)
	scanned := strings.Fields(run(t, "zbarimg", append([]string{"--raw", "-q"}, pngs...)...))
	var links []string
	for _, c := range printedCards(t, ctx) {
		links = append(links, c.Link)
	}
	assert.ElementsMatch(t, links, scanned, "the printed QR codes are the cards' links")
	assert.Contains(t, scanned, j.cardLink)

	// The letters, as the link on the cards page downloads them.
	href := attr(t, ctx, "#letters-link", "href")
	assert.Contains(t, href, "lang="+j.lang, "the letters in the page's language")
	b64, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch(%q).then((r) => {
		if (!r.ok || r.headers.get("Content-Type") !== "application/pdf") throw new Error("letters: HTTP " + r.status + " " + r.headers.get("Content-Type"));
		return r.arrayBuffer();
	}).then((b) => { let s = ""; for (const c of new Uint8Array(b)) s += String.fromCharCode(c); return btoa(s); })`, href), chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	raw, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	letters := filepath.Join(screenshotDir(t), "journey-"+j.lang+"-letters.pdf")
	require.NoError(t, os.WriteFile(letters, raw, 0o600))
	info = run(t, "pdfinfo", letters)
	assert.Regexp(t, `(?m)^Pages:\s+25$`, info, "one letter for each child")
	assert.Regexp(t, `(?m)^Page size:\s+595\.\d* x 841\.\d* pts \(A4\)$`, info)
	page := 0
	for i, text := range pageTexts(t, letters) {
		assert.Contains(t, text, w["letter"], "letter %d", i+1)
		assert.Regexp(t, letterCode, text, "letter %d has its code", i+1)
		if strings.Contains(text, journeyChild) {
			require.Zero(t, page, "one letter names %s", journeyChild)
			page = i + 1
			j.letterCode = letterCode.FindString(text)
		}
	}
	require.NotZero(t, page, "%s's letter", journeyChild)
	prefix := filepath.Join(t.TempDir(), "letter")
	run(t, "pdftoppm", "-png", "-r", "150", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), "-singlefile", letters, prefix)
	j.letterLink = strings.TrimSpace(run(t, "zbarimg", "--raw", "-q", prefix+".png"))
	assert.Equal(t, j.base+"/?code="+j.letterCode+"&tab=parent", j.letterLink, "the letter's QR code")
}

// printedCard is a card's name and PIN as the cards page shows them.
type printedCard struct {
	Name string `json:"name"`
	PIN  string `json:"pin"`
	Link string `json:"link"`
}

func printedCards(t *testing.T, ctx context.Context) []printedCard {
	t.Helper()
	cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]printedCard](`[...document.querySelectorAll(".card")].map((c) => ({
		name: c.querySelector(".card-name").textContent.trim(), pin: c.querySelector(".pin").textContent.trim(),
		link: c.querySelector(".card-link").textContent.trim() }))`))
	require.NoError(t, err)
	require.Len(t, cards, 25)
	return cards
}

// childPlays: Éthan opens his card's link on the class tablet and plays a
// few moves of Magicoa, then ends his session.
func (j *journey) childPlays() {
	t := j.t
	j.child = j.newActor("child")
	ctx := j.child.ctx
	step(t, ctx, "the card's link", chromedp.Navigate(j.cardLink), chromedp.WaitVisible(css(`.game-grid`)))
	assert.Contains(t, textOf(t, ctx, "h1"), journeyChild)
	j.visited(j.child, "child home")

	start := `[data-key="start-magicoa-multiplication"]`
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q);
		for (let d = e && e.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
		return !!e; })()`, start)))
	require.NoError(t, err)
	step(t, ctx, "start Magicoa", chromedp.Click(css(start)), chromedp.WaitVisible(css(`main#play .magicoa-game`)))
	j.visited(j.child, "game")
	answered := j.playMagicoa(2)
	assert.GreaterOrEqual(t, answered, 2, "the child answered in the game")
	j.visited(j.child, "game, played")
	step(t, ctx, "finish the session", chromedp.Click(css(`[data-key="finish"]`)), chromedp.WaitVisible(css(`.summary, [class*=summary]`)))
	j.visited(j.child, "summary")
}

// playMagicoa plays from what the page shows, as a child reads it: two
// gold cards chosen, the product the page asks typed, the card placed, no
// exchange, the points kept. It stops after answers products.
func (j *journey) playMagicoa(answers int) int {
	t := j.t
	ctx := j.child.ctx
	// The page's next action, decided in the page: what a child sees.
	const next = `(() => {
		const q = (s) => document.querySelector(s);
		const input = q('[data-key="answer-product"], [data-key="answer-triple"]');
		if (input) {
			const label = q('label[for="' + input.id + '"]').textContent;
			const m = label.match(/(\d+)\s*×\s*(\d+)/);
			return m ? "answer " + (parseInt(m[1], 10) * parseInt(m[2], 10)) : "wait";
		}
		const choose = q('[data-key="choose"]');
		if (choose) {
			if (!choose.disabled) return "click choose";
			const gold = [...document.querySelectorAll('[data-key^="g"][aria-pressed="false"]')];
			return gold.length ? "click " + gold[0].dataset.key : "wait";
		}
		const place = [...document.querySelectorAll('[data-key^="place"]')];
		if (place.length) return "click " + place[place.length - 1].dataset.key;
		for (const k of ["keep", "pass"]) if (q('[data-key="' + k + '"]')) return "click " + k;
		return "wait";
	})()`
	answered := 0
	deadline := time.Now().Add(60 * time.Second)
	for answered < answers && time.Now().Before(deadline) {
		action, err := chromedp.Run(ctx, chromedp.Evaluate[string](next))
		require.NoError(t, err)
		verb, arg, _ := strings.Cut(action, " ")
		sctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		switch verb {
		case "answer":
			// The page redraws on each state: a node found may be gone an
			// instant later, and the loop decides again.
			err = chromedp.Do(sctx, chromedp.SendKeys(css(`.answer-form input`), arg+"\r"))
			if err == nil {
				answered++
				time.Sleep(300 * time.Millisecond)
			}
		case "click":
			_ = chromedp.Do(sctx, chromedp.Click(css(fmt.Sprintf(`[data-key=%q]`, arg)), chromedp.NodeEnabled))
			time.Sleep(150 * time.Millisecond)
		default:
			time.Sleep(200 * time.Millisecond)
		}
		cancel()
	}
	if answered < answers {
		screenshot(t, ctx, "journey-"+j.lang+"-stuck")
	}
	return answered
}

// parentReads: Éthan's parent scans the letter's QR code on a phone, signs
// up, links the child with the code filled in, and reads the report.
func (j *journey) parentReads() {
	t := j.t
	j.parent = j.newActor("parent")
	ctx := j.parent.ctx
	step(t, ctx, "the letter's QR code", chromedp.Navigate(j.letterLink),
		chromedp.WaitVisible(css(`body[data-ready] [data-panel=parent] input[name=name]`)))
	j.visited(j.parent, "parent sign-up")
	step(t, ctx, "sign up",
		chromedp.SendKeys(css(`[data-panel=parent] input[name=name]`), "Inès Bernard"),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=email]`), uniqueEmail("parent-"+j.lang)),
		chromedp.SendKeys(css(`[data-panel=parent] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=parent] button[type=submit]`)),
		chromedp.WaitVisible(css(`#home input[name=code]`)))
	value, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#home input[name=code]").value`))
	require.NoError(t, err)
	assert.Equal(t, j.letterCode, value, "the letter's code is filled in")
	j.visited(j.parent, "parent home")
	step(t, ctx, "link the child", chromedp.Click(css(`#home form button[type=submit]`)),
		chromedp.WaitVisible(fmt.Sprintf(`//main[@id="home"]//li/strong[text()=%q]`, journeyChild)))
	j.visited(j.parent, "parent home, linked")
	step(t, ctx, "the report", chromedp.Click(css(`#home a[href^="/reports/students/"]`)), chromedp.WaitVisible(css(".report-practise")))
	assert.Contains(t, textOf(t, ctx, "h1"), journeyChild)
	j.visited(j.parent, "report")
}

// teacherFollows: the class dashboard, the heatmap, Éthan's page and the
// replay of his game, each reached by a link.
func (j *journey) teacherFollows() {
	t := j.t
	ctx := j.teacher.ctx
	step(t, ctx, "home", chromedp.Click(css(`.topbar a.brand`)), chromedp.WaitVisible(css(`body[data-ready] #home .classes`)))
	step(t, ctx, "class dashboard", chromedp.Click(css(`#home a.primary[href^="/dashboard/classes/"]`)), chromedp.WaitVisible(css("#class-table")))
	assert.Equal(t, 25, count(t, ctx, "#class-table tbody tr"))
	j.visited(j.teacher, "class dashboard")
	step(t, ctx, "heatmap", chromedp.Click(css(`a[href*="/heatmap"]`)), chromedp.WaitVisible(css("#class-heatmap svg")))
	j.visited(j.teacher, "heatmap")
	step(t, ctx, "back to the class", chromedp.Click(css(`a[href^="/dashboard/classes/"]:not([href*="/heatmap"]):not([href*="/assignments"])`)), chromedp.WaitVisible(css("#class-table")))
	step(t, ctx, "the child's page", chromedp.Click(fmt.Sprintf(`//table[@id="class-table"]//th/a[text()=%q]`, journeyChild)),
		chromedp.WaitVisible(css("#student-heatmap svg")), chromedp.WaitVisible(css(`#sessions a[href^="/dashboard/games/"]`)))
	j.visited(j.teacher, "student")
	step(t, ctx, "the replay", chromedp.Click(css(`#sessions a[href^="/dashboard/games/"]`)), chromedp.WaitVisible(css("main h1")))
	j.visited(j.teacher, "replay")
}

// teacherLooksBack: the previous week on the class dashboard, a heatmap
// cell's children, and the replay stepped through. Each is reached from
// the page before it, by a click.
func (j *journey) teacherLooksBack() {
	j.lookBackAWeek()
	j.openAHeatmapCell()
	j.stepThroughTheReplay()
}

func (j *journey) location() string {
	j.t.Helper()
	at, err := chromedp.Run(j.teacher.ctx, chromedp.Location())
	require.NoError(j.t, err)
	return at
}

func (j *journey) lookBackAWeek() {
	t, ctx := j.t, j.teacher.ctx
	step(t, ctx, "class dashboard", chromedp.Navigate(j.base+"/dashboard"+j.classPath), chromedp.WaitVisible(css("#class-table")))
	thisWeek := j.location()
	step(t, ctx, "the week before", chromedp.Click(css(`a[data-week="prev"]`)), chromedp.WaitVisible(css("#class-table")))
	assert.NotEqual(t, thisWeek, j.location(), "the address says which week is shown")
	j.visited(j.teacher, "class dashboard, week before")
}

func (j *journey) openAHeatmapCell() {
	t, ctx := j.t, j.teacher.ctx
	step(t, ctx, "heatmap", chromedp.Navigate(j.base+"/dashboard"+j.classPath), chromedp.WaitVisible(css("#class-table")),
		chromedp.Click(css(`a[href*="/heatmap"]`)), chromedp.WaitVisible(css("#class-heatmap svg")))
	step(t, ctx, "a cell's children", chromedp.Click(css(`[data-fact="7x8"]`)), chromedp.WaitVisible(css(`[data-fact-children]`)))
	j.visited(j.teacher, "heatmap cell")
}

func (j *journey) stepThroughTheReplay() {
	t, ctx := j.t, j.teacher.ctx
	step(t, ctx, "the child's page", chromedp.Navigate(j.base+"/dashboard"+j.classPath), chromedp.WaitVisible(css("#class-table")),
		chromedp.Click(fmt.Sprintf(`//table[@id="class-table"]//th/a[text()=%q]`, journeyChild)),
		chromedp.WaitVisible(css(`#sessions a[href^="/dashboard/games/"]`)))
	step(t, ctx, "the replay", chromedp.Click(css(`#sessions a[href^="/dashboard/games/"]`)), chromedp.WaitVisible(css(`[data-replay-board]`)))
	// The board is drawn by the page's script: its first step, then the next.
	drawn := `!document.querySelector("[data-replay-board] > p.muted:only-child") && document.querySelector("[data-replay-board]").textContent.trim() !== ""`
	waitTrue(t, ctx, drawn, "the board is drawn")
	before, at := textOf(t, ctx, `[data-replay-board]`), j.location()
	step(t, ctx, "the next step", chromedp.Click(css(`[data-step="next"]`)))
	waitTrue(t, ctx, fmt.Sprintf(`location.href !== %q && (%s)`, at, drawn), "the next step is in the address")
	assert.NotEqual(t, before, textOf(t, ctx, `[data-replay-board]`), "the next step changes the board")
	j.visited(j.teacher, "replay, stepped")
}

// waitTrue waits until expr is true in the page.
func waitTrue(t *testing.T, ctx context.Context, expr, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		require.NoError(t, err, what)
		if ok {
			return
		}
		require.True(t, time.Now().Before(deadline), "%s: never", what)
		time.Sleep(100 * time.Millisecond)
	}
}
