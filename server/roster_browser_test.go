package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// console collects what pages write to the console: errors, uncaught
// exceptions, and the browser's own reports (a CSP violation is one).
type console struct {
	mu   sync.Mutex
	msgs []chromedp.ConsoleMessage
}

func watchConsole(t *testing.T, ctx context.Context) *console {
	t.Helper()
	c := &console{}
	cctx, cancel := context.WithCancel(ctx)
	t.Cleanup(cancel)
	messages := chromedp.Console(cctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			c.mu.Lock()
			c.msgs = append(c.msgs, m)
			c.mu.Unlock()
		}
	}()
	return c
}

// problems are the errors, warnings and CSP reports seen so far.
func (c *console) problems() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, m := range c.msgs {
		// No page declares an icon yet, so Chromium asks for /favicon.ico
		// and gets a 404 on every page (a known gap, not this page's).
		if strings.HasSuffix(m.URL, "/favicon.ico") && m.Source == "network" {
			continue
		}
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() ||
			strings.Contains(m.Text, "Content Security Policy") || m.Source == "security" {
			out = append(out, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line))
		}
	}
	return out
}

// overflow is how many pixels the page is wider than the screen, with the
// elements that stick out (to say which when it is not zero).
func overflow(t *testing.T, ctx context.Context) (int, string) {
	t.Helper()
	type result struct {
		Over  int    `json:"over"`
		Wider string `json:"wider"`
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[result](`(() => {
		const root = document.documentElement, w = root.clientWidth;
		const wider = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > w + 0.5)
			.slice(0, 5).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + e.className).join(", ");
		return { over: root.scrollWidth - w, wider };
	})()`))
	require.NoError(t, err)
	return r.Over, r.Wider
}

func assertFits(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	over, wider := overflow(t, ctx)
	assert.LessOrEqual(t, over, 0, "%s is %d px wider than the screen: %s", what, over, wider)
}

func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
	require.NoError(t, err)
	return n
}

