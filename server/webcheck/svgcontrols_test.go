package webcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rule for interactive SVG: an SVG element becomes a control only
// through svgControl in lib/dom.js, which gives it tabindex 0, role button, an
// aria-label (it throws without one), aria-pressed when it toggles, and
// click, Enter and Space. HTML controls are real <button>s (dom.js button()
// or h("button")), keyboard-ready by themselves.
//
// What the grep can and cannot see: it finds every SVG element built with
// s("tag", {...}) and every setAttribute/addEventListener in the modules; a
// module that reached an SVG element some other way (querySelector, then a
// listener) would be caught by the listener rule below, since only pointer
// events (drag, the Cat's table tap, which the slap button doubles) are
// allowed outside dom.js.

var (
	svgCall      = regexp.MustCompile(`\bs\(\s*"(\w+)"\s*,\s*\{`)
	svgBoxCall   = regexp.MustCompile(`\bsvgBox\(`)
	listener     = regexp.MustCompile(`addEventListener\(\s*"(\w+)"`)
	setA11y      = regexp.MustCompile(`setAttribute\(\s*"(tabindex|role|aria-pressed)"`)
	controlCalls = regexp.MustCompile(`\bsvgControl\(`)
)

// objectAt returns the {...} literal that starts at src[i] (brace counting,
// strings skipped).
func objectAt(src string, i int) string {
	depth := 0
	var quote byte
	for j := i; j < len(src); j++ {
		c := src[j]
		switch {
		case quote != 0:
			if c == '\\' {
				j++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return src[i : j+1]
			}
		}
	}
	return src[i:]
}

// TestInteractiveSVGGoesThroughSvgControl greps the play modules.
func TestInteractiveSVGGoesThroughSvgControl(t *testing.T) {
	dom := readPlay(t, "../lib/dom.js")
	start := strings.Index(dom, "export function svgControl(")
	require.GreaterOrEqual(t, start, 0, "dom.js has no svgControl")
	body := objectAt(dom, strings.Index(dom[start:], ") {")+start+2)
	for _, want := range []string{`"tabindex", "0"`, `"role", "button"`, `"aria-label", label`, `"aria-pressed"`, `"click"`, `"keydown"`, `"Enter"`, `" "`, "throw"} {
		assert.Contains(t, body, want, "svgControl must set %s", want)
	}

	files, err := filepath.Glob(filepath.Join(playDir, "*.js"))
	require.NoError(t, err)
	lib, err := filepath.Glob(filepath.Join(libDir, "*.js"))
	require.NoError(t, err)
	files = append(files, lib...)
	controls := 0
	for _, f := range files {
		name := filepath.Base(f)
		if f == filepath.Join(libDir, "dom.js") {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		src := string(b)
		assert.NotContains(t, src, "createElementNS", "%s: build SVG with dom.js s()", name)
		for _, loc := range svgCall.FindAllStringSubmatchIndex(src, -1) {
			tag, attrs := src[loc[2]:loc[3]], objectAt(src, loc[1]-1)
			for _, bad := range []string{"on:", "tabindex", `role: "button"`, `"role": "button"`} {
				assert.NotContains(t, attrs, bad, "%s: s(%q, …) made interactive by hand (%s): use svgControl", name, tag, bad)
			}
		}
		for _, loc := range svgBoxCall.FindAllStringIndex(src, -1) {
			if k := strings.Index(src[loc[1]:], "{"); k >= 0 {
				attrs := objectAt(src, loc[1]+k)
				assert.NotContains(t, attrs, "on:", "%s: a listener on an <svg>: wrap it in a <button>", name)
			}
		}
		for _, m := range setA11y.FindAllStringSubmatch(src, -1) {
			assert.Failf(t, "a11y by hand", "%s: setAttribute(%q) outside dom.js: use svgControl", name, m[1])
		}
		if name == "shell.js" || name == "client.js" || name == "home.js" {
			continue // document, WebSocket and page-level listeners, no SVG
		}
		for _, m := range listener.FindAllStringSubmatch(src, -1) {
			assert.True(t, strings.HasPrefix(m[1], "pointer"), "%s: addEventListener(%q) outside dom.js: controls are buttons or svgControl", name, m[1])
		}
		controls += len(controlCalls.FindAllString(src, -1))
	}
	assert.GreaterOrEqual(t, controls, 3, "the board's faces, tiles and empty places go through svgControl")
}
