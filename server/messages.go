package server

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
)

// message translates an error code with the catalogue's "error." texts;
// an unknown code falls back to the generic text.
func message(lang, code string, params map[string]any) string {
	if !catalog.Has("error." + code) {
		code = "bad_request"
	}
	return catalog.Text(lang, "error."+code, params)
}

// langOf picks the caller's language: the "lang" cookie set by the page's
// switch, else the French or English tag Accept-Language weighs most (the
// first on a tie), else English.
func langOf(c echo.Context) string {
	if ck, err := c.Cookie("lang"); err == nil && (ck.Value == "fr" || ck.Value == "en") {
		return ck.Value
	}
	best, bestQ := "en", 0.0
	for part := range strings.SplitSeq(c.Request().Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		for _, l := range []string{"fr", "en"} {
			if (tag == l || strings.HasPrefix(tag, l+"-")) && q > bestQ {
				best, bestQ = l, q
			}
		}
	}
	return best
}