// A new teacher, on a phone, from signing up to printing the login cards
// of a class imported from the school's export — by clicks and typing
// only, in French and in English. No console error, no CSP violation, no
// page wider than the screen.
func TestBrowserANewTeacherImportsTheClassAndManagesIt(t *testing.T) {
	export, err := filepath.Abs("roster/testdata/ecole_ce1_windows1252.csv")
	require.NoError(t, err)
	words := map[string]map[string]string{
		"en": {"home": "Your classes", "rename": "Chloé B.", "pin": "PIN: ", "added": "25 children added.", "erased": "Noé was erased.", "confirm": "Add 25 children", "line": "line 2"},
		"fr": {"home": "Vos classes", "rename": "Chloé B.", "pin": "Code\u00a0: ", "added": "25 enfants ajoutés.", "erased": "Noé a été effacé·e.", "confirm": "Ajouter 25 enfants", "line": "ligne 2"},
	}
	for _, lang := range []string{"fr", "en"} {
		t.Run(lang, func(t *testing.T) {
			w := words[lang]
			ctx := browser(t)
			_, srv, _ := liveEnv(t)
			msgs := watchConsole(t, ctx)
			// The whole page, and what the phone's screen shows.
			shot := func(name string) {
				screenshot(t, ctx, "roster-"+lang+"-"+name)
				buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "roster-"+lang+"-"+name+"-screen.png"), buf, 0o600))
			}

			step(t, ctx, "phone screen", chromedp.EmulateViewport(375, 812))
			step(t, ctx, "sign-in page", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(css("body[data-ready]")))
			pageLang, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
			require.NoError(t, err)
			if pageLang != lang {
				// The page redraws in the other language: wait for it, or the
				// next click may land on a node of the page before.
				step(t, ctx, "switch language", chromedp.Click(css("[data-lang-switch]")),
					chromedp.WaitVisible(css("html[lang="+lang+"] body[data-ready]")))
			}
			email := uniqueEmail("roster-" + lang)
			step(t, ctx, "sign up",
				chromedp.Click(css(`[data-tab=teacher]`)),
				chromedp.Click(css(`[data-panel=teacher] [data-toggle-mode]`)),
				chromedp.SendKeys(css(`[data-panel=teacher] input[name=name]`), "Claire Lefèvre"),
				chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), email),
				chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
				chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
				chromedp.WaitVisible(css(`body[data-ready] #home h1`)))
			assert.Equal(t, w["home"], textOf(t, ctx, "#home h1"))

			step(t, ctx, "create a class",
				chromedp.SendKeys(css(`#home input[name=name]`), "CE1 A"),
				chromedp.Click(css(`#home form button`)),
				chromedp.WaitVisible(css(`#home a[href$="/roster"]`)))
			step(t, ctx, "open its roster", chromedp.Click(css(`#home a[href$="/roster"]`)), chromedp.WaitVisible(css(`body.roster[data-ready]`)))
			assert.Contains(t, textOf(t, ctx, "#who"), "Claire Lefèvre", "the teacher's name")
			assert.NotEmpty(t, textOf(t, ctx, "#logout"))
			assert.True(t, strings.HasPrefix(textOf(t, ctx, "h1"), "CE1 A"))
			assert.Zero(t, count(t, ctx, "#students li"))
			assertFits(t, ctx, "the empty roster")
			shot("empty")

			// The empty class's login cards: nothing to print, a way back.
			step(t, ctx, "empty cards", chromedp.Click(css("#cards-link")), chromedp.WaitVisible(css(".cards-empty")))
			assert.Zero(t, count(t, ctx, "#print"), "no Print button without a card")
			assertFits(t, ctx, "the empty cards page")
			shot("cards-empty")
			step(t, ctx, "back to the roster", chromedp.Click(css(`a[href^="roster"]`)), chromedp.WaitVisible(css(`body.roster[data-ready]`)))

			// The school's export, previewed, then confirmed.
			step(t, ctx, "import the export",
				chromedp.Click(css("#import-box summary")),
				chromedp.SetUploadFiles(css("#import-file"), []string{export}),
				chromedp.Click(css("#import-form button[type=submit]")),
				chromedp.WaitVisible(css("#preview-table tbody tr")))
			assert.Equal(t, 28, count(t, ctx, "#preview-table tbody tr"), "25 children and 3 flagged lines")
			assert.Equal(t, 1, count(t, ctx, "#preview-table tr.st-duplicate"))
			assert.Equal(t, 2, count(t, ctx, "#preview-table tr.st-bad"))
			assert.Contains(t, textOf(t, ctx, "#preview-format"), "Windows-1252")
			assert.Contains(t, textOf(t, ctx, `#preview-table tr[data-line="14"]`), w["line"], "the duplicate names the line it repeats")
			assert.Equal(t, w["confirm"], textOf(t, ctx, "#confirm-import"))
			assert.Zero(t, count(t, ctx, "#students li"), "nothing written before the confirmation")
			assertFits(t, ctx, "the preview")
			shot("preview")

			step(t, ctx, "confirm", chromedp.Click(css("#confirm-import")), chromedp.WaitVisible(css("#new-secrets #secrets-list li")))
			assert.Equal(t, 25, count(t, ctx, "#students li"))
			assert.Equal(t, 25, count(t, ctx, "#secrets-list li"), "each new PIN shown once")
			assert.Equal(t, w["added"], textOf(t, ctx, "#status"))
			assert.Equal(t, 1, count(t, ctx, `#students li[data-name="Léa M."]`), "two Léa: each with her initial")
			assert.Equal(t, 25, count(t, ctx, `#students a[download][href$="/export"]`), "each child's data can be downloaded")
			assertFits(t, ctx, "the roster of 25")
			shot("imported")
			step(t, ctx, "tablet", chromedp.EmulateViewport(768, 1024))
			assertFits(t, ctx, "the roster on a tablet")
			step(t, ctx, "phone again", chromedp.EmulateViewport(375, 812), chromedp.Click(css("#secrets-done")), chromedp.WaitNotVisible(css("#new-secrets")))

			// Rename Chloé.
			chloe := `#students li[data-name="Chloé"]`
			step(t, ctx, "rename",
				chromedp.Click(css(chloe+" summary")),
				chromedp.SendKeys(css(chloe+" form.rename input[name=name]"), kb.End+" B."),
				chromedp.Click(css(chloe+" form.rename button")),
				chromedp.WaitVisible(css(`#students li[data-name="Chloé B."]`)))
			assert.Zero(t, count(t, ctx, chloe))

			// A new PIN for Léa M.
			lea := `#students li[data-name="Léa M."]`
			step(t, ctx, "reset her PIN",
				chromedp.Click(css(lea+" summary")),
				chromedp.Click(css(lea+` button[data-act="reset-pin"]`)),
				chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-ok")))
			assertFits(t, ctx, "the reset dialog")
			shot("reset-dialog")
			step(t, ctx, "confirm the reset", chromedp.Click(css("#dialog-ok")), chromedp.WaitVisible(css("#secrets-list li .secret-pin")))
			assert.Equal(t, 1, count(t, ctx, "#secrets-list li"))
			assert.Regexp(t, regexp.MustCompile(`^Léa M\. `+regexp.QuoteMeta(w["pin"])+`\d{4}$`), textOf(t, ctx, "#secrets-list li"))
			assertFits(t, ctx, "the new PIN")
			shot("new-pin")

			// Erase Noé: the dialog names him and waits for his name.
			noe := `#students li[data-name="Noé"]`
			step(t, ctx, "erase",
				chromedp.Click(css(noe+" summary")),
				chromedp.Click(css(noe+` button[data-act="erase"]`)),
				chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-input")))
			assert.Contains(t, textOf(t, ctx, "#dialog-title"), "Noé")
			disabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("dialog-ok").disabled`))
			require.NoError(t, err)
			assert.True(t, disabled, "nothing erased before the name is typed")
			step(t, ctx, "type his name", chromedp.SendKeys(css("#dialog-input"), "Noé"), chromedp.WaitEnabled(css("#dialog-ok")))
			assertFits(t, ctx, "the erase dialog")
			shot("erase-dialog")
			step(t, ctx, "confirm the erasure", chromedp.Click(css("#dialog-ok")), chromedp.WaitNotPresent(css(noe)))
			assert.Equal(t, 24, count(t, ctx, "#students li"))
			assert.Equal(t, w["erased"], textOf(t, ctx, "#status"))

			// The login cards of the 24.
			step(t, ctx, "login cards", chromedp.Click(css("#cards-link")), chromedp.WaitVisible(css(".card")))
			assert.Equal(t, 24, count(t, ctx, ".card"))
			assert.Equal(t, 1, count(t, ctx, "#print"))
			assert.Contains(t, textOf(t, ctx, "main.cards"), "Chloé B.")
			assertFits(t, ctx, "the login cards")
			shot("cards")

			assert.Empty(t, msgs.problems(), "console errors or CSP violations")
		})
	}
}

// The rest of the roster in the browser (English): a pasted list with
// picture passwords, one child added by name, a move, the class renamed,
// a new school year, and the class archived.
func TestBrowserPasteMoveAndANewSchoolYear(t *testing.T) {
	ctx := browser(t)
	e, srv, _ := liveEnv(t)
	msgs := watchConsole(t, ctx)
	email := uniqueEmail("year")
	teacher := e.signup(t, "teacher", email)
	ce2 := newClass(t, e, teacher, "CE2")
	newClass(t, e, teacher, "CM1")

	step(t, ctx, "phone screen", chromedp.EmulateViewport(375, 812))
	step(t, ctx, "sign in", chromedp.Navigate(srv.URL+fmt.Sprintf("/classes/%d/roster?lang=en", ce2)),
		// A signed-out teacher's bookmark opens the sign-in page on the
		// teacher's tab.
		chromedp.WaitVisible(css(`body[data-ready] [data-panel=teacher] input[name=email]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), email),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css(`body.roster[data-ready]`)))

	step(t, ctx, "paste a list",
		chromedp.Click(css("#paste-box summary")),
		chromedp.SendKeys(css(`#paste-form textarea`), "Léa\nTom\nMARTIN Lucas\nléa\n"),
		chromedp.Click(css("#paste-form button")),
		chromedp.WaitVisible(css("#preview-table tbody tr")))
	assert.Equal(t, 1, count(t, ctx, "#preview-table tr.st-duplicate"))
	assert.Equal(t, "Add 3 children", textOf(t, ctx, "#confirm-import"))
	step(t, ctx, "pictures, and confirm",
		chromedp.Click(css(`input[name=kind][value=pictures]`)),
		chromedp.Click(css("#confirm-import")),
		chromedp.WaitVisible(css("#secrets-list .secret-pictures img")))
	assert.Equal(t, 9, count(t, ctx, "#secrets-list .secret-pictures img"), "three pictures for each of the three")
	assert.Equal(t, []string{"Léa", "Lucas", "Tom"}, listed(t, ctx))
	assertFits(t, ctx, "the pictures shown")

	step(t, ctx, "add one child", chromedp.Click(css(`input[name=kind][value=pin]`)),
		chromedp.SendKeys(css("#add-one input[name=name]"), "zoé"), chromedp.Click(css("#add-one button")),
		chromedp.WaitVisible(css(`#students li[data-name="Zoé"]`)))
	assert.Equal(t, "Zoé PIN: ", regexp.MustCompile(`\d{4}$`).ReplaceAllString(textOf(t, ctx, "#secrets-list li"), ""))
	step(t, ctx, "the same name again", chromedp.SendKeys(css("#add-one input[name=name]"), "TOM"), chromedp.Click(css("#add-one button")),
		chromedp.WaitVisible(css("#preview-table tr.st-in_class")))
	assert.Equal(t, "No one to add.", textOf(t, ctx, "#confirm-import"))
	step(t, ctx, "cancel", chromedp.Click(css("#cancel-import")), chromedp.WaitNotVisible(css("#preview")))

	tom := `#students li[data-name="Tom"]`
	step(t, ctx, "move Tom to CM1", chromedp.Click(css(tom+" summary")), chromedp.Click(css(tom+" form.move button")),
		chromedp.WaitNotPresent(css(tom)))
	assert.Equal(t, "Tom moved to CM1.", textOf(t, ctx, "#status"))

	step(t, ctx, "rename the class", chromedp.SendKeys(css("#rename-class input[name=name]"), kb.End+" Soleil"),
		chromedp.Click(css("#rename-class button")), chromedp.WaitVisible(`//span[@id="class-title"][text()="CE2 Soleil"]`))

	step(t, ctx, "a new school year",
		chromedp.Click(css("#new-year-box summary")),
		chromedp.SendKeys(css(`#new-year input[name=name]`), "CM1 Lune"),
		chromedp.Click(`//div[@id="carry"]/label[contains(., "Zoé")]/input`),
		chromedp.Click(css(`#new-year button[type=submit]`)),
		chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-ok")))
	assert.Contains(t, textOf(t, ctx, "#dialog-text"), "2", "two children carry over")
	assert.Contains(t, textOf(t, ctx, "#dialog-more"), "CE2 Soleil is archived")
	step(t, ctx, "confirm the new year", chromedp.Click(css("#dialog-ok")),
		chromedp.WaitVisible(`//span[@id="class-title"][text()="CM1 Lune"]`), chromedp.WaitVisible(css("body.roster[data-ready]")))
	assert.Equal(t, []string{"Léa", "Lucas"}, listed(t, ctx), "Zoé stayed behind")
	assertFits(t, ctx, "the new year's roster")

	step(t, ctx, "archive it", chromedp.Click(css("#archive-class")), chromedp.WaitVisible(css("#confirm-dialog[open] #dialog-ok")),
		chromedp.Click(css("#dialog-ok")), chromedp.WaitVisible(css("body[data-ready] #home .classes")))
	assert.NotContains(t, textOf(t, ctx, "#home .classes"), "CM1 Lune")
	assert.Contains(t, textOf(t, ctx, "#home .classes"), "CM1")
	step(t, ctx, "the archived classes", chromedp.Click(css("#home .archived-classes summary")),
		chromedp.WaitVisible(`//details[contains(@class, "archived-classes")]//a[text()="CE2 Soleil"]`))
	assert.Contains(t, textOf(t, ctx, "#home .archived-classes"), "CM1 Lune")

	assert.Empty(t, msgs.problems(), "console errors or CSP violations")
}

