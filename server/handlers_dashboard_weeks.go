package server

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
)

// The weeks the class dashboard, the student page and the parent report
// look at (and their JSON): ?week=2026-W47, or ?from=YYYY-MM-DD&to=YYYY-MM-DD
// (both days included, rounded out to their weeks, since the aggregates are
// kept per week). Without either, the page opens on dashboard.DefaultWeek.

// periodQuery reads the period asked for; the zero Period when none is.
// A range reaching past today ends with this week (a teacher picking the
// end of the school year means "up to now"); a week or a range starting
// after this week is refused, as are a week and a range together.
func (s *Server) periodQuery(c echo.Context) (dashboard.Period, error) {
	week := strings.TrimSpace(c.QueryParam("week"))
	from := strings.TrimSpace(c.QueryParam("from"))
	to := strings.TrimSpace(c.QueryParam("to"))
	this := dashboard.WeekOf(s.now())
	if week != "" {
		if from != "" || to != "" {
			return dashboard.Period{}, invalid("week", "week_or_range")
		}
		w, ok := dashboard.ParseWeek(week)
		if !ok {
			return dashboard.Period{}, invalid("week", "bad_week")
		}
		if this.Before(w) {
			return dashboard.Period{}, invalid("week", "week_future")
		}
		return dashboard.OneWeek(w), nil
	}
	if from == "" && to == "" {
		return dashboard.Period{}, nil
	}
	day := func(field, v string) (dashboard.Week, error) {
		t, err := time.Parse(dateLayout, v)
		if err != nil {
			return dashboard.Week{}, invalid(field, "bad_date")
		}
		return dashboard.WeekOf(t), nil
	}
	p := dashboard.Period{From: this, To: this}
	var err error
	if from != "" {
		if p.From, err = day("from", from); err != nil {
			return p, err
		}
	}
	if to != "" {
		if p.To, err = day("to", to); err != nil {
			return p, err
		}
		if from == "" {
			p.From = p.To
		}
	}
	// Compared as days, so that two days of one week in the wrong order
	// are refused too.
	if from != "" && to != "" && to < from {
		return p, invalid("to", "range_reversed")
	}
	if this.Before(p.From) {
		return p, invalid("from", "week_future")
	}
	if this.Before(p.To) {
		p.To = this
	}
	if p.Len() > dashboard.MaxPeriodWeeks {
		return p, invalid("from", "range_too_long", "max", dashboard.MaxPeriodWeeks)
	}
	return p, nil
}

// periodValues is the query of a period: ?week= for one week, else the
// range's first Monday and last Sunday.
func periodValues(p dashboard.Period) url.Values {
	if p.Single() {
		return url.Values{"week": {p.To.String()}}
	}
	return url.Values{"from": {p.From.Monday().Format(dateLayout)}, "to": {p.Sunday().Format(dateLayout)}}
}

// samePeriod is the query of a page in the language, on the weeks asked
// for (none asked: none, so that the next page opens on its own default).
func samePeriod(c echo.Context, p dashboard.Period, lang string) string {
	q := url.Values{"lang": {lang}}
	if c.QueryParam("week") != "" || c.QueryParam("from") != "" || c.QueryParam("to") != "" {
		for k, v := range periodValues(p) {
			q[k] = v
		}
	}
	return "?" + q.Encode()
}

// periodJSON is the period of a dashboard's JSON: its days, its words, and
// the queries of the periods before and after (next is null on this week).
type periodJSON struct {
	From         string  `json:"from"`
	To           string  `json:"to"`
	Text         string  `json:"text"`
	Fallback     bool    `json:"fallback"`
	FallbackText string  `json:"fallback_text,omitempty"`
	PastText     string  `json:"past_text,omitempty"`
	Prev         string  `json:"prev"`
	Next         *string `json:"next"`
}

func toPeriodJSON(v dashboard.PeriodView) periodJSON {
	out := periodJSON{From: v.Period.From.Monday().Format(dateLayout), To: v.Period.Sunday().Format(dateLayout),
		Text: v.Text, Fallback: v.Fallback, FallbackText: v.FallbackText, PastText: v.PastText, Prev: periodValues(v.Prev).Encode()}
	if v.Next != nil {
		next := periodValues(*v.Next).Encode()
		out.Next = &next
	}
	return out
}

// hiddenField keeps a query parameter through the range form.
type hiddenField struct{ Name, Value string }

// weekNav is the pages' week navigation: previous and next links (next is
// absent on this week), the way back to the default week, and a GET form
// of two days. The links keep the page's other parameters (lang, sort).
type weekNav struct {
	Label, Text, FallbackText string
	PastText                  string
	PrevHref, PrevText        string
	NextHref, NextText        string
	ThisHref, ThisText        string
	Legend, FromLabel         string
	ToLabel, Show             string
	From, To, Today           string
	Keep                      []hiddenField
}

// periodKeys are the parameters a navigation link replaces.
var periodKeys = []string{"week", "from", "to", "fact"}

func newWeekNav(c echo.Context, v dashboard.PeriodView, lang string, now time.Time) weekNav {
	base := c.Request().URL.Query()
	for _, k := range periodKeys {
		base.Del(k)
	}
	base.Set("lang", lang)
	href := func(p *dashboard.Period) string {
		q := url.Values{}
		for k, vs := range base {
			q[k] = vs
		}
		if p != nil {
			for k, vs := range periodValues(*p) {
				q[k] = vs
			}
		}
		return "?" + q.Encode()
	}
	t := func(key string) string { return catalog.T(lang, "weeks."+key) }
	n := weekNav{Label: t("nav"), Text: v.Text, FallbackText: v.FallbackText, PastText: v.PastText,
		PrevHref: href(&v.Prev), PrevText: v.PrevText,
		Legend: t("range_legend"), FromLabel: t("from"), ToLabel: t("to"), Show: t("show"),
		From: v.Period.From.Monday().Format(dateLayout), To: v.Period.Sunday().Format(dateLayout), Today: now.Format(dateLayout)}
	if v.Next != nil {
		n.NextHref, n.NextText = href(v.Next), v.NextText
	}
	asked := false
	for _, k := range periodKeys[:3] {
		asked = asked || c.QueryParam(k) != ""
	}
	if asked {
		n.ThisHref, n.ThisText = href(nil), t("this_week")
	}
	keys := slices.Sorted(maps.Keys(base))
	for _, k := range keys {
		for _, val := range base[k] {
			n.Keep = append(n.Keep, hiddenField{Name: k, Value: val})
		}
	}
	return n
}

// factQuery reads ?fact=7x8 (the heatmap's cell a × b); ok is false when
// absent.
func factQuery(c echo.Context) (games.Fact, bool, error) {
	v := strings.TrimSpace(c.QueryParam("fact"))
	if v == "" {
		return games.Fact{}, false, nil
	}
	a, b, found := strings.Cut(strings.ToLower(v), "x")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || x < 1 || y < 1 || x > games.MaxFactor || y > games.MaxFactor {
		return games.Fact{}, false, invalid("fact", "bad_fact")
	}
	return games.Fact{A: x, B: y}, true, nil
}
