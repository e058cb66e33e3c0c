package dashboard

import (
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/catalog"
)

// Period is the span of whole ISO weeks a dashboard looks at: one week
// (From == To), or a range of days rounded out to the weeks holding them,
// since the aggregates are kept per week. The zero Period asks for the
// default week (DefaultWeek).
type Period struct{ From, To Week }

// MaxPeriodWeeks is the longest range a page shows: a school year and more.
const MaxPeriodWeeks = 53

// OneWeek is the period of a single week.
func OneWeek(w Week) Period { return Period{From: w, To: w} }

// IsZero says no period was asked for.
func (p Period) IsZero() bool { return p == Period{} }

// Single says the period is one week.
func (p Period) Single() bool { return p.From == p.To }

// Len counts the period's weeks.
func (p Period) Len() int {
	return int(p.To.Monday().Sub(p.From.Monday())/(7*24*time.Hour)) + 1
}

// Weeks lists the period's weeks, oldest first.
func (p Period) Weeks() []Week { return weeksEnding(p.To, p.Len()) }

// Contains says whether w is one of the period's weeks.
func (p Period) Contains(w Week) bool { return !w.Before(p.From) && !p.To.Before(w) }

// Shift moves the period by n times its own length: a week goes to the week
// before (n = -1), a range of 4 weeks to the 4 weeks before.
func (p Period) Shift(n int) Period {
	d := n * p.Len()
	return Period{From: p.From.Add(d), To: p.To.Add(d)}
}

// Sunday is the period's last day.
func (p Period) Sunday() time.Time { return p.To.Monday().AddDate(0, 0, 6) }

// ParseWeek reads an ISO week as "2026-W47"; ok is false for anything else,
// a week 53 included in a year that has none.
func ParseWeek(s string) (Week, bool) {
	y, n, found := strings.Cut(strings.TrimSpace(s), "-W")
	if !found || len(y) != 4 || len(n) != 2 {
		return Week{}, false
	}
	year, err1 := strconv.Atoi(y)
	num, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil || year < 2000 || num < 1 || num > 53 {
		return Week{}, false
	}
	w := Week{Year: year, Num: num}
	if WeekOf(w.Monday()) != w {
		return Week{}, false
	}
	return w, true
}

// DefaultWeek is the week a page opens on when none is asked for: the
// current week once someone (anyone in the class, or the child) has played
// in it, else the last full week. On a Monday morning every "this week"
// figure would be 0 and every child "not played": the teacher or parent
// wants last week's picture until this week has begun. fallback says the
// page shows last week for that reason (the page says so in one line).
func DefaultWeek(now time.Time, playedThisWeek bool) (w Week, fallback bool) {
	this := WeekOf(now)
	if playedThisWeek {
		return this, false
	}
	return this.Add(-1), true
}

// playedIn says whether any of the stats shows play in week w.
func playedIn(stats []WeekStat, w Week) bool {
	for _, s := range stats {
		if s.Week == w && (s.Sessions > 0 || s.Attempts > 0) {
			return true
		}
	}
	return false
}

// choosePeriod is the asked period, or the default week from the stats.
func choosePeriod(asked Period, now time.Time, stats []WeekStat) (Period, bool) {
	if !asked.IsZero() {
		return asked, false
	}
	this := WeekOf(now)
	// Last week only when it has something to show: a class (or child) that
	// has played neither week — a new teacher's class on its first day —
	// opened on the week before it existed, where the practice just
	// assigned showed as "—" and "Nothing played yet this week" hid the week
	// the teacher had just set up.
	if !playedIn(stats, this) && !playedIn(stats, this.Add(-1)) {
		return OneWeek(this), false
	}
	w, fallback := DefaultWeek(now, playedIn(stats, this))
	return OneWeek(w), fallback
}

// PeriodView is what a page says about its period, and where its previous
// and next links go.
type PeriodView struct {
	Period Period
	// Text names the period in words: "Week of 16 to 22 November".
	Text string
	// Fallback: nothing played yet this week, the page shows last week;
	// FallbackText says so.
	Fallback     bool
	FallbackText string
	// PastText, for a period that has ended, says that the level and the
	// facts known by heart are today's: the store keeps them as they are
	// now, not week by week, and a teacher looking back should not read
	// last month's page as last month's level.
	PastText string
	Prev     Period
	// Next is the period after, nil when it would reach past this week.
	Next *Period
	// PrevText and NextText label the links.
	PrevText, NextText string
}

func newPeriodView(lang string, p Period, fallback bool, now time.Time) PeriodView {
	v := PeriodView{Period: p, Text: PeriodText(lang, p, now), Fallback: fallback, Prev: p.Shift(-1)}
	if fallback {
		v.FallbackText = wt(lang, "fallback")
	}
	if p.To.Before(WeekOf(now)) {
		v.PastText = wt(lang, "past_note")
	}
	// The next link stops at this week: a range moved forward past it is
	// cut to end with it.
	if next, this := p.Shift(1), WeekOf(now); !this.Before(next.From) {
		if this.Before(next.To) {
			next.To = this
		}
		v.Next = &next
	}
	if p.Single() {
		v.PrevText, v.NextText = wt(lang, "prev"), wt(lang, "next")
	} else {
		v.PrevText, v.NextText = wt(lang, "prev_range", "n", p.Len()), wt(lang, "next_range", "n", p.Len())
	}
	return v
}

// wt renders a catalogue key of the weeks' navigation.
func wt(lang, key string, kv ...any) string { return catalog.T(lang, "weeks."+key, kv...) }