// listed are the names of the roster's list.
func listed(t *testing.T, ctx context.Context) []string {
	t.Helper()
	names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#students li")].map((li) => li.dataset.name)`))
	require.NoError(t, err)
	return names
}

// The login policy's notice reaches the teacher where they manage the
// class: after five wrong PINs from a device the child never used, the
// roster marks the child and says so, in French as in English; "let them
// try again now" clears it, and the child's right PIN then opens at once.
func TestBrowserTheRosterTellsOfFailedLoginsAndUnlocks(t *testing.T) {
	ctx := browser(t)
	e, srv, _ := liveEnv(t)
	msgs := watchConsole(t, ctx)
	email := uniqueEmail("unlock")
	teacher := e.signup(t, "teacher", email)
	classID, code, ids := e.classWithStudent(t, teacher, "Maëlys\nTom")
	for i := range policyFree {
		e.must(t, http.StatusUnauthorized, e.studentReq(code, ids[0], fmt.Sprintf("%04d", 9000+i)))
	}
	e.must(t, http.StatusTooManyRequests, e.studentReq(code, ids[0], "1234"))

	step(t, ctx, "phone screen", chromedp.EmulateViewport(375, 812))
	step(t, ctx, "sign in", chromedp.Navigate(srv.URL+fmt.Sprintf("/classes/%d/roster?lang=fr", classID)),
		// A signed-out teacher's bookmark opens the sign-in page on the
		// teacher's tab.
		chromedp.WaitVisible(css(`body[data-ready] [data-panel=teacher] input[name=email]`)),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=email]`), email),
		chromedp.SendKeys(css(`[data-panel=teacher] input[name=password]`), "correct horse battery"),
		chromedp.Click(css(`[data-panel=teacher] button[type=submit]`)),
		chromedp.WaitVisible(css(`body.roster[data-ready]`)))
	maelys := fmt.Sprintf("#student-%d", ids[0])
	assert.Equal(t, 1, count(t, ctx, "#students .badge-warn"), "only the child someone tried to be is marked")
	assert.NotContains(t, textOf(t, ctx, "#students"), "null", "a child without a notice shows nothing in its place")
	step(t, ctx, "open the child", chromedp.Click(css(maelys+" summary")),
		chromedp.WaitVisible(css(maelys+` [data-act="failed-logins"]`)))
	assert.Contains(t, textOf(t, ctx, maelys+` [data-act="failed-logins"]`), "5 essais de connexion manqués aujourd’hui")
	assertFits(t, ctx, "the notice")
	screenshot(t, ctx, "roster-fr-failed-logins")
	step(t, ctx, "unlock", chromedp.Click(css(maelys+` [data-act="unlock"]`)),
		chromedp.WaitNotPresent(css(`#students .badge-warn`)))
	e.must(t, http.StatusOK, e.studentReq(code, ids[0], "1234"))
	assert.Empty(t, msgs.problems())
}
